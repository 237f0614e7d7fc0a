package org.vdsoexplorer.lesson;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Timeline;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.DataLayout;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * Run-to and the answer watch, the one implementation lessons and the app's reveal share, against a
 * machine stepped by hand (its own loop, writer updates injected at the same reader steps).
 */
class RunToTest {
    /** do_hres_timens()'s choice of the real data page's clock base (gcc attributes its lea to this line): found in the source, not hard-coded. */
    static final int LINE = org.vdsoexplorer.sim.CSource.lineOf("do_hres_timens(", "\t\tvd = &vd[CS_RAW];");
    static final Setup SETUP = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(0);

    /** A stepper over a bare machine (no timeline): what a host other than the evaluator looks like. */
    static final class Bare implements Stepper {
        final Machine m;
        long pos;

        Bare(Machine m) { this.m = m; }

        @Override public long position() { return pos; }
        @Override public Instruction next() { return m.next(); }
        @Override public CallResult step() { pos++; return m.step(); }
        @Override public void injectWriterUpdate() { m.injectWriterUpdate(); }
    }

    @Test
    void runToALineWithUpdatesEqualsSteppingByHand() throws Exception {
        Target to = Target.parse("c:" + LINE, false);
        List<Long> updates = List.of(3L, 20L);
        Timeline t = new Timeline(new Machine(SETUP));
        long at = Evaluator.runTo(Stepper.of(t), to, updates, Evaluator.MAX_SETUP_STEPS);

        Machine hand = new Machine(SETUP);
        long pos = 0;
        while (true) {
            if (updates.contains(pos)) hand.injectWriterUpdate();
            if (hand.next().source().line() == LINE) break;
            hand.step();
            pos++;
        }
        assertEquals(pos, at);
        assertEquals(LINE, t.machine().next().source().line());
        assertEquals(hand.digest(), t.machine().digest());
        assertTrue(at > 20, "both updates were placed on the way (at " + at + ")");

        Bare bare = new Bare(new Machine(SETUP));
        assertEquals(at, Evaluator.runTo(bare, to, updates, Evaluator.MAX_SETUP_STEPS));
        assertEquals(hand.digest(), bare.m.digest());
    }

    @Test
    void callEndAndStepTargets() throws Exception {
        Bare b = new Bare(new Machine(SETUP));
        long end = Evaluator.runTo(b, Target.parse("call_end", false), List.of(), 10_000);
        Machine hand = new Machine(SETUP);
        CallResult r = hand.runCall();
        assertEquals(r.instructions(), end);
        assertFalse(b.m.inCall());
        assertEquals(hand.digest(), b.m.digest());
        assertEquals(7, Evaluator.runTo(new Bare(new Machine(SETUP)), Target.parse("step:7", false), List.of(), 100));
        LessonException e = assertThrows(LessonException.class,
                () -> Evaluator.runTo(new Bare(new Machine(SETUP)), Target.parse("step:70", false), List.of(), 50));
        assertTrue(e.getMessage().contains("not reached within 50"), e.getMessage());
    }

    /** The first seq load after a setup point, found by address arithmetic over the hand-stepped events. */
    @Test
    void theWatchStopsAtTheFirstSeqLoadAndTheFirstVvarLoad() throws Exception {
        for (PredictKind k : List.of(PredictKind.NEXT_SEQ, PredictKind.NEXT_PAGE_SLOT)) {
            Timeline t = new Timeline(new Machine(SETUP));
            AnswerWatch w = new AnswerWatch();
            t.machine().setSink(w);
            Evaluator.runTo(Stepper.of(t), Target.parse("c:" + LINE, false), List.of(), Evaluator.MAX_SETUP_STEPS);
            long start = t.position();
            Stepper st = Stepper.of(t);
            w.arm(st);
            Evaluator.runUntilAnswered(st, List.of(), k, w);

            Machine hand = new Machine(SETUP);
            List<Event> log = new ArrayList<>();
            for (long i = 0; i < start; i++) hand.step();
            hand.setSink(log::add);
            AddressSpace as = hand.addressSpace();
            long steps = 0;
            Event.MemRead found = null;
            while (found == null) {
                hand.step();
                steps++;
                for (Event e : log) {
                    if (!(e instanceof Event.MemRead r) || as.slotOf(r.address()) < 0) continue;
                    long po = r.address() - as.slotAddress(as.slotOf(r.address()));
                    boolean seq = r.size() == 4 && (po == DataLayout.data(DataLayout.CS_HRES_COARSE, DataLayout.SEQ)
                            || po == DataLayout.data(DataLayout.CS_RAW, DataLayout.SEQ));
                    if (k == PredictKind.NEXT_PAGE_SLOT || seq) {
                        found = r;
                        break;
                    }
                }
                log.clear();
            }
            assertEquals(start + steps, t.position(), k + ": the run stops at the step of the load");
            Event.MemRead seen = k == PredictKind.NEXT_SEQ ? w.firstSeq : w.firstVvar;
            assertEquals(found.address(), seen.address(), k.toString());
            assertEquals(found.value(), seen.value(), k.toString());
            assertEquals(t.position(), k == PredictKind.NEXT_SEQ ? w.firstSeqStep : w.firstVvarStep);
        }
    }
}

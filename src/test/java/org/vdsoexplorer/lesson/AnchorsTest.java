package org.vdsoexplorer.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Timeline;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.kernel.VvarLocation;

/**
 * Symbolic anchors against a machine stepped by hand and its events: each anchor lands on the first
 * reader step whose instruction does what the anchor names, in every variant (whose C lines and
 * addresses differ); a setup written with anchors reaches the state of the same setup written with the
 * reader steps they stand for.
 */
class AnchorsTest {
    /** Per reader step of a fresh machine's first call: the instruction and the events it caused. */
    record Trace(List<Instruction> insns, List<List<Event>> events) {}

    static Trace trace(Setup s, int steps) {
        Machine m = new Machine(s);
        List<Event> buf = new ArrayList<>();
        m.setSink(buf::add);
        Trace t = new Trace(new ArrayList<>(), new ArrayList<>());
        for (int i = 0; i < steps; i++) {
            t.insns().add(m.next());
            buf.clear();
            m.step();
            t.events().add(List.copyOf(buf));
        }
        return t;
    }

    static boolean seqLoad(List<Event> es) {
        return es.stream().anyMatch(e -> e instanceof Event.MemRead r && r.size() == 4 && r.where() instanceof VvarLocation v && v.isSeq());
    }

    static long found(Setup s, String anchor) throws LessonException {
        Target t = Target.anchor(anchor);
        assertNotNull(t, anchor);
        return Anchors.find(new Timeline(new Machine(s)), t, List.of(), 5000, "test").at(t.after());
    }

    @Test
    void anchorsLandWhereTheirInstructionRunsInEveryVariant() throws Exception {
        int checked = 0;
        for (Variant v : Variant.values()) {
            for (Scenario sc : List.of(Scenario.HOST, Scenario.TIMENS)) {
                Setup s = Setup.of(sc, v, Clock.MONOTONIC);
                if (s.problem() != null || v == Variant.LEGACY || v.broken()) continue; // (no retry check: see below)
                Trace tr = trace(s, 400);
                int firstSeq = -1, secondSeq = -1, retry = -1, rdtsc = -1, hres = -1;
                for (int i = 0; i < tr.insns().size(); i++) {
                    List<Event> es = tr.events().get(i);
                    if (seqLoad(es)) {
                        if (firstSeq < 0) firstSeq = i;
                        else if (secondSeq < 0) secondSeq = i;
                        if (retry < 0 && tr.insns().get(i).source().function().equals("vdso_read_retry")) retry = i;
                    }
                    if (rdtsc < 0 && tr.insns().get(i).mnemonic().startsWith("rdtsc")) rdtsc = i;
                    if (hres < 0 && tr.insns().get(i).source().function().equals("do_hres")) hres = i;
                }
                String where = sc.cliName() + "/" + v.cliName();
                assertTrue(firstSeq >= 0 && retry > firstSeq && rdtsc > firstSeq, where);
                assertEquals(firstSeq, found(s, "first-load-seq"), where);
                assertEquals(firstSeq, found(s, "before:seq-load"), where);
                assertEquals(firstSeq + 1, found(s, "after:first-load-seq"), where);
                assertEquals(secondSeq, found(s, "seq-load#2"), where);
                assertEquals(retry, found(s, "retry-load"), where);
                assertEquals(rdtsc, found(s, "counter-read"), where);
                if (hres >= 0) assertEquals(hres, found(s, "fn:do_hres"), where);
                checked++;
            }
        }
        assertTrue(checked >= 10, "setups checked: " + checked);
        // a reader without a retry check has no retry-load: the anchor is reported, not invented
        Setup broken = Setup.of(Scenario.HOST, Variant.NO_RETRY, Clock.REALTIME);
        assertThrows(LessonException.class, () -> found(broken, "retry-load"));
    }

    @Test
    void aSetupWrittenWithAnchorsIsTheSetupWithTheirSteps() throws Exception {
        String md = """
                ---
                id: a
                title: a
                order: 1
                objectives: [Find the straddle]
                ---

                ## straddle {minutes=1}

                ```setup
                scenario: host
                variant: unlikely
                run_to: retry-load
                writer_update_at: [after:first-load-seq]
                ```
                """;
        StepSetup s = LessonParser.parse("a.md", md).lesson().steps().getFirst().setup();
        assertTrue(s.symbolic());
        Setup setup = Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC);
        long update = found(setup, "after:first-load-seq");
        // by hand: the update placed there, then run to the retry check's load
        Machine m = new Machine(setup);
        List<Event> buf = new ArrayList<>();
        m.setSink(buf::add);
        long p = 0;
        while (true) {
            if (p == update) m.injectWriterUpdate();
            Instruction next = m.next();
            Machine.Snapshot before = m.save();
            buf.clear();
            m.step();
            if (seqLoad(buf) && next.source().function().equals("vdso_read_retry")) {
                m.restore(before);
                break;
            }
            p++;
        }
        StepSetup c = Evaluator.concrete(s);
        // the resolutions are kept by the setup's value: the same block parsed again (another object) finds this one
        StepSetup again = LessonParser.parse("a.md", md).lesson().steps().getFirst().setup();
        assertTrue(again != s && again.equals(s));
        org.junit.jupiter.api.Assertions.assertSame(c, Evaluator.concrete(again), "kept by value, not by identity");
        assertFalse(c.symbolic());
        assertEquals(List.of(update), c.writerUpdateAt());
        assertEquals(Target.Kind.STEP, c.runTo().kind());
        assertEquals(p, c.runTo().value());
        Evaluator.Staged st = new Evaluator().stage(s);
        assertEquals(p, st.timeline().position());
        assertEquals(m.digest(), st.machine().digest());
        // and the read it sets up retries once (what the seqlock lesson claims with expect:)
        assertEquals(Map.of("retries", "1"), new Goal(Map.of("retries", "1")).conditions());
        assertTrue(new Goal(Map.of("retries", "1")).unmet(new Evaluator().facts(s)).isEmpty());
    }

    @Test
    void targetForms() {
        assertEquals(Target.Kind.FUNCTION, Target.parse("fn:do_hres", false).kind());
        assertNull(Target.parse("fn:do_hres", true), "breakpoints take c: and asm: only");
        Target t = Target.parse("after:retry-check#2", false);
        assertEquals(Target.Kind.ANCHOR, t.kind());
        assertTrue(t.after());
        assertEquals(2, t.value());
        assertNull(Target.parse("retry-chek", false));
        assertNull(Target.anchor("seq-load#0"));
        assertThrows(LessonException.class, () -> Anchors.find(new Timeline(new Machine(Setup.of(Scenario.HOST, Variant.UNLIKELY,
                Clock.MONOTONIC))), Target.anchor("syscall"), List.of(), 2000, "run_to"));
    }

    @Test
    void callFactsOfARealCall() {
        Machine m = new Machine(Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC));
        List<Event> es = new ArrayList<>();
        m.setSink(es::add);
        CallResult r = m.runCall();
        CallFacts f = CallFacts.of(r, es);
        long pushes = es.stream().filter(e -> e instanceof Event.Push p && p.reg() >= 0).count();
        assertEquals(pushes, f.pushes());
        assertEquals("tsc", f.counter());
        assertFalse(f.wrongTime());
        assertEquals(0, f.offByNs());
        assertTrue(new Goal(Map.of("counter", "tsc", "fallback", "no", "retries", "0")).unmet(f).isEmpty());
        assertEquals(List.of("retries: 2 (this call: 0)"), new Goal(Map.of("retries", "2")).unmet(f));
        // a wrong time, as a broken reader would return it (the reference moved by 1 s)
        CallResult wrong = new CallResult(r.number(), r.ret(), r.sec() - 1, r.nsec(), r.expected(), r.instructions(), r.costMilli(),
                r.retries(), r.oddSpins(), r.fallback(), r.tsc());
        CallFacts w = CallFacts.of(wrong, es);
        assertTrue(w.wrongTime());
        assertEquals(1_000_000_000L, w.offByNs());
        assertTrue(new Goal(Map.of("wrong-time", "yes", "off-by-ns", "1000000000")).unmet(w).isEmpty());
        assertFalse(new Goal(Map.of("off-by-ns", "1000000001")).unmet(w).isEmpty());
    }
}

package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.OtherTask;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Page;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.Pipeline;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;

/**
 * The session's {@link ModelSnapshot} against the machine it was taken from, read again field by field through the
 * model's own objects (registers, flags, stack, seq, every byte of every vvar page of both tasks, counters, the call's
 * log, the pipeline rows), at many positions; and a snapshot as a value: the model moving on (steps, a writer update,
 * a seek back, a reset) leaves every part of an earlier one as it was.
 */
class ModelSnapshotTest {

    static List<Setup> setups() {
        return List.of(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC),
                Setup.of(Scenario.HOST, Variant.V5_6, Clock.REALTIME_COARSE),
                Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC)
                        .with(TimingModel.pipeline(TimingTable.defaults().defaultCore())),
                Setup.of(Scenario.PVCLOCK, Variant.V5_6, Clock.MONOTONIC));
    }

    /** Every figure of {@code s} equals the machine's own, read now. */
    static void assertMatches(Session session, ModelSnapshot s) {
        Machine m = session.machine();
        String at = " at step " + session.position();
        assertEquals(m.setup(), s.setup());
        assertSame(m.listing(), s.listing());
        assertEquals(session.position(), s.position());
        assertEquals(session.callStart(), s.callStart());
        assertEquals(session.earliest(), s.earliest());
        assertEquals(m.inCall(), s.inCall(), "in call" + at);
        assertEquals(m.next(), s.next(), "next" + at);
        for (int r = 0; r < Registers.COUNT; r++) assertEquals(m.cpu().cpu.r[r], s.registers().get(r), Registers.name64(r) + at);
        assertEquals(m.cpu().cpu.rip, s.registers().rip(), "rip" + at);
        assertEquals(m.cpu().cpu.rflags(), s.registers().rflags(), "rflags" + at);
        ModelSnapshot.Stack st = s.stack();
        assertEquals(Machine.STACK_START - 8, st.top());
        long rsp = m.cpu().cpu.r[Registers.RSP];
        if (rsp <= Machine.STACK_START - 8 && rsp >= Machine.STACK_START - 8L * SnapshotTaker.STACK_WORDS) {
            assertEquals((st.top() - rsp) / 8 + 1, st.words().size(), "stack down to rsp" + at);
            assertEquals(rsp, st.address(st.words().size() - 1));
        }
        for (int i = 0; i < st.words().size(); i++) assertEquals(m.addressSpace().read(st.address(i), 8), st.words().get(i));
        assertEquals(m.kernel().seq(), s.seqlock().seq(), "seq" + at);
        assertEquals(m.kernel().callRetries(), s.seqlock().callRetries());
        assertEquals(m.kernel().callOddSpins(), s.seqlock().callOddSpins());
        assertEquals(m.kernel().updateCount(), s.seqlock().updateCount());
        assertEquals(m.kernel().writerActive(), s.seqlock().writerActive());
        assertPages(m.addressSpace(), s.pages(), at);
        OtherTask other = OtherTask.of(m);
        if (other == null) {
            assertNull(s.otherTask());
        } else {
            assertEquals(other.scenario(), s.otherScenario());
            assertPages(other.addressSpace(), s.otherTask(), " (other task)");
        }
        ModelSnapshot.Counters c = s.counters();
        assertEquals(List.of(m.calls(), m.retries(), m.oddSpins(), m.fallbacks(), m.cyclesMilli(), m.instructions(),
                m.callCyclesMilli(), m.callInstructions()), List.of(c.calls(), c.retries(), c.oddSpins(), c.fallbacks(),
                c.cyclesMilli(), c.instructions(), c.callCyclesMilli(), c.callInstructions()), "counters" + at);
        for (Category k : Category.values()) assertEquals(session.callCategoryMilli(k), s.callCategoryMilli(k), k + at);
        int pushes = 0, pops = 0;
        for (Event e : session.callLog()) {
            if (e instanceof Event.Push p && p.reg() >= 0) pushes++;
            if (e instanceof Event.Pop p && p.reg() >= 0) pops++;
        }
        assertEquals(new ModelSnapshot.Spills(pushes, pops), s.spills(), "spills" + at);
        assertEquals(session.callLog(), s.callLog(), "call log" + at);
        assertEquals(session.lastCallLog(), s.lastCallLog(), "last call's log" + at);
        assertEquals(session.paths().lastPath(), s.paths().lastPath());
        assertEquals(session.paths().edgeCounts(), s.paths().edgeCounts());
        assertEquals(m.lastCall(), s.lastCall());
        Pipeline p = m.pipeline();
        if (p == null) {
            assertNull(s.pipeline());
        } else {
            List<Pipeline.Slot> rows = p.currentRows().isEmpty() ? p.lastRows() : p.currentRows();
            assertEquals(rows, s.pipeline().rows().stream().map(ModelSnapshot.PipelineRows.Row::slot).toList(), "rows" + at);
            List<Pipeline.Slot> context = new ArrayList<>(p.lastRows());
            context.addAll(rows);
            for (ModelSnapshot.PipelineRows.Row r : s.pipeline().rows()) {
                assertEquals(p.isCounterRead(r.slot()), r.counterRead());
                boolean push = m.listing().get(r.slot().index()).text().startsWith("push");
                assertEquals(push && p.underCounterRead(r.slot(), context), r.hidden());
            }
        }
    }

    private static void assertPages(AddressSpace as, ModelSnapshot.VvarPages pages, String at) {
        assertEquals(as.vvarStart(), pages.vvarStart());
        for (int slot = 0; slot < AddressSpace.SLOTS; slot++) {
            Page p = as.slot(slot);
            ModelSnapshot.PageImage img = pages.slot(slot);
            if (p == null) {
                assertNull(img, "slot " + slot + " unbacked" + at);
                continue;
            }
            assertEquals(p.kind(), img.kind());
            for (int off = 0; off < Page.SIZE; off += 4) {
                assertEquals(p.read(off, 4), img.read(off, 4), "slot " + slot + " +" + off + at);
            }
            assertEquals(p.read(7, 1), img.read(7, 1));
            assertEquals(p.read(130, 2), img.read(130, 2));
            assertEquals(p.read(136, 8), img.read(136, 8));
            assertEquals(slot, pages.slotOf(as.slotAddress(slot) + 100));
        }
    }

    @ParameterizedTest
    @MethodSource("setups")
    void theSnapshotShowsTheMachineAtEveryStep(Setup setup) {
        Session s = new Session(setup);
        assertMatches(s, s.snapshot());
        int checked = 0;
        for (int i = 0; i < 400; i++) {
            s.stepQuiet();
            if (i == 150) s.injectWriterUpdate(); // the writer rewrites the vvar page (seq odd, then even)
            if (i < 40 || i % 13 == 0) {
                assertMatches(s, s.snapshot());
                checked++;
            }
        }
        s.runCall();
        assertMatches(s, s.snapshot());
        s.back(25);
        assertMatches(s, s.snapshot());
        assertTrue(checked > 60 && s.snapshot().counters().calls() > 0, "checked " + checked + " positions over a call");
    }

    @Test
    void theSnapshotIsTakenOnceUntilTheModelMoves() {
        Session s = new Session(setups().getFirst());
        ModelSnapshot first = s.snapshot();
        assertSame(first, s.snapshot(), "no step: the same snapshot");
        s.stepQuiet();
        ModelSnapshot second = s.snapshot();
        assertNotSame(first, second);
        assertSame(second, s.snapshot());
        // parts that did not change are shared: no page was written by one reader step
        assertSame(first.pages().slot(0), second.pages().slot(0));
        assertSame(first.otherTask(), second.otherTask());
        s.machine().injectWriterUpdate(); // behind the session's back, then announced
        s.machine().step();
        s.fire();
        assertMatches(s, s.snapshot());
    }

    /** What a snapshot shows, copied out of it (to compare after the model moved). */
    private record Seen(List<Long> regs, long rip, long rflags, List<Long> stack, long seq, List<Long> page,
                        List<Event> log, int logSize, long calls, long position, List<Object> pipeline) {
        static Seen of(ModelSnapshot s) {
            List<Long> page = new ArrayList<>();
            for (int slot = 0; slot < AddressSpace.SLOTS; slot++) {
                ModelSnapshot.PageImage p = s.pages().slot(slot);
                if (p != null) for (int off = 0; off < Page.SIZE; off += 8) page.add(p.read(off, 8));
            }
            return new Seen(List.copyOf(s.registers().general()), s.registers().rip(), s.registers().rflags(),
                    List.copyOf(s.stack().words()), s.seqlock().seq(), page, List.copyOf(s.callLog()), s.callLog().size(),
                    s.counters().calls(), s.position(),
                    s.pipeline() == null ? List.of() : List.copyOf(s.pipeline().rows()));
        }

        /** Each part of {@code now} equals this one's (short messages: a page is 512 numbers). */
        void assertStill(Seen now, String when) {
            assertEquals(regs, now.regs, "registers " + when);
            assertEquals(List.of(rip, rflags, seq, calls, position, (long) logSize),
                    List.of(now.rip, now.rflags, now.seq, now.calls, now.position, (long) now.logSize),
                    "rip, rflags, seq, calls, position, log size " + when);
            assertEquals(stack, now.stack, "stack " + when);
            assertTrue(page.equals(now.page), "the vvar pages' bytes changed " + when);
            assertTrue(log.equals(now.log), "the call's events changed " + when);
            assertTrue(pipeline.equals(now.pipeline), "the pipeline rows changed " + when);
        }
    }

    @ParameterizedTest
    @MethodSource("setups")
    void anEarlierSnapshotStaysAsItWasWhileTheModelMovesOn(Setup setup) {
        Session s = new Session(setup);
        for (int i = 0; i < 12; i++) s.stepQuiet();
        ModelSnapshot before = s.snapshot();
        Seen seen = Seen.of(before);
        // the model moves in every way it can: steps, a writer update (the vvar page rewritten), whole calls
        s.injectWriterUpdate();
        for (int i = 0; i < 30; i++) s.stepQuiet();
        s.runCall();
        s.runCall();
        ModelSnapshot after = s.snapshot();
        assertTrue(after.seqlock().seq() != seen.seq(), "the writer changed seq: " + seen.seq() + " then " + after.seqlock().seq());
        assertNotEquals(seen.regs(), after.registers().general(), "the registers moved on");
        assertNotEquals(seen.page(), Seen.of(after).page(), "the vvar page was rewritten");
        seen.assertStill(Seen.of(before), "by steps, a writer update and two calls");
        // the event log it holds keeps its length, though the session appended to and replaced its log since
        assertEquals(seen.logSize(), before.callLog().size());
        assertThrows(UnsupportedOperationException.class, () -> before.callLog().add(new Event.Ret(0)));
        assertThrows(UnsupportedOperationException.class, () -> before.registers().general().set(0, 1L));
        assertThrows(UnsupportedOperationException.class, () -> before.stack().words().set(0, 1L));
        // a seek back replays the call into a new log, and a reset builds a new machine: still unchanged
        s.back(40);
        s.reset();
        for (int i = 0; i < 5; i++) s.stepQuiet();
        seen.assertStill(Seen.of(before), "by a seek back and a reset");
        assertNotEquals(before.machine(), s.snapshot().machine(), "a reset is a new machine");
    }
}

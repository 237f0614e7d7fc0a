package org.vdsoexplorer.sim.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Timeline;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/** The pipeline model's rules, checked on real calls against what each rule says. */
class PipelineTest {
    static final Core ZEN2 = TimingTable.defaults().core("zen2").orElseThrow();

    static Machine warm(Scenario s, Variant v, Clock c, Core core) {
        Machine m = new Machine(Setup.of(s, v, c).withTick(0).with(TimingModel.pipeline(core)));
        m.timelineRecorder().setRecording(true);
        for (int i = 0; i < 50; i++) m.runCall();
        m.runCall();
        return m;
    }

    static String mnemonic(Machine m, Pipeline.Slot r) { return m.listing().get(r.index()).mnemonic(); }

    @Test
    void rdtscpWaitsForEveryOlderInstructionReadsTheCounterThenAndHoldsNoYoungerOneBack() {
        for (Core core : TimingTable.defaults().cores()) {
            Machine m = warm(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC, core);
            List<Pipeline.Slot> rows = m.pipeline().currentRows();
            Pipeline.Slot rdtscp = null;
            for (Pipeline.Slot r : rows) {
                assertTrue(!mnemonic(m, r).equals("lfence") && !mnemonic(m, r).equals("rdtsc"), core.id() + ": " + mnemonic(m, r));
                if (mnemonic(m, r).equals("rdtscp")) rdtscp = r;
            }
            assertTrue(rdtscp != null, core.id());
            // it starts only once every older instruction has executed (Intel SDM, RDTSCP; AMD APM vol. 3, RDTSCP)
            long olderDone = 0;
            for (Pipeline.Slot r : rows) if (r.seq() < rdtscp.seq()) olderDone = Math.max(olderDone, r.complete());
            assertTrue(rdtscp.issue() >= olderDone, core.id() + ": rdtscp issued at " + rdtscp.issue() + " before " + olderDone);
            // the TSC value the call used is the counter at that issue cycle
            assertEquals(m.kernel().tsc(rdtscp.issue() * 1000), m.lastCall().tsc(), core.id());
            assertEquals(rdtscp.issue() + core.uop(UopClass.RDTSCP).latency(), rdtscp.complete(), core.id());
            // and younger instructions that do not need its result run while it executes (an lfence would hold them)
            final Pipeline.Slot read = rdtscp;
            long overlapping = rows.stream().filter(r -> r.seq() > read.seq() && r.issue() < read.complete()).count();
            assertTrue(overlapping > 0, core.id() + ": no younger instruction issued before rdtscp completed");
        }
    }

    @Test
    void pushesOfTheNextCallOverlapThePreviousCallsCounterRead() {
        Machine m = warm(Scenario.TIMENS, Variant.TIMENS_NOINLINE, Clock.MONOTONIC, ZEN2);
        List<Pipeline.Slot> rows = m.pipeline().currentRows();
        long previousReadDone = m.pipeline().lastRows().stream().filter(m.pipeline()::isCounterRead)
                .mapToLong(Pipeline.Slot::complete).max().orElseThrow();
        long hidden = rows.stream().filter(r -> mnemonic(m, r).equals("push"))
                .filter(r -> r.dispatch() < previousReadDone).count();
        assertTrue(hidden > 0, "some pushes dispatch while the previous call's rdtscp is still executing");
    }

    @Test
    void retirementIsInOrderAndWidthLimited() {
        Machine m = warm(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC, ZEN2);
        List<Pipeline.Slot> rows = m.pipeline().currentRows();
        for (int i = 1; i < rows.size(); i++) {
            assertTrue(rows.get(i).retire() >= rows.get(i - 1).retire());
            assertTrue(rows.get(i).dispatch() >= rows.get(i - 1).dispatch());
            assertTrue(rows.get(i).complete() <= rows.get(i).retire());
        }
        long cycle = rows.get(rows.size() / 2).retire();
        long sameCycle = rows.stream().filter(r -> r.retire() == cycle && !r.fused()).count(); // a fused jcc has no slot
        assertTrue(sameCycle <= ZEN2.retireWidth());
        // the call's cost is the retirement of its last instruction after the previous call's
        Instruction ret = m.listing().get(rows.getLast().index());
        assertEquals("ret", ret.mnemonic());
    }

    @Test
    void stepBackIsExactWithThePipeline() {
        Machine m = new Machine(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(3_000)
                .with(TimingModel.pipeline(ZEN2)));
        Timeline t = new Timeline(m);
        for (int i = 0; i < 700; i++) t.step();
        String at700 = m.digest();
        for (int i = 0; i < 300; i++) t.step();
        assertNotEquals(at700, m.digest());
        t.back(300);
        assertEquals(at700, m.digest());
    }

    /** Average cycles of a call over {@code n} calls after a warm-up, no writer ticks. */
    private static double cyclesPerCall(Setup s, int n) {
        Machine m = new Machine(s.withTick(0));
        for (int i = 0; i < 100; i++) m.runCall();
        long c0 = m.cyclesMilli();
        for (int i = 0; i < n; i++) m.runCall();
        return (m.cyclesMilli() - c0) / 1000.0 / n;
    }

    @Test
    void theSteadyStateIsOneWholeNumberOfCyclesACall() {
        // docs/fidelity.md, "Why the pipeline's percentages come in steps": with no writer tick every call of gettime_perf's loop
        // (the caller loop scheduled between calls) is scheduled alike, so the period is a whole number of cycles
        for (Clock c : List.of(Clock.MONOTONIC, Clock.MONOTONIC_COARSE)) {
            Machine m = new Machine(Setup.of(Scenario.HOST, Variant.UNLIKELY, c).withTick(0).with(TimingModel.pipeline(ZEN2)));
            for (int i = 0; i < 100; i++) m.runCall();
            java.util.Set<Long> periods = new java.util.TreeSet<>();
            long t = m.cyclesMilli();
            for (int i = 0; i < 200; i++) {
                m.runCall();
                periods.add(m.cyclesMilli() - t);
                t = m.cyclesMilli();
            }
            assertEquals(1, periods.size(), c + ": periods " + periods);
            assertEquals(0, periods.iterator().next() % 1000, c + ": a whole number of cycles");
        }
    }

    @Test
    void theCallersCounterIsRenamedAndTheFramePointersPopIsForwarded() {
        // Agner Fog, "Surprising new feature in AMD Ryzen 3000" (agner.org forum, 2019): Zen 2 mirrors a memory
        // operand named by the same pointer register, so gettime_perf's -O0 counter (addq $1,-0x8(%rbp)) reads its
        // own last store renamed; push/pop pairs are tracked only while nothing else changes or copies the stack
        // pointer, and __vdso_clock_gettime copies it to %rbp right after pushing %rbp: its pop %rbp is forwarded.
        // With a slow forwarding latency the chain through %rbp (pop -> next call's push -> pop) binds a coarse
        // call at one forwarding per call; a forwarded counter would add its add's cycle (the model before).
        Setup coarse = Setup.of(Scenario.HOST, Variant.TIMENS_NOINLINE, Clock.MONOTONIC_COARSE);
        Core slowForward = ZEN2.withStoreForward(3 * ZEN2.storeForward());
        double slow = cyclesPerCall(coarse.with(TimingModel.pipeline(slowForward)), 2000);
        assertEquals(3 * ZEN2.storeForward(), slow, 0.05, "coarse call with 3x forwarding latency");
        assertTrue(slow > cyclesPerCall(coarse.with(TimingModel.pipeline(ZEN2)), 2000));
    }

    @Test
    void renameKeysNameTheMemoryTheWayTheInstructionsDo() {
        var l = org.vdsoexplorer.sim.asm.ListingParser.parse("k", "k.lst", """
                0000000000001000 <f>:
                    1000:	48 83 45 f8 01       	addq   $0x1,-0x8(%rbp)
                    1005:	48 8b 45 f8          	mov    -0x8(%rbp),%rax
                    1009:	48 8b 45 f0          	mov    -0x10(%rbp),%rax
                    100d:	48 8b 05 00 00 00 00 	mov    0x0(%rip),%rax
                    1014:	55                   	push   %rbp
                    1015:	48 89 e5             	mov    %rsp,%rbp
                    1018:	5d                   	pop    %rbp
                """);
        Shape add = Shape.of(l.get(0)), load = Shape.of(l.get(1)), other = Shape.of(l.get(2)), rip = Shape.of(l.get(3));
        Shape push = Shape.of(l.get(4)), pop = Shape.of(l.get(6));
        assertEquals(add.renameKey(0), load.renameKey(0));
        assertNotEquals(add.renameKey(0), other.renameKey(0));
        assertEquals(0, rip.renameKey(0), "rip-relative: never renamed");
        assertEquals(push.renameKey(4), pop.renameKey(4), "push/pop with nothing moving rsp in between");
        assertTrue(Shape.movesStackPointer(l.get(5)) && !Shape.movesStackPointer(l.get(4)) && !Shape.movesStackPointer(l.get(0)));
        assertNotEquals(push.renameKey(4), pop.renameKey(5), "a copy of rsp in between");
    }
}

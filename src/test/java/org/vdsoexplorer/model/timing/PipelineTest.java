package org.vdsoexplorer.model.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.model.Machine;
import org.vdsoexplorer.model.Setup;
import org.vdsoexplorer.model.Timeline;
import org.vdsoexplorer.model.Variant;
import org.vdsoexplorer.model.asm.Instruction;
import org.vdsoexplorer.model.kernel.Clock;
import org.vdsoexplorer.model.kernel.Scenario;

/** The pipeline model's rules, checked on real calls against what each rule says. */
class PipelineTest {
    static final Core ZEN2 = TimingTable.defaults().core("zen2").orElseThrow();

    static Machine warm(Scenario s, Variant v, Clock c, Core core) {
        Machine m = new Machine(Setup.of(s, v, c).withTick(0).with(TimingModel.pipeline(core)));
        m.pipeline().setRecording(true);
        for (int i = 0; i < 50; i++) m.runCall();
        m.runCall();
        return m;
    }

    static String mnemonic(Machine m, Pipeline.Slot r) { return m.listing().get(r.index()).mnemonic(); }

    @Test
    void rdtscReadsTheCounterInTheCycleItIssuesAfterTheLfence() {
        for (Core core : TimingTable.defaults().cores()) {
            Machine m = warm(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC, core);
            List<Pipeline.Slot> rows = m.pipeline().currentRows();
            Pipeline.Slot lfence = null, rdtsc = null;
            for (Pipeline.Slot r : rows) {
                if (mnemonic(m, r).equals("lfence")) lfence = r;
                if (mnemonic(m, r).equals("rdtsc")) rdtsc = r;
            }
            assertTrue(lfence != null && rdtsc != null, core.id());
            // every instruction older than the lfence completed before it completes
            for (Pipeline.Slot r : rows) if (r.seq() < lfence.seq()) assertTrue(r.complete() <= lfence.complete(), core.id());
            long holdsUntil = core.lfenceDispatchSerializing() ? lfence.retire() : lfence.complete();
            assertTrue(rdtsc.issue() >= holdsUntil, core.id() + ": rdtsc issued before the lfence let it");
            // the TSC value the call used is the counter at that issue cycle
            assertEquals(m.kernel().tsc(rdtsc.issue() * 1000), m.lastCall().tsc(), core.id());
            assertEquals(rdtsc.issue() + core.uop(UopClass.RDTSC).latency(), rdtsc.complete(), core.id());
        }
    }

    @Test
    void pushesBeforeTheLfenceOverlapThePreviousCallsCounterRead() {
        Machine m = warm(Scenario.TIMENS, Variant.TIMENS_NOINLINE, Clock.MONOTONIC, ZEN2);
        List<Pipeline.Slot> rows = m.pipeline().currentRows();
        long previousRdtscDone = m.pipeline().lastRows().stream().filter(r -> mnemonic(m, r).equals("rdtsc"))
                .mapToLong(Pipeline.Slot::complete).max().orElseThrow();
        long hidden = rows.stream().filter(r -> mnemonic(m, r).equals("push"))
                .filter(r -> r.dispatch() < previousRdtscDone).count();
        assertTrue(hidden > 0, "some pushes dispatch while the previous call's rdtsc is still executing");
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
    void theCallerLoopRunsBetweenCallsAndItsCounterInMemoryBoundsACoarseCall() {
        // gettime_perf built -O0 keeps i in memory: each iteration's addq waits for the previous one's store,
        // forwarded; so an iteration takes at least the forwarding latency plus the add's
        Setup coarse = Setup.of(Scenario.HOST, Variant.TIMENS_NOINLINE, Clock.MONOTONIC_COARSE);
        Core.Uop alu = ZEN2.uop(UopClass.ALU);
        double base = cyclesPerCall(coarse.with(TimingModel.pipeline(ZEN2)), 2000);
        assertTrue(base >= ZEN2.storeForward() + alu.latency(), "coarse call " + base);
        Core slowForward = ZEN2.withStoreForward(3 * ZEN2.storeForward());
        double slow = cyclesPerCall(coarse.with(TimingModel.pipeline(slowForward)), 2000);
        // the chain through the counter now binds: one iteration per forwarding plus add
        assertEquals(3 * ZEN2.storeForward() + alu.latency(), slow, 0.05, "coarse call with 3x forwarding latency");
        assertTrue(slow > base);
    }
}

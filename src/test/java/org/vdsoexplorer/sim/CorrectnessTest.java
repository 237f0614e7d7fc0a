package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * The timespec every real variant's listing returns equals the kernel's reference time for the TSC value
 * it read (plus namespace offsets), for every clock and scenario, over calls that cross writer ticks. The
 * variants broken on purpose are tested where they break (InterleavingTest, ReportTest).
 */
class CorrectnessTest {

    @Test
    void everyScenarioVariantAndClockReturnsTheReferenceTime() {
        List<String> failures = new ArrayList<>();
        int combos = 0;
        List<TimingModel> models = TimingModel.choices(TimingTable.defaults());
        for (TimingModel t : models) for (Scenario s : Scenario.values()) {
            for (Variant v : Variant.values()) {
                if (v.broken()) continue;
                for (Clock c : Clock.reportClocks()) {
                    // a writer update every 1000 cycles; every timing model (the pipeline's rdtsc reads at issue)
                    Setup setup = Setup.of(s, v, c).withTick(1_000).with(t);
                    if (setup.problem() != null) continue;
                    combos++;
                    Machine m = new Machine(setup);
                    for (int i = 0; i < 400; i++) {
                        CallResult r = m.runCall();
                        if (!r.correct()) {
                            failures.add(t.id() + ": " + s.cliName() + "/" + v.cliName() + "/" + c.cliName() + " call " + r.number()
                                    + ": got " + r.sec() + "." + r.nsec() + " ret " + r.ret() + ", kernel says "
                                    + (r.expected() == null ? "null" : r.expected()[0] + "." + r.expected()[1]));
                            break;
                        }
                    }
                    assertTrue(m.kernel().updateCount() > 1, "the writer never ran in " + setup);
                }
            }
        }
        // the namespace task with the 6 variants built for v5.6's namespace page, 4 vDSO scenarios x 9 variants,
        // 7 clocks each; the 2 legacy (2.6.20) scenarios with the 2 report clocks that kernel had (realtime, monotonic)
        assertEquals(models.size() * ((6 + 4 * 9) * 7 + 2 * 2), combos, "every valid combination is covered");
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void everyCompilersListingsReturnTheReferenceTime() {
        List<String> failures = new ArrayList<>();
        for (Compiler comp : List.of(Compiler.GCC_11, Compiler.CLANG_16)) {
            for (Scenario s : Scenario.values()) for (Variant v : Variant.values()) for (Clock c : Clock.reportClocks()) {
                Setup setup = Setup.of(s, v, c).withTick(1_000).with(comp);
                if (setup.problem() != null || v.broken()) continue;
                Machine m = new Machine(setup);
                for (int i = 0; i < 60; i++) {
                    CallResult r = m.runCall();
                    if (!r.correct()) {
                        failures.add(comp.cliName() + "/" + s.cliName() + "/" + v.cliName() + "/" + c.cliName() + " call " + i);
                        break;
                    }
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void namespaceOffsetsAreAddedToMonotonicAndBoottimeOnly() {
        for (Clock c : List.of(Clock.MONOTONIC, Clock.BOOTTIME, Clock.REALTIME, Clock.MONOTONIC_COARSE)) {
            CallResult host = new Machine(Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, c).withTick(0)).runCall();
            CallResult ns = new Machine(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, c).withTick(0)).runCall();
            long want = switch (c) {
                case MONOTONIC, MONOTONIC_COARSE -> 500;
                case BOOTTIME -> 1000;
                default -> 0;
            };
            // the namespace call takes longer, so its TSC is a little later: compare seconds only
            long diff = ns.sec() - host.sec();
            assertTrue(diff == want || diff == want + 1, c + ": namespace minus host = " + diff + " s, want " + want);
        }
    }

    @Test
    void cpuTimeClocksFallBackAndTheKernelAnswersWithCpuTime() {
        // v5.6 kernel/time/posix-cpu-timers.c posix_cpu_clock_get(): the task's CPU time, not -EINVAL
        for (Clock c : List.of(Clock.PROCESS_CPUTIME_ID, Clock.THREAD_CPUTIME_ID)) {
            Machine m = new Machine(new Setup(Scenario.TIMENS, Variant.V5_6, c,
                    org.vdsoexplorer.sim.cost.CostTable.defaults(), 2.67, 0));
            m.runCall();
            long before = m.cyclesMilli();
            CallResult r = m.runCall();
            assertEquals(0, r.ret(), c + ": the kernel answers");
            assertTrue(r.fallback());
            // the task has been on the CPU since cycle 0: its CPU time is the simulated time, no namespace offset
            double ns = r.sec() * 1e9 + r.nsec();
            assertTrue(ns >= before / 1000.0 / 2.67 && ns <= m.cyclesMilli() / 1000.0 / 2.67,
                    c + ": " + ns + " ns is not within this call's simulated time");
        }
    }
}

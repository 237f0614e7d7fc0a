package org.vdsoexplorer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.model.kernel.Clock;
import org.vdsoexplorer.model.kernel.Scenario;

/**
 * The timespec every variant's listing returns equals the kernel's reference time for the TSC value
 * it read (plus namespace offsets), for every clock and scenario, over calls that cross writer ticks.
 */
class CorrectnessTest {

    @Test
    void everyScenarioVariantAndClockReturnsTheReferenceTime() {
        List<String> failures = new ArrayList<>();
        int combos = 0;
        for (Scenario s : Scenario.values()) {
            for (Variant v : Variant.values()) {
                for (Clock c : Clock.reportClocks()) {
                    Setup setup = Setup.of(s, v, c).withTick(1_000); // a writer update every 1000 cycles
                    if (setup.problem() != null) continue;
                    combos++;
                    Machine m = new Machine(setup);
                    for (int i = 0; i < 400; i++) {
                        CallResult r = m.runCall();
                        if (!r.correct()) {
                            failures.add(s.cliName() + "/" + v.cliName() + "/" + c.cliName() + " call " + r.number()
                                    + ": got " + r.sec() + "." + r.nsec() + " ret " + r.ret() + ", kernel says "
                                    + (r.expected() == null ? "null" : r.expected()[0] + "." + r.expected()[1]));
                            break;
                        }
                    }
                    assertTrue(m.kernel().updateCount() > 1, "the writer never ran in " + setup);
                }
            }
        }
        assertEquals(5 * 7 + 4 * 7 * 7 + 2 * 7, combos, "every valid combination is covered");
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
    void invalidClockIdFallsBackAndTheKernelRejectsIt() {
        Machine m = new Machine(new Setup(Scenario.HOST, Variant.UNLIKELY, Clock.PROCESS_CPUTIME_ID,
                org.vdsoexplorer.model.cost.CostTable.defaults(), 2.67, 0));
        CallResult r = m.runCall();
        assertEquals(-22, r.ret(), "CLOCK_PROCESS_CPUTIME_ID is not modelled by the kernel: -EINVAL");
        assertTrue(r.fallback());
    }
}

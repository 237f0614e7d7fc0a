package org.vdsoexplorer.model;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.model.cost.CostTable;
import org.vdsoexplorer.model.kernel.Clock;
import org.vdsoexplorer.model.kernel.Scenario;

/**
 * Exhaustive, bounded: for every scenario, variant and clock, and for every reader step k of a call,
 * an update_vsyscall() starts right before step k; the call must still return the kernel's reference
 * time. Done for three writer speeds: an update that lands between two reader steps (fast), one that
 * spans a few reader steps, and one slower than the whole call (the reader spins on odd seq).
 */
class InterleavingTest {
    private static final double[] WRITER_STEP_CYCLES = {0.001, 5, 150};

    @Test
    void everyPlacementOfAWriterUpdateGivesTheReferenceTime() {
        List<String> failures = new ArrayList<>();
        long placements = 0, retried = 0, spun = 0;
        String yaml = Listings.resource("/assets/costs.yaml");
        for (double ws : WRITER_STEP_CYCLES) {
            CostTable costs = CostTable.parse("costs(writer.step=" + ws + ")", yaml.replaceFirst(
                    "step: \\{cycles: [0-9.]+", "step: {cycles: " + ws));
            for (Scenario s : Scenario.values()) {
                for (Variant v : Variant.values()) {
                    for (Clock c : Clock.reportClocks()) {
                        Setup setup = new Setup(s, v, c, costs, costs.ghz(), 0);
                        if (setup.problem() != null) continue;
                        Machine m = new Machine(setup);
                        for (int i = 0; i < 3; i++) m.runCall(); // warm the predictor
                        Machine.Snapshot start = m.save();
                        long steps = m.runCall().instructions();
                        for (long k = 0; k <= steps; k++) {
                            m.restore(start);
                            for (long j = 0; j < k; j++) m.step();
                            m.injectWriterUpdate();
                            CallResult r = m.inCall() || k == 0 ? m.runCall() : m.lastCall();
                            CallResult next = m.runCall(); // and the call after it
                            placements++;
                            retried += r.retries() > 0 ? 1 : 0;
                            spun += r.oddSpins() > 0 ? 1 : 0;
                            for (CallResult x : List.of(r, next)) {
                                if (!x.correct()) {
                                    failures.add(s.cliName() + "/" + v.cliName() + "/" + c.cliName() + " writer step "
                                            + ws + " cycles, update before step " + k + ": got " + x.sec() + "." + x.nsec()
                                            + " ret " + x.ret() + ", kernel says " + (x.expected() == null ? "null"
                                            : x.expected()[0] + "." + x.expected()[1]));
                                }
                            }
                            if (failures.size() > 20) break;
                        }
                    }
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures, first ones:\n" + String.join("\n",
                failures.subList(0, Math.min(20, failures.size()))));
        assertTrue(placements > 40_000, "only " + placements + " placements were tried");
        assertTrue(retried > 100, "no placement made the reader retry (" + retried + ")");
        assertTrue(spun > 100, "no placement made the reader spin on odd seq (" + spun + ")");
    }
}

package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * Exhaustive, bounded: for every scenario, variant and clock, and for every reader step k of a call,
 * an update_vsyscall() starts right before step k ({@link Placements#sweep}); the call must still return the
 * kernel's reference time. Done for three writer speeds: an update that lands between two reader steps (fast),
 * one that spans a few reader steps, and one slower than the whole call (the reader spins on odd seq). The
 * variants broken on purpose are held to the opposite: the fast writer finds a placement that makes them wrong.
 */
class InterleavingTest {
    private static final double[] WRITER_STEP_CYCLES = {0.001, 5, 150};

    @Test
    void everyPlacementOfAWriterUpdateGivesTheReferenceTime() {
        List<String> failures = new ArrayList<>();
        long placements = 0, retried = 0, spun = 0;
        for (double ws : WRITER_STEP_CYCLES) {
            CostTable costs = CostTable.defaults().withWriterStep(ws);
            for (Scenario s : Scenario.values()) {
                for (Variant v : Variant.values()) {
                    if (v.broken()) continue;
                    for (Clock c : Clock.reportClocks()) {
                        Setup setup = new Setup(s, v, c, costs, costs.ghz(), 0);
                        if (setup.problem() != null) continue;
                        for (Placements.Outcome o : Placements.sweep(setup)) {
                            placements++;
                            retried += o.call().retries() > 0 ? 1 : 0;
                            spun += o.call().oddSpins() > 0 ? 1 : 0;
                            for (CallResult x : List.of(o.call(), o.next())) {
                                if (!x.correct()) {
                                    failures.add(s.cliName() + "/" + v.cliName() + "/" + c.cliName() + " writer step "
                                            + ws + " cycles, update before step " + o.step() + ": got " + x.sec() + "."
                                            + x.nsec() + " ret " + x.ret() + ", kernel says " + (x.expected() == null
                                            ? "null" : x.expected()[0] + "." + x.expected()[1]));
                                }
                            }
                        }
                        if (failures.size() > 20) break;
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

    /**
     * The broken readers on the host's TSC path: a fast writer (stores a thousandth of a cycle apart) has a placement
     * that makes every hres clock wrong, and the search says by how much; the next call, which starts after the
     * update, is right again. No placement tears a coarse read: the model's writer stores a coarse clock's sec and
     * nsec in one step, so the reader sees both old or both new.
     */
    @Test
    void aFastWriterMakesTheBrokenReadersWrongAndTheSearchSaysByHowMuch() {
        CostTable fast = CostTable.defaults().withWriterStep(0.001);
        for (Compiler comp : Compiler.values()) for (Variant v : Variant.values()) {
            if (!v.broken()) continue;
            for (Clock c : Clock.reportClocks()) {
                Setup setup = new Setup(Scenario.HOST, v, c, fast, fast.ghz(), 0, comp);
                List<Placements.Outcome> wrong = Placements.wrongTimes(setup);
                String what = comp.cliName() + "/" + v.cliName() + "/" + c.cliName();
                if (c.coarse()) {
                    assertEquals(List.of(), wrong, what);
                    continue;
                }
                assertTrue(!wrong.isEmpty(), what + ": no placement gives a wrong time");
                for (Placements.Outcome o : wrong) {
                    long[] e = o.call().expected();
                    long off = (o.call().sec() - e[0]) * 1_000_000_000L + o.call().nsec() - e[1];
                    assertEquals(off, o.offNs(), what);
                    assertTrue(off != 0 || o.call().ret() != 0, what + ": wrong but not off: " + o.describe());
                    assertTrue(o.next().correct(), what + ": the call after the update is right: " + o.next());
                }
                assertTrue(Placements.farthestOff(setup).orElseThrow().describe().contains("off by"), what);
            }
        }
        // the real reader the broken ones were made from: the same search finds nothing
        Setup real = new Setup(Scenario.HOST, Variant.UNLIKELY, Clock.REALTIME, fast, fast.ghz(), 0);
        assertEquals(List.of(), Placements.wrongTimes(real));
    }
}

package org.vdsoexplorer.sim.timing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.Listings;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * The pipeline's steady-state replay ({@link SteadyReplay}) is exact: a machine that replays ends where one that
 * schedules every instruction does, field for field, however its replays are cut short (a snapshot in the middle
 * of a unit rebuilds the state there), and stepping back over replayed calls is exact. The report-level check,
 * rows against the plain scheduler and against main's figures, is {@code ReportGuardTest}.
 */
class SteadyReplayTest {
    private static final TimingModel ZEN2 = TimingModel.pipeline(TimingTable.defaults().defaultCore());
    /** A row whose writer ticks every few dozen calls (20 kHz): replays end at each tick's retries. */
    private static final Setup ROW = ticking(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC).with(ZEN2));

    private static Setup ticking(Setup s) { return s.withTick(Setup.tickCycles(s.ghz(), 20_000)); }

    /** The address the pipeline works out from its per-instruction table is {@link Shape#address}'s, for any registers. */
    @Test
    void tableDrivenAddressIsTheShapesAddress() {
        Random rnd = new Random(27);
        int checked = 0;
        for (Compiler c : Compiler.values()) {
            for (Variant v : Variant.values()) {
                Listing l;
                try {
                    l = Listings.of(v, c);
                } catch (RuntimeException none) {
                    continue; // not every variant is built by every compiler
                }
                for (int i = 0; i < l.size(); i++) {
                    Shape s = Shape.of(l.get(i));
                    if (!s.memory()) continue;
                    long[] f = s.addressForm(), r = new long[17];
                    for (int k = 0; k < r.length; k++) r[k] = rnd.nextLong();
                    long a = f[3] + (f[0] >= 0 ? r[(int) f[0]] : 0) + (f[1] >= 0 ? r[(int) f[1]] * f[2] : 0);
                    assertEquals(s.address(r), a, l.where(i));
                    checked++;
                }
            }
        }
        assertTrue(checked > 100, "checked " + checked);
    }

    /**
     * One machine runs whole calls (replaying), the other steps and takes a snapshot after every step (each one
     * rebuilds the state, so it schedules for real nearly always), at random points of a run with writer ticks
     * every few calls: the same cycles, categories and digest, and the first one replayed most instructions.
     */
    @Test
    void replayEndsInThePlainStateFieldForField() {
        Machine replayed = new Machine(ROW), stepped = new Machine(ROW), plain = new Machine(ROW);
        plain.pipeline().setSteadyReplay(false);
        for (int i = 0; i < 3000; i++) {
            replayed.runCall();
            plain.runCall();
            do stepped.save(); while (stepped.step() == null);
        }
        assertEquals(plain.cyclesMilli(), replayed.cyclesMilli());
        assertEquals(plain.cyclesMilli(), stepped.cyclesMilli());
        long[] want = plain.cpu().categoryMillis(new long[Category.values().length]);
        assertArrayEquals(want, replayed.cpu().categoryMillis(new long[want.length]));
        assertArrayEquals(want, stepped.cpu().categoryMillis(new long[want.length]));
        long[] counts = replayed.pipeline().steadyCounts();
        assertTrue(counts[1] > replayed.instructions() / 2, "replayed " + counts[1] + " of " + replayed.instructions());
        assertEquals(stepped.digest(), replayed.digest(), "the rebuilt state is the scheduled one");
    }

    /** Snapshots taken at random steps while replaying, restored and run again, give the same states as the first time. */
    @Test
    void steppingBackOverReplayedCallsIsExact() {
        Machine m = new Machine(ROW);
        for (int i = 0; i < 500; i++) m.runCall();
        Random rnd = new Random(11);
        for (int round = 0; round < 20; round++) {
            for (int k = rnd.nextInt(300); k > 0; k--) m.step();
            Machine.Snapshot s = m.save();
            int n = 1 + rnd.nextInt(400);
            for (int k = 0; k < n; k++) m.step();
            for (int k = 0; k < 50; k++) m.runCall();
            String first = m.digest();
            long cycles = m.cyclesMilli();
            m.restore(s);
            for (int k = 0; k < n; k++) m.step();
            for (int k = 0; k < 50; k++) m.runCall();
            assertEquals(cycles, m.cyclesMilli(), "round " + round);
            assertEquals(first, m.digest(), "round " + round);
        }
    }
}

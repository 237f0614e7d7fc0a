package org.vdsoexplorer.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;
import org.vdsoexplorer.util.Resources;

/**
 * The guard of the speed work (issue 27): whatever makes the simulation faster leaves every figure as it was, to the
 * last digit. A sample of report rows of both timing models is compared with the figures the build of main at commit
 * 834b9ad printed for them (before any of that work: {@code report/guard-rows-834b9ad.tsv}), the seed tables with
 * that build's {@code seeds} output ({@code report/seeds-834b9ad.txt}), and pipeline rows with the steady-state
 * replay on with the plain scheduler's (every instruction scheduled) in this build.
 */
class ReportGuardTest {
    private static final TimingModel PIPELINE = TimingModel.pipeline(TimingTable.defaults().defaultCore());

    private record Expected(Setup setup, String[] figures) {}

    private static List<Expected> expected() {
        List<Expected> out = new ArrayList<>();
        for (String line : Resources.text("/report/guard-rows-834b9ad.tsv").split("\n")) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] f = line.split("\t");
            TimingModel timing = f[0].equals("pipeline") ? PIPELINE : TimingModel.ADDITIVE;
            Setup s = Setup.of(Scenario.byName(f[1]).orElseThrow(), Variant.byName(f[2]).orElseThrow(),
                    Clock.byName(f[3]).orElseThrow()).with(timing);
            out.add(new Expected(s, java.util.Arrays.copyOfRange(f, 4, f.length)));
        }
        return out;
    }

    /** The figures of {@code r} in the resource's columns, each compared as the double (or count) it reads back as. */
    private static void assertSameFigures(String[] want, Row r, String what) {
        double[] doubles = {r.instructions(), r.cycles(), r.ns()};
        for (int i = 0; i < doubles.length; i++) assertEquals(Double.parseDouble(want[i]), doubles[i], 0.0, what + " column " + i);
        assertEquals(Long.parseLong(want[3]), r.callsIn3s(), what + " calls in 3 s");
        assertEquals(Double.parseDouble(want[4]), r.retries(), 0.0, what + " retries");
        assertEquals(Double.parseDouble(want[5]), r.fallbacks(), 0.0, what + " fallbacks");
        assertEquals(Long.parseLong(want[6]), r.incorrect(), what + " wrong");
        assertEquals(Long.parseLong(want[7]), r.calls(), what + " calls");
    }

    @Test
    void rowsOfBothModelsAreTheFiguresMainMeasured() {
        List<Expected> want = expected();
        assertTrue(want.stream().anyMatch(e -> e.setup().timing().isPipeline()) && want.stream().anyMatch(e -> !e.setup().timing().isPipeline()),
                "the sample has rows of both models");
        List<Row> rows = Report.measureAll(want.stream().map(Expected::setup).toList());
        for (int i = 0; i < want.size(); i++) {
            Setup s = want.get(i).setup();
            assertSameFigures(want.get(i).figures(), rows.get(i), s.timing().label() + " " + s.scenario().cliName() + "/"
                    + s.variant().cliName() + "/" + s.clock().cliName());
        }
    }

    @Test
    void seedTablesAreTheOnesMainPrinted() {
        CostTable costs = CostTable.defaults();
        String header = SeedsText.header(false, PIPELINE, TimingTable.defaults().origin());
        String text = SeedsText.render(SeedTables.compareBoth(costs, costs.ghz(), Compiler.GCC_12, PIPELINE), header, false, true);
        assertEquals(Resources.text("/report/seeds-834b9ad.txt"), text);
    }

    /**
     * Rows that replay the steady state (a writer tick in the window, a seq retry, a namespace detour, a coarse
     * clock, a fallback to the system call) equal the plain scheduler's, and so do the cycles charged to each
     * category and the pipeline's clock; the replayed machine did replay most of its instructions.
     */
    @Test
    void replayedRowsEqualThePlainSchedulers() {
        List<Setup> setups = List.of(Setup.of(Scenario.HOST, Variant.BEFORE, Clock.MONOTONIC),
                Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.BOOTTIME),
                Setup.of(Scenario.HOST, Variant.TIMENS_NOINLINE, Clock.MONOTONIC_COARSE),
                Setup.of(Scenario.PVCLOCK, Variant.ALWAYS_INLINE, Clock.MONOTONIC_RAW),
                Setup.of(Scenario.HOST, Variant.NO_RETRY, Clock.TAI),
                Setup.of(Scenario.HYPERV_5_13, Variant.BEFORE, Clock.MONOTONIC));
        for (Setup s0 : setups) {
            Setup s = s0.with(PIPELINE);
            Machine replayed = new Machine(s), plain = new Machine(s);
            plain.pipeline().setSteadyReplay(false);
            Row a = Report.measure(replayed, Report.WINDOW_TICKS), b = Report.measure(plain, Report.WINDOW_TICKS);
            String what = s.scenario().cliName() + "/" + s.variant().cliName() + "/" + s.clock().cliName();
            assertEquals(b, a, what);
            long[] cats = new long[Category.values().length];
            assertArrayEquals(plain.cpu().categoryMillis(new long[cats.length]), replayed.cpu().categoryMillis(cats), what + " categories");
            assertEquals(plain.pipeline().lastRetire(), replayed.pipeline().lastRetire(), what + " clock");
            long[] counts = replayed.pipeline().steadyCounts();
            // a call that falls back to the system call is scheduled for real (a kernel entry ends a replay)
            if (a.fallbacks() == 0) assertTrue(counts[1] > replayed.instructions() / 2, what + ": replayed " + counts[1] + " of " + replayed.instructions());
            assertEquals(0, plain.pipeline().steadyCounts()[1], what + ": the plain scheduler replays nothing");
        }
    }
}

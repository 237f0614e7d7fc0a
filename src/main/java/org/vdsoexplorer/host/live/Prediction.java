package org.vdsoexplorer.host.live;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.report.Report;
import org.vdsoexplorer.report.Row;
import org.vdsoexplorer.report.SeedTables;
import org.vdsoexplorer.sim.timing.CorePick;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;

/**
 * What the model of v5.6 (host and timens scenarios, the timens-inline variant: v5.6's code) predicts for the
 * clocks the live lab measures, and the namespace-vs-host ratios the seeds measured, beside the measured rows.
 * The model runs at the clock rate measured on this machine (the TSC rate the data page's mult/shift give)
 * when there is one: its cycle counts then become this machine's nanoseconds as far as a v5.6-era cost table
 * can say. It charges cycles with the out-of-order pipeline on the core {@link CorePick} picks for this CPU
 * ({@link #core()}: the table's default core, said so, when the table has none for it).
 */
public final class Prediction {
    /** The model's variant for the comparison: v5.6 with the namespace code inlined by the compiler. */
    public static final Variant VARIANT = Variant.TIMENS_INLINE;

    /** One clock: model ns/call for host and namespace, and the seeds' namespace slowdowns for that clock. */
    public record Line(String clock, double modelHostNs, double modelTimensNs, List<SeedRatio> seeds) {
        public double modelSlowdownPercent() { return 100 * (modelTimensNs / modelHostNs - 1); }
    }

    /** A seed's namespace slowdown for one clock: (ns in namespace / ns on host - 1) in percent. */
    public record SeedRatio(String source, String variant, double slowdownPercent) {}

    private Prediction() {}

    /** The model's clock rate to use: the measured TSC rate if the data page gave one, else the cost table's. */
    public static double ghz(List<PageDecoder.TaskPages> pages, CostTable costs) {
        for (PageDecoder.TaskPages t : pages) {
            Optional<PageDecoder.Page> d = t.dataPage();
            if (d.isPresent() && d.get().fields().get("tsc_ghz") instanceof Double g && g > 0.1 && g < 10) return g;
        }
        return costs.ghz();
    }

    /** This machine's core in the pipeline table (from /proc/cpuinfo), with the sentence saying which and why. */
    public static CorePick core() { return CorePick.thisMachine(TimingTable.defaults()); }

    /** Model and seeds for the five vDSO clocks, charged by the additive cost table. */
    public static List<Line> lines(CostTable costs, double ghz) { return lines(costs, ghz, TimingModel.ADDITIVE); }

    /** Model and seeds for the five vDSO clocks the lab measures (the syscall has no model row of its own). */
    public static List<Line> lines(CostTable costs, double ghz, TimingModel timing) {
        List<Line> out = new ArrayList<>();
        List<SeedTables.Table> tables = SeedTables.load(costs, ghz);
        for (Probe.Item it : Probe.Item.ALL) {
            if (!it.path().equals("vdso")) continue;
            Clock c = Clock.byName(it.clock()).orElseThrow();
            long tick = Setup.tickCycles(ghz, Report.TICK_HZ);
            Row host = Report.measure(new Setup(Scenario.HOST, VARIANT, c, costs, ghz, tick, timing));
            Row ns = Report.measure(new Setup(Scenario.TIMENS, VARIANT, c, costs, ghz, tick, timing));
            out.add(new Line(it.clock(), host.ns(), ns.ns(), seedRatios(tables, c)));
        }
        return out;
    }

    /** Every seed table cell pair (same variant and clock, host and timens) for clock {@code c}. */
    static List<SeedRatio> seedRatios(List<SeedTables.Table> tables, Clock c) {
        List<SeedRatio> out = new ArrayList<>();
        for (SeedTables.Table t : tables) {
            Map<Variant, double[]> pair = new LinkedHashMap<>();
            for (SeedTables.Cell cell : t.cells()) {
                Setup s = cell.setup();
                if (s.clock() != c) continue;
                int i = s.scenario() == Scenario.HOST ? 0 : s.scenario() == Scenario.TIMENS ? 1 : -1;
                if (i < 0) continue;
                double[] v = pair.computeIfAbsent(s.variant(), k -> new double[] {Double.NaN, Double.NaN});
                // calls (more is faster) become time per call
                v[i] = t.calls() ? 1 / cell.seed() : cell.seed();
            }
            pair.forEach((v, x) -> {
                if (!Double.isNaN(x[0]) && !Double.isNaN(x[1])) {
                    out.add(new SeedRatio(t.source().replaceFirst(" \\(.*", ""), v.cliName(), 100 * (x[1] / x[0] - 1)));
                }
            });
        }
        return out;
    }
}

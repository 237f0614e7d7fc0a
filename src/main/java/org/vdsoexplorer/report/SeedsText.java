package org.vdsoexplorer.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.timing.TimingModel;

/**
 * The text of the {@code seeds} command: every seed cell beside the additive and the pipeline model's figures
 * and, when the pipeline ran on the shipped table's default core, why each cell that the pipeline misses by more
 * than {@link SeedTables#WITHIN_PP} is missed (the cell's {@code gap} in assets/seeds.yaml, explained once under
 * the tables). docs/fidelity.md holds this text between its seeds markers (SeedRelationsTest checks it).
 */
public final class SeedsText {
    private SeedsText() {}

    /** The first line: which models produced the figures ({@code origin}: the pipeline table's file). */
    public static String header(boolean markdown, TimingModel pipeline, String origin) {
        return (markdown ? "Timing models: " : "timing: ") + "additive = " + TimingModel.ADDITIVE.label()
                + "; pipeline = " + pipeline.label() + " (" + origin + ")";
    }

    /**
     * @param header  the first line (which models produced the figures)
     * @param reasons true when the pipeline figures come from the core the reasons were written for
     */
    public static String render(List<SeedTables.Both> cells, String header, boolean markdown, boolean reasons) {
        StringBuilder out = new StringBuilder(header).append('\n');
        Map<String, List<String>> used = new LinkedHashMap<>();
        Map<String, Double> baseCycles = new LinkedHashMap<>();
        for (SeedTables.Both b : cells) {
            SeedTables.Comparison p = b.pipeline();
            if (p.cell() == p.table().cells().get(p.table().base())) baseCycles.put(p.table().id(), p.row().cycles());
        }
        String last = "";
        for (SeedTables.Both both : cells) {
            SeedTables.Comparison c = both.additive(), p = both.pipeline();
            if (!c.table().id().equals(last)) {
                last = c.table().id();
                out.append('\n').append(markdown ? "**" + c.table().title() + "** (" + c.table().source() + ")"
                        : "== " + c.table().title() + "  [" + c.table().source() + "]").append('\n');
                if (markdown) {
                    out.append("\n| cell | seed | seed % | model row | additive % | diff (pp) | pipeline % | diff (pp) |")
                            .append(reasons ? " why not within 2 pp |\n" : "\n")
                            .append("|---|---:|---:|---|---:|---:|---:|---:|").append(reasons ? "---|\n" : "\n");
                }
            }
            Setup s = c.cell().setup();
            String row = s.scenario().cliName() + " / " + s.variant().cliName() + " / " + s.clock().cliName();
            String gap = reasons ? c.cell().gap() : "";
            if (!gap.isEmpty()) used.computeIfAbsent(gap, k -> new ArrayList<>()).add(c.cell().label());
            if (markdown) {
                out.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %s | %.1f | %+.1f | %.1f | %+.1f |", c.cell().label(),
                        ReportFormat.seedValue(c.cell().seed()), c.seedPercent(), row, c.modelPercent(), c.differencePp(),
                        p.modelPercent(), p.differencePp()));
                if (reasons) out.append(gap.isEmpty() ? " |" : " [" + gap + "](#gap-" + gap + "): " + cycles(p, baseCycles) + " |");
            } else {
                out.append(String.format(Locale.ROOT, "  %-42s seed %12s = %6.1f %%   additive %6.1f %% %+6.1f pp   pipeline %6.1f %% %+6.1f pp   (%s)",
                        c.cell().label(), ReportFormat.seedValue(c.cell().seed()), c.seedPercent(), c.modelPercent(), c.differencePp(),
                        p.modelPercent(), p.differencePp(), row));
                if (!gap.isEmpty()) out.append("  why: ").append(gap).append(", ").append(cycles(p, baseCycles));
            }
            out.append('\n');
        }
        if (!used.isEmpty()) {
            long within = cells.stream().filter(b -> b.pipeline().within()).count();
            out.append('\n').append(markdown ? "**Why the pipeline misses a cell by more than 2 pp**" : "== Why the pipeline misses a cell by more than 2 pp")
                    .append(String.format(Locale.ROOT, " (%d of %d cells are within 2 pp)%n", within, cells.size()));
            if (markdown) out.append('\n');
            Map<String, SeedTables.Gap> gaps = SeedTables.gaps();
            for (Map.Entry<String, List<String>> e : used.entrySet()) {
                String why = gaps.get(e.getKey()).why();
                out.append(markdown ? "- <a id=\"gap-" + e.getKey() + "\"></a>**" + e.getKey() + "** (" + String.join("; ", e.getValue())
                        + "): " + why : "  " + e.getKey() + ": " + why).append('\n');
            }
        }
        return out.toString();
    }

    /**
     * The pipeline's cycles per call for the cell beside the cycles the seed implies for it: the table's base cell
     * as the model charges it, scaled by the seed's ratio (what the model would have to charge to land on the seed).
     */
    static String cycles(SeedTables.Comparison p, Map<String, Double> baseCycles) {
        double implied = baseCycles.get(p.table().id()) * 100 / p.seedPercent();
        return String.format(Locale.ROOT, "%.1f cycles a call, the seed implies %.1f", p.row().cycles(), implied);
    }
}

package org.vdsoexplorer.sim.timing;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.util.Known;

/**
 * Which model charges the cycles: the additive cost table (assets/costs.yaml: every instruction's
 * reciprocal throughput summed) or the out-of-order {@link Pipeline} on one {@link Core} of the
 * pipeline table. Named on the command line as {@code additive}, {@code pipeline} (the table's first
 * core) or {@code pipeline:CORE}.
 */
public record TimingModel(Core core) {
    public static final TimingModel ADDITIVE = new TimingModel(null);

    public static TimingModel pipeline(Core core) { return new TimingModel(core); }

    public boolean isPipeline() { return core != null; }

    /** The command-line name. */
    public String id() { return core == null ? "additive" : "pipeline:" + core.id(); }

    /** What the counters and reports say produced their figures. */
    public String label() {
        return core == null ? "additive (assets/costs.yaml)" : "pipeline, " + core.label();
    }

    /** The picker's short name. */
    public String shortLabel() { return core == null ? "additive" : "pipeline " + core.id(); }

    /** Additive, then the pipeline on every core of {@code table}. */
    public static List<TimingModel> choices(TimingTable table) {
        List<TimingModel> out = new ArrayList<>();
        out.add(ADDITIVE);
        for (Core c : table.cores()) out.add(pipeline(c));
        return out;
    }

    /** The names {@link #parse} knows: additive, pipeline (the table's default core), pipeline:CORE for each core. */
    public static List<String> names(TimingTable table) {
        List<String> out = new ArrayList<>(List.of("additive", "pipeline"));
        for (Core c : table.cores()) out.add("pipeline:" + c.id());
        return out;
    }

    /** The ids of {@code table}'s cores, in table order (the first is the default). */
    public static List<String> coreIds(TimingTable table) { return table.cores().stream().map(Core::id).toList(); }

    /**
     * Parses a name ({@code additive}, {@code pipeline}, {@code pipeline:CORE}); throws IllegalArgumentException
     * with the one "unknown X 'v' (known: ...)" message ({@link Known#unknown}).
     */
    public static TimingModel parse(String spec, TimingTable table) {
        if (spec.equals("additive")) return ADDITIVE;
        if (spec.equals("pipeline")) return pipeline(table.defaultCore());
        if (spec.startsWith("pipeline:")) {
            String id = spec.substring("pipeline:".length());
            return table.core(id).map(TimingModel::pipeline).orElseThrow(() -> new IllegalArgumentException(
                    Known.unknown("core", id, coreIds(table))));
        }
        throw new IllegalArgumentException(Known.unknown("timing", spec, names(table)));
    }

    @Override public String toString() { return id(); }
}

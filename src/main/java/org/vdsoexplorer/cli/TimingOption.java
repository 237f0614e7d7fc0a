package org.vdsoexplorer.cli;

import java.nio.file.Path;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;
import org.vdsoexplorer.util.SafeYaml;

/**
 * {@code --timing additive|pipeline|pipeline:CORE} and the tables it reads: each {@code --costs FILE} (it may be
 * given twice) replaces the cost table (assets/costs.yaml format) or the pipeline table (assets/timing.yaml
 * format, recognised by its top-level {@code cores:}), each read through the hardened loader ({@link SafeYaml#read}).
 */
record TimingOption(CostTable costs, TimingTable table, TimingModel timing) {

    static final String HELP = "--timing additive|pipeline|pipeline:CORE";

    static TimingOption parse(String command, Args a, String defaultTiming) {
        CostTable costs = CostTable.defaults();
        TimingTable table = TimingTable.defaults();
        for (String f : a.all("costs")) {
            String text = SafeYaml.read(Path.of(f)); // a regular file, bounded: a FIFO is refused unopened
            if (TimingTable.isTimingTable(text)) table = TimingTable.parse(f, text);
            else costs = CostTable.parse(f, text);
        }
        String spec = a.one("timing") == null ? defaultTiming : a.one("timing");
        try {
            return new TimingOption(costs, table, TimingModel.parse(spec, table));
        } catch (IllegalArgumentException e) {
            throw new UsageException(command + ": --timing: " + e.getMessage());
        }
    }
}

package org.vdsoexplorer.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.Listings;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.TimingModel;

/**
 * The seeds' tables (assets/seeds.yaml) beside the model's figures for the same cells. Every cell is
 * compared relative to its table's base cell; the difference is in percentage points.
 */
public final class SeedTables {

    /**
     * One seed cell. {@code gap}: the id of the reason (in seeds.yaml's {@code gaps:}) the pipeline model on the
     * shipped table's default core lands outside {@link #WITHIN_PP} of it, or "" when it lands within.
     */
    public record Cell(String label, double seed, Setup setup, String note, String gap) {}

    public record Table(String id, String title, String source, boolean calls, int base, List<Cell> cells) {}

    /** One compared cell: the seed's and the model's figure as % of the base (speed: higher = faster). */
    public record Comparison(Table table, Cell cell, double seedPercent, double modelPercent, Row row) {
        public double differencePp() { return modelPercent - seedPercent; }

        /** Within {@link #WITHIN_PP} of the seed (unrounded: a printed +2.0 may be 2.04 and outside). */
        public boolean within() { return Math.abs(differencePp()) <= WITHIN_PP; }
    }

    /** How close a model's percentage must land to the seed's to count as reproducing it (issue 10). */
    public static final double WITHIN_PP = 2.0;

    /** One reason a cell lands outside {@link #WITHIN_PP} with the pipeline model (seeds.yaml {@code gaps:}), on one line. */
    public record Gap(String id, String why) {}

    private SeedTables() {}

    /** One seed cell under both timing models. */
    public record Both(Comparison additive, Comparison pipeline) {}

    /** The tables with the default compiler's (gcc 12) listings, charged by the additive model. */
    public static List<Table> load(CostTable costs, double ghz) {
        return load(costs, ghz, Compiler.GCC_12, TimingModel.ADDITIVE);
    }

    /** The tables, every model row run on {@code compiler}'s listings. */
    public static List<Table> load(CostTable costs, double ghz, Compiler compiler) {
        return load(costs, ghz, compiler, TimingModel.ADDITIVE);
    }

    /** The tables with every cell's row charged by {@code timing} (gcc 12's listings). */
    public static List<Table> load(CostTable costs, double ghz, TimingModel timing) {
        return load(costs, ghz, Compiler.GCC_12, timing);
    }

    /** The tables, every model row run on {@code compiler}'s listings and charged by {@code timing}. */
    @SuppressWarnings("unchecked")
    public static List<Table> load(CostTable costs, double ghz, Compiler compiler, TimingModel timing) {
        Object root = root();
        Map<String, Gap> gaps = gaps();
        List<Table> out = new ArrayList<>();
        for (Object t : (List<Object>) ((Map<String, Object>) root).get("tables")) {
            Map<String, Object> m = (Map<String, Object>) t;
            String baseId = (String) m.get("base");
            List<Cell> cells = new ArrayList<>();
            int base = -1;
            for (Object c : (List<Object>) m.get("cells")) {
                Map<String, Object> cm = (Map<String, Object>) c;
                List<String> row = (List<String>) cm.get("row");
                String id = (String) cm.get("id");
                Setup setup = new Setup(
                        Scenario.byName(row.get(0)).orElseThrow(() -> bad(m, "scenario " + row.get(0))),
                        Variant.byName(row.get(1)).orElseThrow(() -> bad(m, "variant " + row.get(1))),
                        Clock.byName(row.get(2)).orElseThrow(() -> bad(m, "clock " + row.get(2))),
                        costs, ghz, Setup.tickCycles(ghz, Report.TICK_HZ), compiler, timing);
                if (setup.problem() != null) throw bad(m, setup.problem());
                if (baseId.equals(id)) base = cells.size();
                String gap = (String) cm.getOrDefault("gap", "");
                if (!gap.isEmpty() && !gaps.containsKey(gap)) throw bad(m, "gap '" + gap + "' (not under gaps:)");
                cells.add(new Cell((String) cm.get("label"), ((Number) cm.get("seed")).doubleValue(), setup,
                        (String) cm.getOrDefault("note", ""), gap));
            }
            if (base < 0) throw bad(m, "no cell with id '" + baseId + "'");
            out.add(new Table((String) m.get("id"), (String) m.get("title"), (String) m.get("source"),
                    "calls".equals(m.get("unit")), base, cells));
        }
        return out;
    }

    private static Object root() {
        return new Load(LoadSettings.builder().setLabel("assets/seeds.yaml").build()).loadFromString(Listings.resource("/assets/seeds.yaml"));
    }

    /** The reasons cells land outside {@link #WITHIN_PP} with the pipeline model, by id, in file order. */
    @SuppressWarnings("unchecked")
    public static Map<String, Gap> gaps() {
        Map<String, Gap> out = new LinkedHashMap<>();
        Object g = ((Map<String, Object>) root()).get("gaps");
        if (g == null) return out;
        for (Map.Entry<String, Object> e : ((Map<String, Object>) g).entrySet()) {
            out.put(e.getKey(), new Gap(e.getKey(), ((String) e.getValue()).strip().replaceAll("\\s+", " ")));
        }
        return out;
    }

    private static IllegalStateException bad(Map<String, Object> table, String what) {
        return new IllegalStateException("assets/seeds.yaml: table '" + table.get("id") + "': bad " + what);
    }

    /** Measures every distinct row once and compares. */
    public static List<Comparison> compare(List<Table> tables) { return compare(tables, measure(tables)); }

    /**
     * Every seed cell with the additive model and with {@code pipeline}, all rows measured in one pool
     * (the full seed-table reproduction).
     */
    public static List<Both> compareBoth(CostTable costs, double ghz, Compiler compiler, TimingModel pipeline) {
        List<Table> add = load(costs, ghz, compiler), pipe = load(costs, ghz, compiler, pipeline);
        List<Table> all = new ArrayList<>(add);
        all.addAll(pipe);
        Map<Setup, Row> rows = measure(all);
        List<Comparison> a = compare(add, rows), p = compare(pipe, rows);
        List<Both> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) out.add(new Both(a.get(i), p.get(i)));
        return out;
    }

    private static Map<Setup, Row> measure(List<Table> tables) {
        LinkedHashSet<Setup> setups = new LinkedHashSet<>();
        tables.forEach(t -> t.cells().forEach(c -> setups.add(c.setup())));
        List<Setup> list = new ArrayList<>(setups);
        List<Row> rows = Report.measureAll(list);
        Map<Setup, Row> bySetup = new LinkedHashMap<>();
        for (int i = 0; i < list.size(); i++) bySetup.put(list.get(i), rows.get(i));
        return bySetup;
    }

    private static List<Comparison> compare(List<Table> tables, Map<Setup, Row> bySetup) {
        List<Comparison> out = new ArrayList<>();
        for (Table t : tables) {
            Cell base = t.cells().get(t.base());
            double seedBase = t.calls() ? base.seed() : 1 / base.seed();
            double modelBase = bySetup.get(base.setup()).callsIn3s();
            for (Cell c : t.cells()) {
                double seedSpeed = t.calls() ? c.seed() : 1 / c.seed();
                Row r = bySetup.get(c.setup());
                out.add(new Comparison(t, c, 100 * seedSpeed / seedBase, 100 * r.callsIn3s() / modelBase, r));
            }
        }
        return out;
    }
}

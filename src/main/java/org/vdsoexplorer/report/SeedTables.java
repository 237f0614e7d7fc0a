package org.vdsoexplorer.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.Listings;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.SetupText;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;
import org.vdsoexplorer.util.BadInputException;
import org.vdsoexplorer.util.Known;
import org.vdsoexplorer.util.SafeYaml;

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
    public static List<Table> load(CostTable costs, double ghz, Compiler compiler, TimingModel timing) {
        MappingNode root = root();
        Map<String, Gap> gaps = gaps();
        Setup base = new Setup(Scenario.HOST, Variant.BEFORE, Clock.MONOTONIC, costs, ghz, Setup.tickCycles(ghz, Report.TICK_HZ),
                compiler, timing);
        List<Table> out = new ArrayList<>();
        for (Node t : items(root, "tables")) {
            MappingNode m = mapping(t, "a table");
            String id = text(m, "id"), baseId = text(m, "base");
            List<Cell> cells = new ArrayList<>();
            int baseIndex = -1;
            for (Node c : items(m, "cells")) {
                MappingNode cm = mapping(c, "a cell");
                Setup setup = row(cm, base);
                if (baseId.equals(optional(cm, "id", ""))) baseIndex = cells.size();
                String gap = optional(cm, "gap", "");
                if (!gap.isEmpty() && !gaps.containsKey(gap)) {
                    throw new BadInputException(ORIGIN, SafeYaml.line(value(cm, "gap")), Known.unknown("gap", gap, gaps.keySet()));
                }
                cells.add(new Cell(text(cm, "label"), number(cm, "seed"), setup, optional(cm, "note", ""), gap));
            }
            if (baseIndex < 0) throw new BadInputException(ORIGIN, SafeYaml.line(value(m, "base")), "table '" + id + "': no cell with id '" + baseId + "'");
            out.add(new Table(id, text(m, "title"), text(m, "source"), "calls".equals(text(m, "unit")), baseIndex, cells));
        }
        return out;
    }

    /** The shipped table's name in messages. */
    static final String ORIGIN = "assets/seeds.yaml";

    /**
     * A cell's {@code row: [scenario, variant, clock]} (as {@code report} prints a row), read as those keys by the one
     * setup parser ({@link SetupText}) over {@code base}; the combination must run.
     */
    private static Setup row(MappingNode cell, Setup base) {
        Node row = value(cell, "row");
        List<String> keys = List.of(SetupText.SCENARIO, SetupText.VARIANT, SetupText.CLOCK);
        if (!(row instanceof SequenceNode seq) || seq.getValue().size() != keys.size()) {
            throw new BadInputException(ORIGIN, SafeYaml.line(row), "'row' must be [scenario, variant, clock]");
        }
        Map<String, SetupText.Field> fields = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            Node n = seq.getValue().get(i);
            fields.put(keys.get(i), new SetupText.Field(scalar(n, "row"), SafeYaml.line(n)));
        }
        Setup setup = SetupText.parse(ORIGIN, fields, base, TimingTable.defaults());
        if (setup.problem() != null) throw new BadInputException(ORIGIN, SafeYaml.line(row), setup.problem());
        return setup;
    }

    private static MappingNode root() {
        Node root = SafeYaml.compose(ORIGIN, Listings.resource("/assets/seeds.yaml")).orElse(null);
        return mapping(root, "the document");
    }

    /** The reasons cells land outside {@link #WITHIN_PP} with the pipeline model, by id, in file order. */
    public static Map<String, Gap> gaps() {
        Map<String, Gap> out = new LinkedHashMap<>();
        Node g = find(root(), "gaps");
        if (g == null) return out;
        for (NodeTuple e : mapping(g, "'gaps'").getValue()) {
            String id = scalar(e.getKeyNode(), "a gap's id");
            out.put(id, new Gap(id, scalar(e.getValueNode(), "gap '" + id + "'").strip().replaceAll("\\s+", " ")));
        }
        return out;
    }

    // ---- the nodes of assets/seeds.yaml (SafeYaml: every refusal names the line) ------------------

    private static Node find(MappingNode m, String key) {
        for (NodeTuple t : m.getValue()) if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) return t.getValueNode();
        return null;
    }

    private static Node value(MappingNode m, String key) {
        Node n = find(m, key);
        if (n == null) throw new BadInputException(ORIGIN, SafeYaml.line(m), "missing '" + key + "'");
        return n;
    }

    private static MappingNode mapping(Node n, String what) {
        if (n instanceof MappingNode m) return m;
        throw new BadInputException(ORIGIN, SafeYaml.line(n), what + " must be a mapping");
    }

    private static List<Node> items(MappingNode m, String key) {
        if (value(m, key) instanceof SequenceNode s) return s.getValue();
        throw new BadInputException(ORIGIN, SafeYaml.line(value(m, key)), "'" + key + "' must be a list");
    }

    private static String scalar(Node n, String what) {
        if (n instanceof ScalarNode s) return s.getValue();
        throw new BadInputException(ORIGIN, SafeYaml.line(n), what + " must be a single value");
    }

    private static String text(MappingNode m, String key) { return scalar(value(m, key), "'" + key + "'"); }

    private static String optional(MappingNode m, String key, String dflt) {
        Node n = find(m, key);
        return n == null ? dflt : scalar(n, "'" + key + "'");
    }

    private static double number(MappingNode m, String key) {
        String s = text(m, key);
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new BadInputException(ORIGIN, SafeYaml.line(value(m, key)), "'" + key + "' is '" + Known.shown(s) + "', must be a number");
        }
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

package org.vdsoexplorer.sim.cost;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.vdsoexplorer.util.BadInputException;
import org.vdsoexplorer.util.Range;
import org.vdsoexplorer.util.SafeYaml;

/**
 * The one cost table (after uiCA / llvm-mca: costs are data the code only reads). Loaded from YAML where
 * every leaf is {@code {cycles: N, source: "..."}}; the same table serves every scenario and variant.
 * Values are held in milli-cycles. Every figure must lie within its {@link CostBounds physical bounds}.
 */
public final class CostTable {
    /** One row of the table, for views that show where a figure comes from. */
    public record Entry(String key, double cycles, String source, int line) {}

    private static final String DEFAULT_RESOURCE = "/assets/costs.yaml";

    private final String origin;
    private final Map<String, Entry> entries;
    private final EnumMap<CostClass, Long> perClass = new EnumMap<>(CostClass.class);
    private final EnumMap<EntryMechanism, Long> entry = new EnumMap<>(EntryMechanism.class);
    private final long taken, mispredict, harness, writerStep, timensKernel;
    private final Map<String, Long> clockRead = new LinkedHashMap<>();
    private final double ghz;
    /** Every cost's cycles by key: what the model reads, and so what {@link #equals} compares. */
    private final Map<String, Double> cycles = new java.util.HashMap<>();

    private CostTable(String origin, Map<String, Entry> entries) {
        this.origin = origin;
        this.entries = entries;
        for (Entry e : entries.values()) cycles.put(e.key(), e.cycles());
        for (CostClass c : CostClass.values()) {
            if (c == CostClass.KERNEL_ENTRY) perClass.put(c, 0L); // charged per mechanism below
            else perClass.put(c, milli("instruction." + c.name().toLowerCase(Locale.ROOT)));
        }
        entry.put(EntryMechanism.SYSCALL, milli("kernel.entry.syscall"));
        entry.put(EntryMechanism.SYSENTER, milli("kernel.entry.sysenter"));
        entry.put(EntryMechanism.INT80, milli("kernel.entry.int80"));
        for (String src : List.of("tsc", "pvclock", "hvclock", "coarse")) clockRead.put(src, milli("kernel.clock_read." + src));
        this.timensKernel = milli("kernel.timens_offset");
        this.taken = milli("branch.taken");
        this.mispredict = milli("branch.mispredict");
        this.harness = milli("harness.call");
        this.writerStep = milli("writer.step");
        this.ghz = require("cpu.ghz").cycles();

    }

    /** The table shipped in assets/costs.yaml (on the class path). */
    public static CostTable defaults() { return Defaults.TABLE; }

    /** Parsed once, on first use (the table is immutable; pickers ask for it while measuring their cells). */
    private static final class Defaults {
        static final CostTable TABLE = readDefaults();
    }

    private static CostTable readDefaults() {
        try (var in = CostTable.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) throw new CostTableException(DEFAULT_RESOURCE, 1, "missing from the class path");
            return parse("assets/costs.yaml", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CostTableException(DEFAULT_RESOURCE, 1, e.getMessage());
        }
    }

    /** Reads a cost table from a file (a regular file of at most {@link SafeYaml#MAX_CODE_POINTS} bytes). */
    public static CostTable load(Path file) { return CostTableException.load(file, CostTable::parse); }

    public static CostTable parse(String origin, String yaml) {
        MappingNode map = CostTableException.topMapping(origin, yaml, "expected a mapping at the top level");
        Map<String, Entry> entries = new LinkedHashMap<>();
        walk(origin, "", map, entries);
        CostTable t = new CostTable(origin, entries);
        for (Entry e : entries.values()) {
            if (!t.used.contains(e.key())) {
                throw new CostTableException(origin, e.line(), "unknown cost '" + e.key() + "'");
            }
        }
        return t;
    }

    private static int line(Node n) { return SafeYaml.line(n); }

    private static void walk(String origin, String prefix, MappingNode map, Map<String, Entry> out) {
        Map<String, Node> fields = new LinkedHashMap<>();
        for (NodeTuple t : map.getValue()) {
            if (!(t.getKeyNode() instanceof ScalarNode k)) throw new CostTableException(origin, line(t.getKeyNode()), "keys must be plain names");
            if (fields.put(k.getValue(), t.getValueNode()) != null) {
                throw new CostTableException(origin, line(k), "'" + k.getValue() + "' appears twice" + (prefix.isEmpty() ? "" : " in '" + prefix + "'"));
            }
        }
        boolean leaf = fields.containsKey("cycles") || fields.containsKey("value");
        if (leaf) {
            String valueKey = fields.containsKey("cycles") ? "cycles" : "value";
            Node v = fields.get(valueKey);
            Node s = fields.get("source");
            int at = line(map);
            if (!(v instanceof ScalarNode vs)) throw new CostTableException(origin, line(v), "'" + valueKey + "' must be a number");
            if (!(s instanceof ScalarNode ss) || ss.getValue().isBlank()) {
                throw new CostTableException(origin, at, "'" + prefix + "' needs a source: where the figure comes from");
            }
            for (String f : fields.keySet()) {
                if (!f.equals(valueKey) && !f.equals("source")) {
                    throw new CostTableException(origin, line(fields.get(f)), "unexpected field '" + f + "' in '" + prefix + "'");
                }
            }
            double d;
            try {
                d = Double.parseDouble(vs.getValue().strip());
            } catch (NumberFormatException e) {
                throw new CostTableException(origin, line(v), "'" + prefix + "': '" + clip(vs.getValue()) + "' is not a number");
            }
            Range range;
            try {
                range = CostBounds.of(prefix);
            } catch (IllegalArgumentException e) {
                throw new CostTableException(origin, line(map), "unknown cost '" + prefix + "'");
            }
            String why = range.check(d);
            if (why != null) throw new CostTableException(origin, line(v), "'" + prefix + "' " + why);
            out.put(prefix, new Entry(prefix, d, ss.getValue(), line(v)));
            return;
        }
        for (Map.Entry<String, Node> f : fields.entrySet()) {
            String key = prefix.isEmpty() ? f.getKey() : prefix + "." + f.getKey();
            if (!(f.getValue() instanceof MappingNode child)) {
                throw new CostTableException(origin, line(f.getValue()), "'" + key + "' must be {cycles: N, source: \"...\"}");
            }
            walk(origin, key, child, out);
        }
    }

    private static String clip(String s) { return s.length() > 40 ? s.substring(0, 40) + "\u2026" : s; }

    private final java.util.Set<String> used = new java.util.HashSet<>();

    private Entry require(String key) {
        used.add(key);
        Entry e = entries.get(key);
        if (e == null) throw new CostTableException(origin, 1, "missing cost '" + key + "' (" + CostBounds.of(key).words() + ")");
        return e;
    }

    private long milli(String key) { return Math.round(require(key).cycles() * 1000.0); }

    public String origin() { return origin; }

    /**
     * This table with the writer's step cost replaced by {@code cycles} (within writer.step's bounds): the
     * cycles between two steps of update_vsyscall(), so the window a racing reader has between them.
     */
    public CostTable withWriterStep(double cycles) {
        String why = CostBounds.of("writer.step").check(cycles);
        if (why != null) throw new CostTableException(origin, 1, "'writer.step' " + why);
        Map<String, Entry> copy = new LinkedHashMap<>(entries);
        Entry old = copy.get("writer.step");
        copy.put("writer.step", new Entry("writer.step", cycles, "set to " + cycles + " cycles (was " + old.cycles()
                + ": " + old.source() + ")", old.line()));
        return new CostTable(origin + " (writer.step " + cycles + ")", copy);
    }

    public List<Entry> entries() { return new ArrayList<>(entries.values()); }

    public long instructionMilli(CostClass c) { return perClass.get(c); }

    public long takenBranchMilli() { return taken; }

    public long mispredictMilli() { return mispredict; }

    /** Entry plus exit of one system call by {@code how}. */
    public long entryMilli(EntryMechanism how) { return entry.get(how); }

    /** The kernel's own clock read inside clock_gettime(), by clocksource ("tsc", "pvclock", "hvclock"). */
    public long clockReadMilli(String source) {
        Long v = clockRead.get(source);
        if (v == null) throw new IllegalArgumentException("no kernel clock read cost for '" + source + "'");
        return v;
    }

    /** Adding the namespace offsets in the kernel (timens_add_monotonic/boottime). */
    public long timensKernelMilli() { return timensKernel; }

    /** The caller loop around each call (gettime_perf: indirect call, compare, loop branch). */
    public long harnessMilli() { return harness; }

    /** Cycles between successive update_vsyscall() steps on the timekeeping CPU. */
    public long writerStepMilli() { return writerStep; }

    /** The default clock for ns figures. */
    public double ghz() { return ghz; }

    /**
     * Equal when both tables give every cost the same cycles, whatever file they came from: a setup holding
     * a table is then a value (caches keyed by setup find a table read twice). Sources and lines only document.
     */
    @Override public boolean equals(Object o) { return o instanceof CostTable t && cycles.equals(t.cycles); }

    @Override public int hashCode() { return cycles.hashCode(); }
}

package org.vdsoexplorer.sim.timing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.vdsoexplorer.sim.cost.CostTableException;
import org.vdsoexplorer.util.BadInputException;
import org.vdsoexplorer.util.SafeYaml;

/**
 * The pipeline table (assets/timing.yaml): the cores the out-of-order model can be, each figure with its
 * source. Loading goes through the hardened loader ({@link SafeYaml}: a regular file, bounded size and depth, no
 * aliases) and checks every key, type and range and reports {@code file:line: key: message} (a line of 1 or more)
 * ({@link CostTableException}, the same error the cost table uses, so the CLI prints it the same way).
 */
public final class TimingTable {
    private static final String DEFAULT_RESOURCE = "/assets/timing.yaml";

    /** One figure of the table with its source, for views that cite it. */
    public record Entry(String key, String value, String source, int line) {}

    /**
     * One line of the table's {@code cpuid:} list: a vendor ({@code vendor_id} of /proc/cpuinfo), a family and
     * model ranges (inclusive, as {@code [from, to]} pairs) that run {@code core}.
     */
    public record CpuidRange(String vendor, int family, List<int[]> models, String core, String text, String source, int line) {
        public CpuidRange {
            models = List.copyOf(models);
        }

        public boolean matches(String v, int f, int m) {
            return vendor.equals(v) && family == f && models.stream().anyMatch(r -> m >= r[0] && m <= r[1]);
        }
    }

    private final String origin;
    private final Map<String, Core> cores;
    private final List<Entry> entries;
    private final List<CpuidRange> cpuid;

    private TimingTable(String origin, Map<String, Core> cores, List<Entry> entries, List<CpuidRange> cpuid) {
        this.origin = origin;
        this.cores = cores;
        this.entries = entries;
        this.cpuid = List.copyOf(cpuid);
    }

    /** The {@code cpuid:} list in table order (empty if the table has none). */
    public List<CpuidRange> cpuid() { return cpuid; }

    public String origin() { return origin; }

    /** The cores in table order; the first is the default. */
    public List<Core> cores() { return List.copyOf(cores.values()); }

    public Optional<Core> core(String id) { return Optional.ofNullable(cores.get(id)); }

    public Core defaultCore() { return cores.values().iterator().next(); }

    public List<Entry> entries() { return entries; }

    public static TimingTable defaults() { return Defaults.TABLE; }

    private static final class Defaults {
        static final TimingTable TABLE = parse("assets/timing.yaml", org.vdsoexplorer.util.Resources.text(DEFAULT_RESOURCE));
    }

    /** Reads a pipeline table from a file through the hardened loader ({@link SafeYaml#read}: a regular file, bounded). */
    public static TimingTable load(Path file) { return CostTableException.load(file, TimingTable::parse); }

    /** True if {@code yaml} looks like a pipeline table (a top-level {@code cores:}), not a cost table. */
    public static boolean isTimingTable(String yaml) {
        return yaml.lines().anyMatch(l -> l.startsWith("cores:"));
    }

    public static TimingTable parse(String origin, String yaml) {
        MappingNode top = CostTableException.topMapping(origin, yaml, "expected a mapping with 'cores:' at the top level");
        Reader r = new Reader(origin);
        Map<String, Node> topFields = r.fields(top, "", List.of("cores", "cpuid"), List.of("cpuid"));
        MappingNode coresNode = r.map(topFields, "cores", "");
        Map<String, Core> cores = new LinkedHashMap<>();
        for (NodeTuple t : coresNode.getValue()) {
            String id = r.keyName(t, "cores");
            if (cores.containsKey(id)) throw r.bad(t.getKeyNode(), "cores." + id, "appears twice");
            if (!(t.getValueNode() instanceof MappingNode m)) throw r.bad(t.getValueNode(), "cores." + id, "must be a mapping");
            cores.put(id, r.core(id, m));
        }
        if (cores.isEmpty()) throw new CostTableException(origin, Reader.line(coresNode), "cores: needs at least one core");
        List<CpuidRange> cpuid = topFields.containsKey("cpuid") ? r.cpuid(topFields.get("cpuid"), cores) : List.of();
        return new TimingTable(origin, cores, List.copyOf(r.entries), cpuid);
    }

    /** Walks one table, collecting entries and failing on the first bad key. */
    private static final class Reader {
        final String origin;
        final List<Entry> entries = new ArrayList<>();

        Reader(String origin) { this.origin = origin; }

        static int line(Node n) { return SafeYaml.line(n); }

        CostTableException bad(Node at, String key, String message) {
            return new CostTableException(origin, line(at), key + ": " + message);
        }

        String keyName(NodeTuple t, String where) {
            if (!(t.getKeyNode() instanceof ScalarNode k)) throw bad(t.getKeyNode(), where, "keys must be plain names");
            return k.getValue();
        }

        /** The fields of {@code map}, which must be exactly {@code allowed} (all present, nothing else). */
        Map<String, Node> fields(MappingNode map, String prefix, List<String> allowed) {
            return fields(map, prefix, allowed, List.of());
        }

        /** As {@link #fields(MappingNode, String, List)}, but the keys in {@code optional} may be absent. */
        Map<String, Node> fields(MappingNode map, String prefix, List<String> allowed, List<String> optional) {
            Map<String, Node> out = new LinkedHashMap<>();
            for (NodeTuple t : map.getValue()) {
                String k = keyName(t, prefix);
                String key = prefix.isEmpty() ? k : prefix + "." + k;
                if (!allowed.contains(k)) throw bad(t.getKeyNode(), key, "unknown key (expected one of " + String.join(", ", allowed) + ")");
                if (out.put(k, t.getValueNode()) != null) throw bad(t.getKeyNode(), key, "appears twice");
            }
            for (String a : allowed) {
                if (!out.containsKey(a) && !optional.contains(a)) throw bad(map, prefix.isEmpty() ? a : prefix + "." + a, "missing");
            }
            return out;
        }

        MappingNode map(Map<String, Node> fields, String name, String prefix) {
            Node n = fields.get(name);
            String key = prefix.isEmpty() ? name : prefix + "." + name;
            if (!(n instanceof MappingNode m)) throw bad(n, key, "must be a mapping");
            return m;
        }

        String scalar(Node n, String key) {
            if (!(n instanceof ScalarNode s)) throw bad(n, key, "must be a plain value");
            return s.getValue();
        }

        String source(Map<String, Node> f, Node at, String key) {
            String s = scalar(f.get("source"), key + ".source");
            if (s.isBlank()) throw bad(at, key, "needs a source: where the figure comes from");
            return s;
        }

        int integer(Node n, String key, int min, int max) {
            String v = scalar(n, key);
            int x;
            try {
                x = Integer.parseInt(v.trim());
            } catch (NumberFormatException e) {
                throw bad(n, key, "'" + v + "' is not a whole number");
            }
            if (x < min || x > max) throw bad(n, key, "must be between " + min + " and " + max + " (got " + x + ")");
            return x;
        }

        /** A {value: N, source: "..."} leaf. */
        int value(Map<String, Node> parent, String name, String prefix, int min, int max) {
            String key = prefix + "." + name;
            Node n = parent.get(name);
            if (!(n instanceof MappingNode m)) throw bad(n, key, "must be {value: N, source: \"...\"}");
            Map<String, Node> f = fields(m, key, List.of("value", "source"));
            int v = integer(f.get("value"), key + ".value", min, max);
            entries.add(new Entry(key, Integer.toString(v), source(f, m, key), line(f.get("value"))));
            return v;
        }

        Core core(String id, MappingNode m) {
            String p = "cores." + id;
            Map<String, Node> f = fields(m, p, List.of("label", "counter_read", "frontend", "dispatch", "retire", "memory", "branch",
                    "ports", "classes"));
            String label = scalar(f.get("label"), p + ".label");
            CounterRead counterRead = counterRead(f.get("counter_read"), p + ".counter_read");
            Map<String, Node> fe = fields(map(f, "frontend", p), p + ".frontend", List.of("width", "taken_bubble", "fusion"));
            Map<String, Node> di = fields(map(f, "dispatch", p), p + ".dispatch",
                    List.of("width", "issue_delay", "mov_elimination", "zero_idiom", "lfence_dispatch_serializing"));
            Map<String, Node> re = fields(map(f, "retire", p), p + ".retire", List.of("width", "rob"));
            Map<String, Node> me = fields(map(f, "memory", p), p + ".memory", List.of("store_forward", "stack_forward", "store_buffer"));
            Map<String, Node> br = fields(map(f, "branch", p), p + ".branch", List.of("mispredict"));
            List<String> ports = ports(f.get("ports"), p + ".ports");
            EnumMap<UopClass, Core.Uop> classes = new EnumMap<>(UopClass.class);
            List<String> names = java.util.Arrays.stream(UopClass.values()).map(UopClass::key).toList();
            Map<String, Node> cl = fields(map(f, "classes", p), p + ".classes", names);
            for (UopClass c : UopClass.values()) classes.put(c, uop(cl.get(c.key()), p + ".classes." + c.key(), ports));
            return new Core(id, label, counterRead,
                    value(fe, "width", p + ".frontend", 1, 16), value(fe, "taken_bubble", p + ".frontend", 0, 20),
                    value(fe, "fusion", p + ".frontend", 0, 1) == 1,
                    value(di, "width", p + ".dispatch", 1, 16), value(di, "issue_delay", p + ".dispatch", 0, 10),
                    value(di, "mov_elimination", p + ".dispatch", 0, 1) == 1, value(di, "zero_idiom", p + ".dispatch", 0, 1) == 1,
                    value(di, "lfence_dispatch_serializing", p + ".dispatch", 0, 1) == 1,
                    value(re, "width", p + ".retire", 1, 16), value(re, "rob", p + ".retire", 8, 1024),
                    value(me, "store_forward", p + ".memory", 0, 100), value(me, "stack_forward", p + ".memory", 0, 100),
                    value(me, "store_buffer", p + ".memory", 1, 1024), value(br, "mispredict", p + ".branch", 0, 100),
                    ports, classes);
        }

        /** A {value: rdtscp | lfence-rdtsc | rdtsc, source: "..."} leaf. */
        CounterRead counterRead(Node n, String key) {
            String known = String.join(" | ", java.util.Arrays.stream(CounterRead.values()).map(CounterRead::key).toList());
            if (!(n instanceof MappingNode m)) throw bad(n, key, "must be {value: " + known + ", source: \"...\"}");
            Map<String, Node> f = fields(m, key, List.of("value", "source"));
            String v = scalar(f.get("value"), key + ".value").trim();
            CounterRead c = CounterRead.byKey(v).orElseThrow(() -> bad(f.get("value"), key + ".value", "'" + v + "' is not one of " + known));
            entries.add(new Entry(key, c.key(), source(f, m, key), line(f.get("value"))));
            return c;
        }

        /** The {@code cpuid:} list: {vendor: V, family: F, models: "A-B C ...", core: ID, source: "..."} items. */
        List<CpuidRange> cpuid(Node n, Map<String, Core> cores) {
            if (!(n instanceof org.snakeyaml.engine.v2.nodes.SequenceNode seq)) throw bad(n, "cpuid", "must be a list of {vendor, family, models, core, source}");
            List<CpuidRange> out = new ArrayList<>();
            int i = 0;
            for (Node item : seq.getValue()) {
                String key = "cpuid[" + i++ + "]";
                if (!(item instanceof MappingNode m)) throw bad(item, key, "must be {vendor: V, family: F, models: \"A-B ...\", core: ID, source: \"...\"}");
                Map<String, Node> f = fields(m, key, List.of("vendor", "family", "models", "core", "source"));
                String vendor = scalar(f.get("vendor"), key + ".vendor").trim();
                if (vendor.isEmpty()) throw bad(f.get("vendor"), key + ".vendor", "needs a vendor_id (AuthenticAMD, GenuineIntel)");
                int family = number(f.get("family"), key + ".family");
                String text = scalar(f.get("models"), key + ".models").trim();
                List<int[]> models = new ArrayList<>();
                for (String tok : text.split("\\s+")) {
                    String[] ab = tok.split("-", -1);
                    if (tok.isEmpty() || ab.length > 2) throw bad(f.get("models"), key + ".models", "'" + tok + "' is not a model or a range A-B");
                    int a = number(f.get("models"), key + ".models", ab[0]), b = ab.length == 2 ? number(f.get("models"), key + ".models", ab[1]) : a;
                    if (b < a) throw bad(f.get("models"), key + ".models", "range '" + tok + "' ends before it starts");
                    models.add(new int[] {a, b});
                }
                String core = scalar(f.get("core"), key + ".core").trim();
                if (!cores.containsKey(core)) {
                    throw bad(f.get("core"), key + ".core", org.vdsoexplorer.util.Known.unknown("core", core, cores.keySet()));
                }
                out.add(new CpuidRange(vendor, family, models, core, text, source(f, m, key), line(m)));
            }
            return out;
        }

        int number(Node n, String key) { return number(n, key, scalar(n, key)); }

        /** A family or model number, decimal or 0x-hexadecimal, 0-65535. */
        int number(Node at, String key, String v) {
            String t = v.trim().toLowerCase(java.util.Locale.ROOT);
            try {
                int x = t.startsWith("0x") ? Integer.parseInt(t.substring(2), 16) : Integer.parseInt(t);
                if (x < 0 || x > 0xffff) throw new NumberFormatException();
                return x;
            } catch (NumberFormatException e) {
                throw bad(at, key, "'" + v + "' is not a family or model number (decimal or 0x hexadecimal)");
            }
        }

        List<String> ports(Node n, String key) {
            if (!(n instanceof MappingNode m)) throw bad(n, key, "must be {value: \"names\", source: \"...\"}");
            Map<String, Node> f = fields(m, key, List.of("value", "source"));
            List<String> names = List.of(scalar(f.get("value"), key + ".value").trim().split("\\s+"));
            if (names.size() > 30 || names.getFirst().isEmpty()) throw bad(m, key, "needs 1 to 30 port names");
            if (names.stream().distinct().count() != names.size()) throw bad(m, key, "port names must be distinct");
            entries.add(new Entry(key, String.join(" ", names), source(f, m, key), line(m)));
            return names;
        }

        Core.Uop uop(Node n, String key, List<String> ports) {
            if (!(n instanceof MappingNode m)) {
                throw bad(n, key, "must be {ports: \"...\", latency: N, occupancy: N, uops: N, source: \"...\"}");
            }
            Map<String, Node> f = fields(m, key, List.of("ports", "latency", "occupancy", "uops", "source"));
            int mask = 0;
            String list = scalar(f.get("ports"), key + ".ports").trim();
            if (!list.isEmpty()) {
                for (String s : list.split("\\s+")) {
                    int i = ports.indexOf(s);
                    if (i < 0) throw bad(f.get("ports"), key + ".ports", "unknown port '" + s + "' (ports: " + String.join(" ", ports) + ")");
                    mask |= 1 << i;
                }
            }
            int latency = integer(f.get("latency"), key + ".latency", 0, 1000);
            int occupancy = integer(f.get("occupancy"), key + ".occupancy", 0, 1000);
            int uops = integer(f.get("uops"), key + ".uops", 1, 64);
            if (mask != 0 && occupancy < 1) throw bad(f.get("occupancy"), key + ".occupancy", "must be at least 1 when the class uses ports");
            if (mask == 0 && occupancy != 0) throw bad(f.get("occupancy"), key + ".occupancy", "must be 0 when the class uses no port");
            entries.add(new Entry(key, "ports '" + list + "', latency " + latency + ", occupancy " + occupancy + ", uops " + uops,
                    source(f, m, key), line(m)));
            return new Core.Uop(mask, latency, occupancy, uops);
        }
    }
}

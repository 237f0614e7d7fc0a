package org.vdsoexplorer.host.live;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.vdsoexplorer.util.Json;

/** The live lab's rows and pages as text: an aligned table, TSV, or JSON (Jackson's ObjectMapper, util.Json). */
public final class LiveFormat {
    private LiveFormat() {}

    public static String table(List<Measurements.Row> rows) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-7s %-17s %-8s %12s %12s %16s %12s %10s %7s%n",
                (Object[]) Measurements.Row.COLUMNS));
        for (Measurements.Row r : rows) {
            sb.append(String.format(Locale.ROOT, "%-7s %-17s %-8s %12.2f %12d %16.2f %12.2f %10.1f %7d%n", r.task(), r.clock(),
                    r.path(), r.nsPerCall(), r.callsIn3s(), r.rawNs(), r.downcallNs(), r.spreadPercent(), r.rounds()));
        }
        return sb.toString();
    }

    public static String tsv(List<Measurements.Row> rows) {
        StringBuilder sb = new StringBuilder(String.join("\t", Measurements.Row.COLUMNS)).append('\n');
        for (Measurements.Row r : rows) {
            sb.append(String.format(Locale.ROOT, "%s\t%s\t%s\t%.3f\t%d\t%.3f\t%.3f\t%.2f\t%d%n", r.task(), r.clock(), r.path(),
                    r.nsPerCall(), r.callsIn3s(), r.rawNs(), r.downcallNs(), r.spreadPercent(), r.rounds()));
        }
        return sb.toString();
    }

    public static String json(List<Measurements.Row> rows, List<String> problems) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("note", "ns_per_call is corrected: raw_ns_per_call minus downcall_ns (the Java downcall overhead, labs() "
                + "measured in the same rounds); medians over the rounds, spread_pct = (max - min) / median");
        m.put("rows", rows.stream().map(r -> {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("task", r.task());
            o.put("clock", r.clock());
            o.put("path", r.path());
            o.put("ns_per_call", round(r.nsPerCall()));
            o.put("calls_in_3s", r.callsIn3s());
            o.put("raw_ns_per_call", round(r.rawNs()));
            o.put("downcall_ns", round(r.downcallNs()));
            o.put("min_ns", round(r.minNs()));
            o.put("max_ns", round(r.maxNs()));
            o.put("spread_pct", round(r.spreadPercent()));
            o.put("rounds", r.rounds());
            return o;
        }).toList());
        m.put("problems", problems);
        return Json.pretty(m);
    }

    private static double round(double v) { return Math.round(v * 1000) / 1000.0; }

    /** The pages of each task, one line per page, with the decoded fields and the checks. */
    public static String pagesTable(List<PageDecoder.TaskPages> tasks, List<LiveSession.SeqWatch> seq, List<String> problems) {
        StringBuilder sb = new StringBuilder();
        for (PageDecoder.TaskPages t : tasks) {
            TaskInfo i = t.info();
            sb.append(String.format(Locale.ROOT, "== %s task (pid %d): kernel %s, clocksource %s%n", t.task(), i.pid(), i.kernel(),
                    i.clocksource()));
            sb.append("   layout: ").append(t.layoutNote()).append('\n');
            sb.append("   /proc/self/timens_offsets: ").append(offsets(i)).append('\n');
            for (LiveSession.SeqWatch w : seq) {
                if (w.task().equals(t.task())) {
                    sb.append(String.format(Locale.ROOT, "   seq over %.1f s: %d -> %d, %d updates (%.0f per second), longest gap %.1f ms%n",
                            w.seconds(), w.first(), w.last(), w.updates(), w.perSecond(), w.maxGapMs()));
                }
            }
            sb.append(String.format(Locale.ROOT, "   %-4s %-14s %-10s %-12s %-10s %-26s %s%n", "slot", "mapping", "kind", "role", "seq",
                    "clock_mode", "decoded"));
            for (PageDecoder.Page p : t.pages()) {
                sb.append(String.format(Locale.ROOT, "   %-4d %-14s %-10s %-12s %-10s %-26s %s%n", p.slot(), p.mapping(), p.kind(),
                        p.role() == null ? "-" : p.role().toLowerCase(Locale.ROOT), p.seq() == null ? "-" : p.seq(),
                        p.clockModeName() == null ? "-" : p.clockModeName(), p.fields().isEmpty() ? p.note() : json(p.fields())));
                for (PageDecoder.Check c : p.checks()) {
                    sb.append(String.format(Locale.ROOT, "        %s %s: %s%n", c.ok() ? "ok  " : "FAIL", c.name(), c.detail()));
                }
                if (p.hex() != null) sb.append(hexDump(p.hex(), 16));
            }
        }
        for (String p : problems) sb.append("problem: ").append(p).append('\n');
        return sb.toString();
    }

    static String offsets(TaskInfo i) {
        if (i.timensOffsets().isEmpty()) return "none";
        StringBuilder sb = new StringBuilder();
        i.timensOffsets().forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ", ").append(k).append(' ').append(v[0]).append(" s ")
                .append(v[1]).append(" ns"));
        return sb.toString();
    }

    /** The first {@code lines} rows of a hex dump (16 bytes a row). */
    static String hexDump(String hex, int lines) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines && i * 32 < hex.length(); i++) {
            sb.append(String.format(Locale.ROOT, "        %04x:", i * 16));
            for (int j = 0; j < 16 && i * 32 + j * 2 + 2 <= hex.length(); j++) sb.append(' ').append(hex, i * 32 + j * 2, i * 32 + j * 2 + 2);
            sb.append('\n');
        }
        return sb.toString();
    }

    public static String pagesJson(List<PageDecoder.TaskPages> tasks, List<LiveSession.SeqWatch> seq, List<String> problems) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tasks", tasks.stream().map(t -> {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("task", t.task());
            o.put("pid", t.info().pid());
            o.put("kernel", t.info().kernel());
            o.put("clocksource", t.info().clocksource());
            o.put("layout", t.layout() == null ? null : t.layout().name());
            o.put("layout_note", t.layoutNote());
            Map<String, Object> offs = new LinkedHashMap<>();
            t.info().timensOffsets().forEach((k, v) -> offs.put(k, Map.of("sec", v[0], "nsec", v[1])));
            o.put("timens_offsets", offs);
            o.put("maps", t.info().maps());
            seq.stream().filter(w -> w.task().equals(t.task())).findFirst().ifPresent(w -> {
                Map<String, Object> s = new LinkedHashMap<>();
                s.put("first", w.first());
                s.put("last", w.last());
                s.put("updates", w.updates());
                s.put("seconds", w.seconds());
                s.put("per_second", round(w.perSecond()));
                s.put("max_gap_ms", round(w.maxGapMs()));
                o.put("seq_watch", s);
            });
            o.put("pages", t.pages().stream().map(p -> {
                Map<String, Object> q = new LinkedHashMap<>();
                q.put("slot", p.slot());
                q.put("mapping", p.mapping());
                q.put("address", p.address());
                q.put("kind", p.kind());
                q.put("role", p.role() == null ? null : p.role().toLowerCase(Locale.ROOT));
                q.put("seq", p.seq());
                q.put("clock_mode", p.clockMode());
                q.put("clock_mode_name", p.clockModeName());
                q.put("fields", p.fields());
                q.put("checks", p.checks().stream().map(c -> Map.of("name", c.name(), "ok", c.ok(), "detail", c.detail())).toList());
                q.put("note", p.note());
                if (p.hex() != null) q.put("hex", p.hex());
                return q;
            }).toList());
            return o;
        }).toList());
        m.put("problems", problems);
        return Json.pretty(m);
    }

    /** Any tree of maps, lists, strings, numbers and booleans as compact JSON (Jackson). */
    public static String json(Object tree) { return Json.compact(tree); }
}

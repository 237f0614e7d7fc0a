package org.vdsoexplorer.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import org.vdsoexplorer.sim.Listings;

/**
 * Renders report rows as an aligned table, TSV (header = {@link Row#COLUMNS}), CSV, Markdown or JSON; and any
 * table of texts (the seed tables, the compare table) as CSV (RFC 4180) or a Markdown pipe table.
 */
public final class ReportFormat {
    private ReportFormat() {}

    /** The leading columns of a report row that are names (left-aligned), the rest are figures. */
    private static final int TEXT_COLUMNS = 4;

    private static String[] cells(Row r) {
        return new String[] {r.scenario().cliName(), r.variant().cliName(), r.clock().cliName(), r.compiler().cliName(),
            String.format(Locale.ROOT, "%.2f", r.instructions()), String.format(Locale.ROOT, "%.2f", r.cycles()),
            String.format(Locale.ROOT, "%.2f", r.ns()), Long.toString(r.callsIn3s()),
            String.format(Locale.ROOT, "%.6f", r.retries()), String.format(Locale.ROOT, "%.4f", r.fallbacks()), Long.toString(r.incorrect()),
            r.timing().id()};
    }

    public static String csv(List<Row> rows) { return csv(List.of(Row.COLUMNS), cellLists(rows)); }

    public static String markdown(List<Row> rows) { return markdown(List.of(Row.COLUMNS), cellLists(rows), TEXT_COLUMNS); }

    private static List<List<String>> cellLists(List<Row> rows) { return rows.stream().map(r -> List.of(cells(r))).toList(); }

    /** RFC 4180 CSV: a header line, then one line per row; cells with a comma, quote or line break are quoted. */
    public static String csv(List<String> header, List<List<String>> rows) {
        StringBuilder sb = new StringBuilder();
        csvLine(sb, header);
        for (List<String> r : rows) csvLine(sb, r);
        return sb.toString();
    }

    private static void csvLine(StringBuilder sb, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            String c = cells.get(i) == null ? "" : cells.get(i);
            if (i > 0) sb.append(',');
            sb.append(c.matches("(?s).*[,\"\r\n].*") ? '"' + c.replace("\"", "\"\"") + '"' : c);
        }
        sb.append("\r\n");
    }

    /**
     * A Markdown (GFM) pipe table: the first {@code leftColumns} columns left-aligned, the rest right-aligned
     * (numbers); '|' in a cell is escaped and line breaks become spaces.
     */
    public static String markdown(List<String> header, List<List<String>> rows, int leftColumns) {
        StringBuilder sb = new StringBuilder();
        mdLine(sb, header);
        sb.append('|');
        for (int i = 0; i < header.size(); i++) sb.append(i < leftColumns ? "---|" : "---:|");
        sb.append('\n');
        for (List<String> r : rows) mdLine(sb, r);
        return sb.toString();
    }

    private static void mdLine(StringBuilder sb, List<String> cells) {
        sb.append('|');
        for (String c : cells) sb.append(' ').append(c == null ? "" : c.replace("|", "\\|").replaceAll("\\R", " ")).append(" |");
        sb.append('\n');
    }

    public static String tsv(List<Row> rows) {
        StringBuilder sb = new StringBuilder(String.join("\t", Row.COLUMNS)).append('\n');
        for (Row r : rows) sb.append(String.join("\t", cells(r))).append('\n');
        return sb.toString();
    }

    /** The aligned table, under a line naming the timing model(s) that produced it. */
    public static String table(List<Row> rows) {
        StringBuilder head = new StringBuilder("# timing: ");
        head.append(String.join("; ", rows.stream().map(r -> r.timing().label()).distinct().toList())).append('\n');
        int n = Row.COLUMNS.length - 1; // the timing column is the header line
        int[] w = new int[n];
        for (int i = 0; i < n; i++) w[i] = Row.COLUMNS[i].length();
        List<String[]> all = rows.stream().map(ReportFormat::cells).toList();
        for (String[] c : all) for (int i = 0; i < n; i++) w[i] = Math.max(w[i], c[i].length());
        StringBuilder sb = new StringBuilder();
        line(sb, java.util.Arrays.copyOf(Row.COLUMNS, n), w);
        for (String[] c : all) line(sb, java.util.Arrays.copyOf(c, n), w);
        return head.append(sb).toString();
    }

    /**
     * What the rows ran: each variant's origin (release, or patch series and date) and each compiler's full
     * version from its listings' headers, one line each, for under the table.
     */
    public static String legend(List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        rows.stream().map(Row::variant).distinct().forEach(v -> sb.append("variant ").append(v.cliName()).append(": ")
                .append(v.description()).append('\n'));
        rows.stream().map(Row::compiler).distinct().forEach(c -> sb.append("compiler ").append(c.cliName()).append(": ")
                .append(Listings.of(rows.getFirst().variant(), c).compiler()).append('\n'));
        if (rows.stream().anyMatch(r -> r.variant().broken()) && rows.stream().allMatch(r -> r.incorrect() == 0)) {
            sb.append("wrong is 0 here although a broken reader ran: no call in the window caught the writer inside its"
                    + " few tearing placements (one update per tick at the report's rate). That is luck, not safety: try"
                    + " --tick-hz 100000 or --writer-step 1 (docs/broken-on-purpose.md).\n");
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, String[] c, int[] w) {
        for (int i = 0; i < c.length; i++) {
            boolean left = i < TEXT_COLUMNS;
            String pad = " ".repeat(w[i] - c[i].length());
            sb.append(left ? c[i] + pad : pad + c[i]).append(i + 1 < c.length ? "  " : "\n");
        }
    }

    /** The columns of a seed cell with both timing models (the app's seed-tables page and its exports). */
    public static final List<String> SEED_BOTH_COLUMNS = List.of("table", "cell", "seed", "seed %", "model row",
            "additive %", "additive diff (pp)", "pipeline %", "pipeline diff (pp)", "why the pipeline misses");

    /**
     * One seed cell with both models as texts, in {@link #SEED_BOTH_COLUMNS} order; the last is the cell's reason id in
     * assets/seeds.yaml when {@code reasons} (the pipeline ran on the core the reasons were written for), else empty.
     */
    public static List<String> seedBothCells(SeedTables.Both b, boolean reasons) {
        SeedTables.Comparison a = b.additive(), p = b.pipeline();
        var s = a.cell().setup();
        return List.of(a.table().id(), a.cell().label(), seedValue(a.cell().seed()),
                String.format(Locale.ROOT, "%.1f", a.seedPercent()),
                s.scenario().cliName() + " / " + s.variant().cliName() + " / " + s.clock().cliName(),
                String.format(Locale.ROOT, "%.1f", a.modelPercent()), String.format(Locale.ROOT, "%+.1f", a.differencePp()),
                String.format(Locale.ROOT, "%.1f", p.modelPercent()), String.format(Locale.ROOT, "%+.1f", p.differencePp()),
                reasons ? p.cell().gap() : "");
    }

    /** A seed's measured figure: large whole numbers (call counts) in full, others to three significant digits. */
    public static String seedValue(double v) {
        return v == Math.rint(v) && Math.abs(v) > 1000 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }

    public static String json(List<Row> rows) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartArray();
            for (Row r : rows) {
                g.writeStartObject();
                g.writeStringField("scenario", r.scenario().cliName());
                g.writeStringField("variant", r.variant().cliName());
                g.writeStringField("clock", r.clock().cliName());
                g.writeStringField("compiler", r.compiler().cliName());
                g.writeStringField("compiler_version", Listings.of(r.variant(), r.compiler()).compiler());
                g.writeStringField("variant_is", r.variant().origin());
                g.writeNumberField("instructions", r.instructions());
                g.writeNumberField("cycles", r.cycles());
                g.writeNumberField("ns", r.ns());
                g.writeNumberField("calls_in_3s", r.callsIn3s());
                g.writeNumberField("retries", r.retries());
                g.writeNumberField("fallbacks", r.fallbacks());
                g.writeNumberField("wrong", r.incorrect());
                g.writeNumberField("calls", r.calls());
                g.writeStringField("timing", r.timing().id());
                g.writeEndObject();
            }
            g.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out + "\n";
    }
}

package org.vdsoexplorer.model.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import org.vdsoexplorer.model.Listings;

/** Renders report rows as an aligned table, TSV (header = {@link Row#COLUMNS}) or JSON. */
public final class ReportFormat {
    private ReportFormat() {}

    private static String[] cells(Row r) {
        return new String[] {r.scenario().cliName(), r.variant().cliName(), r.clock().cliName(), r.compiler().cliName(),
            String.format(Locale.ROOT, "%.2f", r.instructions()), String.format(Locale.ROOT, "%.2f", r.cycles()),
            String.format(Locale.ROOT, "%.2f", r.ns()), Long.toString(r.callsIn3s()),
            String.format(Locale.ROOT, "%.6f", r.retries()), String.format(Locale.ROOT, "%.4f", r.fallbacks())};
    }

    public static String tsv(List<Row> rows) {
        StringBuilder sb = new StringBuilder(String.join("\t", Row.COLUMNS)).append('\n');
        for (Row r : rows) sb.append(String.join("\t", cells(r))).append('\n');
        return sb.toString();
    }

    public static String table(List<Row> rows) {
        int n = Row.COLUMNS.length;
        int[] w = new int[n];
        for (int i = 0; i < n; i++) w[i] = Row.COLUMNS[i].length();
        List<String[]> all = rows.stream().map(ReportFormat::cells).toList();
        for (String[] c : all) for (int i = 0; i < n; i++) w[i] = Math.max(w[i], c[i].length());
        StringBuilder sb = new StringBuilder();
        line(sb, Row.COLUMNS, w);
        for (String[] c : all) line(sb, c, w);
        return sb.toString();
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
        return sb.toString();
    }

    private static void line(StringBuilder sb, String[] c, int[] w) {
        for (int i = 0; i < c.length; i++) {
            boolean left = i < 4;
            String pad = " ".repeat(w[i] - c[i].length());
            sb.append(left ? c[i] + pad : pad + c[i]).append(i + 1 < c.length ? "  " : "\n");
        }
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
                g.writeEndObject();
            }
            g.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out + "\n";
    }
}

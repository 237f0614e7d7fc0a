package org.vdsoexplorer.model.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;

/** Renders report rows as an aligned table, TSV (header = {@link Row#COLUMNS}) or JSON. */
public final class ReportFormat {
    private ReportFormat() {}

    private static String[] cells(Row r) {
        return new String[] {r.scenario().cliName(), r.variant().cliName(), r.clock().cliName(),
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

    private static void line(StringBuilder sb, String[] c, int[] w) {
        for (int i = 0; i < c.length; i++) {
            boolean left = i < 3;
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

package org.vdsoexplorer.app.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.model.Machine;
import org.vdsoexplorer.model.Setup;
import org.vdsoexplorer.model.cpu.Category;
import org.vdsoexplorer.viewmodel.Session;

/** The compare view's table of this call in A and B with the delta B − A: calls, cycles, instructions, spills, ns, categories. */
final class CompareTable {
    private static final PseudoClass WORSE = PseudoClass.getPseudoClass("worse");
    private static final PseudoClass BETTER = PseudoClass.getPseudoClass("better");

    final GridPane table = new GridPane();
    private final Label[] heads = new Label[4];
    private final List<Row> rows = new ArrayList<>();
    private final Row[] categoryRows = new Row[Category.values().length];
    private final Row cyclesRow;

    CompareTable() {
        table.setId("compare-table");
        table.getStyleClass().add("compare-table");
        table.setHgap(14);
        table.setVgap(2);
        String[] h = {"this call", "A", "B", "B \u2212 A"};
        for (int c = 0; c < h.length; c++) {
            heads[c] = new Label(h[c]);
            heads[c].getStyleClass().add("compare-head");
            heads[c].setMinWidth(Region.USE_PREF_SIZE);
            table.add(heads[c], c, 0);
    }
    heads[1].getStyleClass().addAll("compare-tag", "tag-a");
    heads[2].getStyleClass().addAll("compare-tag", "tag-b");
    heads[1].setTooltip(new Tooltip(""));
    heads[2].setTooltip(new Tooltip(""));
    heads[3].setTooltip(new Tooltip("B minus A: positive (orange, bold) means B spends more, negative (green) less"));
    Row calls0 = row("calls done", "clock_gettime() calls each pane has finished since reset", false);
    cyclesRow = row("cycles", "Cycles of the current call (the last one between calls), by the cost table", true);
    cyclesRow.delta.setId("compare-delta-cycles");
    row("instructions", "Reader instructions retired in this call", true);
    row("push + pop", "Register spills: pushes and pops of general registers in this call", true);
    row("ns", "This call's cycles at the clock rate of the cost table", true);
    for (Category c : Category.values()) {
        Row r = row(c.label(), "Cycles of this call spent in: " + c.label(), true);
        r.delta.setId("compare-delta-" + c.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        categoryRows[c.ordinal()] = r;
    }
    calls0.delta.setId("compare-delta-calls");

    }

    /** Pane A's and B's setups, for the column heads' tooltips. */
    void setHeads(Setup sa, Setup sb) {
        heads[1].getTooltip().setText("Pane A: " + CompareView.describe(sa));
        heads[2].getTooltip().setText("Pane B: " + CompareView.describe(sb));
    }

    /** Shows the current call of A ({@code ma}, {@code sessionA}) and B; returns the cycles row's delta text. */
    String update(Machine ma, Machine mb, Session sessionA, Session sessionB) {
        rows.get(0).set(Fmt.num(ma.calls()), Fmt.num(mb.calls()), signedCount(mb.calls() - ma.calls()), 0);
        long ca = ma.callCyclesMilli(), cb = mb.callCyclesMilli();
        String cycleDelta = signed(cb - ca);
        cyclesRow.set(Fmt.cycles(ca), Fmt.cycles(cb), cycleDelta, Long.signum(cb - ca));
        long na = ma.callInstructions(), nb = mb.callInstructions();
        rows.get(2).set(Fmt.num(na), Fmt.num(nb), signedCount(nb - na), Long.signum(nb - na));
        int[] sa = sessionA.spills(), sb = sessionB.spills();
        int pa = sa[0] + sa[1], pb = sb[0] + sb[1];
        rows.get(3).set(Integer.toString(pa), Integer.toString(pb), signedCount(pb - pa), Integer.signum(pb - pa));
        double nsA = ca / 1000.0 / ma.setup().ghz(), nsB = cb / 1000.0 / mb.setup().ghz();
        String dns = String.format(Locale.ROOT, "%+.2f", nsB - nsA);
        boolean zero = dns.equals("+0.00") || dns.equals("-0.00");
        rows.get(4).set(String.format(Locale.ROOT, "%.2f", nsA), String.format(Locale.ROOT, "%.2f", nsB),
                zero ? "0" : dns.replace('-', '\u2212'), zero ? 0 : (int) Math.signum(nsB - nsA));
        for (Category c : Category.values()) {
            long va = sessionA.callCategoryMilli(c), vb = sessionB.callCategoryMilli(c);
            Row r = categoryRows[c.ordinal()];
            r.show(va != 0 || vb != 0);
            r.set(Fmt.cycles(va), Fmt.cycles(vb), signed(vb - va), Long.signum(vb - va));
        }
        return cycleDelta;
    }

    /** The rows a call-rate prediction would give away show "?". */
    void hideRate() {
        cyclesRow.set("?", "?", "?", 0);
        rows.get(4).set("?", "?", "?", 0);
        for (Row r : categoryRows) r.set("?", "?", "?", 0);
    }

    /** The B − A text of a category row ("" while both spend nothing there, so the row is hidden). */
    String categoryDeltaText(Category c) {
        Row r = categoryRows[c.ordinal()];
        return r.name.isVisible() ? r.delta.getText() : "";
    }

    /** The compare table's header and rows as shown (for copy and save). */
    List<String> header() {
        return java.util.Arrays.stream(heads).map(l -> l.getText() + (l.getTooltip() == null || l.getTooltip().getText().isEmpty()
                || l == heads[0] || l == heads[3] ? "" : " (" + l.getTooltip().getText() + ")")).toList();
    }

    List<List<String>> rows() {
        return rows.stream().map(r -> List.of(r.name.getText(), r.va.getText(), r.vb.getText(), r.delta.getText())).toList();
    }

    private Row row(String name, String tip, boolean coloured) {
        Row r = new Row(name, tip, coloured);
        int y = rows.size() + 1;
        table.addRow(y, r.name, r.va, r.vb, r.delta);
        rows.add(r);
        return r;
    }

    private static String signed(long milli) {
        if (milli == 0) return "0";
        return (milli > 0 ? "+" : "\u2212") + Fmt.cycles(Math.abs(milli));
    }

    private static String signedCount(long n) { return n == 0 ? "0" : (n > 0 ? "+" : "\u2212") + Math.abs(n); }

    /** One table row, built once; a refresh only sets its texts and pseudo-classes. */
    private static final class Row {
        final Label name, va = new Label(), vb = new Label(), delta = new Label();
        final boolean coloured;

        Row(String n, String tip, boolean coloured) {
            name = new Label(n);
            this.coloured = coloured;
            name.getStyleClass().add("compare-name");
            name.setTooltip(new Tooltip(tip));
            name.setMinWidth(Region.USE_PREF_SIZE);
            for (Label l : List.of(va, vb, delta)) l.getStyleClass().add("compare-value");
        }

        void set(String x, String y, String d, int sign) {
            va.setText(x);
            vb.setText(y);
            delta.setText(d);
            delta.pseudoClassStateChanged(WORSE, coloured && sign > 0);
            delta.pseudoClassStateChanged(BETTER, coloured && sign < 0);
        }

        void show(boolean on) {
            if (name.isVisible() == on) return;
            for (Label l : List.of(name, va, vb, delta)) {
                l.setVisible(on);
                l.setManaged(on);
            }
        }
    }
}

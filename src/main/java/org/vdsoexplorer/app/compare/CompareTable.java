package org.vdsoexplorer.app.compare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javafx.css.PseudoClass;
import javafx.geometry.HPos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.session.CompareFigures;
import org.vdsoexplorer.session.CompareFigures.Line;
import org.vdsoexplorer.session.CompareFigures.Section;

/**
 * The compare view's table: the {@link CompareFigures} lines of A and B with the delta B − A, one section
 * each for this call's counts, this call's cycles and the steady state, every row with its unit. Fixed
 * column shares of a fixed width, so numbers growing never move the panes beside it; the grid is rebuilt
 * only when its rows change (a category appears), a step only sets texts.
 */
final class CompareTable {
    private static final PseudoClass WORSE = PseudoClass.getPseudoClass("worse");
    private static final PseudoClass BETTER = PseudoClass.getPseudoClass("better");
    /** Name, A, B, B − A (the unit is in the section title or the name: "this call: cycles", "ns @ 2.67 GHz"). */
    private static final double[] SHARES = {37, 21, 21, 21};

    final GridPane table = new GridPane();
    private final Label[] heads = new Label[4];
    private final Map<String, Row> rows = new HashMap<>();
    private final Map<Section, Label> titles = new HashMap<>();
    private List<String> shape = List.of();
    private List<Line> lines = List.of();

    CompareTable() {
        table.setId("compare-table");
        table.getStyleClass().add("compare-table");
        table.setHgap(6);
        table.setVgap(1);
        for (double s : SHARES) {
            ColumnConstraints c = new ColumnConstraints();
            c.setPercentWidth(s);
            c.setHalignment(HPos.LEFT);
            table.getColumnConstraints().add(c);
        }
        String[] h = {"", "A", "B", "B \u2212 A"};
        for (int c = 0; c < h.length; c++) {
            heads[c] = new Label(h[c]);
            heads[c].getStyleClass().add("compare-head");
            heads[c].setMinWidth(Region.USE_PREF_SIZE);
            if (c >= 1) GridPane.setHalignment(heads[c], HPos.RIGHT);
        }
        heads[1].getStyleClass().addAll("compare-tag", "tag-a");
        heads[2].getStyleClass().addAll("compare-tag", "tag-b");
        heads[1].setTooltip(new Tooltip(""));
        heads[2].setTooltip(new Tooltip(""));
        heads[3].setTooltip(new Tooltip("B minus A: orange (bold) when B is worse (more cycles, fewer calls), green when better"));
        for (Section s : Section.values()) {
            Label t = new Label();
            t.getStyleClass().add("compare-section");
            t.setId("compare-section-" + s.name().toLowerCase(java.util.Locale.ROOT));
            t.setMaxWidth(Double.MAX_VALUE);
            t.setWrapText(true);
            t.setMinHeight(Region.USE_PREF_SIZE);
            GridPane.setColumnSpan(t, SHARES.length);
            titles.put(s, t);
        }
    }

    /** Pane A's and B's setups, for the column heads' tooltips. */
    void setHeads(Setup sa, Setup sb) {
        heads[1].getTooltip().setText("Pane A: " + CompareView.describe(sa));
        heads[2].getTooltip().setText("Pane B: " + CompareView.describe(sb));
    }

    /** Shows {@code lines} under the section titles {@code title} gives. */
    void show(List<Line> lines, Function<Section, String> title) {
        this.lines = lines;
        List<String> now = new ArrayList<>();
        for (Line l : lines) now.add(l.section() + "/" + l.id());
        if (!now.equals(shape)) rebuild(lines, now);
        for (Section s : Section.values()) Fmt.setText(titles.get(s), title.apply(s));
        for (Line l : lines) rows.computeIfAbsent(l.id(), Row::new).set(l);
    }

    private void rebuild(List<Line> lines, List<String> now) {
        shape = now;
        table.getChildren().clear();
        int y = 0;
        table.addRow(y++, heads);
        Section last = null;
        for (Line l : lines) {
            if (l.section() != last) {
                last = l.section();
                table.add(titles.get(last), 0, y++);
            }
            Row r = rows.computeIfAbsent(l.id(), Row::new);
            table.addRow(y++, r.name, r.va, r.vb, r.delta);
        }
    }

    /** The line with {@code id} as shown, or null if not shown. */
    Line line(String id) {
        for (Line l : lines) if (l.id().equals(id)) return l;
        return null;
    }

    /** The compare table's header and rows as shown (for copy and save). */
    List<String> header() {
        List<String> out = new ArrayList<>(List.of("section", "figure", "unit"));
        for (int c = 1; c < heads.length; c++) {
            String tip = heads[c].getTooltip().getText();
            out.add(heads[c].getText() + (c == 3 || tip.isEmpty() ? "" : " (" + tip + ")"));
        }
        return out;
    }

    List<List<String>> rows() {
        return lines.stream().map(l -> List.of(titles.get(l.section()).getText(), l.name(), l.unit(), l.a(), l.b(), l.delta()))
                .toList();
    }

    /** One table row, built once; a refresh only sets its texts and pseudo-classes. */
    private static final class Row {
        final Label name = new Label(), va = new Label(), vb = new Label(), delta = new Label();

        Row(String id) {
            name.getStyleClass().add("compare-name");
            delta.setId("compare-delta-" + id);
            for (Label l : List.of(va, vb, delta)) {
                l.getStyleClass().add("compare-value");
                l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // a figure is never cut ("+1,04..." for a system call)
                GridPane.setHalignment(l, HPos.RIGHT);
            }
        }

        void set(Line l) {
            Fmt.setText(name, l.name());
            Fmt.setText(va, l.a());
            Fmt.setText(vb, l.b());
            Fmt.setText(delta, l.delta());
            if (name.getTooltip() == null) name.setTooltip(new Tooltip(l.tip()));
            else if (!name.getTooltip().getText().equals(l.tip())) name.getTooltip().setText(l.tip());
            delta.pseudoClassStateChanged(WORSE, l.sign() > 0);
            delta.pseudoClassStateChanged(BETTER, l.sign() < 0);
        }
    }
}

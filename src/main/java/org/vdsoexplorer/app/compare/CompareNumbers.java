package org.vdsoexplorer.app.compare;

import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.session.CompareFigures;
import org.vdsoexplorer.session.Session;

/**
 * The compare view's numbers: the steady-state speed line and bars of calls per 3 s, then the table of this call
 * and the steady state ({@link CompareTable}), with its export buttons. A column of a fixed width in em at the right
 * of the panes when the view is at least {@link #WIDE_EM} wide, else a band of a fixed share of its height under
 * them (speed and bars beside the table), so the panes keep a readable width beside a lesson or in presenter mode.
 * Either way their size follows the view's size only, never the figures. It projects {@link CompareFigures}.
 */
final class CompareNumbers {
    static final double WIDE_EM = 62;
    private final CompareView view;
    /** The view's content, where the numbers go (at its right or bottom). */
    private final javafx.scene.layout.BorderPane body;
    final CompareTable table = new CompareTable();
    final Label speed = new Label();
    String barsText = "";
    private final Bar barA, barB;
    private final VBox bars;
    /** The figures the table, bars and speed line show (steady state measured off the UI thread). */
    private final CompareFigures figures;
    private final javafx.scene.control.ScrollPane side = new javafx.scene.control.ScrollPane();
    private final VBox numbers = new VBox(8), summary = new VBox(8), tableBox = new VBox(6);
    private final HBox numbersRow = new HBox(12);
    private final javafx.scene.Node export;
    private final org.vdsoexplorer.app.common.FontScale fontScale;
    private Boolean below;
    /** What the numbers are of: each pane's setup beside its tag, above the speed line. */
    private final Label headA = new Label(), headB = new Label();
    private final VBox heading;

    CompareNumbers(CompareView view, javafx.scene.layout.BorderPane body, org.vdsoexplorer.report.SteadyFigures steady) {
        this.view = view;
        this.body = body;
        figures = new CompareFigures(org.vdsoexplorer.util.Background.executor(), javafx.application.Platform::runLater,
                view::refresh, steady);
        fontScale = new org.vdsoexplorer.app.common.FontScale(view);
        barA = new Bar("bar-a");
        barB = new Bar("bar-b");
        bars = new VBox(6, barA.box, barB.box);
        bars.setId("compare-bars");
        heading = new VBox(2, headRow("A", headA), headRow("B", headB));
        heading.setId("compare-numbers-heading");
        speed.setId("compare-speed");
        speed.getStyleClass().add("compare-speed");
        speed.setWrapText(true);
        speed.setMinHeight(Region.USE_PREF_SIZE);
        export = org.vdsoexplorer.app.common.TableExport.buttons("compare", table::header, table::rows, 1);
        numbers.setPadding(new Insets(0, 4, 4, 8));
        side.setFitToWidth(true);
        side.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        side.setId("compare-side");
        side.getStyleClass().add("compare-numbers-side");
        // no bitmap cache of the viewport: Node.snapshot (PNG export, screenshots) rendered it stale, so compare-timens.png
        // showed the previous pair's numbers (hyperv vs hyperv-5.13-rc1) beside host vs timens panes (app.common.Scrolling)
        org.vdsoexplorer.app.common.Scrolling.uncached(side);
        view.widthProperty().addListener(o -> arrange());
        fontScale.scaleProperty().addListener(o -> arrange());
        arrange();
    }

    /**
     * The panes' setups (the heading over the numbers, the column heads' tooltips) and the names that tell them apart
     * (the bars); called at every refresh with the panes' sessions' setups, so the numbers always name what they show.
     */
    void setHeads(Setup sa, Setup sb, String nameA, String nameB) {
        table.setHeads(sa, sb);
        Fmt.setText(headA, CompareView.describe(sa));
        Fmt.setText(headB, CompareView.describe(sb));
        barA.name = "A " + nameA;
        barB.name = "B " + nameB;
    }

    /** The heading as shown: "A: ... | B: ...". */
    String heading() { return "A: " + headA.getText() + " | B: " + headB.getText(); }

    /** Shows sessions {@code a} and {@code b}; {@code hideRate}: "?" where a speed answer would show. */
    void refresh(Session a, Session b, boolean hideRate) {
        org.vdsoexplorer.session.ModelSnapshot ma = a.snapshot(), mb = b.snapshot();
        table.show(figures.lines(a, b, hideRate), sec -> CompareFigures.title(sec, ma, mb));
        // calls per 3 s from each setup's steady state (a first call is cold; the live panes drift towards it)
        var ra = hideRate ? null : figures.steady(ma.setup());
        var rb = hideRate ? null : figures.steady(mb.setup());
        long best = Math.max(ra == null ? 0 : ra.callsIn3s(), rb == null ? 0 : rb.callsIn3s());
        barA.set(ra == null ? 0 : ra.callsIn3s(), best, hideRate);
        barB.set(rb == null ? 0 : rb.callsIn3s(), best, hideRate);
        barsText = barA.label.getText() + " | " + barB.label.getText();
        Fmt.setText(speed, figures.speed(ma.setup(), mb.setup(), hideRate));
    }

    /** Places the numbers at the right or under the panes ; nothing moves unless that changes. */
    void arrange() {
        double em = org.vdsoexplorer.app.common.FontScale.BASE_PX * fontScale.scale();
        boolean b = view.getWidth() > 0 && view.getWidth() < WIDE_EM * em;
        if (below != null && below == b) return;
        below = b;
        side.prefHeightProperty().unbind();
        table.table.prefWidthProperty().unbind();
        side.getStyleClass().removeAll("compare-numbers", "compare-numbers-below");
        if (b) {
            summary.getChildren().setAll(heading, speed, bars);
            tableBox.getChildren().setAll(table.table, export);
            numbersRow.getChildren().setAll(summary, tableBox);
            HBox.setHgrow(summary, Priority.ALWAYS);
            // the table takes 62 % (its columns are shares of it), the speed line and bars the rest
            table.table.prefWidthProperty().bind(view.widthProperty().multiply(0.62));
            table.table.setMinWidth(Region.USE_PREF_SIZE);
            numbersRow.setPadding(new Insets(6, 4, 4, 0));
            side.setContent(numbersRow);
            side.getStyleClass().add("compare-numbers-below");
            side.prefHeightProperty().bind(view.heightProperty().multiply(0.4));
            side.setMinHeight(Region.USE_PREF_SIZE);
            side.setMaxHeight(Region.USE_PREF_SIZE);
            body.setRight(null);
            body.setBottom(side);
        } else {
            table.table.setMinWidth(Region.USE_COMPUTED_SIZE);
            table.table.setPrefWidth(Region.USE_COMPUTED_SIZE);
            numbers.getChildren().setAll(heading, speed, bars, table.table, export);
            side.setContent(numbers);
            side.getStyleClass().add("compare-numbers"); // a fixed width (compare.css): numbers growing never move the panes
            side.setMinHeight(Region.USE_COMPUTED_SIZE);
            side.setPrefHeight(Region.USE_COMPUTED_SIZE);
            side.setMaxHeight(Double.MAX_VALUE);
            body.setBottom(null);
            body.setRight(side);
        }
    }

    /** Whether the numbers are under the panes (a narrow view) rather than at their right. */
    boolean below() { return below != null && below; }


    /** One line of the heading: the pane's tag and its setup (wrapping in a narrow column). */
    private static HBox headRow(String pane, Label text) {
        Label tag = new Label(pane);
        tag.getStyleClass().addAll("compare-tag", "tag-" + pane.toLowerCase(java.util.Locale.ROOT));
        tag.setMinWidth(Region.USE_PREF_SIZE);
        text.setId("compare-numbers-" + pane.toLowerCase(java.util.Locale.ROOT));
        text.getStyleClass().add("compare-numbers-setup");
        text.setWrapText(true);
        text.setMinHeight(Region.USE_PREF_SIZE);
        HBox row = new HBox(6, tag, text);
        row.setAlignment(javafx.geometry.Pos.BASELINE_LEFT);
        return row;
    }

    /** A labelled bar of calls per 3 s, built once. */
    private static final javafx.css.PseudoClass PENDING = javafx.css.PseudoClass.getPseudoClass("pending");

    private static final class Bar {
        final Label label = new Label();
        final Region bar = new Region();
        final VBox box;
        final javafx.beans.property.DoubleProperty share = new javafx.beans.property.SimpleDoubleProperty(0.01);
        String name = "";

        Bar(String cls) {
            label.getStyleClass().add("bar-label");
            // a long setup name wraps rather than cutting the figure
            label.setWrapText(true);
            label.setMinHeight(Region.USE_PREF_SIZE);
            bar.getStyleClass().addAll("bar", cls);
            bar.setPrefHeight(16);
            bar.setMinHeight(16);
            bar.setMaxWidth(Region.USE_PREF_SIZE);
            box = new VBox(2, label, bar);
            // the faster setup's bar is 95 % of the column, the other in proportion (never wider than the column)
            bar.setMinWidth(0);
            bar.prefWidthProperty().bind(box.widthProperty().multiply(0.95).multiply(share));
        }

        void set(long per3s, long best, boolean hide) {
            Fmt.setText(label, name + ": " + (hide ? "?" : per3s > 0 ? Fmt.big(per3s) + " calls in 3 s" : "measuring\u2026"));
            // not measured yet (or hidden): a hatched placeholder across the column, never a sliver that reads as almost 0
            boolean unknown = hide || per3s <= 0;
            bar.pseudoClassStateChanged(PENDING, unknown);
            share.set(unknown ? 1 : Math.max(0.01, (double) per3s / Math.max(1, best)));
        }
    }
}

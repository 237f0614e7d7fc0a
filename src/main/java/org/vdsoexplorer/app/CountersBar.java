package org.vdsoexplorer.app;

import org.vdsoexplorer.app.common.DrawnText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.app.common.Clipped;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.Session;

/**
 * Live cycle counters, read from the machine after every change: this call's cycles and instructions,
 * the totals, the average ns per finished call at the setup's clock rate (and whether those calls are
 * still warming up the branch predictor), calls per 3 s (gettime_perf's unit), the steady-state figure of
 * the report command, and this call's breakdown by cost category. Every value has a fixed width (in
 * characters of its monospace font), so the bar's lines never re-wrap as the numbers grow.
 */
public final class CountersBar extends VBox {
    private final Session session;
    private final Label callCycles = value("counter-call-cycles");
    private final Label callInsns = value("counter-call-insns");
    private final Label totalCycles = value("counter-total-cycles");
    private final Label totalInsns = value("counter-total-insns");
    private final Label calls = value("counter-calls");
    private final Label nsPerCall = value("counter-ns");
    private final Label per3s = value("counter-per3s");
    private final Label position = value("counter-position");
    private final Label report = value("counter-report");
    /** The title of the ns/call group: it names the clock rate the cycles are converted with. */
    private final Label nsTitle = new Label();
    /** Which timing model produced these counters. */
    private final Label model = value("counter-timing");
    private org.vdsoexplorer.sim.Setup reportFor;
    private boolean reportHidden;
    /** The first report measurement starts this long after the bar is made (the window is up by then). */
    static final long REPORT_DELAY_NANOS = 1_500_000_000L;
    /** The window's clock, and when on it this bar was made. */
    private final org.vdsoexplorer.app.common.FrameClock clock;
    private final long created;
    /** The window's steady-state rows (shared with its compare tab). */
    private final org.vdsoexplorer.report.SteadyFigures figures;
    /**
     * The chips wrap (at 250 % they need two lines or more) and every chip is always there, as wide as its widest
     * text, so nothing in the bar moves as the call runs: a category the call has not charged is dimmed in its place.
     * The height is the one those chips need at this width and font, so the views below never move either (a chip that
     * came and went, or a bar whose height changed, repainted the whole window: 55-70 ms in software rendering).
     */
    private final Chips breakdown = new Chips();
    /** A category this call has not charged (yet): its chip is dimmed. */
    private static final javafx.css.PseudoClass ZERO = javafx.css.PseudoClass.getPseudoClass("zero");
    private final List<Label> chips = new ArrayList<>();

    /** The counters of {@code session}; the steady-state figure comes from {@code figures}, measured after a delay on {@code clock}. */
    public CountersBar(Session session, org.vdsoexplorer.app.common.FrameClock clock, org.vdsoexplorer.report.SteadyFigures figures) {
        this.session = session;
        this.clock = clock;
        this.created = clock.now();
        this.figures = figures;
        getStyleClass().add("counters");
        setId("counters");
        // one line at 1920 px; below, the counts (with the step) and the rates wrap into two lines, never cut short
        javafx.scene.layout.FlowPane row = new javafx.scene.layout.FlowPane(12, 2,
                group("this call", "cycles and instructions of the call in progress (or of the last call)", callCycles,
                        new Label("cyc"), callInsns, new Label("insns")),
                group("total", "everything since reset, the caller loop included", totalCycles, new Label("cyc"),
                        totalInsns, new Label("insns"), calls, new Label("calls")),
                group("step", "reader instructions executed since reset (the timeline position)", position),
                group(nsTitle, "cycles / clock rate (the cost table's, with all its digits), averaged over the finished calls since reset; 'warming up' "
                        + "while fewer than " + org.vdsoexplorer.report.Report.WARMUP_CALLS + " calls have trained "
                        + "the branch predictor (nothing until a call finishes)", nsPerCall),
                group("calls per 3 s", "3e9 / avg ns per call: the unit of the seeds' gettime_perf tables", per3s),
                group("steady state", "the 'report' command's figures for this setup: after "
                        + org.vdsoexplorer.report.Report.WARMUP_CALLS + " warm-up calls, the average over "
                        + org.vdsoexplorer.report.Report.WINDOW_TICKS + " writer tick period(s) of calls; the live average converges to them", report),
                group("timing", "the model that charged these cycles: additive (assets/costs.yaml) or the out-of-order "
                        + "pipeline (assets/timing.yaml)", model));
        fixedWidth(callCycles, 7); // a system call's "1109.73"
        fixedWidth(callInsns, 3);
        fixedWidth(totalCycles, 8);
        fixedWidth(totalInsns, 6);
        fixedWidth(calls, 5);
        fixedWidth(nsPerCall, 15); // "418.37 warm-up" (a system call), "1048.99 warm-up"
        fixedWidth(per3s, 8); // "2288.6 M"
        fixedWidth(position, 5);
        fixedWidth(report, 20);
        breakdown.setId("counter-breakdown");
        breakdown.setRowValignment(javafx.geometry.VPos.CENTER);
        breakdown.setMinWidth(0);
        row.setMinWidth(0);
        row.setPrefWrapLength(600);
        setMinWidth(0);
        Clipped.clip(this);
        getChildren().addAll(row, breakdown);
        session.addListener(this::refresh);
        refresh();
    }

    /** The breakdown: a flow of the heading and the chips whose height is the worst case's, whichever chips show. */
    private final class Chips extends javafx.scene.layout.FlowPane {
        Chips() { super(6, 4); }

        /**
         * Each chip's widest text: its label and a cycle count of 5 characters, as wide as a call's counts get ("40.25",
         * a syscall's "1100"; one wider would wrap into a line the bar does not have, and be cut).
         */
        private double rowsHeight(double width) {
            if (chips.isEmpty() || width <= 0) return super.computePrefHeight(width);
            Label head = (Label) getChildren().getFirst();
            Label any = chips.getFirst();
            double x = head.prefWidth(-1), rows = 1;
            for (Category c : Category.values()) {
                double w = chipWidth(c, any);
                if (x + getHgap() + w > width) {
                    rows++;
                    x = w;
                } else {
                    x += getHgap() + w;
                }
            }
            double line = Math.max(head.prefHeight(-1), Math.ceil(DrawnText.measure("Xg", any.getFont())[1])
                    + any.snappedTopInset() + any.snappedBottomInset());
            return snappedTopInset() + snappedBottomInset() + rows * line + (rows - 1) * getVgap();
        }

        /** A chip's width: its label and a cycle count of 5 characters, whatever it shows (chips never move). */
        static double chipWidth(Category c, Label chip) {
            double padX = chip.snappedLeftInset() + chip.snappedRightInset();
            return Math.ceil(DrawnText.measure(c.label() + " 00.00", chip.getFont())[0] + padX) + 1;
        }

        @Override protected double computePrefHeight(double width) { return rowsHeight(width); }

        @Override protected double computeMinHeight(double width) { return rowsHeight(width); }
    }

    private static Label value(String id) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().add("counter-value");
        return l;
    }

    /** A value label as wide as {@code chars} characters of its (monospace) font, whatever it shows. */
    private static void fixedWidth(Label l, int chars) {
        l.setAlignment(javafx.geometry.Pos.CENTER_RIGHT);
        l.setTextOverrun(javafx.scene.control.OverrunStyle.CLIP);
        javafx.beans.InvalidationListener w = o -> {
            double em = org.vdsoexplorer.app.common.DrawnText.measure("0", l.getFont())[0];
            l.setMinWidth(Math.ceil(em * chars) + 2);
            l.setPrefWidth(Math.ceil(em * chars) + 2);
        };
        l.fontProperty().addListener(w);
        w.invalidated(null);
    }

    private static HBox group(String title, String tip, javafx.scene.Node... items) {
        return group(new Label(title + ":"), tip, items);
    }

    private static HBox group(Label t, String tip, javafx.scene.Node... items) {
        t.getStyleClass().add("counter-title");
        HBox b = new HBox(5, t);
        b.getChildren().addAll(items);
        for (javafx.scene.Node n : b.getChildren()) {
            if (n instanceof Label l && !l.getStyleClass().contains("counter-value")) l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        b.getStyleClass().add("counter-group");
        org.vdsoexplorer.app.common.Tips.install(b, tip);
        return b;
    }

    private void refreshReport(org.vdsoexplorer.sim.Setup setup) {
        if (setup == reportFor) return;
        reportFor = setup;
        // steady-state rows are kept per setup in the window's figures, so its compare tab shows the same ones
        var row = figures.cached(setup);
        if (row != null) {
            showReport(row);
            return;
        }
        report.setText("measuring\u2026");
        Runnable t = () -> {
            try {
                var r = figures.of(setup);
                javafx.application.Platform.runLater(() -> {
                    if (reportFor == setup) showReport(r);
                });
            } catch (RuntimeException e) {
                javafx.application.Platform.runLater(() -> report.setText("\u2013"));
            }
        };
        // the first measurement waits until the window is up: on two cores it would slow the first frame
        long due = created + REPORT_DELAY_NANOS;
        if (clock.now() < due) {
            org.vdsoexplorer.app.common.FrameClock.Ticker[] wait = {null};
            wait[0] = clock.ticker(now -> {
                if (now < due) return;
                wait[0].stop();
                org.vdsoexplorer.util.Background.run(t);
            });
            wait[0].start();
        } else {
            org.vdsoexplorer.util.Background.run(t);
        }
    }


    private void showReport(org.vdsoexplorer.report.Row r) {
        if (session.masked(org.vdsoexplorer.lesson.Shown.CALL_RATE)) {
            report.setText("?");
            return;
        }
        report.setText(String.format(Locale.ROOT, "%.2f ns, %s/3 s", r.ns(), Fmt.big(r.callsIn3s()).replace(" ", "")));
    }

    /** The clock rate with the digits it has (2.67, not 2.7). */
    static String ghz(double ghz) {
        return org.vdsoexplorer.session.CompareFigures.ghz(ghz);
    }

    /** The report figure shown (for tests): "37.68 ns, 79.6M/3 s", or "measuring…". */
    public String reportText() { return report.getText(); }

    public void refresh() {
        ModelSnapshot snap = session.snapshot();
        ModelSnapshot.Counters m = snap.counters();
        double ghz = snap.setup().ghz();
        Fmt.setText(model, snap.setup().timing().shortLabel());
        Fmt.setText(callCycles, Fmt.cycles(m.callCyclesMilli()));
        boolean hideInsns = session.masked(org.vdsoexplorer.lesson.Shown.CALL_INSTRUCTIONS);
        boolean hideRate = session.masked(org.vdsoexplorer.lesson.Shown.CALL_RATE);
        Fmt.setText(callInsns, hideInsns ? "?" : Fmt.num(m.callInstructions()));
        Fmt.setText(totalCycles, Fmt.cycles(m.cyclesMilli()));
        Fmt.setText(totalInsns, Fmt.num(m.instructions()));
        Fmt.setText(calls, Fmt.num(m.calls()));
        // finished calls only: a call in progress says nothing about the time per call
        long finishedMilli = m.cyclesMilli() - (snap.inCall() ? m.callCyclesMilli() : 0);
        double ns = m.calls() > 0 ? finishedMilli / 1000.0 / m.calls() / ghz : 0;
        boolean warming = m.calls() < org.vdsoexplorer.report.Report.WARMUP_CALLS;
        Fmt.setText(nsPerCall, hideRate ? "?" : ns > 0 ? String.format(Locale.ROOT, "%.2f%s", ns, warming ? " warm-up" : "")
                : "\u2013 no call");
        Fmt.setText(per3s, hideRate ? "?" : ns > 0 ? Fmt.big(3e9 / ns) : "\u2013");
        Fmt.setText(nsTitle, "ns/call @ " + ghz(ghz) + ":");
        Fmt.setText(position, hideInsns ? "?" : Fmt.num(snap.position()));
        if (hideRate != reportHidden) reportFor = null; // show or hide the figure again
        reportHidden = hideRate;
        refreshReport(snap.setup());
        if (chips.isEmpty()) {
            Label head = new Label("this call by category:");
            head.getStyleClass().add("counter-title");
            breakdown.getChildren().add(head);
            for (Category c : Category.values()) {
                Label chip = new Label();
                chip.setId("cat-" + c.name().toLowerCase(Locale.ROOT));
                chip.getStyleClass().addAll("chip", "cat-" + c.name().toLowerCase(Locale.ROOT).replace('_', '-'));
                // at least its widest text, so no chip moves as counts change; a zero category stays in its place, dimmed
                // (a chip that came and went repainted the whole window in the software renderer: a 55-70 ms frame)
                chip.fontProperty().addListener(o -> chip.setMinWidth(Chips.chipWidth(c, chip)));
                chip.setMinWidth(Chips.chipWidth(c, chip));
                chips.add(chip);
                breakdown.getChildren().add(chip);
            }
        }
        for (Category c : Category.values()) {
            long v = snap.callCategoryMilli(c);
            Label chip = chips.get(c.ordinal());
            chip.pseudoClassStateChanged(ZERO, v == 0);
            Fmt.setText(chip, c.label() + " " + (v == 0 ? "0" : Fmt.cycles(v)));
        }
    }
}

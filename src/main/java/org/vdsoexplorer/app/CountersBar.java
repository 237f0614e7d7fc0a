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
 * Live cycle counters, read from the machine after every change, as one quiet strip of three groups: this call
 * (cycles, instructions, one stacked bar of its cycles by cost category, and the spin, seq-retry and syscall badges,
 * loud only when above zero), the totals (cycles, calls, the step, the average ns per finished call at the setup's
 * clock rate, marked while those calls still warm up the branch predictor, and calls per 3 s, gettime_perf's unit),
 * and the steady state (the report command's figure, the timing model). Every value has a fixed width (in characters
 * of its monospace font) and the bar a fixed width, so the strip never re-wraps as the numbers grow.
 */
public final class CountersBar extends VBox {
    /**
     * The value labels' widths in characters, fixed so that nothing beside them moves as the figures change; a figure
     * longer than its label is shown shorter ({@link Fmt#fit}), never cut. A system call's "1109.73" cycles, "1048.99"
     * ns; after a minute at full speed the totals run to millions.
     */
    static final int CALL_CYCLES = 7, CALL_INSNS = 3, TOTAL_CYCLES = 8, TOTAL_INSNS = 6, CALLS = 5, NS_PER_CALL = 7,
            POSITION = 5;
    private final Session session;
    private final Label callCycles = value("counter-call-cycles");
    private final Label callInsns = value("counter-call-insns");
    private final Label totalCycles = value("counter-total-cycles");
    private final Label totalInsns = value("counter-total-insns");
    private final Label calls = value("counter-calls");
    private final Label nsPerCall = value("counter-ns");
    private final Label per3s = value("counter-per3s");
    private org.vdsoexplorer.app.common.Tips.Lazy nsTip;
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
    /** A category this call has not charged (yet): its badge is quiet, its segment empty. */
    private static final javafx.css.PseudoClass ZERO = javafx.css.PseudoClass.getPseudoClass("zero");
    /** Per category, in order: its badge (spin, seq retries, syscall) or its segment of the bar (the others). */
    private final List<Label> chips = new ArrayList<>();
    private org.vdsoexplorer.app.common.Tips.Lazy barTip;

    /** The counters of {@code session}; the steady-state figure comes from {@code figures}, measured after a delay on {@code clock}. */
    public CountersBar(Session session, org.vdsoexplorer.app.common.FrameClock clock, org.vdsoexplorer.report.SteadyFigures figures) {
        this.session = session;
        this.clock = clock;
        this.created = clock.now();
        this.figures = figures;
        getStyleClass().add("counters");
        setId("counters");
        // one line from 1280 px at 100 %; at larger UI scales the groups wrap, never cut short
        javafx.scene.layout.FlowPane row = new javafx.scene.layout.FlowPane(16, 2,
                group("this call", "cycles and instructions of the call in progress (or of the last call), and its cycles by "
                        + "category (hover the bar for each category's cycles)", pin(callCycles), unit("cyc"), pin(callInsns), unit("insns"),
                        barHolder, badges),
                group("total", "everything since reset, the caller loop included; the step is the reader instructions executed "
                        + "since reset (the timeline position); then cycles / clock rate (the cost table's, with all its digits), "
                        + "averaged over the finished calls since reset ('warm-up' while fewer than "
                        + org.vdsoexplorer.report.Report.WARMUP_CALLS + " calls have trained the branch predictor, nothing until a "
                        + "call finishes), and 3e9 / that average: calls per 3 s, the unit of the seeds' gettime_perf tables",
                        pin(totalCycles), unit("cyc"), pin(calls), unit("calls"), unit("step"), pin(position), pin(nsPerCall), nsTitle, per3s),
                group("steady state", "the 'report' command's figures for this setup: after "
                        + org.vdsoexplorer.report.Report.WARMUP_CALLS + " warm-up calls, the average over "
                        + org.vdsoexplorer.report.Report.WINDOW_TICKS + " writer tick period(s) of calls; the live average converges "
                        + "to them. Then the timing model that charged these cycles: additive (assets/costs.yaml) or the out-of-order "
                        + "pipeline (assets/timing.yaml)", pin(report), model));
        fixedWidth(callCycles, CALL_CYCLES);
        fixedWidth(callInsns, CALL_INSNS);
        fixedWidth(totalCycles, TOTAL_CYCLES);
        fixedWidth(totalInsns, TOTAL_INSNS);
        fixedWidth(calls, CALLS);
        fixedWidth(nsPerCall, NS_PER_CALL);
        fixedWidth(per3s, 8); // "2288.6 M"
        nsTitle.getStyleClass().add("counter-unit");
        javafx.beans.InvalidationListener titleWidth = o -> { // its longer text's width, so nothing moves when it changes
            double w = Math.ceil(DrawnText.measure("ns/call, warm-up", nsTitle.getFont())[0]) + 2;
            nsTitle.setMinWidth(w);
            nsTitle.setPrefWidth(w);
        };
        nsTitle.fontProperty().addListener(titleWidth);
        titleWidth.invalidated(null);
        nsTip = org.vdsoexplorer.app.common.Tips.install(nsTitle, "");
        // the live calls per 3 s: in the total group's tooltip and for a lesson's highlight, not shown in the strip (the
        // steady state beside it gives the figure per 3 s; a laptop's one row has no room for both)
        per3s.setVisible(false);
        per3s.setManaged(false);
        fixedWidth(position, POSITION);
        fixedWidth(report, 20);
        breakdown.setId("counter-breakdown");
        breakdown.getStyleClass().add("cat-bar");
        badges.getStyleClass().add("cat-badges");
        row.setMinWidth(0);
        row.setRowValignment(javafx.geometry.VPos.CENTER);
        row.setPrefWrapLength(600);
        setMinWidth(0);
        Clipped.clip(this);
        getChildren().add(row);
        session.addListener(this::refresh);
        refresh();
        barHolder.resizeOn(chips.getFirst().fontProperty()); // the bar is BAR_EM of its segments' font
    }

    /**
     * {@code value} held so that a new figure lays out the label alone ({@link Isolated#pinned}): its width is fixed in
     * characters, its one line as tall whatever it says.
     */
    private static Isolated pin(Label value) { return Isolated.pinned(value); }

    /**
     * This call's cycles by category as one stacked bar of a fixed width (in em: it grows with the UI scale); each
     * category's segment is as wide as its share and names itself in words when there is room; the spin, seq-retry and
     * syscall categories are also badges beside the bar ({@link #LOUD}), quiet at zero and loud above it. The bar's size
     * never changes, so a step re-lays out only the bar.
     */
    private final javafx.scene.layout.HBox breakdown = new javafx.scene.layout.HBox() {
        @Override protected double computePrefWidth(double h) { return BAR_EM * getFont().getSize(); }

        @Override protected double computeMinWidth(double h) { return computePrefWidth(h); }

        @Override protected double computeMaxWidth(double h) { return computePrefWidth(h); }

        private javafx.scene.text.Font getFont() { return chips.isEmpty() ? javafx.scene.text.Font.getDefault() : chips.getFirst().getFont(); }

        @Override protected void layoutChildren() {
            double total = 0;
            for (Category c : Category.values()) total += shares[c.ordinal()];
            double x0 = snappedLeftInset(), w = getWidth() - snappedLeftInset() - snappedRightInset();
            double y = snappedTopInset(), h = getHeight() - snappedTopInset() - snappedBottomInset();
            double sum = 0, x = x0;
            for (Category c : Category.values()) {
                Label seg = segments.get(c.ordinal());
                sum += shares[c.ordinal()];
                // each edge rounded from the running sum: every segment within a pixel of its share, none drifting
                double end = total <= 0 ? x0 : x0 + Math.round(w * sum / total), sw = end - x;
                seg.resizeRelocate(x, y, sw, h);
                seg.setVisible(sw > 0);
                // its short name where it fits whole, else none (the tooltip names every category)
                String word = shortLabel(c);
                boolean fits = DrawnText.measure(word, seg.getFont())[0] + seg.snappedLeftInset() + seg.snappedRightInset() <= sw;
                if (!seg.getText().equals(fits ? word : "")) seg.setText(fits ? word : "");
                x = end;
            }
        }
    };
    /** The bar's width in em of the strip's font. */
    private static final double BAR_EM = 9;
    /** The categories that are also badges: loud when above zero. */
    static final java.util.Set<Category> LOUD = java.util.EnumSet.of(Category.SEQ_RETRY, Category.SYSCALL);
    private final javafx.scene.layout.HBox badges = new javafx.scene.layout.HBox(4);
    /** The bar, held so that its new shares lay out the bar alone (its size is fixed: {@link #BAR_EM}). */
    private final Isolated barHolder = Isolated.pinned(breakdown);
    private final long[] shares = new long[Category.values().length];
    /** The bar's segments, one per category, in category order. */
    private final List<Label> segments = new ArrayList<>();

    /** A short word for a segment of the bar (its tooltip and the badges say it in full). */
    private static String shortLabel(Category c) {
        return switch (c) {
            case COUNTER_READ -> "rdtsc";
            case LOADS -> "ld";
            case STORES -> "st";
            case PUSH_POP -> "push";
            case CALL_RET -> "call";
            case BRANCHES -> "br";
            case ALU -> "alu";
            case SPIN -> "spin";
            case SEQ_RETRY -> "retry";
            case SYSCALL -> "sys";
            case HARNESS -> "loop";
        };
    }

    /** A badge's widest text: its label and a cycle count of 5 characters ("40.25", a syscall's "1100"). */
    static double chipWidth(Category c, Label chip) {
        double padX = chip.snappedLeftInset() + chip.snappedRightInset();
        return Math.ceil(DrawnText.measure(badge(c) + " 00.00", chip.getFont())[0] + padX) + 1;
    }

    /** A badge's word: "retries", "syscall" (the bar's tooltip uses the categories' own labels). */
    private static String badge(Category c) { return c == Category.SEQ_RETRY ? "retries" : c.label(); }

    private static Label unit(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("counter-unit");
        return l;
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
        return group(new Label(title), tip, items);
    }

    private static HBox group(Label t, String tip, javafx.scene.Node... items) {
        t.getStyleClass().add("counter-title");
        HBox b = new HBox(4, t);
        b.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
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
        Fmt.setText(callCycles, Fmt.fit(Fmt.cycles(m.callCyclesMilli()), m.callCyclesMilli() / 1000.0, CALL_CYCLES));
        boolean hideInsns = session.masked(org.vdsoexplorer.lesson.Shown.CALL_INSTRUCTIONS);
        boolean hideRate = session.masked(org.vdsoexplorer.lesson.Shown.CALL_RATE);
        Fmt.setText(callInsns, hideInsns ? "?" : Fmt.fit(Fmt.num(m.callInstructions()), m.callInstructions(), CALL_INSNS));
        Fmt.setText(totalCycles, Fmt.fit(Fmt.cycles(m.cyclesMilli()), m.cyclesMilli() / 1000.0, TOTAL_CYCLES));
        Fmt.setText(totalInsns, Fmt.fit(Fmt.num(m.instructions()), m.instructions(), TOTAL_INSNS));
        Fmt.setText(calls, Fmt.fit(Fmt.num(m.calls()), m.calls(), CALLS));
        // finished calls only: a call in progress says nothing about the time per call
        long finishedMilli = m.cyclesMilli() - (snap.inCall() ? m.callCyclesMilli() : 0);
        double ns = m.calls() > 0 ? finishedMilli / 1000.0 / m.calls() / ghz : 0;
        boolean warming = m.calls() < org.vdsoexplorer.report.Report.WARMUP_CALLS;
        Fmt.setText(nsPerCall, hideRate ? "?" : ns > 0 ? Fmt.fit(String.format(Locale.ROOT, "%.2f", ns), ns, NS_PER_CALL) : "\u2013");
        Fmt.setText(per3s, hideRate ? "?" : ns > 0 ? Fmt.big(3e9 / ns) : "\u2013");
        Fmt.setText(nsTitle, ns > 0 && warming && !hideRate ? "ns/call, warm-up" : "ns/call");
        nsTip.setText("ns per call at " + ghz(ghz) + " (the cost table's clock rate), over the finished calls since reset"
                + (ns > 0 && !hideRate ? "; calls per 3 s: " + Fmt.big(3e9 / ns).trim() : "; no call has finished yet"));
        Fmt.setText(position, hideInsns ? "?" : Fmt.fit(Fmt.num(snap.position()), snap.position(), POSITION));
        if (hideRate != reportHidden) reportFor = null; // show or hide the figure again
        reportHidden = hideRate;
        refreshReport(snap.setup());
        if (chips.isEmpty()) {
            for (Category c : Category.values()) {
                String id = "cat-" + c.name().toLowerCase(Locale.ROOT), style = "cat-" + c.name().toLowerCase(Locale.ROOT).replace('_', '-');
                Label seg = new Label(shortLabel(c));
                seg.getStyleClass().addAll("cat-seg", style);
                seg.setTextOverrun(javafx.scene.control.OverrunStyle.CLIP);
                seg.setMinWidth(0);
                seg.setMaxHeight(Double.MAX_VALUE);
                segments.add(seg);
                breakdown.getChildren().add(seg);
                if (LOUD.contains(c)) {
                    seg.setId("seg-" + c.name().toLowerCase(Locale.ROOT));
                    Label chip = new Label();
                    chip.setId(id);
                    chip.getStyleClass().addAll("chip", style);
                    // at least its widest text, so no badge moves as counts change; a zero category stays in its place, quiet
                    chip.fontProperty().addListener(o -> chip.setMinWidth(chipWidth(c, chip)));
                    chip.setMinWidth(chipWidth(c, chip));
                    chip.setAlignment(javafx.geometry.Pos.CENTER);
                    chips.add(chip);
                    badges.getChildren().add(chip);
                } else {
                    seg.setId(id);
                    chips.add(seg);
                }
            }
            barTip = org.vdsoexplorer.app.common.Tips.install(breakdown, "");
        }
        StringBuilder tip = new StringBuilder("this call's cycles by category:");
        for (Category c : Category.values()) {
            long v = snap.callCategoryMilli(c);
            shares[c.ordinal()] = v;
            Label chip = chips.get(c.ordinal());
            chip.pseudoClassStateChanged(ZERO, v == 0);
            segments.get(c.ordinal()).pseudoClassStateChanged(ZERO, v == 0);
            String text = badge(c) + " " + (v == 0 ? "0" : Fmt.cycles(v));
            if (LOUD.contains(c)) Fmt.setText(chip, text);
            tip.append('\n').append(c.label()).append(' ').append(v == 0 ? "0" : Fmt.cycles(v));
        }
        barTip.setText(tip.toString());
        breakdown.requestLayout();
    }
}

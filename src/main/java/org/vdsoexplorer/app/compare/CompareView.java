package org.vdsoexplorer.app.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.model.Lockstep;
import org.vdsoexplorer.model.Machine;
import org.vdsoexplorer.model.Setup;
import org.vdsoexplorer.model.Variant;
import org.vdsoexplorer.model.asm.Listing;
import org.vdsoexplorer.model.asm.ListingDiff;
import org.vdsoexplorer.model.cpu.Category;
import org.vdsoexplorer.model.lesson.Compare;
import org.vdsoexplorer.viewmodel.Session;

/**
 * Two setups side by side, two model instances in lockstep. Each pane (A, B) picks its own scenario,
 * variant and clock, so it compares two variants (timens-inline vs timens-noinline), two scenarios
 * (hyperv vs hyperv-5.13, host vs timens) or two clocks. It shows both listings (lines only one of them
 * has marked, prologue/epilogue instructions marked, the next instruction of each highlighted; when
 * both run the same listing, the instructions only one of them ran in this call), the per-call cycles,
 * instructions, spills and categories of both with the delta, and a bar chart of calls per 3 s.
 *
 * <p>Lockstep: a step (instruction, C line or whole call) moves both panes while both are inside a
 * call, or both are between calls. When one pane's call ends first, it waits there (and says so) while
 * the other finishes its call; then the next step starts the next call in both.
 *
 * <p>Parts: each pane is a {@link CompareSide}, the numbers table a {@link CompareTable}.
 */
public final class CompareView extends BorderPane {
    private static final PseudoClass IDENTICAL = PseudoClass.getPseudoClass("identical");

    private final Label problem = new Label();
    private final Label title = new Label();
    private final Label lockstep = new Label();
    private final Label diffNote = new Label();
    private final CompareSide a, b;
    private final org.vdsoexplorer.viewmodel.CompareLockstep stepper =
            new org.vdsoexplorer.viewmodel.CompareLockstep(() -> sessionA(), () -> sessionB());
    private final CompareTable table = new CompareTable();
    private final Bar barA, barB;
    private final Label speed = new Label();
    /** Set while the pickers are set from code: one reload at the end instead of one per picker. */
    private boolean updating;
    private ListingDiff diff;
    private boolean identical;
    private String cycleDelta = "";
    private String barsText = "";

    public CompareView(Setup base) {
        getStyleClass().addAll("view", "compare");
        getStylesheets().add(CompareView.class.getResource("compare.css").toExternalForm());
        setId("compare-view");
        title.getStyleClass().add("view-title");
        title.setId("compare-title");
        title.setWrapText(true);
        a = new CompareSide(this, "A", base.with(Variant.TIMENS_INLINE));
        b = new CompareSide(this, "B", base.with(Variant.TIMENS_NOINLINE));
        a.other = b;
        b.other = a;

        Button step = button("Step both \u25b6", "compare-step",
                "One reader instruction in both panes; a pane whose call ended waits for the other (Right, Space, PageDown)", this::step);
        Button line = button("Line \u25b6\u25b6", "compare-line",
                "One C line in each pane (each its own next line); a pane whose call ended waits (Down)", this::stepLine);
        Button call = button("Call \u21e5", "compare-call",
                "Finish the current clock_gettime() call in both; if both are between calls, run one whole call in each (Enter)", this::runCall);
        Button calls = button("\u00d7100 calls", "compare-100", "Finish the current call, then run 100 whole calls in both",
                () -> runCalls(100));
        Button reset = button("\u21ba Reset", "compare-reset", "Both panes back to reader step 0 (Home)", this::reload);
        problem.setId("compare-problem");
        problem.getStyleClass().add("problem");
        problem.setWrapText(true);
        problem.managedProperty().bind(problem.visibleProperty());
        problem.setVisible(false);
        lockstep.setId("compare-lockstep");
        lockstep.getStyleClass().add("compare-lockstep");
        lockstep.setWrapText(true);
        diffNote.setId("compare-diff");
        diffNote.getStyleClass().add("compare-diff");
        diffNote.setWrapText(true);
        HBox controls = new HBox(8, step, line, call, calls, reset);
        controls.setAlignment(Pos.CENTER_LEFT);
        setTop(new VBox(4, title, controls, problem, lockstep, diffNote));

        HBox panes = new HBox(8, a.box, b.box);
        HBox.setHgrow(a.box, Priority.ALWAYS);
        HBox.setHgrow(b.box, Priority.ALWAYS);


        Label barsTitle = new Label("calls per 3 s (from each pane's last finished call)");
        barsTitle.getStyleClass().add("pane-title");
        barsTitle.setWrapText(true);
        barA = new Bar("bar-a");
        barB = new Bar("bar-b");
        VBox bars = new VBox(6, barA.box, barB.box);
        bars.setId("compare-bars");
        speed.setId("compare-speed");
        speed.getStyleClass().add("compare-speed");
        speed.setWrapText(true);
        VBox side = new VBox(10, table.table, org.vdsoexplorer.app.common.TableExport.buttons("compare", this::tableHeader,
                this::tableRows, 1), barsTitle, bars, speed);
        side.setPadding(new Insets(0, 0, 0, 8));
        side.setMinWidth(420);
        side.setMaxWidth(460);
        BorderPane.setMargin(panes, new Insets(6, 0, 0, 0));
        setCenter(panes);
        setRight(side);
        setBase(base);
    }

    private Button button(String text, String id, String tip, Runnable r) {
        Button bt = new Button(text);
        bt.setId(id);
        bt.setFocusTraversable(false);
        bt.setTooltip(new Tooltip(tip));
        bt.setOnAction(e -> act(r));
        return bt;
    }

    private void act(Runnable r) {
        if (blocked()) return;
        r.run();
        refresh();
    }

    private boolean blocked() { return problem.isVisible() || a.session == null || b.session == null; }

    // ---- what the panes run ----------------------------------------------------------------------

    /**
     * The main window's setup: both panes take its scenario and clock (and cost table, clock rate and
     * writer tick), each keeps its variant if that can run there, else takes the base's variant.
     */
    public void setBase(Setup base) {
        Setup sa = base.with(a.chosen.variant()), sb = base.with(b.chosen.variant());
        setSetups(sa.problem() == null ? sa : base, sb.problem() == null ? sb : base);
    }

    /** Pane A runs {@code va}, pane B {@code vb}, each on its own scenario and clock. */
    public void setVariants(Variant va, Variant vb) { setSetups(a.chosen.with(va), b.chosen.with(vb)); }

    /**
     * Pane A runs {@code sa}, pane B {@code sb} (any scenario, variant and clock), both from step 0. A
     * combination that cannot run is shown with its reason; the panes then keep the last valid pair.
     */
    public void setSetups(Setup sa, Setup sb) {
        updating = true;
        try {
            a.choose(sa);
            b.choose(sb);
        } finally {
            updating = false;
        }
        reload();
    }

    /** What pane A is set to (its pickers; may be a combination that cannot run). */
    public Setup setupA() { return a.chosen; }

    public Setup setupB() { return b.chosen; }

    /** Set while the pickers are set from code (the panes' picker listeners then wait for one reload). */
    boolean updating() { return updating; }

    void pickersChanged() {
        if (!updating) reload();
    }

    private void reload() {
        String why = a.chosen.problem() != null ? "A (" + describe(a.chosen) + "): " + a.chosen.problem()
                : b.chosen.problem() != null ? "B (" + describe(b.chosen) + "): " + b.chosen.problem() : null;
        a.markInvalid();
        b.markInvalid();
        if (why != null) {
            problem.setText("Cannot compare: " + why + "."
                    + (a.session == null ? "" : " The panes still show the last valid pair (" + describe(a.session.setup())
                    + " vs " + describe(b.session.setup()) + "); the step keys do nothing until both can run."));
            problem.setVisible(true);
            return;
        }
        problem.setVisible(false);
        a.load(a.chosen);
        b.load(b.chosen);
        Listing la = a.session.machine().listing(), lb = b.session.machine().listing();
        if (diff == null || diff.a() != la || diff.b() != lb) diff = new ListingDiff(la, lb);
        identical = diff.identical();
        a.setDiff();
        b.setDiff();
        Setup sa = a.session.setup(), sb = b.session.setup();
        List<String> differ = new ArrayList<>(), same = new ArrayList<>();
        (sa.scenario() != sb.scenario() ? differ : same).add("scenario " + pair(sa.scenario().cliName(), sb.scenario().cliName()));
        (sa.variant() != sb.variant() ? differ : same).add("variant " + pair(sa.variant().cliName(), sb.variant().cliName()));
        (sa.clock() != sb.clock() ? differ : same).add("clock " + pair(sa.clock().cliName(), sb.clock().cliName()));
        title.setText(differ.isEmpty() ? "A and B are the same setup (" + describe(sa) + "), stepped in lockstep"
                : "A vs B: " + String.join(", ", differ) + (same.isEmpty() ? "" : "; same " + String.join(", ", same))
                + ". Stepped in lockstep.");
        if (identical) {
            diffNote.setText("Same listing in both panes (" + la.name() + ".lst, " + la.size() + " instructions): the code is"
                    + " identical. The difference is the path each pane takes and where the cycles go (the categories at the"
                    + " right, e.g. syscall for a fallback). Instructions that ran in this call in one pane only are marked \u25b8.");
        } else {
            diffNote.setText(la.name() + ".lst vs " + lb.name() + ".lst: " + diff.countOnlyA() + " instructions only in A (\u2212), "
                    + diff.countOnlyB() + " only in B (+). Prologue/epilogue (push, pop, ret, frame set-up) in bold purple: "
                    + diff.countFrameOnlyA() + " only in A, " + diff.countFrameOnlyB() + " only in B.");
        }
        diffNote.pseudoClassStateChanged(IDENTICAL, identical);
        table.setHeads(sa, sb);
        barA.name = "A " + label(sa, sb);
        barB.name = "B " + label(sb, sa);
        refresh();
    }

    private static String pair(String x, String y) { return x.equals(y) ? x : x + " vs " + y; }

    static String describe(Setup s) { return s.scenario().cliName() + " / " + s.variant().cliName() + " / " + s.clock().cliName(); }

    /** The names that tell {@code s} apart from {@code other} ("hyperv-5.13"), or its variant if none do. */
    private static String label(Setup s, Setup other) {
        String l = Compare.label(s.scenario(), s.variant(), s.clock(), other.scenario(), other.variant(), other.clock());
        return l.isEmpty() ? s.variant().cliName() : l;
    }

    // ---- lockstep ---------------------------------------------------------------------------------

    /** One reader instruction in each pane that moves (see {@link Lockstep}). */
    public void step() {
        if (blocked()) return;
        stepper.step();
        refresh();
    }

    /** One C line in each pane that moves (each its own next line). */
    public void stepLine() {
        if (blocked()) return;
        stepper.stepLine();
        refresh();
    }

    /** Finishes the current call in the panes inside one; if both are between calls, one whole call in each. */
    public void runCall() {
        if (blocked()) return;
        stepper.runCall();
        refresh();
    }

    /** Finishes the current call, then {@code n} whole calls in each pane. */
    public void runCalls(int n) {
        if (blocked()) return;
        stepper.runCalls(n);
        refresh();
    }

    // ---- for tests and the lesson host ----------------------------------------------------------

    public Session sessionA() { return a.session; }

    public Session sessionB() { return b.session; }

    public ListingDiff diff() { return diff; }

    /** Whether both panes run the same listing. */
    public boolean identicalListings() { return identical; }

    /** The reason the chosen pair cannot run, or "" if it can. */
    public String problemText() { return problem.isVisible() ? problem.getText() : ""; }

    /** The delta text shown for the cycles-per-call row (for tests). */
    public String cycleDeltaText() { return cycleDelta; }

    /** The B − A text of a category row ("" while both spend nothing there, so the row is hidden). */
    public String categoryDeltaText(Category c) { return table.categoryDeltaText(c); }

    /** The bar labels ("A ...: 12.3 M | B ...: 11.0 M"), for tests. */
    public String barsText() { return barsText; }

    /** The lockstep line: who waits for whom ("" while both are in step). */
    public String lockstepText() { return lockstep.getText(); }

    /** The listing-diff summary above the panes. */
    public String diffText() { return diffNote.getText(); }

    /** The status line of pane A ("A") or B. */
    public String statusText(String pane) { return (pane.equals("A") ? a : b).where.getText(); }

    /** The pickers of pane A ("A") or B: scenario, variant, clock. */
    public List<ComboBox<?>> pickers(String pane) {
        CompareSide s = pane.equals("A") ? a : b;
        return List.of(s.scenario, s.variant, s.clock);
    }

    // ---- projection -------------------------------------------------------------------------------

    private boolean hideRate;

    /**
     * While a predict question about the two setups' speed is open ({@link org.vdsoexplorer.model.lesson.Shown#CALL_RATE}),
     * the cycles, ns, category rows, bars and speed line show "?".
     */
    public void setMasked(java.util.Set<org.vdsoexplorer.model.lesson.Shown> values) {
        hideRate = values.contains(org.vdsoexplorer.model.lesson.Shown.CALL_RATE);
        refresh();
    }

    public void refresh() {
        if (a.session == null || b.session == null) return;
        a.refresh();
        b.refresh();
        Machine ma = a.session.machine(), mb = b.session.machine();
        boolean ia = ma.inCall(), ib = mb.inCall();
        lockstep.setText(ia == ib ? "" : (ia ? "B" : "A") + " finished call " + (ia ? mb : ma).calls() + " first and waits; "
                + (ia ? "A" : "B") + " is still in its call: a step moves only " + (ia ? "A" : "B") + " until it returns too.");
        lockstep.setVisible(ia != ib);
        lockstep.setManaged(ia != ib);

        cycleDelta = table.update(ma, mb, a.session, b.session);
        // calls per 3 s from the last finished call of each (a partial call says nothing about throughput)
        double la = ma.lastCall() == null ? 0 : ma.lastCall().costMilli() / 1000.0 / ma.setup().ghz();
        double lb = mb.lastCall() == null ? 0 : mb.lastCall().costMilli() / 1000.0 / mb.setup().ghz();
        double best = la > 0 && lb > 0 ? Math.min(la, lb) : Math.max(la, lb);
        barA.set(la, best);
        barB.set(lb, best);
        barsText = barA.label.getText() + " | " + barB.label.getText();
        if (la > 0 && lb > 0) {
            double f = Math.max(la, lb) / Math.min(la, lb);
            speed.setText(Math.abs(f - 1) < 0.005 ? "A and B make the same number of calls in 3 s"
                    : (la < lb ? "A" : "B") + " makes " + String.format(Locale.ROOT, f < 1.995 ? "%.0f %% more" : "%.1f\u00d7 the",
                    f < 1.995 ? (f - 1) * 100 : f) + " calls in 3 s" + (f < 1.995 ? " than " : " of ") + (la < lb ? "B" : "A"));
        } else {
            speed.setText("finish a call in both panes to compare their speed");
        }
        if (hideRate) {
            table.hideRate();
            barA.set(0, 0);
            barB.set(0, 0);
            barA.label.setText(barA.name + ": ?");
            barB.label.setText(barB.name + ": ?");
            barsText = barA.label.getText() + " | " + barB.label.getText();
            speed.setText("? (hidden until you reveal)");
        }
    }

    /** The compare table's header and rows as shown (for copy and save). */
    public List<String> tableHeader() { return table.header(); }

    public List<List<String>> tableRows() { return table.rows(); }

    /** A labelled bar of calls per 3 s, built once. */
    private static final class Bar {
        final Label label = new Label();
        final Region bar = new Region();
        final VBox box;
        String name = "";

        Bar(String cls) {
            label.getStyleClass().add("bar-label");
            bar.getStyleClass().addAll("bar", cls);
            bar.setPrefHeight(26);
            bar.setMinHeight(26);
            bar.setMaxWidth(Region.USE_PREF_SIZE);
            box = new VBox(2, label, bar);
        }

        void set(double ns, double best) {
            double per3s = ns > 0 ? 3e9 / ns : 0;
            double bestPer3s = best > 0 ? 3e9 / best : 1;
            label.setText(name + ": " + (per3s > 0 ? Fmt.big(per3s) : "\u2013"));
            bar.setPrefWidth(Math.max(4, Math.round(380 * per3s / bestPer3s)));
        }
    }

}

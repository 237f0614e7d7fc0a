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
import org.vdsoexplorer.sim.Lockstep;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.ListingDiff;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.session.Action;
import org.vdsoexplorer.session.Session;

/**
 * Two setups side by side, two model instances in lockstep. Each pane (A, B) picks its own scenario,
 * variant and clock, so it compares two variants (timens-inline vs timens-noinline), two scenarios
 * (hyperv vs hyperv-5.13-rc1, host vs timens) or two clocks. It shows both listings (lines only one of them
 * has marked, prologue/epilogue instructions marked, the next instruction of each highlighted; when
 * both run the same listing, the instructions only one of them ran in this call), the per-call cycles,
 * instructions, spills and categories of both with the delta, and a bar chart of calls per 3 s.
 *
 * <p>Lockstep: a step (instruction, C line or whole call) moves both panes while both are inside a
 * call, or both are between calls. When one pane's call ends first, it waits there (and says so) while
 * the other finishes its call; then the next step starts the next call in both.
 *
 * <p>Parts: each pane is a {@link CompareSide}, the numbers (speed line, bars, table) {@link CompareNumbers}.
 *
 * <p>Size: the texts above the panes take the lines they need and the listings keep a readable minimum height
 * (compare.css); when the tab is shorter than that (a laptop beside the lesson panel, presenter mode at 250 %), the
 * whole view scrolls vertically rather than squeezing the listings to nothing under the numbers.
 */
public final class CompareView extends BorderPane {
    private static final PseudoClass IDENTICAL = PseudoClass.getPseudoClass("identical");
    private static final PseudoClass WAITS = PseudoClass.getPseudoClass("waiting");
    private String waitingText = "";

    private final Label problem = new Label();
    private final Label title = new Label();
    private final Label lockstep = new Label();
    private final Label diffNote = new Label();
    private final CompareSide a, b;
    private final org.vdsoexplorer.session.CompareLockstep stepper =
            new org.vdsoexplorer.session.CompareLockstep(() -> sessionA(), () -> sessionB());
    /** Set while the pickers are set from code: one reload at the end instead of one per picker. */
    private boolean updating;
    private ListingDiff diff;
    private boolean identical;
    /** The listings (false) or the two pipeline timelines, stacked (true). */
    private final javafx.scene.control.ToggleButton showPipeline = new javafx.scene.control.ToggleButton("Pipeline timelines");
    private final javafx.scene.control.ToggleButton showListings = new javafx.scene.control.ToggleButton("Listings");
    private final org.vdsoexplorer.app.pipeline.PipelineView pipeA, pipeB;
    private final VBox pipes;
    /** The table, bars and speed line, at the right or under the panes ({@link CompareNumbers}). */
    private final CompareNumbers numbers;
    /** What tells A and B apart ("timens-inline"), for the bars and the timelines' titles. */
    private String nameA = "", nameB = "";
    private final HBox panes;
    /** Everything, in a scroll pane (the view itself holds only that). */
    private final BorderPane body = org.vdsoexplorer.app.common.Scrolling.content();

    /** Panes A and B from {@code base}; their steady states come from {@code figures} (the window's). */
    public CompareView(Setup base, org.vdsoexplorer.report.SteadyFigures figures) {
        getStyleClass().addAll("view", "compare");
        getStylesheets().add(CompareView.class.getResource("compare.css").toExternalForm());
        setId("compare-view");
        title.getStyleClass().add("view-title");
        title.setId("compare-title");
        title.setWrapText(true);
        title.setMinHeight(Region.USE_PREF_SIZE);
        a = new CompareSide(this, "A", base.with(Variant.TIMENS_INLINE));
        b = new CompareSide(this, "B", base.with(Variant.TIMENS_NOINLINE));
        a.other = b;
        b.other = a;

        // Step, Line, Call and Reset are the main toolbar's (and their keys'): in this tab they drive A and B together
        Button calls = button("\u00d7100 calls", "compare-100", "Finish the current call, then run 100 whole calls in both",
                () -> runCalls(100));
        javafx.scene.control.ToggleGroup show = new javafx.scene.control.ToggleGroup();
        for (javafx.scene.control.ToggleButton t : List.of(showListings, showPipeline)) {
            t.setToggleGroup(show);
            t.setFocusTraversable(false);
        }
        showListings.setId("compare-show-listings");
        showPipeline.setId("compare-show-pipeline");
        showListings.setTooltip(new Tooltip("Both panes' listings side by side, the next instruction of each highlighted"));
        showPipeline.setTooltip(new Tooltip("A's and B's out-of-order timelines of the current call, stacked, each at its "
                + "pane's current step (needs a pipeline timing model: the toolbar's 'timing' picker)"));
        showListings.setSelected(true);
        show.selectedToggleProperty().addListener((o, x, t) -> {
            if (t == null) x.setSelected(true); // one of the two is always shown
            else setPipelineShown(t == showPipeline);
        });
        problem.setId("compare-problem");
        problem.getStyleClass().add("problem");
        problem.setWrapText(true);
        problem.setMinHeight(Region.USE_PREF_SIZE);
        problem.managedProperty().bind(problem.visibleProperty());
        problem.setVisible(false);
        lockstep.setId("compare-lockstep");
        lockstep.getStyleClass().add("compare-lockstep");
        lockstep.setWrapText(true);
        lockstep.setMinHeight(Region.USE_PREF_SIZE);
        diffNote.setId("compare-diff");
        diffNote.getStyleClass().add("compare-diff");
        diffNote.setWrapText(true);
        diffNote.setMinHeight(Region.USE_PREF_SIZE);
        Label showLabel = new Label("show:");
        HBox controls = new HBox(8, calls, showLabel, showListings, showPipeline);
        controls.setAlignment(Pos.CENTER_LEFT);
        // what the main toolbar drives here: a constant text (its height follows the width only)
        Label drives = new Label("The toolbar here: " + org.vdsoexplorer.session.KeyMap.COMPARE_DRIVES);
        drives.setId("compare-drives");
        drives.getStyleClass().add("compare-drives");
        drives.setWrapText(true);
        drives.setMinHeight(Region.USE_PREF_SIZE);
        body.setTop(new VBox(4, title, drives, controls, problem, lockstep, diffNote));

        panes = new HBox(8, a.box, b.box);
        HBox.setHgrow(a.box, Priority.ALWAYS);
        HBox.setHgrow(b.box, Priority.ALWAYS);
        pipeA = new org.vdsoexplorer.app.pipeline.PipelineView(() -> a.session == null ? null : a.session.snapshot());
        pipeB = new org.vdsoexplorer.app.pipeline.PipelineView(() -> b.session == null ? null : b.session.snapshot());
        pipeA.setId("compare-pipeline-a");
        pipeB.setId("compare-pipeline-b");
        pipeB.setLegend(false);
        pipes = new VBox(6, pipeA, pipeB);
        pipes.setId("compare-pipelines");
        VBox.setVgrow(pipeA, Priority.ALWAYS);
        VBox.setVgrow(pipeB, Priority.ALWAYS);
        VBox.setVgrow(pipes, Priority.ALWAYS);
        pipes.setVisible(false);
        pipes.setManaged(false);
        VBox center = new VBox(6, panes, pipes);
        VBox.setVgrow(panes, Priority.ALWAYS);

        BorderPane.setMargin(center, new Insets(6, 0, 0, 0));
        body.setCenter(center);
        setCenter(org.vdsoexplorer.app.common.Scrolling.vertical(body, "compare-scroll"));
        numbers = new CompareNumbers(this, body, figures);
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

    /** Shows the two pipeline timelines (stacked, under the panes' pickers and status lines) or the listings. */
    public void setPipelineShown(boolean on) {
        (on ? showPipeline : showListings).setSelected(true);
        pipes.setVisible(on);
        pipes.setManaged(on);
        VBox.setVgrow(panes, on ? Priority.NEVER : Priority.ALWAYS);
        a.showListing(!on);
        b.showListing(!on);
        refresh();
    }

    /** Whether the pipeline timelines are shown instead of the listings. */
    public boolean pipelineShown() { return pipes.isVisible(); }

    /** A's ("A") or B's pipeline timeline. */
    public org.vdsoexplorer.app.pipeline.PipelineView pipeline(String pane) { return pane.equals("A") ? pipeA : pipeB; }

    /** Both panes back to reader step 0 (the Reset button, and the toolbar's Reset in the Compare tab). */
    public void reset() {
        if (!blocked()) reload();
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
        Listing la = a.session.snapshot().listing(), lb = b.session.snapshot().listing();
        if (diff == null || diff.a() != la || diff.b() != lb) diff = new ListingDiff(la, lb);
        identical = diff.identical();
        a.setDiff();
        b.setDiff();
        Setup sa = a.session.setup(), sb = b.session.setup();
        List<String> differ = new ArrayList<>(), same = new ArrayList<>();
        (sa.scenario() != sb.scenario() ? differ : same).add("scenario " + pair(sa.scenario().cliName(), sb.scenario().cliName()));
        (sa.variant() != sb.variant() ? differ : same).add("variant " + pair(sa.variant().cliName(), sb.variant().cliName()));
        (sa.clock() != sb.clock() ? differ : same).add("clock " + pair(sa.clock().cliName(), sb.clock().cliName()));
        title.setText(differ.isEmpty() ? "A and B are the same setup (" + describe(sa) + ")"
                : "A vs B: " + String.join(", ", differ) + (same.isEmpty() ? "" : "; same " + String.join(", ", same))
                + ".");
        if (identical) {
            diffNote.setText("Same listing in both panes (" + la.name() + ".lst, " + la.size() + " instructions): what differs is"
                    + " the path each takes (\u25b8 marks an instruction only one pane ran in this call) and where the cycles go.");
        } else {
            diffNote.setText("Shaded: instructions only in A (\u2212) or only in B (+). Prologue/epilogue (push, pop, ret, frame"
                    + " set-up) in bold purple: " + diff.countFrameOnlyA() + " only in A, " + diff.countFrameOnlyB() + " only in B.");
        }
        diffNote.pseudoClassStateChanged(IDENTICAL, identical);
        refresh();
    }

    private static String pair(String x, String y) { return x.equals(y) ? x : x + " vs " + y; }

    static String describe(Setup s) { return org.vdsoexplorer.sim.SetupText.describe(s); }

    /** The names that tell {@code s} apart from {@code other} ("hyperv-5.13-rc1"), or its variant if none do. */
    private static String label(Setup s, Setup other) {
        String l = org.vdsoexplorer.sim.SetupText.difference(s, other);
        return l.isEmpty() ? s.variant().cliName() : l;
    }

    // ---- lockstep ---------------------------------------------------------------------------------

    /**
     * The main toolbar's and keys' actions that move both panes here (Step, Line, Call, Reset), performed in
     * lockstep; false for any other action (the window then performs it, or it does nothing in this tab).
     */
    public boolean perform(Action a) {
        switch (a) {
            case STEP -> step();
            case LINE -> stepLine();
            case CALL -> runCall();
            case RESET -> reset();
            default -> { return false; }
        }
        return true;
    }

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
    public String cycleDeltaText() { return delta("cycles"); }

    private String delta(String id) {
        var l = numbers.table.line(id);
        return l == null ? "" : l.delta();
    }

    /** The B − A text of a category row ("" while both spend nothing there, so the row is hidden). */
    public String categoryDeltaText(Category c) { return delta(c.name().toLowerCase(Locale.ROOT).replace('_', '-')); }

    /** The table's line {@code id} ("cycles", "steady-calls", ...), or null if not shown. */
    public org.vdsoexplorer.session.CompareFigures.Line line(String id) { return numbers.table.line(id); }

    /** The speed sentence under the bars. */
    public String speedText() { return numbers.speed.getText(); }

    /** The bar labels ("A ...: 12.3 M | B ...: 11.0 M"), for tests. */
    public String barsText() { return numbers.barsText; }

    /** The lockstep line: who waits for whom ("" while both are in step). */
    public String lockstepText() { return waitingText; }

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
     * While a predict question about the two setups' speed is open ({@link org.vdsoexplorer.lesson.Shown#CALL_RATE}),
     * the cycles, ns, category rows, bars and speed line show "?".
     */
    public void setMasked(java.util.Set<org.vdsoexplorer.lesson.Shown> values) {
        hideRate = values.contains(org.vdsoexplorer.lesson.Shown.CALL_RATE);
        refresh();
    }

    public void refresh() {
        if (a.session == null || b.session == null) return;
        a.refresh();
        b.refresh();
        org.vdsoexplorer.session.ModelSnapshot ma = a.session.snapshot(), mb = b.session.snapshot();
        boolean ia = ma.inCall(), ib = mb.inCall();
        // always one line, so the panes below never move when one starts or stops waiting
        waitingText = ia == ib ? "" : (ia ? "B" : "A") + " finished call " + (ia ? mb : ma).counters().calls() + " first and waits: "
                + "a step moves only " + (ia ? "A" : "B") + " until its call returns.";
        Fmt.setText(lockstep, ia == ib ? "In lockstep: each step moves A and B together." : waitingText);
        lockstep.pseudoClassStateChanged(WAITS, ia != ib);

        // every name of A and B is read from the panes' sessions at each refresh, never kept from an earlier pair
        Setup sa = a.session.setup(), sb = b.session.setup();
        nameA = label(sa, sb);
        nameB = label(sb, sa);
        numbers.setHeads(sa, sb, nameA, nameB);
        status.set(statusOf(sa, sb));
        numbers.refresh(a.session, b.session, hideRate);
        if (pipes.isVisible()) {
            pipeA.setName("A " + nameA);
            pipeB.setName("B " + nameB);
            pipeA.refresh();
            pipeB.refresh();
        }
    }

    private final javafx.beans.property.ReadOnlyStringWrapper status = new javafx.beans.property.ReadOnlyStringWrapper(this, "status", "");

    /** "A: host / timens-inline / monotonic | B: timens / timens-inline / monotonic": the window's status line on this tab. */
    public javafx.beans.property.ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }

    /** The status line of two setups (also the numbers panel's heading). */
    static String statusOf(Setup sa, Setup sb) { return "A: " + describe(sa) + " | B: " + describe(sb); }

    /** The numbers panel's heading as shown: the setups its figures are of ("A: ... | B: ..."). */
    public String numbersHeading() { return numbers.heading(); }

    /** The compare table's header and rows as shown (for copy and save). */
    public List<String> tableHeader() { return numbers.table.header(); }

    public List<List<String>> tableRows() { return numbers.table.rows(); }

    /** Whether the numbers are under the panes (a narrow view) rather than at their right. */
    public boolean numbersBelow() { return numbers.below(); }

}
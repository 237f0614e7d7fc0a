package org.vdsoexplorer.app.compare;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import javafx.collections.FXCollections;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.model.Lockstep;
import org.vdsoexplorer.model.Machine;
import org.vdsoexplorer.model.Setup;
import org.vdsoexplorer.model.Variant;
import org.vdsoexplorer.model.asm.Instruction;
import org.vdsoexplorer.model.asm.Listing;
import org.vdsoexplorer.model.asm.ListingDiff;
import org.vdsoexplorer.model.cpu.Category;
import org.vdsoexplorer.model.event.Event;
import org.vdsoexplorer.model.kernel.Clock;
import org.vdsoexplorer.model.kernel.Scenario;
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
 */
public final class CompareView extends BorderPane {
    private static final PseudoClass WORSE = PseudoClass.getPseudoClass("worse");
    private static final PseudoClass BETTER = PseudoClass.getPseudoClass("better");
    private static final PseudoClass WAITING = PseudoClass.getPseudoClass("waiting");
    private static final PseudoClass IDENTICAL = PseudoClass.getPseudoClass("identical");

    private final Label problem = new Label();
    private final Label title = new Label();
    private final Label lockstep = new Label();
    private final Label diffNote = new Label();
    private final Side a, b;
    private final org.vdsoexplorer.viewmodel.CompareLockstep stepper =
            new org.vdsoexplorer.viewmodel.CompareLockstep(() -> sessionA(), () -> sessionB());
    private final GridPane table = new GridPane();
    private final Label[] heads = new Label[4];
    private final List<Row> rows = new ArrayList<>();
    private final Row[] categoryRows = new Row[Category.values().length];
    private final Row cyclesRow;
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
        a = new Side("A", base.with(Variant.TIMENS_INLINE));
        b = new Side("B", base.with(Variant.TIMENS_NOINLINE));
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
        VBox side = new VBox(10, table, org.vdsoexplorer.app.common.TableExport.buttons("compare", this::tableHeader,
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

    private void pickersChanged() {
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
        heads[1].getTooltip().setText("Pane A: " + describe(sa));
        heads[2].getTooltip().setText("Pane B: " + describe(sb));
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
    public String categoryDeltaText(Category c) {
        Row r = categoryRows[c.ordinal()];
        return r.name.isVisible() ? r.delta.getText() : "";
    }

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
        Side s = pane.equals("A") ? a : b;
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

        rows.get(0).set(Fmt.num(ma.calls()), Fmt.num(mb.calls()), signedCount(mb.calls() - ma.calls()), 0);
        long ca = ma.callCyclesMilli(), cb = mb.callCyclesMilli();
        cycleDelta = signed(cb - ca);
        cyclesRow.set(Fmt.cycles(ca), Fmt.cycles(cb), cycleDelta, Long.signum(cb - ca));
        long na = ma.callInstructions(), nb = mb.callInstructions();
        rows.get(2).set(Fmt.num(na), Fmt.num(nb), signedCount(nb - na), Long.signum(nb - na));
        int[] sa = a.session.spills(), sb = b.session.spills();
        int pa = sa[0] + sa[1], pb = sb[0] + sb[1];
        rows.get(3).set(Integer.toString(pa), Integer.toString(pb), signedCount(pb - pa), Integer.signum(pb - pa));
        double nsA = ca / 1000.0 / ma.setup().ghz(), nsB = cb / 1000.0 / mb.setup().ghz();
        String dns = String.format(Locale.ROOT, "%+.2f", nsB - nsA);
        boolean zero = dns.equals("+0.00") || dns.equals("-0.00");
        rows.get(4).set(String.format(Locale.ROOT, "%.2f", nsA), String.format(Locale.ROOT, "%.2f", nsB),
                zero ? "0" : dns.replace('-', '\u2212'), zero ? 0 : (int) Math.signum(nsB - nsA));
        for (Category c : Category.values()) {
            long va = a.session.callCategoryMilli(c), vb = b.session.callCategoryMilli(c);
            Row r = categoryRows[c.ordinal()];
            r.show(va != 0 || vb != 0);
            r.set(Fmt.cycles(va), Fmt.cycles(vb), signed(vb - va), Long.signum(vb - va));
        }
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
            cyclesRow.set("?", "?", "?", 0);
            rows.get(4).set("?", "?", "?", 0);
            for (Row r : categoryRows) r.set("?", "?", "?", 0);
            barA.set(0, 0);
            barB.set(0, 0);
            barA.label.setText(barA.name + ": ?");
            barB.label.setText(barB.name + ": ?");
            barsText = barA.label.getText() + " | " + barB.label.getText();
            speed.setText("? (hidden until you reveal)");
        }
    }

    /** The compare table's header and rows as shown (for copy and save). */
    public List<String> tableHeader() {
        return java.util.Arrays.stream(heads).map(l -> l.getText() + (l.getTooltip() == null || l.getTooltip().getText().isEmpty()
                || l == heads[0] || l == heads[3] ? "" : " (" + l.getTooltip().getText() + ")")).toList();
    }

    public List<List<String>> tableRows() {
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

    private static <T> StringConverter<T> converter(java.util.function.Function<T, String> name) {
        return new StringConverter<>() {
            @Override public String toString(T t) { return t == null ? "" : name.apply(t); }

            @Override public T fromString(String s) { return null; }
        };
    }

    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");

    /** A picker's popup row: the name, marked when it cannot run with the pane's other choices. */
    private static <T> ListCell<T> cell(java.util.function.Function<T, String> name, java.util.function.Function<T, String> tip,
                                        java.util.function.Function<T, String> problem) {
        return new ListCell<>() {
            @Override protected void updateItem(T t, boolean empty) {
                super.updateItem(t, empty);
                if (empty || t == null) {
                    setText(null);
                    setTooltip(null);
                    pseudoClassStateChanged(INVALID, false);
                    return;
                }
                String p = problem.apply(t);
                setText(name.apply(t) + (p == null ? "" : "  \u2717"));
                pseudoClassStateChanged(INVALID, p != null);
                setTooltip(new Tooltip(p == null ? tip.apply(t) : p));
            }
        };
    }

    /** One pane: its pickers, its session and its listing. */
    private final class Side {
        final String name;
        Side other;
        /** What the pickers say (may be invalid); {@link #session} runs the last valid choice. */
        Setup chosen;
        Session session;
        final ComboBox<Scenario> scenario = new ComboBox<>(FXCollections.observableArrayList(Scenario.values()));
        final ComboBox<Variant> variant = new ComboBox<>(FXCollections.observableArrayList(Variant.values()));
        final ComboBox<Clock> clock = new ComboBox<>(FXCollections.observableArrayList(Clock.values()));
        final ListView<Object> list = new ListView<>();
        final Label head = new Label();
        final Label where = new Label();
        final VBox box;
        int current = -1;
        int[] rowOf = new int[0];
        final List<Cell> cells = new ArrayList<>();
        /** Instructions retired in the current (or last) call, and the position they were collected at. */
        final BitSet ran = new BitSet();
        long ranAt = -1;
        Session ranOf;

        Side(String name, Setup initial) {
            this.name = name;
            this.chosen = initial;
            String lower = name.toLowerCase(Locale.ROOT);
            scenario.setId("compare-" + lower + "-scenario");
            variant.setId("compare-" + lower);
            clock.setId("compare-" + lower + "-clock");
            scenario.setConverter(converter(Scenario::cliName));
            variant.setConverter(converter(Variant::cliName));
            clock.setConverter(converter(Clock::cliName));
            scenario.setCellFactory(v -> cell(Scenario::cliName, Scenario::description,
                    s -> Setup.of(s, chosen.variant(), chosen.clock()).problem()));
            variant.setCellFactory(v -> cell(Variant::cliName, Variant::description,
                    x -> Setup.of(chosen.scenario(), x, chosen.clock()).problem()));
            clock.setCellFactory(v -> cell(Clock::cliName, c -> "clock id " + c.id
                    + (c.servedByVdso() ? "" : ": not served by the vDSO, the call falls back to the syscall"), c -> null));
            scenario.setTooltip(new Tooltip("Pane " + name + "'s machine and task: clocksource, the clock_mode the kernel "
                    + "advertises, time namespace"));
            variant.setTooltip(new Tooltip("Pane " + name + "'s compiled variant of the C model (vdso_model.c): inlining and timens code"));
            clock.setTooltip(new Tooltip("Pane " + name + "'s clockid_t passed to clock_gettime(): picks the VDSO_HRES / COARSE / RAW path"));
            scenario.valueProperty().addListener((o, x, y) -> { if (y != null && !updating) { chosen = chosen.with(y); pickersChanged(); } });
            variant.valueProperty().addListener((o, x, y) -> { if (y != null && !updating) { chosen = chosen.with(y); pickersChanged(); } });
            clock.valueProperty().addListener((o, x, y) -> { if (y != null && !updating) { chosen = chosen.with(y); pickersChanged(); } });
            Label tag = new Label(name);
            tag.getStyleClass().addAll("compare-tag", "tag-" + lower);
            FlowPane pick = new FlowPane(6, 4, tag, scenario, variant, clock);
            pick.setAlignment(Pos.CENTER_LEFT);

            list.getStyleClass().add("code-list");
            list.setId("compare-listing-" + lower);
            list.setFocusTraversable(false);
            list.setCellFactory(v -> new Cell());
            head.getStyleClass().add("pane-title");
            head.setWrapText(true);
            head.setMinHeight(Region.USE_PREF_SIZE);
            where.getStyleClass().addAll("view-status", "compare-where");
            where.setId("compare-where-" + lower);
            where.setWrapText(true);
            where.setMinHeight(Region.USE_PREF_SIZE);
            box = new VBox(4, pick, head, where, list);
            box.getStyleClass().add("compare-side");
            VBox.setVgrow(list, Priority.ALWAYS);
            box.setPrefWidth(400);
            box.setMinWidth(0);
        }

        /** Sets the pickers (the caller holds {@code updating}). */
        void choose(Setup s) {
            chosen = s;
            scenario.setValue(s.scenario());
            variant.setValue(s.variant());
            clock.setValue(s.clock());
        }

        void markInvalid() {
            boolean bad = chosen.problem() != null;
            for (ComboBox<?> c : List.of(scenario, variant, clock)) c.pseudoClassStateChanged(INVALID, bad);
        }

        void load(Setup s) {
            Listing before = session == null ? null : session.machine().listing();
            if (session == null) session = new Session(s);
            else session.load(s);
            ranAt = -1;
            current = -1;
            Listing l = session.machine().listing();
            if (l == before) return;
            List<Object> rows = new ArrayList<>();
            rowOf = new int[l.size()];
            String sym = null;
            for (Instruction in : l.instructions()) {
                if (in.symbol() != null && !in.symbol().equals(sym)) {
                    sym = in.symbol();
                    rows.add(sym + ":");
                }
                rowOf[in.index()] = rows.size();
                rows.add(in);
            }
            list.getItems().setAll(rows);
        }

        void setDiff() {
            Listing l = session.machine().listing();
            int only = name.equals("A") ? diff.countOnlyA() : diff.countOnlyB();
            head.setText(name + ": " + l.name() + ".lst \u2014 " + (identical ? "the same listing as " + other.name
                    : only + " instructions only here (" + (name.equals("A") ? "\u2212" : "+") + " marked)"));
            list.refresh();
        }

        /** Collects the instructions this pane ran in its current (or last) call, if the position moved. */
        void collectRan() {
            long p = session.position();
            if (p == ranAt && ranOf == session) return;
            ranAt = p;
            ranOf = session;
            ran.clear();
            for (Event e : session.callLog()) if (e instanceof Event.Retired r) ran.set(r.insn().index());
        }

        /** Instruction {@code index} ran in this pane's call and not in the other's (same listing only). */
        boolean ranOnlyHere(int index) { return identical && ran.get(index) && !other.ran.get(index); }

        void refresh() {
            Machine m = session.machine();
            if (identical) {
                collectRan();
                other.collectRan();
            }
            Instruction next = m.next();
            boolean waiting = !m.inCall() && other.session.machine().inCall();
            String call = " \u00b7 step " + Fmt.num(session.position());
            if (m.inCall()) {
                where.setText("in call " + (m.calls() + 1) + ", next: " + next.addressHex() + " "
                        + next.text().replaceAll("\\s+", " ") + "  (" + next.source() + ")" + call);
            } else if (waiting) {
                where.setText("call " + m.calls() + " returned (" + Fmt.num(m.callInstructions()) + " instructions, "
                        + Fmt.cycles(m.callCyclesMilli()) + " cycles); waiting for " + other.name + " to finish its call" + call);
            } else {
                where.setText((m.calls() == 0 ? "before the first call" : m.calls() + " calls done") + ", the next starts at "
                        + next.addressHex() + " " + (next.symbol() == null ? "" : next.symbol()) + call);
            }
            where.pseudoClassStateChanged(WAITING, waiting);
            int now = m.inCall() ? next.index() : -1;
            if (now != current) {
                current = now;
                if (now >= 0) list.scrollTo(Math.max(0, rowOf[now] - 8));
            }
            for (Cell c : cells) c.restyle();
        }

        private static final PseudoClass CURRENT = PseudoClass.getPseudoClass("current");
        private static final PseudoClass SYMBOL = PseudoClass.getPseudoClass("symbol");
        private static final PseudoClass ONLY = PseudoClass.getPseudoClass("only");
        private static final PseudoClass FRAME = PseudoClass.getPseudoClass("frame");
        private static final PseudoClass RAN_ONLY = PseudoClass.getPseudoClass("ran-only");

        final class Cell extends ListCell<Object> {
            private String body = "";
            private boolean only;

            Cell() { cells.add(this); }

            @Override protected void updateItem(Object item, boolean empty) {
                super.updateItem(item, empty);
                only = false;
                pseudoClassStateChanged(SYMBOL, false);
                pseudoClassStateChanged(FRAME, false);
                if (empty || item == null) {
                    body = "";
                    setText(null);
                } else if (item instanceof String s) {
                    body = s;
                    setText(s);
                    pseudoClassStateChanged(SYMBOL, true);
                } else {
                    Instruction in = (Instruction) item;
                    // (while a new pair loads, the diff is still the old pair's until both sides have loaded)
                    boolean current = diff != null && (name.equals("A") ? diff.a() : diff.b()) == session.machine().listing();
                    only = current && (name.equals("A") ? diff.onlyInA(in.index()) : diff.onlyInB(in.index()));
                    body = String.format("%5s  %s", in.addressHex(), in.text().replaceAll("\\s+", " "));
                    pseudoClassStateChanged(FRAME, ListingDiff.frame(in));
                    setText(null);
                }
                pseudoClassStateChanged(ONLY, only);
                restyle();
            }

            void restyle() {
                if (isEmpty() || !(getItem() instanceof Instruction in)) {
                    pseudoClassStateChanged(CURRENT, false);
                    pseudoClassStateChanged(RAN_ONLY, false);
                    return;
                }
                boolean ranOnly = ranOnlyHere(in.index());
                String t = (only ? (name.equals("A") ? "\u2212 " : "+ ") : ranOnly ? "\u25b8 " : "  ") + body;
                Fmt.setText(this, t);
                pseudoClassStateChanged(CURRENT, in.index() == current);
                pseudoClassStateChanged(RAN_ONLY, ranOnly);
            }
        }
    }
}

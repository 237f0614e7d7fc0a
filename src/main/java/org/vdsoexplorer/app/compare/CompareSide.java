package org.vdsoexplorer.app.compare;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import javafx.collections.FXCollections;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.ListingDiff;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.Session;

/** One pane of the {@link CompareView}: its pickers (scenario, variant, clock), its session and its listing. */
final class CompareSide {
    private static final PseudoClass WAITING = PseudoClass.getPseudoClass("waiting");
    private final CompareView view;
    final String name;
    CompareSide other;
    /** What the pickers say (may be invalid); {@link #session} runs the last valid choice. */
    Setup chosen;
    Session session;
    final ComboBox<Scenario> scenario = new ComboBox<>(FXCollections.observableArrayList(Scenario.values()));
    final ComboBox<Variant> variant = new ComboBox<>(FXCollections.observableArrayList(Variant.values()));
    final ComboBox<Clock> clock = new ComboBox<>(FXCollections.observableArrayList(Clock.values()));
    final ListView<Object> list = new ListView<>();
    final Label head = new Label();
    /**
     * The status line: {@link #WHERE_EM} em (two lines) reserved, so a longer status never moves the listing; more when
     * its text needs more lines at the pane's width (presenter mode at 250 %) rather than cut short.
     */
    final Label where = new Label() {
        @Override protected double computePrefHeight(double w) { return Math.max(WHERE_EM * getFont().getSize(), super.computePrefHeight(w)); }

        @Override protected double computeMinHeight(double w) { return computePrefHeight(w); }

        @Override protected double computeMaxHeight(double w) { return computePrefHeight(w); }
    };
    static final double WHERE_EM = 2.6;
    final VBox box;
    private final FlowPane pick;
    int current = -1;
    /** The instruction the listing was last scrolled to. */
    private int scrolledTo = -1;
    int[] rowOf = new int[0];
    final List<Cell> cells = new ArrayList<>();
    /** Instructions retired in the current (or last) call, and the position they were collected at. */
    final BitSet ran = new BitSet();
    long ranAt = -1;
    Session ranOf;

    CompareSide(CompareView view, String name, Setup initial) {
        this.view = view;
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
        scenario.valueProperty().addListener((o, x, y) -> { if (y != null && !view.updating()) { chosen = chosen.with(y); view.pickersChanged(); } });
        variant.valueProperty().addListener((o, x, y) -> { if (y != null && !view.updating()) { chosen = chosen.with(y); view.pickersChanged(); } });
        clock.valueProperty().addListener((o, x, y) -> { if (y != null && !view.updating()) { chosen = chosen.with(y); view.pickersChanged(); } });
        for (ComboBox<?> c : List.of(scenario, variant, clock)) c.setMinWidth(Region.USE_PREF_SIZE); // the longest choice whole
        Label tag = new Label(name);
        tag.getStyleClass().addAll("compare-tag", "tag-" + lower);
        pick = new FlowPane(4, 4, tag, scenario, variant, clock);
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
        box.setId("compare-pane-" + lower);
        VBox.setVgrow(list, Priority.ALWAYS);
        box.setPrefWidth(400);
        box.setMinWidth(0);
    }

    /** Shows the pickers and the listing (true) or only the status line (the pipeline timelines are below). */
    void showListing(boolean on) {
        for (javafx.scene.Node n : List.of(list, head, pick)) { // the timelines' titles name each pane's setup
            n.setVisible(on);
            n.setManaged(on);
        }
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
        Listing before = session == null ? null : session.snapshot().listing();
        if (session == null) session = new Session(s);
        else session.load(s);
        ranAt = -1;
        current = -1;
        scrolledTo = -1;
        Listing l = session.snapshot().listing();
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
        Listing l = session.snapshot().listing();
        int only = name.equals("A") ? view.diff().countOnlyA() : view.diff().countOnlyB();
        head.setText(l.name() + ".lst: " + (view.identicalListings() ? "the same listing as " + other.name
                : only + " instructions only here (" + (name.equals("A") ? "\u2212" : "+") + ")"));
        list.refresh();
    }

    /** Collects the instructions this pane ran in its current (or last) call, if the position moved. */
    void collectRan() {
        ModelSnapshot m = session.snapshot();
        long p = m.position();
        if (p == ranAt && ranOf == session) return;
        ranAt = p;
        ranOf = session;
        ran.clear();
        for (Event e : m.callLog()) if (e instanceof Event.Retired r) ran.set(r.insn().index());
    }

    /** Instruction {@code index} ran in this pane's call and not in the other's (same listing only). */
    boolean ranOnlyHere(int index) { return view.identicalListings() && ran.get(index) && !other.ran.get(index); }

    void refresh() {
        ModelSnapshot m = session.snapshot();
        if (view.identicalListings()) {
            collectRan();
            other.collectRan();
        }
        Instruction next = m.next();
        boolean waiting = !m.inCall() && other.session.snapshot().inCall();
        String call = " \u00b7 step " + Fmt.num(m.position());
        if (m.inCall()) {
            where.setText(name + ": in call " + (m.counters().calls() + 1) + ", next: " + next.addressHex() + " "
                    + next.text().replaceAll("\\s+", " ") + "  (" + next.source() + ")" + call);
        } else if (waiting) {
            where.setText(name + ": call " + m.counters().calls() + " returned (" + Fmt.num(m.counters().callInstructions()) + " instructions, "
                    + Fmt.cycles(m.counters().callCyclesMilli()) + " cycles); waiting for " + other.name + " to finish its call" + call);
        } else {
            where.setText(name + ": " + (m.counters().calls() == 0 ? "before the first call" : m.counters().calls() + " calls done") + ", the next starts at "
                    + next.addressHex() + " " + (next.symbol() == null ? "" : next.symbol()) + call);
        }
        where.pseudoClassStateChanged(WAITING, waiting);
        int now = m.inCall() ? next.index() : -1;
        // the current instruction in view; between calls the entry point the next call starts at (not the file's top)
        int shown = m.inCall() ? now : next.index();
        if (now != current || shown != scrolledTo) {
            current = now;
            scrolledTo = shown;
            if (shown >= 0) list.scrollTo(Math.max(0, rowOf[shown] - (m.inCall() ? 3 : 1))); // a few rows of context above: in view in a short pane too
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
                // (while a new pair loads, the view.diff() is still the old pair's until both sides have loaded)
                boolean current = view.diff() != null && (name.equals("A") ? view.diff().a() : view.diff().b()) == session.snapshot().listing();
                only = current && (name.equals("A") ? view.diff().onlyInA(in.index()) : view.diff().onlyInB(in.index()));
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
}

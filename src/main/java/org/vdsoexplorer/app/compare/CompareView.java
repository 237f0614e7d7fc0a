package org.vdsoexplorer.app.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.vdsoexplorer.app.Fmt;
import org.vdsoexplorer.app.Session;
import org.vdsoexplorer.model.Machine;
import org.vdsoexplorer.model.Setup;
import org.vdsoexplorer.model.Variant;
import org.vdsoexplorer.model.asm.Instruction;
import org.vdsoexplorer.model.asm.Listing;
import org.vdsoexplorer.model.cpu.Category;

/**
 * Two variants on the same scenario and clock, two model instances in lockstep: both listings side by
 * side (lines only one of them has marked, prologue/epilogue instructions marked, the next instruction
 * of each highlighted), the per-call cycles, instructions, spills and categories of both with the delta,
 * and a bar chart of calls per 3 s.
 */
public final class CompareView extends BorderPane {
    private final ComboBox<Variant> pickA = new ComboBox<>(FXCollections.observableArrayList(Variant.values()));
    private final ComboBox<Variant> pickB = new ComboBox<>(FXCollections.observableArrayList(Variant.values()));
    private final Label problem = new Label();
    private final Label title = new Label();
    private final Pane a = new Pane("A"), b = new Pane("B");
    private final GridPane table = new GridPane();
    private final VBox bars = new VBox(6);
    private Setup base;
    private ListingDiff diff;

    public CompareView(Setup base) {
        getStyleClass().addAll("view", "compare");
        setId("compare-view");
        title.getStyleClass().add("view-title");
        pickA.setId("compare-a");
        pickB.setId("compare-b");
        for (ComboBox<Variant> c : List.of(pickA, pickB)) {
            c.setConverter(new StringConverter<>() {
                @Override public String toString(Variant v) { return v == null ? "" : v.cliName(); }

                @Override public Variant fromString(String s) { return null; }
            });
            c.setTooltip(new Tooltip("The compiled variant run in this pane"));
        }
        pickA.setValue(Variant.TIMENS_INLINE);
        pickB.setValue(Variant.TIMENS_NOINLINE);
        pickA.valueProperty().addListener((o, x, y) -> reload());
        pickB.valueProperty().addListener((o, x, y) -> reload());
        Button step = button("Step both \u25b6", "compare-step", "One reader instruction in both (Right, Space, PageDown)", this::step);
        Button line = button("Line \u25b6\u25b6", "compare-line", "One C line in both (Down)", this::stepLine);
        Button call = button("Call \u21e5", "compare-call", "Finish the call in both (Enter)", this::runCall);
        Button calls = button("\u00d7100 calls", "compare-100", "Run 100 whole calls in both", () -> {
            for (int i = 0; i < 100; i++) {
                a.session.runCall();
                b.session.runCall();
            }
        });
        Button reset = button("\u21ba Reset", "compare-reset", "Both back to step 0 (Home)", this::reload);
        problem.setId("compare-problem");
        problem.getStyleClass().add("problem");
        problem.setWrapText(true);
        problem.managedProperty().bind(problem.visibleProperty());
        problem.setVisible(false);
        HBox controls = new HBox(8, new Label("A:"), pickA, new Label("B:"), pickB, step, line, call, calls, reset);
        controls.setAlignment(Pos.CENTER_LEFT);
        setTop(new VBox(4, title, controls, problem));

        HBox panes = new HBox(8, a.box, b.box);
        HBox.setHgrow(a.box, Priority.ALWAYS);
        HBox.setHgrow(b.box, Priority.ALWAYS);
        table.setId("compare-table");
        table.getStyleClass().add("compare-table");
        table.setHgap(14);
        table.setVgap(2);
        bars.setId("compare-bars");
        Label barsTitle = new Label("calls per 3 s (last finished call)");
        barsTitle.getStyleClass().add("pane-title");
        VBox side = new VBox(10, table, barsTitle, bars);
        side.setPadding(new Insets(0, 0, 0, 8));
        side.setMinWidth(420);
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
        if (problem.isVisible()) return;
        r.run();
        refresh();
    }

    /** Scenario, clock and costs for both panes (the variants come from the A/B pickers). */
    public void setBase(Setup base) {
        this.base = base;
        reload();
    }

    public void setVariants(Variant va, Variant vb) {
        pickA.setValue(va);
        pickB.setValue(vb);
    }

    private void reload() {
        Setup sa = base.with(pickA.getValue()), sb = base.with(pickB.getValue());
        String why = sa.problem() != null ? "A: " + sa.problem() : sb.problem() != null ? "B: " + sb.problem() : null;
        problem.setText(why == null ? "" : "Cannot compare: " + why);
        problem.setVisible(why != null);
        title.setText("Side by side on " + base.scenario().cliName() + " / " + base.clock().cliName()
                + ": A and B step in lockstep");
        if (why != null) return;
        a.load(sa);
        b.load(sb);
        diff = new ListingDiff(a.session.machine().listing(), b.session.machine().listing());
        a.setDiff(diff, true);
        b.setDiff(diff, false);
        refresh();
    }

    public void step() {
        if (problem.isVisible()) return;
        a.session.stepQuiet();
        b.session.stepQuiet();
        a.session.fire();
        b.session.fire();
        refresh();
    }

    public void stepLine() {
        if (problem.isVisible()) return;
        a.session.stepLine();
        b.session.stepLine();
        refresh();
    }

    public void runCall() {
        if (problem.isVisible()) return;
        a.session.runCall();
        b.session.runCall();
        refresh();
    }

    public Session sessionA() { return a.session; }

    public Session sessionB() { return b.session; }

    public ListingDiff diff() { return diff; }

    /** The delta text shown for the cycles-per-call row (for tests). */
    public String cycleDeltaText() { return cycleDelta; }

    private String cycleDelta = "";
    private String barsText = "";

    /** The bar labels ("A ...: 12.3 M | B ...: 11.0 M"), for tests. */
    public String barsText() { return barsText; }

    public void refresh() {
        if (problem.isVisible()) return;
        a.refresh();
        b.refresh();
        Machine ma = a.session.machine(), mb = b.session.machine();
        table.getChildren().clear();
        String[] head = {"this call", "A " + ma.setup().variant().cliName(), "B " + mb.setup().variant().cliName(), "B \u2212 A"};
        for (int c = 0; c < head.length; c++) {
            Label l = new Label(head[c]);
            l.getStyleClass().add("compare-head");
            table.add(l, c, 0);
        }
        int row = 1;
        long ca = ma.callCyclesMilli(), cb = mb.callCyclesMilli();
        cycleDelta = signed(cb - ca);
        row = row(row, "cycles", Fmt.cycles(ca), Fmt.cycles(cb), cycleDelta);
        row = row(row, "instructions", Fmt.num(ma.callInstructions()), Fmt.num(mb.callInstructions()),
                signedCount(mb.callInstructions() - ma.callInstructions()));
        int[] sa = a.session.spills(), sb = b.session.spills();
        row = row(row, "push + pop", Integer.toString(sa[0] + sa[1]), Integer.toString(sb[0] + sb[1]),
                signedCount(sb[0] + sb[1] - sa[0] - sa[1]));
        double nsA = ca / 1000.0 / ma.setup().ghz(), nsB = cb / 1000.0 / mb.setup().ghz();
        String dns = String.format(Locale.ROOT, "%+.2f", nsB - nsA);
        row = row(row, "ns", String.format(Locale.ROOT, "%.2f", nsA), String.format(Locale.ROOT, "%.2f", nsB),
                dns.equals("+0.00") || dns.equals("-0.00") ? "0" : dns);
        for (Category c : Category.values()) {
            long va = a.session.callCategoryMilli(c), vb = b.session.callCategoryMilli(c);
            if (va == 0 && vb == 0) continue;
            row = row(row, c.label(), Fmt.cycles(va), Fmt.cycles(vb), signed(vb - va));
        }
        // calls per 3 s from the last finished call of each (a partial call says nothing about throughput)
        double la = ma.lastCall() == null ? 0 : ma.lastCall().costMilli() / 1000.0 / ma.setup().ghz();
        double lb = mb.lastCall() == null ? 0 : mb.lastCall().costMilli() / 1000.0 / mb.setup().ghz();
        double best = la > 0 && lb > 0 ? Math.min(la, lb) : Math.max(la, lb);
        bars.getChildren().setAll(bar("A " + ma.setup().variant().cliName(), la, best, "bar-a"),
                bar("B " + mb.setup().variant().cliName(), lb, best, "bar-b"));
        barsText = ((Label) ((VBox) bars.getChildren().get(0)).getChildren().get(0)).getText() + " | "
                + ((Label) ((VBox) bars.getChildren().get(1)).getChildren().get(0)).getText();
    }

    private int row(int r, String name, String va, String vb, String delta) {
        Label n = new Label(name), x = new Label(va), y = new Label(vb), d = new Label(delta);
        n.getStyleClass().add("compare-name");
        for (Label l : List.of(x, y, d)) l.getStyleClass().add("compare-value");
        d.getStyleClass().add(delta.startsWith("+") ? "worse" : delta.startsWith("\u2212") || delta.startsWith("-") ? "better" : "same");
        if (r == 1) d.setId("compare-delta-cycles");
        table.addRow(r, n, x, y, d);
        return r + 1;
    }

    private static String signed(long milli) {
        if (milli == 0) return "0";
        return (milli > 0 ? "+" : "\u2212") + Fmt.cycles(Math.abs(milli));
    }

    private static String signedCount(long n) { return n == 0 ? "0" : (n > 0 ? "+" : "\u2212") + Math.abs(n); }

    private static VBox bar(String name, double ns, double best, String cls) {
        double per3s = ns > 0 ? 3e9 / ns : 0;
        double bestPer3s = best > 0 ? 3e9 / best : 1;
        Region r = new Region();
        r.getStyleClass().addAll("bar", cls);
        r.setPrefHeight(26);
        r.setMinHeight(26);
        r.setPrefWidth(Math.max(4, 380 * per3s / bestPer3s));
        r.setMaxWidth(Region.USE_PREF_SIZE);
        Label l = new Label(name + ": " + (per3s > 0 ? Fmt.big(per3s) : "\u2013"));
        l.getStyleClass().add("bar-label");
        return new VBox(2, l, r);
    }

    /** One side: a session and its listing. */
    private static final class Pane {
        final String name;
        Session session;
        final ListView<Object> list = new ListView<>();
        final Label head = new Label();
        final Label where = new Label();
        final VBox box;
        ListingDiff diff;
        boolean isA;
        int current = -1;
        int[] rowOf = new int[0];
        final List<Cell> cells = new ArrayList<>();

        Pane(String name) {
            this.name = name;
            list.getStyleClass().add("code-list");
            list.setId("compare-listing-" + name.toLowerCase(Locale.ROOT));
            list.setFocusTraversable(false);
            list.setCellFactory(v -> new Cell());
            head.getStyleClass().add("pane-title");
            where.getStyleClass().add("view-status");
            box = new VBox(4, head, where, list);
            VBox.setVgrow(list, Priority.ALWAYS);
            box.setPrefWidth(400);
        }

        void load(Setup s) {
            session = new Session(s);
            Listing l = session.machine().listing();
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
            current = -1;
        }

        void setDiff(ListingDiff d, boolean a) {
            diff = d;
            isA = a;
            int only = a ? d.countOnlyA() : d.countOnlyB();
            head.setText(name + ": " + session.machine().listing().name() + ".lst \u2014 " + only + " instructions only here"
                    + " (" + (a ? "\u2212" : "+") + " marked)");
            list.refresh();
        }

        void refresh() {
            Machine m = session.machine();
            Instruction next = m.next();
            int now = next == null ? -1 : next.index();
            where.setText("next: " + (next == null ? "" : next.addressHex() + " " + next.text().replaceAll("\\s+", " ")
                    + "  (" + next.source() + ")") + "   calls " + m.calls());
            if (now != current) {
                current = now;
                for (Cell c : cells) c.restyle();
                if (now >= 0) list.scrollTo(Math.max(0, rowOf[now] - 8));
            }
        }

        private static final javafx.css.PseudoClass CURRENT = javafx.css.PseudoClass.getPseudoClass("current");

        final class Cell extends ListCell<Object> {
            Cell() { cells.add(this); }

            @Override protected void updateItem(Object item, boolean empty) {
                super.updateItem(item, empty);
                getStyleClass().removeAll("symbol", "only", "frame");
                if (empty || item == null) {
                    setText(null);
                } else if (item instanceof String s) {
                    setText(s);
                    getStyleClass().add("symbol");
                } else {
                    Instruction in = (Instruction) item;
                    boolean only = diff != null && (isA ? diff.onlyInA(in.index()) : diff.onlyInB(in.index()));
                    setText((only ? (isA ? "\u2212 " : "+ ") : "  ") + String.format("%5s  %s", in.addressHex(),
                            in.text().replaceAll("\\s+", " ")));
                    if (only) getStyleClass().add("only");
                    if (ListingDiff.frame(in)) getStyleClass().add("frame");
                }
                restyle();
            }

            void restyle() {
                boolean cur = !isEmpty() && getItem() instanceof Instruction in && in.index() == current;
                pseudoClassStateChanged(CURRENT, cur);
            }
        }
    }
}

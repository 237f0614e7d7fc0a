package org.vdsoexplorer.app.kernel;

import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Supplier;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.vdsoexplorer.session.Action;
import org.vdsoexplorer.session.KernelSnapshot;
import org.vdsoexplorer.session.KernelStepper;

/**
 * "Your kernel": a captured vDSO's own code stepped with its own pages, in four panes that read one
 * {@link KernelSnapshot}: the code with registers and stack, the seqlock's reads and the writer, the pages' fields,
 * and the path the code took. The main toolbar's stepping keys and buttons drive it while its tab is shown
 * ({@link #perform}); the task and clock pickers, the update placing and opening another capture are here.
 */
public final class KernelView extends BorderPane {
    private KernelStepper stepper;
    private final ComboBox<String> task = new ComboBox<>();
    private final ComboBox<KernelSnapshot.ClockChoice> clock = new ComboBox<>();
    private final CheckBox hold = new CheckBox("hold it open");
    private final Button place = new Button("Kernel update here");
    private final Button remove = new Button("Remove update");
    private final Button open = new Button("Open capture\u2026");
    private final Label machine = new Label();
    private final Label status = new Label();
    private final KernelCodePane code = new KernelCodePane();
    private final KernelSeqPane seq = new KernelSeqPane();
    private final KernelPagesPane pages = new KernelPagesPane();
    private final KernelPathPane path = new KernelPathPane();
    private final KernelTablePane table = new KernelTablePane();
    private boolean updatingPickers;
    private final GridPane grid = new GridPane();
    private final javafx.scene.layout.StackPane single = new javafx.scene.layout.StackPane();
    private final javafx.scene.control.ToggleGroup shown = new javafx.scene.control.ToggleGroup();
    private final HBox picker = new HBox(2);
    private boolean narrow;

    /** What the view shows: all four panes, or one. */
    enum Pane {
        ALL("All four", "1-4 again"), CODE("Code", "1"), PAGES("Pages", "2"), SEQLOCK("Seqlock", "3"), PATH("Path", "4"),
        TABLE("Every clock", null);

        final String title, key;

        Pane(String title, String key) {
            this.title = title;
            this.key = key;
        }
    }
    private Runnable onChange = () -> { };
    private Supplier<Path> chooser;

    public KernelView(KernelStepper stepper) {
        this.stepper = stepper;
        getStyleClass().add("kernel");
        getStylesheets().add(KernelView.class.getResource("kernel.css").toExternalForm());
        setId("kernel-view");

        Label title = new Label("Your kernel");
        title.getStyleClass().add("view-title");
        title.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        machine.getStyleClass().add("kernel-machine");
        machine.setWrapText(true);
        machine.setMinWidth(0);
        HBox head = new HBox(12, title, machine);
        head.setAlignment(Pos.BASELINE_LEFT);
        HBox.setHgrow(machine, Priority.ALWAYS);

        task.setId("kernel-task");
        clock.setId("kernel-clock");
        place.setId("kernel-place");
        remove.setId("kernel-remove");
        open.setId("kernel-open");
        hold.setId("kernel-hold");
        task.setTooltip(new Tooltip("The task whose pages the call reads: the host, or a task in a time namespace"));
        clock.setTooltip(new Tooltip("The clockid_t passed to clock_gettime(); the capture read each of these"));
        place.setTooltip(new Tooltip("Place update_vsyscall() of the captured kernel before the next instruction (K)"));
        hold.setTooltip(new Tooltip("Keep seq odd for " + KernelStepper.HOLD_STEPS + " reader instructions, as a writer busy "
                + "on another CPU would: the reader waits on the odd seq"));
        open.setTooltip(new Tooltip("Open a file written by 'vdso-explorer live capture FILE' on another machine"));
        task.valueProperty().addListener((o, a, t) -> { if (!updatingPickers && t != null) stepper.selectTask(t); });
        clock.valueProperty().addListener((o, a, c) -> {
            if (!updatingPickers && c != null) stepper.select(stepper.snapshot().task(), c.id());
        });
        place.setOnAction(e -> perform(Action.KERNEL_UPDATE));
        remove.setOnAction(e -> stepper.clearUpdate());
        open.setOnAction(e -> openCapture());
        for (var n : new javafx.scene.Node[] {task, clock, place, remove, open, hold}) n.setFocusTraversable(false);
        for (Pane p : Pane.values()) {
            javafx.scene.control.ToggleButton b = new javafx.scene.control.ToggleButton(p.title);
            b.setId("kernel-show-" + p.name().toLowerCase(Locale.ROOT));
            b.setToggleGroup(shown);
            b.setUserData(p);
            b.setFocusTraversable(false);
            b.setTooltip(new Tooltip(p == Pane.TABLE ? "Every task and clock of the capture: the model's ns beside this machine's"
                    : "Show " + (p == Pane.ALL ? "all four panes" : "only this pane") + " (" + p.key + ")"));
            picker.getChildren().add(b);
        }
        picker.getStyleClass().add("pane-picker");
        shown.selectedToggleProperty().addListener((o, a, t) -> {
            if (t == null) a.setSelected(true); // one is always chosen
            else if (!arranging) choose((Pane) t.getUserData());
        });
        FlowPane controls = new FlowPane(8, 4, label("Task"), task, label("Clock"), clock, place, hold, remove, open, picker);
        controls.setAlignment(Pos.CENTER_LEFT);
        controls.getStyleClass().add("kernel-controls");
        status.getStyleClass().add("kernel-status");
        status.setId("kernel-status");
        status.setWrapText(true);
        status.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        machine.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        VBox top = new VBox(4, head, controls, status);
        top.setPadding(new Insets(4, 8, 4, 8));
        setTop(top);

        grid.getStyleClass().add("kernel-grid");
        for (int i = 0; i < 2; i++) {
            ColumnConstraints c = new ColumnConstraints();
            c.setPercentWidth(50);
            grid.getColumnConstraints().add(c);
            RowConstraints r = new RowConstraints();
            r.setPercentHeight(50);
            grid.getRowConstraints().add(r);
        }
        single.getStyleClass().add("kernel-grid");
        widthProperty().addListener((o, a, b) -> arrange());
        machine.fontProperty().addListener((o, a, b) -> arrange()); // a new UI scale: another width in ems
        arrange();
        stepper.addListener(this::refresh);
        refresh();
    }

    /**
     * All four panes in a 2 x 2 grid, or the chosen one alone; below {@link #NARROW_EM} ems of width (a projector at
     * 250 %, beside the lesson panel) one pane at a time, the code's unless another is chosen.
     */
    private void arrange() {
        double em = machine.getFont() == null ? 13 : machine.getFont().getSize() / 0.85;
        narrow = getWidth() > 0 && getWidth() / em < NARROW_EM;
        picker.getChildren().getFirst().setDisable(narrow);
        // narrow (a projector at 250 %): the machine's line goes (the window's status line says it), the pane gets the room
        machine.setVisible(!narrow);
        machine.setManaged(!narrow);
        Pane p = effective();
        arranging = true;
        try {
            for (var n : picker.getChildren()) if (((javafx.scene.control.ToggleButton) n).getUserData() == p) ((javafx.scene.control.ToggleButton) n).setSelected(true);
        } finally {
            arranging = false;
        }
        if (p == Pane.ALL) {
            single.getChildren().clear();
            if (grid.getChildren().isEmpty()) {
                grid.add(code, 0, 0);
                grid.add(seq, 1, 0);
                grid.add(pages, 0, 1);
                grid.add(path, 1, 1);
            }
            if (getCenter() != grid) setCenter(grid);
        } else {
            grid.getChildren().clear();
            if (p == Pane.TABLE) table.load(stepper);
            single.getChildren().setAll(switch (p) {
                case CODE -> code;
                case SEQLOCK -> seq;
                case PAGES -> pages;
                case TABLE -> table;
                default -> path;
            });
            if (getCenter() != single) setCenter(single);
        }
    }

    /** Widths (in ems of the view's text) below which one pane is shown at a time. */
    static final double NARROW_EM = 56;

    /** What the user chose: all four or one pane; and the pane a narrow view shows when the choice is all four. */
    private Pane chosen = Pane.ALL, narrowPane = Pane.CODE;
    private boolean arranging;

    /** What is shown: the choice, or, when it is all four but there is no room, the narrow view's pane. */
    private Pane effective() { return chosen == Pane.ALL && narrow ? narrowPane : chosen; }

    /** The user (a toggle, a key, a lesson) picks {@code p}: while narrow it is the pane shown until there is room again. */
    private void choose(Pane p) {
        if (narrow && p != Pane.ALL) {
            narrowPane = p;
            if (chosen != Pane.ALL) chosen = p;
        } else {
            chosen = p;
        }
        arrange();
    }

    /** The key of a view (1-4): that pane alone; again (or when it is the one shown), all four. */
    public void focus(org.vdsoexplorer.lesson.View v) {
        Pane p = switch (v) {
            case CODE -> Pane.CODE;
            case PAGES -> Pane.PAGES;
            case SEQLOCK -> Pane.SEQLOCK;
            default -> Pane.PATH;
        };
        choose(effective() == p && !narrow ? Pane.ALL : p);
    }

    /** The address of the Your kernel listing's instruction row {@code n} is in (a click on it), or null. */
    public static Long clickedInstruction(javafx.scene.Node n) {
        for (javafx.scene.Node x = n; x != null; x = x.getParent()) {
            if (x instanceof javafx.scene.control.ListCell<?> c && c.getItem() instanceof KernelCodePane.Row r && r.insn() != null
                    && c.getListView() != null && "kernel-listing".equals(c.getListView().getId())) {
                return r.insn().address();
            }
        }
        return null;
    }

    /** Brings the pane holding a lesson's element into sight when one pane is shown at a time. */
    public void reveal(String element) {
        if (chosen == Pane.TABLE) chosen = Pane.ALL; // a lesson's step shows the call, not the table
        arrange();
        if (element == null || shownPane() == null) return;
        Pane p = switch (element) {
            case "code", "listing", "registers" -> Pane.CODE;
            case "seqlock", "writer", "update" -> Pane.SEQLOCK;
            case "pages" -> Pane.PAGES;
            case "path", "result" -> Pane.PATH;
            default -> null;
        };
        if (p != null) choose(p);
    }

    /** Whether the view is too narrow for four panes (it shows one). */
    public boolean narrow() { return narrow; }

    /** The pane shown alone, or null when all four are. */
    public String shownPane() {
        Pane p = effective();
        return p == Pane.ALL ? null : p.name();
    }

    /**
     * A tab whose view is built when first shown: the shipped capture is read, decoded and its first call recorded in the
     * background (about half a second on a cold JVM), with a line saying so meanwhile; {@link #open} builds it at once.
     */
    public static Tab tab(java.util.function.Consumer<KernelView> onBuilt) {
        Tab tab = new Tab("Your kernel");
        tab.setId("tab-kernel");
        tab.setClosable(false);
        tab.setTooltip(new Tooltip("Step the vDSO a real kernel runs (a captured Linux 6.18, or your own machine's capture) "
                + "with its own data pages"));
        tab.selectedProperty().addListener((o, a, on) -> {
            if (!on || tab.getContent() != null) return;
            Label wait = new Label("Opening the captured Linux 6.18 vDSO\u2026");
            wait.setId("kernel-opening");
            wait.setPadding(new Insets(12));
            tab.setContent(wait);
            javafx.concurrent.Task<KernelStepper> t = new javafx.concurrent.Task<>() {
                @Override protected KernelStepper call() { return KernelStepper.example(); }
            };
            t.setOnSucceeded(e -> {
                if (!(tab.getContent() instanceof KernelView)) built(tab, t.getValue(), onBuilt);
            });
            t.setOnFailed(e -> wait.setText("The shipped capture does not open: " + t.getException().getMessage()));
            org.vdsoexplorer.util.Background.run(t);
        });
        return tab;
    }

    /** The tab's view, built now (on this thread) if it is not yet: for a lesson step or a picture that needs it at once. */
    public static KernelView open(Tab tab, java.util.function.Consumer<KernelView> onBuilt) {
        if (tab.getContent() instanceof KernelView v) return v;
        return built(tab, KernelStepper.example(), onBuilt);
    }

    private static KernelView built(Tab tab, KernelStepper k, java.util.function.Consumer<KernelView> onBuilt) {
        KernelView v = new KernelView(k);
        tab.setContent(v);
        onBuilt.accept(v);
        return v;
    }

    public KernelStepper stepper() { return stepper; }

    /** Runs after every refresh (the window's status line follows the call). */
    public void setOnChange(Runnable r) { onChange = r; }

    /** The file chooser's answer (tests give one; the app asks with a FileChooser). */
    public void setChooser(Supplier<Path> chooser) { this.chooser = chooser; }

    private void openCapture() {
        Path file = chooser != null ? chooser.get() : ask();
        if (file == null) return;
        try {
            load(KernelStepper.open(file));
        } catch (IllegalArgumentException e) { // a BadInputException names the file and line
            status.setText("Cannot open " + file.getFileName() + ": " + e.getMessage());
            status.pseudoClassStateChanged(ERROR, true);
        }
    }

    /** Steps another capture from now on. */
    public void load(KernelStepper other) {
        stepper = other;
        other.addListener(this::refresh);
        refresh();
        if (effective() == Pane.TABLE) table.load(other);
    }

    private static final javafx.css.PseudoClass ERROR = javafx.css.PseudoClass.getPseudoClass("error");

    private Path ask() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open a vDSO capture (live capture FILE)");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("vDSO captures (*.json)", "*.json"));
        java.io.File f = fc.showOpenDialog(getScene() == null ? null : getScene().getWindow());
        return f == null ? null : f.toPath();
    }

    /** The toolbar's actions on this call; false for those that do nothing here. */
    public boolean perform(Action a) {
        switch (a) {
            case STEP -> stepper.step();
            case BACK -> stepper.back();
            case LINE -> stepper.toNextMark();
            case BACK_LINE -> stepper.toPreviousMark();
            case CALL -> stepper.toEnd();
            case RESET -> {
                stepper.clearUpdate();
                stepper.toStart();
            }
            case KERNEL_UPDATE -> stepper.placeUpdate(hold.isSelected());
            default -> { return false; }
        }
        return true;
    }

    /** One line for the window's status bar while this tab is shown. */
    public String statusLine() {
        KernelSnapshot s = stepper.snapshot();
        return "Your kernel: " + s.machine() + " \u2014 " + s.task() + " task, " + s.clocks().stream()
                .filter(c -> c.id() == s.clockId()).findFirst().map(KernelSnapshot.ClockChoice::name).orElse("?");
    }

    private void refresh() {
        KernelSnapshot s = stepper.snapshot();
        updatingPickers = true;
        try {
            if (!task.getItems().equals(s.tasks())) task.getItems().setAll(s.tasks());
            task.setValue(s.task());
            if (!clock.getItems().equals(s.clocks())) clock.getItems().setAll(s.clocks());
            s.clocks().stream().filter(c -> c.id() == s.clockId()).findFirst().ifPresent(clock::setValue);
        } finally {
            updatingPickers = false;
        }
        machine.setText(s.machine() + " \u2014 " + s.origin());
        status.setTooltip(new Tooltip("Cycles: the pipeline model of core " + s.core() + ", for the warm call (the last of "
                + "21 back-to-back calls, as 'live run' counts); ns at the core clock the capture calibrated"));
        remove.setDisable(s.updateAt() < 0);
        status.pseudoClassStateChanged(ERROR, s.stopped() != null);
        status.setText(statusText(s));
        code.show(s);
        seq.show(s);
        pages.show(s);
        path.show(s);
        onChange.run();
    }

    static String statusText(KernelSnapshot s) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "Instruction %d of %d", s.position(), s.steps()));
        b.append(String.format(Locale.ROOT, " \u00b7 %.1f cycles so far", s.cyclesMilli() / 1000.0));
        if (!Double.isNaN(s.predictedNs())) b.append(String.format(Locale.ROOT, " = %.1f ns at %.2f GHz", s.predictedNs(), s.coreGhz()));
        b.append(" (pipeline model, core ").append(s.core().split(" ")[0]).append(')');
        if (s.retries() > 0) b.append(" \u00b7 retries: ").append(s.retries());
        if (s.stopped() != null) b.append(" \u00b7 stopped: ").append(s.stopped());
        else if (s.position() == 0) b.append(" \u00b7 press Step (Right) to execute the first instruction");
        return b.toString();
    }

    private static Label label(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("pane-title");
        return l;
    }

    // tests
    KernelCodePane codePane() { return code; }

    KernelSeqPane seqPane() { return seq; }

    KernelPagesPane pagesPane() { return pages; }

    KernelPathPane pathPane() { return path; }

    KernelTablePane tablePane() { return table; }

    /** Shows every task and clock of the capture, predicted beside measured. */
    public void showTable() { choose(Pane.TABLE); }

    public String statusText() { return status.getText(); }
}

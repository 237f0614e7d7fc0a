package org.vdsoexplorer.app;

import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.viewmodel.DemoState;
import org.vdsoexplorer.viewmodel.Session;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javafx.animation.AnimationTimer;
import javafx.beans.InvalidationListener;
import javafx.fxml.FXML;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.controlsfx.control.SegmentedButton;
import org.controlsfx.control.StatusBar;
import org.controlsfx.control.ToggleSwitch;
import org.vdsoexplorer.app.code.CodeView;
import org.vdsoexplorer.app.compare.CompareView;
import org.vdsoexplorer.app.dispatch.DispatchView;
import org.vdsoexplorer.app.pages.PagesView;
import org.vdsoexplorer.app.seeds.SeedTablesView;
import org.vdsoexplorer.app.seqlock.SeqlockView;
import org.vdsoexplorer.model.Setup;
import org.vdsoexplorer.model.Variant;
import org.vdsoexplorer.model.kernel.Clock;
import org.vdsoexplorer.model.kernel.Scenario;
import org.vdsoexplorer.viewmodel.Action;
import org.vdsoexplorer.viewmodel.KeyMap;
import org.vdsoexplorer.viewmodel.Runner;
import org.vdsoexplorer.viewmodel.Tick;
import org.vdsoexplorer.viewmodel.WindowModel;

/**
 * The main window's controller: loads MainWindow.fxml (the layout), puts the four views, the counters and
 * (when first shown) the comparison and seed tables into it, and binds the controls to the
 * {@link WindowModel}. Keys go through the model's {@link KeyMap}; the run loop is the model's
 * {@link Runner}, pulsed by an AnimationTimer.
 */
public final class MainWindow implements org.vdsoexplorer.app.lesson.LessonWindow {
    /** Below this scene width the compact layout (style class "narrow") is used. */
    static final double NARROW_WIDTH = 1500;

    private final WindowModel model;
    private final Scene scene;
    private final CodeView code;
    private final PagesView pages;
    private final SeqlockView seqlock;
    private final DispatchView dispatch;
    private final CountersBar counters;
    private final DemoFiles demos;
    private final AnimationTimer timer;
    private SeedTablesView seedTables;
    private CompareView compare;
    private Setup comparedBase;
    private Node lessons;
    private double fontSize = 16;

    @FXML private BorderPane root;
    @FXML private VBox top, toolbar;
    @FXML private ComboBox<Scenario> scenario;
    @FXML private ComboBox<Variant> variant;
    @FXML private ComboBox<Clock> clock;
    @FXML private SegmentedButton tick;
    @FXML private ToggleSwitch reducedMotion;
    @FXML private Button reset, back, backLine, step, line, call, inject;
    @FXML private ToggleButton run;
    @FXML private Slider speed;
    @FXML private Label speedText, help, problem;
    @FXML private TabPane tabs;
    @FXML private Tab compareTab, seedsTab;
    @FXML private StackPane codeHolder, pagesHolder, seqlockHolder, dispatchHolder;
    @FXML private StatusBar status;

    public MainWindow(Setup initial) { this(initial, VdsoExplorerApp.WIDTH, VdsoExplorerApp.HEIGHT); }

    /** A window whose scene is {@code width} x {@code height} (e.g. for off-screen snapshots). */
    public MainWindow(Setup initial, double width, double height) {
        model = new WindowModel(initial);
        var session = model.session();
        FXMLLoader loader = new FXMLLoader(MainWindow.class.getResource("MainWindow.fxml"));
        loader.setControllerFactory(c -> this);
        Parent layers;
        try {
            layers = loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("MainWindow.fxml: " + e.getMessage(), e);
        }
        counters = new CountersBar(session);
        code = new CodeView(session);
        pages = new PagesView(session);
        seqlock = new SeqlockView(session);
        dispatch = new DispatchView(session);
        top.getChildren().add(counters);
        // each view is a layout root: a change inside one re-lays out only that view
        codeHolder.getChildren().add(new Isolated(code));
        pagesHolder.getChildren().add(new Isolated(pages));
        seqlockHolder.getChildren().add(new Isolated(seqlock));
        dispatchHolder.getChildren().add(new Isolated(dispatch));
        demos = new DemoFiles(model);
        bindPickers();
        bindTransport();
        help.setText(model.keys().helpText());
        status.textProperty().bind(model.statusProperty());
        tabs.getTabs().add(org.vdsoexplorer.app.live.LiveView.tab()); // "Your machine": built when first shown
        compareTab.selectedProperty().addListener((o, a, on) -> { if (on) compare(); });
        seedsTab.selectedProperty().addListener((o, a, on) -> {
            if (on) seedTables().start(session.setup().costs(), session.setup().ghz());
        });
        session.addListener(() -> { // a new main setup becomes the comparison's base (not every refresh)
            if (compare != null && comparedBase != session.setup()) {
                comparedBase = session.setup();
                compare.setBase(comparedBase);
            }
        });
        Runner runner = model.runner();
        runner.addLiveView(counters::refresh, Runner.COUNTERS_HZ);
        for (Runnable v : List.<Runnable>of(code::refresh, dispatch::refresh, pages::refresh, seqlock::refresh)) {
            runner.addLiveView(v, Runner.VIEW_HZ);
        }
        runner.fastProperty().addListener((o, a, fast) -> {
            dispatch.setRunning(fast);
            seqlock.setRunning(fast);
        });
        timer = new AnimationTimer() {
            @Override public void handle(long now) { runner.pulse(now); }
        };
        runner.runningProperty().addListener((o, a, on) -> { if (on) timer.start(); else timer.stop(); });

        scene = new Scene(layers, width, height);
        scene.getStylesheets().add(MainWindow.class.getResource("app.css").toExternalForm());
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::key);
        // a projector at 1280 x 800: smaller code and register text, narrower page boxes (app.css .narrow)
        InvalidationListener narrow = o -> {
            boolean n = scene.getWidth() < NARROW_WIDTH;
            if (n != root.getStyleClass().contains("narrow")) {
                if (n) root.getStyleClass().add("narrow");
                else root.getStyleClass().remove("narrow");
            }
        };
        scene.widthProperty().addListener(narrow);
        narrow.invalidated(null);
    }

    /** The pickers show the model's chosen setup and change it through {@link org.vdsoexplorer.viewmodel.SetupModel#choose}. */
    private void bindPickers() {
        var sm = model.setup();
        scenario.getItems().setAll(Scenario.values());
        variant.getItems().setAll(Variant.values());
        clock.getItems().setAll(Clock.values());
        Pickers.configure(scenario, Scenario::cliName, Scenario::description, s -> null);
        Pickers.configure(variant, Variant::cliName, Variant::description, sm::problemWith);
        Pickers.configure(clock, Clock::cliName, c -> "clock id " + c.id
                + (c.servedByVdso() ? "" : ": not served by the vDSO, the call falls back to the syscall"), c -> null);
        Pickers.segments(tick, Tick.values(), Tick::label, sm::choose);
        Runnable show = () -> {
            Setup s = sm.chosen();
            scenario.setValue(s.scenario());
            variant.setValue(s.variant());
            clock.setValue(s.clock());
            Pickers.select(tick, Tick.of(s));
        };
        show.run();
        sm.chosenProperty().addListener((o, a, b) -> show.run());
        scenario.valueProperty().addListener((o, a, v) -> { if (v != null) sm.choose(v); });
        variant.valueProperty().addListener((o, a, v) -> { if (v != null) sm.choose(v); });
        clock.valueProperty().addListener((o, a, v) -> { if (v != null) sm.choose(v); });
        // the banner under the toolbar (ControlsFX's NotificationPane was tried: its slide-in Timeline stalled
        // at 0 in this window on JavaFX 26, headless and on Xvfb, so the banner could stay invisible)
        problem.textProperty().bind(sm.problemProperty());
        problem.visibleProperty().bind(sm.problemProperty().isNotEmpty());
        problem.managedProperty().bind(problem.visibleProperty());
        sm.problemProperty().addListener((o, a, why) -> { if (why.isEmpty()) root.requestFocus(); });
        for (Node n : List.of(reset, back, backLine, step, line, call, run, inject)) {
            n.disableProperty().bind(sm.problemProperty().isNotEmpty());
        }
        Pickers.installTips(toolbar);
    }

    private void bindTransport() {
        Runner r = model.runner();
        run.selectedProperty().bindBidirectional(r.runningProperty());
        run.textProperty().bind(javafx.beans.binding.Bindings.when(r.runningProperty())
                .then("\u275a\u275a Pause").otherwise("\u25b6 Run"));
        speed.valueProperty().bindBidirectional(r.speedProperty());
        speedText.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> {
            double rate = r.stepsPerSecond();
            return Double.isInfinite(rate) ? "full speed" : Fmt.big(rate).trim() + " steps/s";
        }, r.speedProperty()));
        reducedMotion.selectedProperty().addListener((o, a, b) -> {
            code.setReducedMotion(b);
            pages.setReducedMotion(b);
            dispatch.setReducedMotion(b);
        });
    }

    @FXML private void reset() { model.perform(Action.RESET); }

    @FXML private void back() { model.perform(Action.BACK); }

    @FXML private void backLine() { model.perform(Action.BACK_LINE); }

    @FXML private void step() { model.perform(Action.STEP); }

    @FXML private void line() { model.perform(Action.LINE); }

    @FXML private void call() { model.perform(Action.CALL); }

    @FXML private void inject() { model.perform(Action.KERNEL_UPDATE); }

    @FXML private void exportPng() {
        model.setStatus(PngExport.write(java.nio.file.Path.of("").toAbsolutePath(), "vdso-explorer-"
                + model.session().position(), PngExport.of(this)));
    }

    @FXML private void saveDemo() { demos.save(scene.getWindow()); }

    @FXML private void openDemo() { demos.open(scene.getWindow(), this::openDemo); }

    @FXML private void toggleHelp() { help.setVisible(!help.isVisible()); }

    @FXML private void closeHelp() { help.setVisible(false); }

    /** Writes the current state to {@code file} (see {@link DemoState}). */
    public void saveDemo(java.nio.file.Path file) { demos.save(file); }

    /**
     * Opens a demo file off the UI thread (see {@link DemoOpener}): pickers, breakpoints, writer placements
     * and step as saved, once replayed; the returned task says when.
     */
    public javafx.concurrent.Task<DemoOpener.Opened> openDemo(java.nio.file.Path file) {
        model.runner().setRunning(false);
        return DemoOpener.open(this, model.session(), file);
    }

    /** An opened demo's setup becomes the choice (the pickers follow); the session then adopts its state. */
    void demoOpened(DemoState d, java.nio.file.Path file) {
        model.runner().setRunning(false);
        model.setup().choose(d.setup());
        demos.openedFrom(file);
        model.setStatus("opened demo " + file + ": " + d);
    }

    void demoStatus(String text) { model.setStatus(text); }

    private void key(KeyEvent e) {
        for (ComboBox<?> c : List.of(scenario, variant, clock)) if (c.isShowing()) return;
        boolean ctrl = e.isShortcutDown();
        if (!ctrl && e.getTarget() instanceof Node n && n.getProperties().get(KeyMap.OWN_KEYS) instanceof Set<?> own
                && own.contains(e.getCode().name())) return;
        Action a = model.keys().action(e.getCode().name(), e.getText(), ctrl);
        if (a != null && perform(a)) e.consume();
    }

    /** Performs {@code a} as its key does; false if it does nothing here (the key then goes on to the focused node). */
    boolean perform(Action a) {
        if (comparing() && a.movesModel()) {
            switch (a) {
                case STEP -> compare().step();
                case LINE -> compare().stepLine();
                case CALL -> compare().runCall();
                case RESET -> model.perform(a);
                default -> { return false; }
            }
            return true;
        }
        switch (a) {
            case HELP -> toggleHelp();
            case CLOSE_HELP -> {
                if (!help.isVisible()) return false;
                closeHelp();
            }
            case ZOOM_IN -> zoom(1);
            case ZOOM_OUT -> zoom(-1);
            case EXPORT_PNG -> exportPng();
            case SAVE_DEMO -> saveDemo();
            case OPEN_DEMO -> openDemo();
            case REDUCED_MOTION -> reducedMotion.setSelected(!reducedMotion.isSelected());
            case LESSONS -> toggleLessons();
            default -> { return model.perform(a); }
        }
        return true;
    }

    /** Shows or hides the lessons side panel (built on first use; lessons load in the background). */
    @FXML public void toggleLessons() {
        if (root.getRight() != null) {
            root.setRight(null);
            root.requestFocus();
            return;
        }
        if (lessons == null) lessons = org.vdsoexplorer.app.lesson.LessonPane.open(this, null);
        root.setRight(lessons);
    }

    /** The lessons side panel if it was opened, else null. */
    public Node lessonsPanel() { return root.getRight(); }

    private void zoom(int dir) {
        fontSize = Math.max(11, Math.min(30, fontSize + dir));
        root.setStyle(String.format(Locale.ROOT, "-fx-font-size: %.0fpx;", fontSize));
    }

    /** True while the comparison tab is shown (the step keys then drive both of its panes). */
    public boolean comparing() { return compareTab.isSelected(); }

    /** Shows the comparison tab ({@code true}) or the four views. */
    @Override public void showCompare(boolean on) { tabs.getSelectionModel().select(on ? compareTab : tabs.getTabs().getFirst()); }

    /** Shows the seed-tables page (measuring the model's cells the first time). */
    public void showSeedTables() { tabs.getSelectionModel().select(seedsTab); }

    public SeedTablesView seedTables() {
        if (seedTables == null) {
            seedTables = new SeedTablesView();
            seedsTab.setContent(seedTables);
        }
        return seedTables;
    }

    @Override public CompareView compare() {
        if (compare == null) {
            comparedBase = model.session().setup();
            compare = new CompareView(comparedBase);
            compareTab.setContent(compare);
        }
        return compare;
    }

    @Override public WindowModel model() { return model; }

    @Override public Scene scene() { return scene; }

    @Override public BorderPane root() { return root; }

    public Session session() { return model.session(); }

    public CodeView code() { return code; }

    public PagesView pages() { return pages; }

    public SeqlockView seqlock() { return seqlock; }

    public DispatchView dispatch() { return dispatch; }

    public CountersBar counters() { return counters; }

    /** Why the chosen setup cannot run, as the banner says ("" when it runs). */
    public String problemText() { return model.setup().problemProperty().get(); }

    public boolean running() { return model.runner().isRunning(); }

    /** Sets the speed slider (0 = 1 step/s, 1 = full speed). */
    public void setSpeed(double v) { model.runner().speedProperty().set(v); }

    public void setRunning(boolean on) { model.runner().setRunning(on); }

    /** The reduced-motion setting (no flashes, fades or growing edges). */
    public void setReducedMotion(boolean on) { reducedMotion.setSelected(on); }

    /** Stops the run timer (call when the window goes away). */
    public void dispose() {
        model.runner().setRunning(false);
        timer.stop();
    }

    public ComboBox<Scenario> scenarioPicker() { return scenario; }

    public ComboBox<Variant> variantPicker() { return variant; }

    public ComboBox<Clock> clockPicker() { return clock; }

    /** The tick picker (one toggle per {@link Tick}, in order). */
    public SegmentedButton tickPicker() { return tick; }
}

package org.vdsoexplorer.app;

import java.util.List;
import java.util.Locale;
import javafx.animation.AnimationTimer;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Slider;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.vdsoexplorer.app.code.CodeView;
import org.vdsoexplorer.app.dispatch.DispatchView;
import org.vdsoexplorer.app.pages.PagesView;
import org.vdsoexplorer.app.seqlock.SeqlockView;
import org.vdsoexplorer.model.Setup;
import org.vdsoexplorer.model.Variant;
import org.vdsoexplorer.model.kernel.Clock;
import org.vdsoexplorer.model.kernel.Scenario;

/**
 * The main window's content: toolbar (pickers and transport), live counters and the four views, all
 * projecting one {@link Session}. Keyboard: Right/Space/PageDown step, Left/PageUp step back, Down/Up a
 * C line forward/back, Enter run the call, P or F5 run/pause, K kernel update now, Home or Ctrl+R reset,
 * B breakpoint on the next instruction, M reduced motion, Ctrl +/- zoom. In the code view a double-click
 * runs to the clicked instruction or C line and a right-click toggles a breakpoint there.
 */
public final class MainWindow {
    /** Full speed: model steps per pulse are limited by this budget so the FX thread keeps its frame rate. */
    static final long FRAME_BUDGET_NANOS = 8_000_000;
    // (at full speed the model gets half of it per frame: 4 ms, leaving the rest of a 60 Hz frame to the views)

    private final Session session;
    private final BorderPane root = new BorderPane();
    private final Scene scene;
    private final ComboBox<Scenario> scenario = new ComboBox<>(FXCollections.observableArrayList(Scenario.values()));
    private final ComboBox<Variant> variant = new ComboBox<>(FXCollections.observableArrayList(Variant.values()));
    private final ComboBox<Clock> clock = new ComboBox<>(FXCollections.observableArrayList(Clock.values()));
    private final ComboBox<String> tick = new ComboBox<>(FXCollections.observableArrayList(
            "tick 1000 Hz", "tick 250 Hz", "tick 100 Hz", "no ticks"));
    private final Label problem = new Label();
    private final Label status = new Label();
    private final Slider speed = new Slider(0, 1, 0.2);
    private final Label speedText = new Label();
    private final ToggleButton run = new ToggleButton("\u25b6 Run");
    private final CheckBox reducedMotion = new CheckBox("reduced motion");
    private final CodeView code;
    private final PagesView pages;
    private final SeqlockView seqlock;
    private final DispatchView dispatch;
    private final CountersBar counters;
    private final Label help = new Label("""
            Keyboard (a presentation clicker's PageDown/PageUp work too)

              Right, Space, PageDown   step one reader instruction
              Left, PageUp             step back one instruction (exact)
              Down / Up                next C line / back to the previous C line
              Enter, End               run to the end of this clock_gettime() call
              P, F5                    run / pause at the speed of the slider
              K                        kernel update now: update_vsyscall() before the next step
              B                        breakpoint on the next instruction
              Home, Ctrl+R             reset (start over)
              M                        reduced motion on / off
              L                        lessons panel on / off (presenter mode is in the panel)
              Ctrl+S / Ctrl+O          save / open a demo file
              Ctrl+E                   export the window and each view as PNG
              Ctrl+G                   export this call (or a range of steps) as an animated GIF
              Ctrl+plus / Ctrl+minus   bigger / smaller text
              F1, ?                    this help (Esc closes)

            Mouse: double-click a listing or C line to run to it; right-click to set a breakpoint there.
            In the Compare tab the step keys drive both panes (two setups) in lockstep.""");
    private final javafx.scene.control.TabPane tabs = new javafx.scene.control.TabPane();
    /** Built when first shown (startup does not pay for its charts). */
    private org.vdsoexplorer.app.seeds.SeedTablesView seedTables;
    private Tab seedsTab;
    /** Built when first shown or asked for (startup does not pay for the listing diff). */
    private org.vdsoexplorer.app.compare.CompareView compare;
    private Setup comparedBase;
    private Tab compareTab;
    private final List<Control> transport;
    private final AnimationTimer timer;
    private double fontSize = 16;
    /** While running faster than this, views are redrawn at this rate (the counters every frame). */
    static final int VIEW_HZ = 8;
    /** Below this scene width the compact layout (style class "narrow") is used. */
    static final double NARROW_WIDTH = 1500;
    /** The views' refreshes, in the order they take turns while running fast, and when each last ran. */
    private Runnable[] liveViews = {};
    private final long[] viewRefreshed = new long[5];
    /** Nanoseconds between refreshes of each of {@link #liveViews} while running fast. */
    private final long[] livePeriod = {1_000_000_000L / COUNTERS_HZ, 1_000_000_000L / VIEW_HZ, 1_000_000_000L / VIEW_HZ,
            1_000_000_000L / VIEW_HZ, 1_000_000_000L / VIEW_HZ};
    /** While running fast, the counters refresh this often (the views {@link #VIEW_HZ}). */
    static final int COUNTERS_HZ = 20;
    private boolean updatingPickers;

    public MainWindow(Setup initial) {
        this(initial, VdsoExplorerApp.WIDTH, VdsoExplorerApp.HEIGHT);
    }

    /** A window whose scene is {@code width} x {@code height} (e.g. for off-screen snapshots). */
    public MainWindow(Setup initial, double width, double height) {
        this.session = new Session(initial);
        root.getStyleClass().add("app-root");
        root.setId("app-root");

        scenario.setValue(initial.scenario());
        variant.setValue(initial.variant());
        clock.setValue(initial.clock());
        tick.setValue("tick 1000 Hz");
        scenario.setId("pick-scenario");
        variant.setId("pick-variant");
        clock.setId("pick-clock");
        tick.setId("pick-tick");
        scenario.setConverter(converter(Scenario::cliName));
        variant.setConverter(converter(Variant::cliName));
        clock.setConverter(converter(Clock::cliName));
        scenario.setCellFactory(v -> cell(Scenario::cliName, Scenario::description, s -> null));
        variant.setCellFactory(v -> cell(Variant::cliName, Variant::description,
                x -> scenario.getValue() == null ? null : Setup.of(scenario.getValue(), x, Clock.MONOTONIC).problem()));
        clock.setCellFactory(v -> cell(Clock::cliName, c -> "clock id " + c.id
                + (c.servedByVdso() ? "" : ": not served by the vDSO, the call falls back to the syscall"), c -> null));
        org.vdsoexplorer.app.Tips.install(scenario, "Machine and task: clocksource, clock_mode the kernel advertises, time namespace");
        org.vdsoexplorer.app.Tips.install(variant, "Which compiled variant of the C model (vdso_model.c) runs: inlining and timens code");
        org.vdsoexplorer.app.Tips.install(clock, "The clockid_t passed to clock_gettime(): picks the VDSO_HRES / COARSE / RAW path");
        org.vdsoexplorer.app.Tips.install(tick, "The writer's tick: how often update_vsyscall() rewrites vdso_data (simulated time)");
        for (ComboBox<?> c : List.of(scenario, variant, clock, tick)) {
            c.valueProperty().addListener((o, a, b) -> pickersChanged());
        }
        problem.setId("problem");
        problem.getStyleClass().add("problem");
        problem.setWrapText(true);
        problem.managedProperty().bind(problem.visibleProperty());
        problem.setVisible(false);

        Button reset = button("\u21ba Reset", "reset", "Start over: new machine, step 0 (Home, Ctrl+R)", this::reset);
        Button back = button("\u25c0 Back", "step-back", "Undo one reader instruction, exactly (Left, PageUp)",
                () -> act(() -> session.back(1)));
        Button backLine = button("\u25c0\u25c0 Line", "back-line", "Back to the start of the previous C line (Up)",
                () -> act(session::backLine));
        Button step = button("Step \u25b6", "step", "Execute one reader instruction (Right, Space, PageDown)",
                () -> act(session::step));
        Button line = button("Line \u25b6\u25b6", "step-line", "Step until the next C line of vdso_model.c (Down)",
                () -> act(session::stepLine));
        Button call = button("Call \u21e5", "run-call", "Run to the end of this clock_gettime() call (Enter)",
                () -> act(session::runCall));
        run.setId("run");
        run.setFocusTraversable(false);
        org.vdsoexplorer.app.Tips.install(run, "Run or pause at the chosen speed; stops at breakpoints (P, F5; B sets one "
                + "on the next instruction, right-click in the code view sets one anywhere)");
        run.selectedProperty().addListener((o, a, on) -> {
            run.setText(on ? "\u275a\u275a Pause" : "\u25b6 Run");
            if (on) {
                startTimer();
            } else {
                stopTimer();
                viewsRunning(false);
                session.fire(); // the views catch up with the model
            }
        });
        speed.setId("speed");
        speed.setFocusTraversable(false);
        speed.setPrefWidth(150);
        org.vdsoexplorer.app.Tips.install(speed, "Run speed: from 1 reader step per second to full speed (right end)");
        speed.valueProperty().addListener((o, a, b) -> speedText.setText(speedLabel()));
        speedText.setText(speedLabel());
        speedText.getStyleClass().add("speed-text");
        speedText.setMinWidth(110);
        Button png = button("\u2b07 PNG", "save-png", "Save the window and each view as PNG files in the working "
                + "directory (Ctrl+E)", this::savePngs);
        Button gif = button("\u2b07 GIF\u2026", "export-gif", "Export this call (or a range of steps) as an animated GIF of "
                + "one view or the window (Ctrl+G)", this::exportGif);
        Button keys = button("? Keys", "keys", "All keyboard shortcuts (F1)", () -> help.setVisible(!help.isVisible()));
        Button lessonsButton = button("\u270e Lessons", "lessons", "Self-paced lessons and presenter mode: the "
                + "lesson steps set up this window (L)", this::toggleLessons);
        Button save = button("Save demo\u2026", "save-demo", "Save scenario, variant, clock, step, breakpoints and "
                + "writer placements to a small file to share (Ctrl+S)", this::saveDemo);
        Button open = button("Open demo\u2026", "open-demo", "Open a saved demo: the same model state (Ctrl+O)",
                this::openDemo);
        Button inject = button("\u26a1 Kernel update now", "inject", "Start update_vsyscall() (the seqlock writer) on "
                + "the timekeeping CPU before the reader's next instruction (K)", () -> act(session::injectWriterUpdate));
        inject.getStyleClass().add("inject");
        reducedMotion.setId("reduced-motion");
        reducedMotion.setFocusTraversable(false);
        org.vdsoexplorer.app.Tips.install(reducedMotion, "No flashes or fades (M)");
        transport = List.of(reset, back, backLine, step, line, call, run, inject);

        FlowPane pickers = new FlowPane(8, 6, label("scenario"), scenario, label("variant"), variant, label("clock"), clock,
                tick, reducedMotion);
        pickers.setAlignment(Pos.CENTER_LEFT);
        HBox runBox = new HBox(6, run, speed, speedText);
        runBox.setAlignment(Pos.CENTER_LEFT);
        FlowPane buttons = new FlowPane(6, 6, reset, back, backLine, step, line, call, runBox, inject, png, gif, save, open, lessonsButton, keys);
        buttons.setAlignment(Pos.CENTER_LEFT);
        status.setId("status");
        status.getStyleClass().add("status");
        VBox toolbar = new VBox(6, pickers, buttons, problem);
        toolbar.getStyleClass().add("toolbar");
        toolbar.setPadding(new Insets(8, 10, 6, 10));

        counters = new CountersBar(session);
        code = new CodeView(session);
        pages = new PagesView(session);
        seqlock = new SeqlockView(session);
        dispatch = new DispatchView(session);
        liveViews = new Runnable[] {counters::refresh, code::refresh, dispatch::refresh, pages::refresh, seqlock::refresh};
        reducedMotion.selectedProperty().addListener((o, a, b) -> {
            code.setReducedMotion(b);
            pages.setReducedMotion(b);
            dispatch.setReducedMotion(b);
        });

        // each view is a layout root: a change inside one re-lays out only that view
        SplitPane top = new SplitPane(new Isolated(code), new Isolated(pages));
        top.setDividerPositions(0.6);
        SplitPane bottom = new SplitPane(new Isolated(seqlock), new Isolated(dispatch));
        bottom.setDividerPositions(0.4);
        SplitPane center = new SplitPane(top, bottom);
        center.setOrientation(Orientation.VERTICAL);
        center.setDividerPositions(0.53);
        center.setId("views");

        Tab explore = new Tab("Explore: four views", center);
        compareTab = new Tab("Compare");
        compareTab.selectedProperty().addListener((o, a, on) -> {
            if (on) compare();
        });
        explore.setClosable(false);
        compareTab.setClosable(false);
        explore.setTooltip(new Tooltip("The four views of one model instance"));
        compareTab.setTooltip(new Tooltip("Two setups (scenario, variant, clock per pane), stepped in lockstep: instruction, C line or whole call"));
        seedsTab = new Tab("Seed tables");
        seedsTab.setClosable(false);
        seedsTab.setTooltip(new Tooltip("The seeds' measured tables beside the model's figures for the same cells"));
        seedsTab.selectedProperty().addListener((o, a, on) -> {
            if (on) seedTables().start(session.setup().costs(), session.setup().ghz());
        });
        tabs.getTabs().setAll(explore, compareTab, seedsTab, org.vdsoexplorer.app.live.LiveView.tab());
        tabs.setId("tabs");
        tabs.setFocusTraversable(false);
        session.addListener(() -> {
            if (compare != null && comparedBase != session.setup()) {
                comparedBase = session.setup();
                compare.setBase(session.setup());
            }
        });

        root.setTop(new VBox(toolbar, counters));
        root.setCenter(tabs);
        root.setBottom(status);
        BorderPane.setMargin(center, new Insets(4));

        timer = new AnimationTimer() {
            private long last = -1;
            private double owed;

            @Override public void start() {
                last = -1;
                owed = 0;
                super.start();
            }

            @Override public void handle(long now) {
                double dt = last < 0 ? 0 : (now - last) / 1e9;
                last = now;
                pulse(dt);
            }

            private void pulse(double dt) {
                // the model gets a fixed slice of each frame (a budget tied to the last frame interval fed
                // back on itself: slow frames bought longer model slices, which made the frames slower)
                long budget = FRAME_BUDGET_NANOS / 2;
                long deadline = System.nanoTime() + budget;
                double rate = stepsPerSecond();
                long n;
                if (Double.isInfinite(rate)) {
                    n = Long.MAX_VALUE;
                } else {
                    owed = Math.min(owed + rate * dt, rate * 0.25 + 1);
                    if (last >= 0 && dt == 0 && owed < 1) owed = 1; // first pulse: one step right away
                    n = (long) owed;
                    owed -= n;
                }
                try {
                    for (long i = 0; i < n; i++) {
                        session.stepQuiet();
                        if (session.atBreakpoint()) {
                            run.setSelected(false);
                            status.setText("stopped at a breakpoint: " + session.machine().next());
                            n = i + 1;
                            break;
                        }
                        if ((i & 63) == 63 && System.nanoTime() > deadline) break;
                    }
                } catch (RuntimeException e) {
                    run.setSelected(false);
                    status.setText("stopped: " + e.getMessage());
                }
                if (n == 0) return;
                // fast runs: the counters and the views take turns, one per frame (the most overdue), the
                // counters COUNTERS_HZ and each view VIEW_HZ times a second: in software rendering a frame's cost
                // is the area it repaints, so no frame repaints more than one of them
                long t = System.nanoTime();
                boolean fast = rate >= VIEW_HZ && run.isSelected();
                viewsRunning(fast);
                if (!fast) {
                    session.fire();
                    return;
                }
                int due = -1;
                long worst = 0;
                for (int v = 0; v < liveViews.length; v++) {
                    long late = t - viewRefreshed[v] - livePeriod[v];
                    if (late >= 0 && (due < 0 || late > worst)) {
                        due = v;
                        worst = late;
                    }
                }
                if (due >= 0) {
                    viewRefreshed[due] = t;
                    liveViews[due].run();
                }
            }

        };

        help.setId("help");
        help.getStyleClass().add("help");
        help.setVisible(false);
        help.setOnMouseClicked(e -> help.setVisible(false));
        javafx.scene.layout.StackPane layers = new javafx.scene.layout.StackPane(root, help);
        javafx.scene.layout.StackPane.setAlignment(help, Pos.CENTER);
        scene = new Scene(layers, width, height);
        scene.getStylesheets().add(MainWindow.class.getResource("app.css").toExternalForm());
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::key);
        // a projector at 1280 x 800: smaller code and register text, narrower page boxes (app.css .narrow)
        javafx.beans.InvalidationListener narrow = o -> {
            boolean n = scene.getWidth() < NARROW_WIDTH;
            if (n != root.getStyleClass().contains("narrow")) {
                if (n) root.getStyleClass().add("narrow");
                else root.getStyleClass().remove("narrow");
            }
        };
        scene.widthProperty().addListener(narrow);
        narrow.invalidated(null);
        session.addListener(this::sessionChanged);
        sessionChanged();
    }

    private static Label label(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("picker-label");
        return l;
    }

    private static <T> StringConverter<T> converter(java.util.function.Function<T, String> name) {
        return new StringConverter<>() {
            @Override public String toString(T t) { return t == null ? "" : name.apply(t); }

            @Override public T fromString(String s) { return null; }
        };
    }

    private static <T> ListCell<T> cell(java.util.function.Function<T, String> name, java.util.function.Function<T, String> tip,
                                        java.util.function.Function<T, String> problem) {
        return new ListCell<>() {
            @Override protected void updateItem(T t, boolean empty) {
                super.updateItem(t, empty);
                getStyleClass().remove("invalid");
                if (empty || t == null) {
                    setText(null);
                    setTooltip(null);
                    return;
                }
                String p = problem.apply(t);
                setText(name.apply(t) + (p == null ? "" : "  \u2717"));
                if (p != null) getStyleClass().add("invalid");
                setTooltip(new Tooltip(p == null ? tip.apply(t) : p));
            }
        };
    }

    private Button button(String text, String id, String tip, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.setFocusTraversable(false);
        org.vdsoexplorer.app.Tips.install(b, tip);
        b.setOnAction(e -> action.run());
        return b;
    }

    private void act(Runnable r) {
        if (problem.isVisible()) return;
        try {
            status.setText("");
            r.run();
        } catch (RuntimeException e) {
            status.setText("error: " + e.getMessage());
            session.fire();
        }
    }

    /** The GIF export dialog for this session, at the presenter's UI scale if presenter mode is on. */
    private void exportGif() {
        run.setSelected(false);
        var p = lessons instanceof org.vdsoexplorer.app.lesson.LessonPane lp ? lp.presenter() : null;
        org.vdsoexplorer.app.export.GifExportDialog.show(scene.getWindow(), session, p != null && p.active() ? p.scale() : 100);
    }

    /** Writes the window and the four views as PNGs (vdso-explorer-STEP-*.png) in the working directory. */
    private void savePngs() {
        try {
            String stem = "vdso-explorer-" + session.position();
            java.nio.file.Path dir = java.nio.file.Path.of("").toAbsolutePath();
            Screenshots.shot(root, dir.resolve(stem + "-window.png"));
            Screenshots.shot(code, dir.resolve(stem + "-code.png"));
            Screenshots.shot(pages, dir.resolve(stem + "-pages.png"));
            Screenshots.shot(seqlock, dir.resolve(stem + "-seqlock.png"));
            Screenshots.shot(dispatch, dir.resolve(stem + "-dispatch.png"));
            status.setText("saved " + dir.resolve(stem + "-*.png"));
        } catch (RuntimeException e) {
            status.setText("PNG export failed: " + e.getMessage());
        }
    }

    private java.nio.file.Path demoDir = java.nio.file.Path.of("").toAbsolutePath();

    private javafx.stage.FileChooser demoChooser(String title) {
        javafx.stage.FileChooser fc = new javafx.stage.FileChooser();
        fc.setTitle(title);
        fc.setInitialDirectory(demoDir.toFile());
        fc.getExtensionFilters().add(new javafx.stage.FileChooser.ExtensionFilter("vDSO Explorer demo", "*.vdso-demo"));
        return fc;
    }

    private void saveDemo() {
        run.setSelected(false);
        javafx.stage.FileChooser fc = demoChooser("Save demo");
        fc.setInitialFileName("demo-" + session.setup().scenario().cliName() + "-step" + session.position() + ".vdso-demo");
        java.io.File f = scene.getWindow() == null ? null : fc.showSaveDialog(scene.getWindow());
        if (f != null) saveDemo(f.toPath());
    }

    /** Writes the current state to {@code file} (see {@link DemoState}). */
    public void saveDemo(java.nio.file.Path file) {
        try {
            DemoState.of(session).write(file);
            demoDir = file.toAbsolutePath().getParent();
            status.setText("saved demo " + file);
        } catch (java.io.IOException | RuntimeException e) {
            status.setText("could not save " + file + ": " + e.getMessage());
        }
    }

    private void openDemo() {
        run.setSelected(false);
        java.io.File f = scene.getWindow() == null ? null : demoChooser("Open demo").showOpenDialog(scene.getWindow());
        if (f != null) openDemo(f.toPath());
    }

    /**
     * Opens a demo file off the UI thread (see {@link DemoOpener}): pickers, breakpoints, writer placements
     * and step as saved, once replayed; the returned task says when.
     */
    public javafx.concurrent.Task<DemoOpener.Opened> openDemo(java.nio.file.Path file) {
        run.setSelected(false);
        return DemoOpener.open(this, session, file);
    }

    /** The pickers show an opened demo's setup (its state is then adopted by the session). */
    void demoOpened(DemoState d, java.nio.file.Path file) {
        run.setSelected(false);
        updatingPickers = true;
        try {
            scenario.setValue(d.scenario());
            variant.setValue(d.variant());
            clock.setValue(d.clock());
            tick.setValue(tickLabel(d.setup()));
        } finally {
            updatingPickers = false;
        }
        problem.setVisible(false);
        transport.forEach(b -> b.setDisable(false));
        demoDir = file.toAbsolutePath().getParent();
        status.setText("opened demo " + file + ": " + d);
    }

    void demoStatus(String text) { status.setText(text); }

    private static String tickLabel(Setup s) {
        if (s.tickCycles() == 0) return "no ticks";
        for (int hz : new int[] {1000, 250, 100}) if (Setup.tickCycles(s.ghz(), hz) == s.tickCycles()) return "tick " + hz + " Hz";
        return "tick 1000 Hz";
    }

    private void startTimer() { timer.start(); }

    /** Tells the views that draw a whole call whether the model is running fast (see their setRunning). */
    private void viewsRunning(boolean fast) {
        dispatch.setRunning(fast);
        seqlock.setRunning(fast);
    }

    private void stopTimer() { timer.stop(); }

    private void reset() {
        run.setSelected(false);
        act(session::reset);
    }

    private double stepsPerSecond() {
        double v = speed.getValue();
        if (v >= 0.995) return Double.POSITIVE_INFINITY;
        return Math.pow(10, v * 6); // 1 .. 1e6 steps/s
    }

    private String speedLabel() {
        double r = stepsPerSecond();
        return Double.isInfinite(r) ? "full speed" : Fmt.big(r).trim() + " steps/s";
    }

    private void pickersChanged() {
        if (updatingPickers) return;
        Scenario s = scenario.getValue();
        Variant v = variant.getValue();
        Clock c = clock.getValue();
        if (s == null || v == null || c == null) return;
        Setup next = Setup.of(s, v, c);
        String t = tick.getValue();
        if (t != null && t.equals("no ticks")) next = next.withTick(0);
        else if (t != null) next = next.withTick(Setup.tickCycles(next.ghz(), Double.parseDouble(t.replaceAll("[^0-9]", ""))));
        String why = next.problem();
        variant.setCellFactory(x -> cell(Variant::cliName, Variant::description,
                y -> Setup.of(scenario.getValue(), y, Clock.MONOTONIC).problem()));
        if (why != null) {
            run.setSelected(false);
            problem.setText("Cannot run this combination: " + why
                    + ". The views still show the last valid setup (" + describe(session.setup()) + ").");
            problem.setVisible(true);
            transport.forEach(b -> b.setDisable(true));
            return;
        }
        problem.setVisible(false);
        transport.forEach(b -> b.setDisable(false));
        run.setSelected(false);
        session.load(next);
        root.requestFocus();
    }

    private static String describe(Setup s) {
        return s.scenario().cliName() + " / " + s.variant().cliName() + " / " + s.clock().cliName();
    }

    private Setup described;

    private void sessionChanged() {
        if (described != session.setup() || (!run.isSelected() && status.getText().isEmpty())) {
            described = session.setup();
            status.setText(describe(session.setup()) + ": " + session.setup().scenario().description());
        }
    }

    /**
     * Node property: a {@code Set<KeyCode>} the node handles itself while it has the focus (the window's
     * own bindings for those keys, without Ctrl, are then skipped).
     */
    public static final String OWN_KEYS = "vdso-explorer.own-keys";

    private void key(KeyEvent e) {
        for (ComboBox<?> c : List.of(scenario, variant, clock, tick)) if (c.isShowing()) return;
        if (!e.isShortcutDown() && e.getTarget() instanceof javafx.scene.Node n
                && n.getProperties().get(OWN_KEYS) instanceof java.util.Set<?> own && own.contains(e.getCode())) return;
        KeyCode k = e.getCode();
        if (k == KeyCode.F1 || "?".equals(e.getText())) {
            help.setVisible(!help.isVisible());
            e.consume();
            return;
        }
        if (k == KeyCode.ESCAPE && help.isVisible()) {
            help.setVisible(false);
            e.consume();
            return;
        }
        boolean ctrl = e.isShortcutDown();
        boolean handled = true;
        if (ctrl && (k == KeyCode.EQUALS || k == KeyCode.PLUS || k == KeyCode.ADD)) {
            zoom(1);
        } else if (ctrl && (k == KeyCode.MINUS || k == KeyCode.SUBTRACT)) {
            zoom(-1);
        } else if (ctrl && k == KeyCode.E) {
            savePngs();
        } else if (ctrl && k == KeyCode.G) {
            exportGif();
        } else if (ctrl && k == KeyCode.S) {
            saveDemo();
        } else if (ctrl && k == KeyCode.O) {
            openDemo();
        } else if (ctrl && k == KeyCode.R || k == KeyCode.HOME) {
            reset();
        } else if (ctrl) {
            handled = false;
        } else if (comparing()) {
            switch (k) {
                case RIGHT, SPACE, PAGE_DOWN -> compare().step();
                case DOWN -> compare().stepLine();
                case ENTER, END -> compare().runCall();
                default -> handled = false;
            }
        } else {
            switch (k) {
                case RIGHT, SPACE, PAGE_DOWN -> act(session::step);
                case LEFT, PAGE_UP -> act(() -> session.back(1));
                case DOWN -> act(session::stepLine);
                case UP -> act(session::backLine);
                case ENTER, END -> act(session::runCall);
                case P, F5 -> { if (!problem.isVisible()) run.setSelected(!run.isSelected()); }
                case K -> act(session::injectWriterUpdate);
                case M -> reducedMotion.setSelected(!reducedMotion.isSelected());
                case L -> toggleLessons();
                case B -> act(() -> session.toggleInstructionBreakpoint(session.machine().next().index()));
                default -> handled = false;
            }
        }
        if (handled) e.consume();
    }

    private javafx.scene.Node lessons;

    /** Shows or hides the lessons side panel (built on first use; lessons load in the background). */
    public void toggleLessons() {
        if (root.getRight() != null) {
            root.setRight(null);
            root.requestFocus();
            return;
        }
        if (lessons == null) lessons = org.vdsoexplorer.app.lesson.LessonPane.open(this, null);
        root.setRight(lessons);
    }

    /** The lessons side panel if it was opened, else null. */
    public javafx.scene.Node lessonsPanel() { return root.getRight(); }

    private void zoom(int dir) {
        fontSize = Math.max(11, Math.min(30, fontSize + dir));
        root.setStyle(String.format(Locale.ROOT, "-fx-font-size: %.0fpx;", fontSize));
    }

    /** True while the comparison tab is shown (the step keys then drive both of its panes). */
    public boolean comparing() { return tabs.getSelectionModel().getSelectedIndex() == 1; }

    /** Shows the comparison tab ({@code true}) or the four views. */
    public void showCompare(boolean on) { tabs.getSelectionModel().select(on ? 1 : 0); }

    /** Shows the seed-tables page (measuring the model's cells the first time). */
    public void showSeedTables() { tabs.getSelectionModel().select(2); }

    public org.vdsoexplorer.app.seeds.SeedTablesView seedTables() {
        if (seedTables == null) {
            seedTables = new org.vdsoexplorer.app.seeds.SeedTablesView();
            seedsTab.setContent(seedTables);
        }
        return seedTables;
    }

    public org.vdsoexplorer.app.compare.CompareView compare() {
        if (compare == null) {
            compare = new org.vdsoexplorer.app.compare.CompareView(session.setup());
            comparedBase = session.setup();
            compareTab.setContent(compare);
        }
        return compare;
    }

    public Scene scene() { return scene; }

    public BorderPane root() { return root; }

    public Session session() { return session; }

    public CodeView code() { return code; }

    public PagesView pages() { return pages; }

    public SeqlockView seqlock() { return seqlock; }

    public DispatchView dispatch() { return dispatch; }

    public CountersBar counters() { return counters; }

    public String problemText() { return problem.isVisible() ? problem.getText() : ""; }

    public boolean running() { return run.isSelected(); }

    /** Sets the speed slider (0 = 1 step/s, 1 = full speed). */
    public void setSpeed(double v) { speed.setValue(v); }

    public void setRunning(boolean on) { run.setSelected(on); }

    /** The reduced-motion setting (no flashes, fades or growing edges). */
    public void setReducedMotion(boolean on) { reducedMotion.setSelected(on); }

    /** Stops the run timer (call when the window goes away). */
    public void dispose() {
        run.setSelected(false);
        timer.stop();
    }

    public ComboBox<Scenario> scenarioPicker() { return scenario; }

    public ComboBox<Variant> variantPicker() { return variant; }

    public ComboBox<Clock> clockPicker() { return clock; }
}

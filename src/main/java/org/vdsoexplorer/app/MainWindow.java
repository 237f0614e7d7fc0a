package org.vdsoexplorer.app;

import org.vdsoexplorer.app.export.ExportWindow;
import org.vdsoexplorer.app.export.PngExport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
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
import org.vdsoexplorer.app.code.CodeView;
import org.vdsoexplorer.app.compare.CompareView;
import org.vdsoexplorer.app.dispatch.DispatchView;
import org.vdsoexplorer.app.pages.PagesView;
import org.vdsoexplorer.app.seeds.SeedTablesView;
import org.vdsoexplorer.app.seqlock.SeqlockView;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.lesson.View;
import org.vdsoexplorer.session.Action;
import org.vdsoexplorer.session.DemoState;
import org.vdsoexplorer.session.KeyMap;
import org.vdsoexplorer.session.Runner;
import org.vdsoexplorer.session.Session;
import org.vdsoexplorer.session.WindowModel;

/**
 * The main window's controller: loads MainWindow.fxml (the layout), puts the four views, the counters and
 * (when first shown) the comparison and seed tables into it, and binds the controls to the
 * {@link WindowModel}. Keys go through the model's {@link KeyMap}; the run loop is the model's
 * {@link Runner}, pulsed by the frames of the window's {@link WindowServices#clock() clock}.
 */
public final class MainWindow implements org.vdsoexplorer.app.lesson.LessonWindow, ExportWindow {
    /** Below this scene width the compact layout (style class "narrow") is used. */
    static final double NARROW_WIDTH = 1500;

    private final WindowModel model;
    private final List<String> liveViewNames;
    private final Scene scene;
    private final CodeView code;
    private final PagesView pages;
    private final SeqlockView seqlock;
    private final DispatchView dispatch;
    private final CountersBar counters;
    private final DemoFiles demos;
    private final org.vdsoexplorer.app.common.FrameClock.Ticker timer;
    private final WindowServices services;
    private final PngExport pngExport = new PngExport();
    private SeedTablesView seedTables;
    private CompareView compare;
    private Setup comparedBase;
    private org.vdsoexplorer.app.lesson.LessonPane lessons;
    private final ViewsArea views;

    @FXML private BorderPane root;
    @FXML private VBox top, toolbar;
    @FXML private ComboBox<Scenario> scenario;
    @FXML private ComboBox<Variant> variant;
    @FXML private ComboBox<Clock> clock;
    /** The settings popover's controls, the icons and the menu of the toolbar row. */
    private final Toolbar bar = new Toolbar();
    private final ComboBox<org.vdsoexplorer.sim.timing.TimingModel> timing = bar.timing;
    private final SegmentedButton tick = bar.tick;
    private final atlantafx.base.controls.ToggleSwitch reducedMotion = bar.reducedMotion;
    private final Slider speed = bar.speed;
    private final Label speedText = bar.speedText;
    @FXML private Button reset, back, backLine, step, line, call, inject, lessonsButton, settings;
    @FXML private javafx.scene.control.MenuButton more;
    @FXML private ToggleButton run;
    @FXML private Label help, problem;
    @FXML private TabPane tabs;
    @FXML private Tab compareTab, seedsTab;
    @FXML private StackPane viewsArea, codeHolder, pagesHolder, seqlockHolder, dispatchHolder;
    @FXML private javafx.scene.control.SplitPane grid, topRow, bottomRow;
    @FXML private Label status;
    /** The status line on the Compare tab: what A and B run ({@link CompareView#statusProperty}). */
    private final javafx.beans.property.StringProperty compareStatus = new javafx.beans.property.SimpleStringProperty("");
    /** "Your kernel": the captured vDSO stepped (built when its tab is first shown), and its status line. */
    private org.vdsoexplorer.app.kernel.KernelView kernel;
    private final javafx.beans.property.StringProperty kernelStatus = new javafx.beans.property.SimpleStringProperty("");
    private final Tab kernelTab = org.vdsoexplorer.app.kernel.KernelView.tab(this::kernelBuilt);

    public MainWindow(Setup initial) { this(initial, VdsoExplorerApp.WIDTH, VdsoExplorerApp.HEIGHT); }

    /** A window whose scene is {@code width} x {@code height} (e.g. for off-screen snapshots). */
    public MainWindow(Setup initial, double width, double height) { this(initial, width, height, WindowServices.standard()); }

    @Override public org.vdsoexplorer.app.common.FrameClock clock() { return services.clock(); }

    /** A window whose views are timed on {@code services}' clock and whose counters and compare tab share its figures. */
    public MainWindow(Setup initial, double width, double height, WindowServices services) {
        this.services = services;
        model = new WindowModel(initial, services.clock().work());
        var session = model.session();
        org.vdsoexplorer.app.common.Theme.install();
        FXMLLoader loader = new FXMLLoader(MainWindow.class.getResource("MainWindow.fxml"));
        loader.setControllerFactory(c -> this);
        Parent layers;
        try {
            layers = loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("MainWindow.fxml: " + e.getMessage(), e);
        }
        counters = new CountersBar(session, services.clock(), services.figures());
        code = new CodeView(session, services.clock());
        pages = new PagesView(session, services.clock());
        seqlock = new SeqlockView(session);
        dispatch = new DispatchView(session, services.clock());
        top.getChildren().add(counters);
        views = new ViewsArea(viewsArea, grid, topRow, bottomRow,
                java.util.Map.of(View.CODE, codeHolder, View.PAGES, pagesHolder, View.SEQLOCK, seqlockHolder, View.DISPATCH, dispatchHolder),
                java.util.Map.of(View.CODE, code, View.PAGES, pages, View.SEQLOCK, seqlock, View.DISPATCH, dispatch));
        model.scale().percentProperty().addListener((o, a, b) -> root.setStyle(org.vdsoexplorer.session.UiScale.rootStyle(b.intValue())));
        demos = new DemoFiles(model);
        Pickers.bind(model.setup(), scenario, variant, clock, tick);
        code.toggles().setOnChoose(v -> model.setup().choose(v)); // a source toggle picks the other prebuilt build
        Pickers.bindTiming(model.setup(), timing);
        Pickers.banner(model.setup(), problem, root, List.of(reset, back, backLine, step, line, call, run, inject));
        for (Node n : List.of(back, backLine, inject)) { // greyed out in the Compare tab, where they do nothing
            n.disableProperty().bind(model.setup().problemProperty().isNotEmpty().or(compareTab.selectedProperty()));
        }
        run.disableProperty().bind(model.setup().problemProperty().isNotEmpty().or(compareTab.selectedProperty())
                .or(kernelTab.selectedProperty()));
        // the Compare tab's panes have their own scenario, variant and clock pickers, "Your kernel" its task and clock:
        // the toolbar's are greyed out there
        for (Node n : List.of(scenario, variant, clock)) n.disableProperty().bind(compareTab.selectedProperty().or(kernelTab.selectedProperty()));
        // the four views' model, not A's or B's nor the captured kernel's; in presenter mode only on a step that needs it
        counters.visibleProperty().bind(compareTab.selectedProperty().not().and(kernelTab.selectedProperty().not())
                .and(views.state().countersShownProperty()));
        counters.managedProperty().bind(counters.visibleProperty());
        Pickers.installTips(toolbar);
        Toolbar.icons(reset, back, backLine, step, line, call, run, inject, lessonsButton, settings, more);
        Toolbar.menu(more, this::perform);
        bar.projector.selectedProperty().addListener((o, a, on) -> setProjectorTheme(on));
        Pickers.bindRun(model.runner(), run, speed, speedText);
        reducedMotion.selectedProperty().addListener((o, a, b) -> {
            if (b) root.getStyleClass().add("reduced-motion"); // the lessons' popovers do not fade (CitationPopover)
            else root.getStyleClass().remove("reduced-motion");
            code.setReducedMotion(b);
            pages.setReducedMotion(b);
            dispatch.setReducedMotion(b);
        });
        help.setText(model.keys().helpText());
        // on the Compare tab the status line says what A and B run, not the four views' model
        status.textProperty().bind(javafx.beans.binding.Bindings.when(compareTab.selectedProperty()).then(compareStatus)
                .otherwise(javafx.beans.binding.Bindings.when(kernelTab.selectedProperty()).then(kernelStatus)
                        .otherwise(model.statusProperty())));
        tabs.getTabs().add(tabs.getTabs().indexOf(seedsTab) + 1, org.vdsoexplorer.app.pipeline.PipelineView.tab(session));
        tabs.getTabs().add(org.vdsoexplorer.app.live.LiveView.tab()); // "Your machine": built when first shown
        tabs.getTabs().add(kernelTab);
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
        var live = new java.util.LinkedHashMap<String, Runnable>(); // the views that refresh while running fast, by name
        live.put("code", code::refresh);
        live.put("dispatch", dispatch::refresh);
        live.put("pages", pages::refresh);
        live.put("seqlock", seqlock::refresh);
        liveViewNames = java.util.stream.Stream.concat(java.util.stream.Stream.of("counters"), live.keySet().stream()).toList();
        timer = FrameLoop.start(services.clock(), model.runner(), counters::refresh, List.copyOf(live.values()), fast -> {
                    dispatch.setRunning(fast);
                    seqlock.setRunning(fast);
                });
        model.runner().fullSpeedProperty().addListener((o, a, full) -> code.setRunning(full));

        scene = new Scene(layers, width, height);
        scene.getStylesheets().add(MainWindow.class.getResource("app.css").toExternalForm());
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::key);
        Pickers.narrowBelow(scene, root, NARROW_WIDTH);
    }

    /** A toolbar button: its {@link Action} is its userData in the FXML (the main model's, also in the Compare tab). */
    @FXML private void button(javafx.event.ActionEvent e) {
        Action a = Action.valueOf((String) ((Node) e.getSource()).getUserData());
        perform(a); // in the Compare tab the lockstep actions drive both panes, as their keys do
    }

    @FXML private void closeHelp() { help.setVisible(false); }

    /** The settings popover (tick, timing, speed, reduced motion, projector theme) under its button. */
    @FXML private void settings() { bar.toggleSettings(settings); }

    /** The settings popover's controls (shown or not). */
    public javafx.scene.layout.GridPane settingsBox() { return bar.settingsBox(); }

    /**
     * The high-contrast projector theme (style class "projector" on the window's root, app.css): dark text on white,
     * saturated accents, thicker lines; the presenter switches it on in the settings.
     */
    public void setProjectorTheme(boolean on) {
        if (bar.projector.isSelected() != on) bar.projector.setSelected(on);
        if (on == root.getStyleClass().contains("projector")) return;
        if (on) root.getStyleClass().add("projector");
        else root.getStyleClass().remove("projector");
    }

    /** The timing-model picker (in the settings popover). */
    public ComboBox<org.vdsoexplorer.sim.timing.TimingModel> timingPicker() { return timing; }

    /** Writes the current state to {@code file} (see {@link DemoState}). */
    public void saveDemo(java.nio.file.Path file) { demos.save(scene.getWindow(), file); }

    /**
     * Opens a demo file off the UI thread (see {@link DemoOpener}): pickers, breakpoints, writer placements
     * and step as saved, once replayed; the returned task says when.
     */
    public javafx.concurrent.Task<DemoOpener.Opened> openDemo(java.nio.file.Path file) {
        return demos.open(scene.getWindow(), file);
    }

    private void key(KeyEvent e) {
        for (ComboBox<?> c : List.of(scenario, variant, clock)) if (c.isShowing()) return;
        boolean ctrl = e.isShortcutDown();
        // typing (a lesson's prediction): letters, digits and '.' are text there; F-keys, PageUp/Down and Ctrl keys still work
        if (!ctrl && e.getTarget() instanceof javafx.scene.control.TextInputControl && !e.getCode().isFunctionKey()
                && !e.getCode().isNavigationKey()) return;
        if (!ctrl && e.getTarget() instanceof Node n && n.getProperties().get(KeyMap.OWN_KEYS) instanceof Set<?> own
                && own.contains(e.getCode().name())) return;
        Action a = model.keys().action(e.getCode().name(), e.getText(), ctrl);
        if (a != null && perform(a)) e.consume();
    }

    /** Performs {@code a} as its key does; false if it does nothing here (the key then goes on to the focused node). */
    boolean perform(Action a) {
        if (comparing() && a.movesModel()) return compare().perform(a); // in lockstep, or nothing in that tab
        if (kernelTab.isSelected() && a.movesModel()) return kernel != null && kernel.perform(a); // the captured call
        if (kernelTab.isSelected() && a.focusView() != null && kernel != null) { // 1-4: that pane alone, or all four
            kernel.focus(a.focusView());
            return true;
        }
        switch (a) {
            case HELP -> help.setVisible(!help.isVisible());
            case CLOSE_HELP -> {
                if (!help.isVisible()) return false;
                closeHelp();
            }
            case ZOOM_IN -> model.scale().step(1);
            case ZOOM_OUT -> model.scale().step(-1);
            case SCALE -> model.scale().cycle();
            case FOCUS_CODE, FOCUS_PAGES, FOCUS_SEQLOCK, FOCUS_DISPATCH -> {
                showCompare(false);
                views.state().toggleMaximised(a.focusView());
            }
            case EXPORT_PNG -> pngExport.ask(this, scene.getWindow());
            case EXPORT_GIF -> exportGif();
            case SAVE_DEMO -> demos.save(scene.getWindow());
            case OPEN_DEMO -> demos.open(scene.getWindow());
            case REDUCED_MOTION -> reducedMotion.setSelected(!reducedMotion.isSelected());
            case PROJECTOR_THEME -> setProjectorTheme(!root.getStyleClass().contains("projector"));
            case LESSONS -> toggleLessons();
            default -> { return model.perform(a); }
        }
        return true;
    }

    /** The GIF export dialog for this session, at the window's scale (presenter mode's too). */
    private void exportGif() {
        run.setSelected(false);
        org.vdsoexplorer.app.export.GifExportDialog.show(scene.getWindow(), model.session(), model.scale().percent(),
                (s, w, h) -> new MainWindow(s, w, h, services));
    }

    /** Shows or hides the lessons side panel (built on first use; lessons load in the background). */
    public void toggleLessons() { lessons = org.vdsoexplorer.app.lesson.LessonPane.toggle(this, lessons, lessonsDir); }

    /** The lesson folder the panel opens on (null: the shipped course); the app's {@code --lessons DIR}. */
    private java.nio.file.Path lessonsDir;

    /** Shows the lessons panel on the lessons of {@code dir} ({@code --lessons DIR}). */
    public void openLessons(java.nio.file.Path dir) {
        lessonsDir = dir;
        if (lessons != null) lessons.openFolder(dir);
        if (root.getRight() == null) toggleLessons();
    }

    /** The lessons side panel if it was opened, else null. */
    public Node lessonsPanel() { return root.getRight(); }

    private void kernelBuilt(org.vdsoexplorer.app.kernel.KernelView v) {
        kernel = v;
        kernelStatus.set(v.statusLine());
        v.setOnChange(() -> kernelStatus.set(v.statusLine()));
    }

    /** "Your kernel"'s view once its tab has been shown, else null. */
    @Override public org.vdsoexplorer.app.kernel.KernelView kernelView() { return kernel; }

    /** The Your kernel tab shown, its view built now if it was not yet (lessons, pictures, tests). */
    @Override public org.vdsoexplorer.app.kernel.KernelView openKernel() {
        tabs.getSelectionModel().select(kernelTab);
        return org.vdsoexplorer.app.kernel.KernelView.open(kernelTab, this::kernelBuilt);
    }

    /** True while the comparison tab is shown (the step keys then drive both of its panes). */
    public boolean comparing() { return compareTab.isSelected(); }

    /** Shows the comparison tab ({@code true}) or the four views. */
    @Override public void showCompare(boolean on) { tabs.getSelectionModel().select(on ? compareTab : tabs.getTabs().getFirst()); }

    /** Shows the seed-tables page (measuring the model's cells the first time). */
    public void showSeedTables() { tabs.getSelectionModel().select(seedsTab); }

    /** Shows the tab headed {@code text} ("Pipeline"); false if there is none. */
    @Override public boolean showTab(String text) {
        for (Tab t : tabs.getTabs()) {
            if (t.getText().equals(text)) {
                tabs.getSelectionModel().select(t);
                return true;
            }
        }
        return false;
    }

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
            compare = new CompareView(comparedBase, services.figures());
            compareStatus.bind(compare.statusProperty());
            compareTab.setContent(compare); // it says what the toolbar drives there (KeyMap.COMPARE_DRIVES)
        }
        return compare;
    }

    @Override public WindowModel model() { return model; }

    /** The names of the live views the runner refreshes in turn while running fast, in its order (the counters first). */
    public List<String> liveViewNames() { return liveViewNames; }
    @Override public org.vdsoexplorer.session.ViewsState views() { return views.state(); }
    @Override public Scene scene() { return scene; }
    @Override public BorderPane root() { return root; }
    public Session session() { return model.session(); }
    /** The clock and figures this window was handed. */
    public WindowServices services() { return services; }
    public CodeView code() { return code; }

    @Override public org.vdsoexplorer.app.code.AnnotationToggles toggles() { return code.toggles(); }
    public PagesView pages() { return pages; }
    public SeqlockView seqlock() { return seqlock; }
    public DispatchView dispatch() { return dispatch; }
    public CountersBar counters() { return counters; }
    @Override public List<Node> viewNodes() { return List.of(code, pages, seqlock, dispatch, counters); }

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

    /** The tick picker (one toggle per {@link org.vdsoexplorer.session.Tick}, in order). */
    public SegmentedButton tickPicker() { return tick; }
}

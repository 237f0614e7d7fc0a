package org.vdsoexplorer.app;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/** The vDSO Explorer JavaFX application: one window, four views of one model instance. */
public class VdsoExplorerApp extends Application {

    public static final String TITLE = "vDSO Explorer";
    public static final double WIDTH = 1600;
    public static final double HEIGHT = 1000;

    /** The setup the window opens with: the walkthrough (time namespace, inlined timens code). */
    public static Setup defaultSetup() {
        return Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);
    }

    private MainWindow window;
    private UncaughtErrors errors;

    /** Before the window: temp files that killed saves left in the progress folder are removed (their writers are gone). */
    @Override
    public void init() {
        try {
            org.vdsoexplorer.util.AtomicFiles.removeStale(org.vdsoexplorer.session.ProgressStore.defaultDir());
        } catch (RuntimeException ignored) {
            // housekeeping only: a folder that cannot be named or read is reported when progress is saved
        }
    }

    @Override
    public void start(Stage stage) {
        stage.setTitle(TITLE);
        stage.setScene(createScene());
        // fit the screen (a projector may be 1280 x 800; the headless platform's screen is 1000 x 1000)
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        stage.setWidth(Math.min(WIDTH, screen.getWidth()));
        stage.setHeight(Math.min(HEIGHT, screen.getHeight()));
        stage.setX(screen.getMinX());
        stage.setY(screen.getMinY());
        stage.setOnHidden(e -> window.dispose());
        errors = UncaughtErrors.install(stage); // an exception nothing caught on the FX thread: a dialog, and the app goes on
        stage.show();
        // (tests call start() on an instance that was not launched: no parameters)
        if (getParameters() != null && getParameters().getRaw().contains(FIRST_FRAME)) reportFirstFrame();
        java.nio.file.Path lessons = getParameters() == null ? null : AppOptions.lessons(getParameters().getRaw());
        if (lessons != null) window.openLessons(lessons); // --lessons DIR: the teacher's folder, its panel open
    }

    /** The option that makes the app print the time to its first frame and quit (a start-up measurement). */
    public static final String FIRST_FRAME = AppOptions.FIRST_FRAME;

    /**
     * On the first pulse with the window shown (as bench-ui measures it): prints the time since the JVM started,
     * then quits.
     */
    private static void reportFirstFrame() {
        org.vdsoexplorer.app.common.FrameClock.Ticker[] first = {null};
        first[0] = org.vdsoexplorer.app.common.FrameClock.system().ticker(now -> {
            first[0].stop();
            long ms = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
            System.out.println("first frame " + ms + " ms after JVM start");
            javafx.application.Platform.exit();
        });
        first[0].start();
    }

    /** Builds the main scene; separate from {@link #start(Stage)} so tests can reuse it. */
    public Scene createScene() {
        window = createMainWindow(defaultSetup());
        return window.scene();
    }

    /** The FX thread's handler of uncaught exceptions that {@link #start(Stage)} installed (null before). */
    public UncaughtErrors errors() { return errors; }

    /** The window built by the last {@link #createScene()}. */
    public MainWindow window() { return window; }

    /** Builds a main window (scene, session and views) for {@code setup}, without showing it. */
    public static MainWindow createMainWindow(Setup setup) { return new MainWindow(setup); }

    public static void main(String[] args) {
        launch(args);
    }
}

package org.vdsoexplorer.app;

import javafx.stage.Stage;
import org.vdsoexplorer.sim.Setup;

/** Shared by the UI tests: a main window on a stage that fits the headless platform's screen. */
public final class HeadlessStage {
    /** The headless platform's screen is 1000 x 1000; a larger stage would not be drawn. */
    public static final double SIZE = 1000;

    private HeadlessStage() {}

    /** Builds the main window on {@code setup}, puts it on {@code stage} and shows it. */
    public static MainWindow show(Stage stage, Setup setup) {
        MainWindow w = VdsoExplorerApp.createMainWindow(setup);
        return show(stage, w);
    }

    /**
     * Builds the main window on {@code setup} with its views timed on {@code clock} (a test's
     * {@link org.vdsoexplorer.app.common.FrameClock#manual() manual} clock: frames happen when the test advances it),
     * puts it on {@code stage} and shows it.
     */
    public static MainWindow show(Stage stage, Setup setup, org.vdsoexplorer.app.common.FrameClock clock) {
        return show(stage, new MainWindow(setup, VdsoExplorerApp.WIDTH, VdsoExplorerApp.HEIGHT, WindowServices.on(clock)));
    }

    /** Puts an already built window on {@code stage} and shows it. */
    public static MainWindow show(Stage stage, MainWindow w) {
        stage.setScene(w.scene());
        stage.setWidth(SIZE);
        stage.setHeight(SIZE);
        stage.show();
        return w;
    }
}

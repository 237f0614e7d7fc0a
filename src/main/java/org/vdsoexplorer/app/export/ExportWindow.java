package org.vdsoexplorer.app.export;

import javafx.scene.Node;
import javafx.scene.layout.BorderPane;
import org.vdsoexplorer.session.Session;
import org.vdsoexplorer.session.ViewsState;
import org.vdsoexplorer.session.WindowModel;
import org.vdsoexplorer.sim.Setup;

/**
 * What the exports need of the main window: its model, its root and its four views to picture, and, for a GIF,
 * a fresh off-screen window ({@link Factory}). The main window implements it, so this package does not depend
 * on the window's (the window opens the exports; ArchitectureTest keeps the packages free of cycles).
 */
public interface ExportWindow {
    WindowModel model();

    ViewsState views();

    BorderPane root();

    default Session session() { return model().session(); }

    Node code();

    Node pages();

    Node seqlock();

    Node dispatch();

    Node counters();

    /** Stills: no half-drawn glides or flashes. */
    void setReducedMotion(boolean on);

    /** Stops its timers and listeners (an off-screen window made for one export). */
    void dispose();

    /** Builds an off-screen window of {@code width} x {@code height} on {@code setup} (the GIF export renders one). */
    @FunctionalInterface
    interface Factory {
        ExportWindow create(Setup setup, double width, double height);
    }
}

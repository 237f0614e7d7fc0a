package org.vdsoexplorer.app.lesson;

import javafx.scene.Scene;
import javafx.scene.layout.BorderPane;
import org.vdsoexplorer.app.compare.CompareView;
import org.vdsoexplorer.session.WindowModel;

/**
 * What the lesson panel needs of the main window (which implements it): its view-model, its layout root
 * and scene (for the presenter's styles and keys), and its comparison tab.
 */
public interface LessonWindow {
    WindowModel model();

    Scene scene();

    /** The window's layout root (the lesson panel goes to its right). */
    BorderPane root();

    /** The comparison (built on first use). */
    CompareView compare();

    /** The explore tab's layout state: a lesson step's views get the space ({@link org.vdsoexplorer.session.ViewLayout}). */
    org.vdsoexplorer.session.ViewsState views();

    /** The views and the counters bar, whether the adaptive layout shows them or keeps them in its strip. */
    java.util.List<javafx.scene.Node> viewNodes();

    /** The code view's source annotation toggles (null: the window has none). */
    default org.vdsoexplorer.app.code.AnnotationToggles toggles() { return null; }

    /** Shows the comparison tab ({@code true}) or the four views. */
    void showCompare(boolean on);

    /** Selects the tab headed {@code text}; false if there is none (a window without tabs). */
    default boolean showTab(String text) { return false; }

    /** The Your kernel tab's view once built, or null. */
    default org.vdsoexplorer.app.kernel.KernelView kernelView() { return null; }

    /** The Your kernel tab shown and its view built now; null in a window without it. */
    default org.vdsoexplorer.app.kernel.KernelView openKernel() { return null; }

    /** The window's clock (the lesson panel times the steps a student answers on it). */
    default org.vdsoexplorer.app.common.FrameClock clock() { return org.vdsoexplorer.app.common.FrameClock.system(); }
}

package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.framework.junit5.ApplicationExtension;
import org.vdsoexplorer.app.lesson.LessonPane;
import org.vdsoexplorer.app.tools.LayoutCheck;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * Issue 29's chrome on a laptop and a wide screen: everything above the views (the toolbar row, the counters strip,
 * the tabs and the strip of the other views) at most 120 px tall at 1280 x 720 and 1366 x 768, with the lesson panel
 * and without, the views at least 70 % of the window's height; one toolbar row that fits the window (at 1600 x 1000 too);
 * no text under 12 px at 100 % in the chrome and the lesson panel. Prints the figures ("chrome: ...").
 */
@ExtendWith(ApplicationExtension.class)
class ChromeLayoutUiTest {
    /** The most the chrome may take, and the least share of the window's height the views get (issue 29). */
    static final double MAX_CHROME_PX = 120, MIN_VIEWS_SHARE = 0.70;

    @ParameterizedTest
    @CsvSource({"1280, 720, false", "1280, 720, true", "1366, 768, false", "1366, 768, true", "1600, 1000, true", "1600, 1000, false"})
    void theChromeStepsAside(double width, double height, boolean lessonPanel) throws Exception {
        var progress = org.vdsoexplorer.session.ProgressStore.open(java.nio.file.Files.createTempDirectory("chrome-layout"));
        Path lessons = Path.of(System.getProperty("basedir", "."), "lessons");
        var loaded = org.vdsoexplorer.lesson.LessonLibrary.load(lessons, new org.vdsoexplorer.lesson.Evaluator(), false);
        String[] smallest = {null};
        double[] m = Fx.fx(() -> {
            MainWindow w = new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), width, height);
            w.setReducedMotion(true);
            if (lessonPanel) {
                LessonPane p = LessonPane.open(w, lessons.toAbsolutePath(), loaded, progress);
                w.root().setRight(p);
                p.openLesson(loaded.lessons().get(1));
                p.go(2);
            }
            LayoutCheck.Result all = LayoutCheck.check(w.root());
            // the text size is asserted on the chrome (toolbar, counters) and the lesson panel; the views' own smallest
            // text is printed (the dispatch graph squeezes its node labels to 10 px in a small pane: the views' redraw)
            LayoutCheck.Result r = LayoutCheck.check(w.root().getTop());
            if (lessonPanel) {
                LayoutCheck.Result p = LayoutCheck.check(w.root().getRight());
                if (p.smallestFont() < r.smallestFont()) r = p;
            }
            smallest[0] = r.smallestText() + "; in the views " + all.smallestFont() + " px, " + all.smallestText();
            Node area = w.root().lookup("#views-area"), strip = w.root().lookup("#views-strip");
            Bounds a = area.localToScene(area.getLayoutBounds());
            double top = a.getMinY();
            if (strip != null && strip.isVisible() && strip.getScene() != null) {
                top = Math.max(top, strip.localToScene(strip.getLayoutBounds()).getMaxY());
            }
            Node row = w.root().lookup(".toolbar-row");
            double rowWidth = ((javafx.scene.layout.Region) row).prefWidth(-1); // one line when its groups fit (ToolbarRow)
            double[] out = {top, a.getMaxY() - top, rowWidth, w.scene().getWidth(), r.smallestFont(), w.root().getWidth()};
            w.dispose();
            return out;
        });
        String what = String.format(java.util.Locale.ROOT, "chrome: %.0fx%.0f%s: chrome %.0f px, views %.0f px = %.1f %% of the window; "
                + "toolbar row %.0f px wide in %.0f; smallest text %.1f px (%s)", width, height, lessonPanel ? " with the lesson panel" : "",
                m[0], m[1], 100 * m[1] / height, m[2], m[3], m[4], smallest[0]);
        System.out.println(what);
        assertTrue(m[2] <= m[3] && m[5] <= m[3], "the toolbar row fits the window: " + what);
        assertTrue(m[4] >= 12 - 0.01, "no text under 12 px: " + what);
        if (width < 1500) {
            assertTrue(m[0] <= MAX_CHROME_PX, what);
            assertTrue(m[1] / height >= MIN_VIEWS_SHARE, what);
        }
    }
}

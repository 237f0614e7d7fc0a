package org.vdsoexplorer.app.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;

import java.util.LinkedHashMap;
import java.util.Map;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * The compare tab keeps its panes where they are as its table fills: the bounds of panes A and B, the table
 * and the listings after 100 calls (and mid-call) are those before the first call, at the window sizes the
 * app is used at (off-screen windows, laid out as the screenshots are).
 */
@ExtendWith(ApplicationExtension.class)
class ComparePaneBoundsUiTest {
    private static final String[] IDS = {"#compare-pane-a", "#compare-pane-b", "#compare-listing-a", "#compare-listing-b",
            "#compare-side"};

    @Start
    void start(Stage stage) {}

    private static Map<String, Bounds> bounds(MainWindow w) {
        // twice: the pickers' widths follow their fonts, known only after the first pass (as after a frame)
        for (int i = 0; i < 2; i++) {
            w.scene().getRoot().applyCss();
            w.scene().getRoot().layout();
        }
        Map<String, Bounds> out = new LinkedHashMap<>();
        for (String id : IDS) {
            Node n = w.root().lookup(id);
            assertTrue(n != null, id + " is in the compare tab");
            out.put(id, n.localToScene(n.getLayoutBounds()));
        }
        return out;
    }

    @Test
    void panesKeepTheirBoundsWhileTheTableFills() {
        for (double[] size : new double[][] {{1600, 1000}, {1280, 720}, {1920, 1080}}) {
            String tag = (int) size[0] + "x" + (int) size[1];
            MainWindow w = fx(() -> new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC),
                    size[0], size[1]));
            try {
                Map<String, Bounds> before = fx(() -> {
                    w.showCompare(true);
                    w.compare().setVariants(Variant.TIMENS_INLINE, Variant.TIMENS_NOINLINE);
                    return bounds(w);
                });
                Map<String, Bounds> afterOne = fx(() -> {
                    w.compare().runCall();
                    for (int i = 0; i < 30; i++) w.compare().step();
                    return bounds(w);
                });
                Map<String, Bounds> afterHundred = fx(() -> {
                    w.compare().runCalls(100);
                    return bounds(w);
                });
                assertTrue(before.get("#compare-pane-a").getWidth() > 200, tag + ": pane A has room " + before);
                assertEquals(before, afterOne, tag + ": bounds after one call and 30 steps");
                assertEquals(before, afterHundred, tag + ": bounds after 100 calls");
            } finally {
                fx(() -> {
                    w.dispose();
                    return null;
                });
            }
        }
    }
}

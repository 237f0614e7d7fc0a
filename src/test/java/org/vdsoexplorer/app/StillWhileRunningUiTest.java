package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * While the model runs, the counters bar, the pages view and the seqlock view refresh many times a second with new
 * values; nothing in them may move or change size once the first calls have shown their widest values (a moved node, or many, made
 * the software renderer repaint the view or the whole window: 7-75 ms frames). The seqlock view's content is never
 * laid out wider than its view, not even for one layout pass of a refresh. Checked the way the runner refreshes at
 * full speed: a refresh every 37 steps (so at many different points of a call) in a namespace task, at 1600 x 1000.
 */
@ExtendWith(ApplicationExtension.class)
class StillWhileRunningUiTest {

    @Test
    void countersPagesAndSeqlockKeepEveryNodeInPlaceAndSeqlockNeverOutgrowsItsView() {
        MainWindow w = fx(() -> {
            MainWindow m = new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), 1600, 1000);
            m.setReducedMotion(true);
            m.seqlock().setRunning(true); // as at full speed: the view shows the last finished call
            return m;
        });
        double[] widest = {0, 0}; // the seqlock content's widest width and its view's width then
        fx(() -> {
            w.scene().getRoot().applyCss();
            w.scene().getRoot().layout();
            ScrollPane scroll = (ScrollPane) w.seqlock().lookup("#seqlock-scroll");
            Region content = (Region) scroll.getContent();
            content.widthProperty().addListener((o, a, b) -> {
                if (b.doubleValue() > widest[0]) {
                    widest[0] = b.doubleValue();
                    widest[1] = scroll.getWidth();
                }
            });
            return null;
        });
        Map<String, String> first = null;
        List<String> moved = new ArrayList<>();
        for (int refresh = 0; refresh < 160; refresh++) {
            Map<String, String> now = fx(() -> {
                for (int i = 0; i < 37; i++) w.session().stepQuiet();
                w.counters().refresh();
                w.pages().refresh();
                w.seqlock().refresh();
                w.scene().getRoot().applyCss();
                w.scene().getRoot().layout();
                Map<String, String> at = new TreeMap<>();
                place(w.counters(), "counters", at);
                place(w.pages(), "pages", at);
                place(w.seqlock(), "seqlock", at);
                return at;
            });
            long calls = fx(() -> w.session().machine().calls());
            if (calls < 3) continue; // the first calls show each value at its widest
            if (first == null) {
                first = now;
                continue;
            }
            for (Map.Entry<String, String> e : first.entrySet()) {
                String b = now.get(e.getKey());
                String m = e.getKey() + ": " + e.getValue() + " -> " + b;
                if (!e.getValue().equals(b) && moved.size() < 10 && !moved.contains(m)) moved.add(m);
            }
        }
        Fx.fxRun(w::dispose);
        assertTrue(first != null && first.size() > 40, "nodes checked: " + (first == null ? 0 : first.size()));
        assertEquals(List.of(), moved, "nodes that moved or changed size between refreshes");
        assertTrue(widest[0] <= widest[1] + 0.5, "the seqlock view's content was " + widest[0] + " px wide in a " + widest[1] + " px view");
    }

    /** Every visible labelled node and region under {@code n}: its place and size in the scene, by its path. */
    private static void place(Node n, String path, Map<String, String> at) {
        // the offset addition's captions change within a call ("not yet" until the call reads the offset): the block
        // keeps its size, its captions may rewrap inside it
        if (!n.isVisible()) return;
        if (path.contains("pages-offset/")) return;
        // the counters' stacked bar of this call's cycles: its segments are the categories' shares, so they grow and move
        // inside the bar as the call runs; the bar itself keeps its place and size (checked: the path ends at it)
        if (path.contains("counter-breakdown/")) return;
        if (n instanceof Labeled || n instanceof Region) {
            Bounds b = n.localToScene(n.getLayoutBounds());
            // a label may get longer or shorter where it stands, and a wrapping one may take more or fewer lines in the box
            // that holds it (the box is checked); its place may not change, nor a one-line label's height
            at.put(path, n instanceof Labeled l ? String.format("%.1f,%.1f", b.getMinX(), b.getMinY())
                    + (l.isWrapText() ? "" : String.format(" h %.1f", b.getHeight()))
                    : String.format("%.1f,%.1f %.1fx%.1f", b.getMinX(), b.getMinY(), b.getWidth(), b.getHeight()));
        }
        if (n instanceof Parent p && !(n instanceof Labeled)) {
            int i = 0;
            for (Node c : p.getChildrenUnmodifiable()) {
                place(c, path + "/" + (c.getId() != null ? c.getId() : c.getClass().getSimpleName() + i), at);
                i++;
            }
        }
    }
}

package org.vdsoexplorer.app.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.vdsoexplorer.app.Fx;
import org.vdsoexplorer.app.tools.LayoutCheck;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.dispatch.Dispatch.Node;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * The dispatch graph at 250 % (its names at the scaled type size, wider than a 1600 px view): the view scrolls sideways,
 * and as a call is stepped through, the lit path's newest node is always shown whole (it ran off the right edge, the view
 * left scrolled at its start, before the view followed the path).
 */
@ExtendWith(ApplicationExtension.class)
class DispatchFollowUiTest {
    @Test
    void theLitPathsNewestNodeStaysInViewAt250Percent() {
        List<String> missed = Fx.fx(() -> {
            org.vdsoexplorer.session.Session session = new org.vdsoexplorer.session.Session(
                    Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
            DispatchView dv = new DispatchView(session, org.vdsoexplorer.app.common.FrameClock.system());
            dv.setReducedMotion(true);
            javafx.scene.layout.StackPane root = new javafx.scene.layout.StackPane(dv);
            root.setStyle("-fx-font-size: 40px;"); // 250 % of the 16 px root
            new javafx.scene.Scene(root, 1600, 900);
            LayoutCheck.check(root);
            DispatchView d = dv;
            List<String> out = new ArrayList<>();
            double[] graphWide = {0};
            Node last = null;
            for (int i = 0; i < 400 && last != Node.RESULT; i++) {
                session.step();
                LayoutCheck.check(root);
                if (d.currentPath().isEmpty()) continue;
                last = d.currentPath().getLast();
                javafx.scene.control.ScrollPane sp = d.graphScroll();
                double view = sp.getViewportBounds().getWidth(), wide = d.drawnOn().getBoundsInLocal().getWidth();
                graphWide[0] = Math.max(graphWide[0], wide - view);
                double left = sp.getHvalue() * Math.max(0, wide - view);
                DispatchGraph.Box b = d.box(last);
                if (b.x() < left - 0.5 || b.x() + b.w() > left + view + 0.5) {
                    out.add(last + " at " + Math.round(b.x()) + ".." + Math.round(b.x() + b.w()) + ", view " + Math.round(left)
                            + ".." + Math.round(left + view));
                }
            }
            assertEquals(Node.RESULT, last, "the call ran to its result");
            assertTrue(graphWide[0] > 100, "the graph is wider than its view at 250 % (by " + graphWide[0] + " px)");
            return out;
        });
        assertEquals(List.of(), missed, "the newest lit node, where it was not shown whole");
    }
}

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
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * The dispatch graph's call counts ("×3") sit on or beside their own edge, never against a node's box, where they read
 * as that node's: on hyperv-5.13-rc1 the do_hres() -> NONE count was drawn touching do_coarse_timens()'s box. Checked
 * for the calls of a namespace task and of the broken Hyper-V kernel at 100, 150 and 250 % (at 250 % the columns' gaps
 * were narrower than a count with its margins until DispatchGraph.gapNeeded made room for one).
 */
@ExtendWith(ApplicationExtension.class)
class DispatchBadgeUiTest {
    @Test
    void noCountTouchesANodesBox() {
        List<String> touching = Fx.fx(() -> {
            List<String> out = new ArrayList<>();
            int seen = 0;
            for (Scenario sc : List.of(Scenario.TIMENS, Scenario.HYPERV_5_13)) {
                for (int px : new int[] {16, 24, 40}) {
                    org.vdsoexplorer.session.Session session = new org.vdsoexplorer.session.Session(
                            Setup.of(sc, Variant.TIMENS_INLINE, Clock.MONOTONIC));
                    DispatchView dv = new DispatchView(session, org.vdsoexplorer.app.common.FrameClock.system());
                    dv.setReducedMotion(true);
                    javafx.scene.layout.StackPane root = new javafx.scene.layout.StackPane(dv);
                    root.setStyle("-fx-font-size: " + px + "px;");
                    new javafx.scene.Scene(root, 1600, 900);
                    for (int i = 0; i < 3; i++) session.runCall();
                    LayoutCheck.check(root);
                    for (var en : dv.drawnCountBounds().entrySet()) {
                        seen++;
                        javafx.geometry.Bounds b = en.getValue();
                        for (var box : java.util.EnumSet.allOf(org.vdsoexplorer.sim.dispatch.Dispatch.Node.class)) {
                            DispatchGraph.Box x = dv.box(box);
                            if (x == null) continue;
                            double g = DispatchGraph.BADGE_GAP - 0.5;
                            if (b.getMinX() - g < x.x() + x.w() && b.getMaxX() + g > x.x() && b.getMinY() - g < x.y() + x.h()
                                    && b.getMaxY() + g > x.y()) {
                                out.add(sc.cliName() + " at " + px + " px: the count of " + en.getKey() + " against " + box + "'s box");
                            }
                        }
                    }
                }
            }
            assertTrue(seen >= 16, "counts drawn: " + seen);
            return out;
        });
        assertEquals(List.of(), touching);
    }
}

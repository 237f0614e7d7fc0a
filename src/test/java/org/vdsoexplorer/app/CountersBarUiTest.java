package org.vdsoexplorer.app;

import org.vdsoexplorer.app.tools.LayoutCheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javafx.scene.Node;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * The counters bar on a projector (1920 x 1080 at 250 %) through a whole call: every chip of the breakdown shown
 * whole (they wrap instead of running off the window's edge), each chip in one place and the bar's height the same at
 * every step, as categories start and stop being charged (the views below never move, and the renderer never has to
 * repaint the whole window for a chip that came or went).
 */
@ExtendWith(ApplicationExtension.class)
class CountersBarUiTest {
    @Test
    void chipsWrapAndNeitherTheyNorTheHeightMoveAt250Percent() {
        MainWindow w = Fx.fx(() -> {
            MainWindow m = new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), 1920, 1080);
            m.setReducedMotion(true);
            m.model().scale().set(250);
            return m;
        });
        TreeSet<Double> heights = new TreeSet<>();
        List<String> cut = new ArrayList<>();
        int maxChips = 0;
        java.util.Map<String, java.util.Set<String>> places = new java.util.TreeMap<>();
        java.util.Set<String> zero = new java.util.TreeSet<>(), charged = new java.util.TreeSet<>();
        for (int i = 0; i < 400; i++) {
            int[] chips = Fx.fx(() -> {
                w.session().step();
                LayoutCheck.Result r = LayoutCheck.check(w.root());
                for (String c : r.clipped()) if (c.contains("#cat-") || c.contains("#counter")) cut.add(c);
                heights.add(w.counters().getHeight());
                Node breakdown = w.root().lookup("#counter-breakdown");
                for (Node n : ((javafx.scene.Parent) breakdown).getChildrenUnmodifiable()) {
                    if (n.getId() == null) continue;
                    places.computeIfAbsent(n.getId(), k -> new java.util.TreeSet<>()).add(n.getLayoutX() + "," + n.getLayoutY());
                    (n.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("zero")) ? zero : charged).add(n.getId());
                }
                return new int[] {(int) ((javafx.scene.Parent) breakdown).getChildrenUnmodifiable().stream()
                        .filter(Node::isVisible).count() - 1};
            });
            maxChips = Math.max(maxChips, chips[0]);
            if (i > 0 && !Fx.fx(() -> w.session().machine().inCall())) break; // one whole call
        }
        Fx.fxRun(w::dispose);
        assertEquals(org.vdsoexplorer.sim.cpu.Category.values().length, maxChips, "every category has its chip");
        places.forEach((id, at) -> assertEquals(1, at.size(), id + " moved: " + at));
        // the call charged some categories and not others, and each chip said which (it was dimmed while zero)
        assertTrue(charged.containsAll(List.of("cat-counter_read", "cat-loads", "cat-push_pop")), "charged: " + charged);
        assertTrue(zero.contains("cat-syscall") && zero.contains("cat-counter_read"), "dimmed: " + zero);
        assertEquals(List.of(), cut);
        assertEquals(1, heights.size(), "the bar's heights: " + heights);
    }
}

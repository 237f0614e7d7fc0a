package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Parent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.vdsoexplorer.app.common.Flash;
import org.vdsoexplorer.app.common.FrameClock;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * A short highlight ({@code :fresh}, {@link Flash}) is only ever on a node where it shows: a pages field that is lit
 * ({@code .field:lit:fresh}), a register value that changed ({@code .reg-value:changed:fresh}), a visible stack row.
 * A highlight left on a node where it does not show would later be cleared as a CSS change that changes no pixel,
 * and JavaFX paints a frame whose only change is that as a whole-window repaint (up to 9 ms in software, the
 * bench-ui p99 tail before this was fixed). Stepped through noinline calls (stack pushes and pops) with the views
 * notified at every step, some steps 0.26 s apart as when a student steps by hand (the register column flashes only
 * then), the others at once. The window's clock is a manual one: "0.26 s apart" is an advance of 260 ms (one frame,
 * which ends the highlights due by then), "at once" no advance at all, however slow the machine.
 */
@ExtendWith(ApplicationExtension.class)
class FreshHighlightUiTest {
    private static final PseudoClass LIT = PseudoClass.getPseudoClass("lit"), CHANGED = PseudoClass.getPseudoClass("changed");

    @Test
    void aHighlightIsOnlyOnANodeWhereItShows() {
        FrameClock.Manual clock = FrameClock.manual();
        MainWindow w = fx(() -> {
            MainWindow m = new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_NOINLINE, Clock.MONOTONIC), 1600, 1000,
                    WindowServices.on(clock));
            m.setReducedMotion(false);
            return m;
        });
        List<String> wrong = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        for (int step = 0; step < 150 && wrong.size() < 5; step++) {
            // by hand (a pause before the step) in the first steps and at each push (the stack column flashes the pushed
            // row); the steps to the pops follow quickly, so a pop hides a row whose highlight is still on
            String next = fx(() -> w.session().machine().next() == null ? "" : w.session().machine().next().mnemonic());
            if (step < 8 || next.startsWith("push")) Fx.fxRun(() -> clock.advanceMillis(260));
            List<String> bad = fx(() -> {
                w.session().step();
                w.scene().getRoot().applyCss();
                List<String> out = new ArrayList<>();
                check(w.scene().getRoot(), true, out, seen);
                return out;
            });
            for (String b : bad) if (!wrong.contains(b)) wrong.add("step " + step + ": " + b);
        }
        Fx.fxRun(w::dispose);
        assertEquals(List.of(), wrong, "highlighted nodes where the highlight does not show");
        assertTrue(seen.containsAll(List.of("field", "reg-value", "stack-row")), "kinds of highlight seen: " + seen);
    }

    private static void check(Node n, boolean shown, List<String> out, Set<String> seen) {
        shown &= n.isVisible();
        if (n.getPseudoClassStates().contains(Flash.FRESH)) {
            String kind = n.getStyleClass().contains("field") ? "field" : n.getStyleClass().contains("reg-value") ? "reg-value"
                    : n.getStyleClass().contains("stack-row") ? "stack-row" : String.valueOf(n.getStyleClass());
            if (!shown) out.add(kind + " hidden: " + n);
            else if (kind.equals("field") && !n.getPseudoClassStates().contains(LIT)) out.add("field not lit: " + n);
            else if (kind.equals("reg-value") && !n.getPseudoClassStates().contains(CHANGED)) out.add("register unchanged: " + n);
            else seen.add(kind);
        }
        if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) check(c, shown, out, seen);
    }
}

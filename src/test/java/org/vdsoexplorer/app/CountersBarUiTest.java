package org.vdsoexplorer.app;

import org.vdsoexplorer.app.tools.LayoutCheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javafx.scene.Node;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * The counters strip on a projector (1920 x 1080 at 250 %) through a whole call: nothing in it cut, the strip's height
 * the same at every step (the views below never move), the stacked bar the same size with one segment per category as
 * wide as its share of this call's cycles, and the retry and syscall badges quiet at zero and loud only above it.
 */
@ExtendWith(ApplicationExtension.class)
class CountersBarUiTest {
    private static final javafx.css.PseudoClass ZERO = javafx.css.PseudoClass.getPseudoClass("zero");

    @Test
    void theStripKeepsItsSizeAndItsBarFollowsTheCallAt250Percent() {
        MainWindow w = Fx.fx(() -> {
            MainWindow m = new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), 1920, 1080);
            m.setReducedMotion(true);
            m.model().scale().set(250);
            return m;
        });
        TreeSet<Double> heights = new TreeSet<>(), barWidths = new TreeSet<>();
        List<String> cut = new ArrayList<>(), shares = new ArrayList<>();
        java.util.Set<String> charged = new java.util.TreeSet<>();
        for (int i = 0; i < 400; i++) {
            Fx.fxRun(() -> {
                w.session().step();
                LayoutCheck.Result r = LayoutCheck.check(w.root());
                for (String c : r.clipped()) if (c.contains("#cat-") || c.contains("#counter")) cut.add(c);
                heights.add(w.counters().getHeight());
                javafx.scene.layout.Region bar = (javafx.scene.layout.Region) w.root().lookup("#counter-breakdown");
                barWidths.add(bar.getWidth());
                long total = 0;
                for (Category c : Category.values()) total += w.session().callCategoryMilli(c);
                for (Node n : bar.getChildrenUnmodifiable()) {
                    Category c = Category.values()[bar.getChildrenUnmodifiable().indexOf(n)];
                    long v = w.session().callCategoryMilli(c);
                    if (v > 0) charged.add(c.name());
                    double want = total == 0 ? 0 : (bar.getWidth() - bar.snappedLeftInset() - bar.snappedRightInset()) * v / total;
                    // each segment within 1.5 px of its share (rounding), shown only when it has cycles
                    if (Math.abs(n.getLayoutBounds().getWidth() - want) > 1.5 && n.isVisible()) shares.add(c + " " + n.getLayoutBounds().getWidth() + " for " + want);
                }
            });
            if (i > 0 && !Fx.fx(() -> w.session().machine().inCall())) break; // one whole call
        }
        Label syscall = Fx.fx(() -> (Label) w.root().lookup("#cat-syscall"));
        Label retries = Fx.fx(() -> (Label) w.root().lookup("#cat-seq_retry"));
        Fx.fxRun(w::dispose);
        assertTrue(charged.containsAll(List.of("COUNTER_READ", "LOADS", "PUSH_POP")), "charged: " + charged);
        assertEquals(List.of(), shares);
        // nothing retried and no system call in this call: both badges quiet, and say 0 in words
        assertTrue(syscall.getPseudoClassStates().contains(ZERO) && retries.getPseudoClassStates().contains(ZERO));
        assertEquals("syscall 0", syscall.getText());
        assertEquals("retries 0", retries.getText());
        assertEquals(List.of(), cut);
        assertEquals(1, heights.size(), "the strip's heights: " + heights);
        assertEquals(1, barWidths.size(), "the bar's widths: " + barWidths);
    }

    /** A quiet badge is drawn quiet: the zero style wins over the category's loud one (the old chips lit cpu_relax, retries, syscall at 0). */
    @Test
    void aBadgeIsLoudOnlyAboveZero() {
        String[] fills = Fx.fx(() -> {
            MainWindow m = new MainWindow(Setup.of(Scenario.HYPERV_5_13, Variant.V5_6, Clock.REALTIME), 1280, 720);
            m.setReducedMotion(true);
            LayoutCheck.check(m.root());
            Label sys = (Label) m.root().lookup("#cat-syscall");
            String quiet = sys.getBackground().getFills().getLast().getFill() + " " + sys.getTextFill();
            m.session().runCall(); // clock_mode NONE: the call falls back to the system call
            LayoutCheck.check(m.root());
            String loud = sys.getBackground().getFills().getLast().getFill() + " " + sys.getTextFill() + " " + sys.getText();
            m.dispose();
            return new String[] {quiet, loud};
        });
        assertEquals("0xffffffff 0x4a525aff", fills[0], "at zero: white, muted ink");
        assertTrue(fills[1].startsWith("0xb34700ff 0xffffffff syscall "), "above zero: vermillion, white: " + fills[1]);
    }

    /**
     * After 15,000 calls the totals outgrow their fixed-width labels: each value is still whole in its label (no
     * character beyond its width, where it would be cut) and reads back as the model's figure to its last digit shown.
     */
    @Test
    void bigTotalsAreShownShorterNeverCut() {
        List<String> wrong = Fx.fx(() -> {
            MainWindow m = new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), 1920, 1080);
            m.setReducedMotion(true);
            for (int i = 0; i < 15_000; i++) m.session().runCall();
            m.counters().refresh();
            LayoutCheck.check(m.root());
            var c = m.session().snapshot().counters();
            double[][] want = {
                    {c.callCyclesMilli() / 1000.0}, {c.cyclesMilli() / 1000.0}, {c.calls()}, {m.session().position()}};
            String[] ids = {"#counter-call-cycles", "#counter-total-cycles", "#counter-calls", "#counter-position"};
            List<String> out = new ArrayList<>();
            for (int k = 0; k < ids.length; k++) {
                Label l = (Label) m.root().lookup(ids[k]);
                double room = l.getWidth() - l.snappedLeftInset() - l.snappedRightInset();
                double used = org.vdsoexplorer.app.common.DrawnText.measure(l.getText(), l.getFont())[0];
                double[] back = org.vdsoexplorer.app.common.FmtFitTest.readBack(l.getText());
                if (used > room + 0.5) out.add(ids[k] + " '" + l.getText() + "' needs " + used + " px of " + room);
                if (Math.abs(back[0] - want[k][0]) > back[1] * (1 + 1e-9)) out.add(ids[k] + " '" + l.getText() + "' is not " + want[k][0]);
            }
            if (c.calls() < 10_000 || m.session().position() < 1_000_000) out.add("too few to overflow: " + c.calls() + " calls");
            m.dispose();
            return out;
        });
        assertEquals(List.of(), wrong);
    }

    /**
     * In a shown window, laid out by JavaFX's own pulses as the app is: the strip is as tall as its lines at the
     * window's width (not as tall as at its preferred wrap length), and a refresh reaches the screen: each changed figure's label is
     * laid out again, so the text it draws is its new text. (Held for a while as a layout root measured without its
     * content's width bias, the strip took three lines' height, asked for a new layout from inside a layout pass, where
     * JavaFX drops it, and its figures stayed frozen while the model ran.)
     */
    @Test
    void inAShownWindowTheStripIsOneLineTallAndItsFiguresReachTheScreen() {
        MainWindow w = Fx.fx(() -> {
            MainWindow m = VdsoExplorerApp.createMainWindow(VdsoExplorerApp.defaultSetup());
            javafx.stage.Stage stage = new javafx.stage.Stage();
            stage.setScene(m.scene());
            stage.setWidth(1000); // the headless platform's screen is 1000 x 1000
            stage.setHeight(800);
            stage.show();
            return m;
        });
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents(5);
        List<String> wrong = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            Fx.fxRun(() -> {
                for (int i = 0; i < 500; i++) w.session().runCall();
                w.counters().refresh();
            });
            org.testfx.util.WaitForAsyncUtils.waitForFxEvents(5);
            Fx.fxRun(() -> {
                CountersBar c = w.counters();
                double lines = c.prefHeight(c.getWidth());
                if (Math.abs(c.getHeight() - lines) > 0.5) wrong.add("strip " + c.getHeight() + " px tall, its lines " + lines);
                Label calls = (Label) w.root().lookup("#counter-calls");
                String drawn = calls.lookupAll(".text").stream().filter(n -> n instanceof javafx.scene.text.Text)
                        .map(n -> ((javafx.scene.text.Text) n).getText()).findFirst().orElse("?");
                if (!drawn.equals(calls.getText())) wrong.add("calls label '" + calls.getText() + "' draws '" + drawn + "'");
            });
        }
        Fx.fxRun(() -> {
            ((javafx.stage.Stage) w.scene().getWindow()).hide();
            w.dispose();
        });
        assertEquals(List.of(), wrong);
    }
}

package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.vdsoexplorer.app.tools.LayoutCheck;
import org.vdsoexplorer.session.Action;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * The projector theme: its key (H) switches it on and off, as the settings' switch shows; with it on, a laptop's window
 * after a few steps has every text at 4.5:1 or more and nothing clipped. Snapshot in target/screens/projector-1280x720.png.
 */
@ExtendWith(ApplicationExtension.class)
class ProjectorThemeUiTest {
    /**
     * The theme's thicker lines come from one setting (FontScale's line weight, set in app.css) that every canvas view
     * reads: on, the seqlock timeline's and the dispatch graph's strokes cover more pixels than off (the same step, the
     * same text), and the weight falls back to 1 when the theme is switched off.
     */
    @Test
    void theThemeThickensTheCanvasLines() {
        double[] r = Fx.fx(() -> {
            MainWindow w = new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), 1920, 1080);
            w.setReducedMotion(true);
            for (int i = 0; i < 30; i++) w.session().step();
            LayoutCheck.check(w.root());
            double offWeight = w.dispatch().fontScale().lineWeight();
            long offSeq = inked(w.seqlock()), offDispatch = inked(w.dispatch());
            w.perform(Action.PROJECTOR_THEME);
            LayoutCheck.check(w.root());
            double onWeight = w.dispatch().fontScale().lineWeight(), onSeqWeight = w.seqlock().fontScale().lineWeight();
            long onSeq = inked(w.seqlock()), onDispatch = inked(w.dispatch());
            w.perform(Action.PROJECTOR_THEME);
            LayoutCheck.check(w.root());
            double backWeight = w.dispatch().fontScale().lineWeight();
            w.dispose();
            return new double[] {offWeight, onWeight, onSeqWeight, backWeight, offSeq, onSeq, offDispatch, onDispatch};
        });
        assertEquals(1, r[0], "off: weight 1");
        assertTrue(r[1] > 1 && r[2] == r[1], "on: one weight over 1 for both views: " + r[1] + ", " + r[2]);
        assertEquals(1, r[3], "off again: weight 1");
        assertTrue(r[5] > r[4] * 1.1, "seqlock canvas: " + r[4] + " inked pixels off, " + r[5] + " on");
        assertTrue(r[7] > r[6] * 1.1, "dispatch canvas: " + r[6] + " inked pixels off, " + r[7] + " on");
    }

    /** The pixels of {@code v}'s canvas that are not near white (what its strokes, fills and text cover). */
    private static long inked(org.vdsoexplorer.app.common.DrawnText v) {
        java.awt.image.BufferedImage img = org.vdsoexplorer.app.common.Snapshots.image(v.drawnOn(), null,
                java.awt.image.BufferedImage.TYPE_INT_RGB);
        long n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int p = img.getRGB(x, y);
                if (((p >> 16) & 0xFF) + ((p >> 8) & 0xFF) + (p & 0xFF) < 3 * 200) n++;
            }
        }
        return n;
    }

    @Test
    void theKeySwitchesTheThemeAndItsTextsKeepTheirContrast() {
        Path dir = Path.of(System.getProperty("basedir", "."), "target", "screens");
        Fx.fxRun(() -> { try { java.nio.file.Files.createDirectories(dir); } catch (java.io.IOException e) { throw new java.io.UncheckedIOException(e); } });
        Object[] r = Fx.fx(() -> {
            MainWindow w = new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), 1280, 720);
            w.setReducedMotion(true);
            for (int i = 0; i < 30; i++) w.session().step();
            assertTrue(w.perform(Action.PROJECTOR_THEME));
            boolean on = w.root().getStyleClass().contains("projector");
            boolean shown = w.settingsBox().lookup("#projector-theme") instanceof atlantafx.base.controls.ToggleSwitch t && t.isSelected();
            LayoutCheck.Result check = LayoutCheck.check(w.root(), true);
            org.vdsoexplorer.app.common.Snapshots.shot(w.root(), dir.resolve("projector-1280x720.png"));
            w.perform(Action.PROJECTOR_THEME);
            boolean off = !w.root().getStyleClass().contains("projector");
            w.dispose();
            return new Object[] {on, shown, check, off};
        });
        assertTrue((Boolean) r[0], "H switches the theme on");
        assertTrue((Boolean) r[1], "the settings' switch shows it");
        LayoutCheck.Result check = (LayoutCheck.Result) r[2];
        System.out.println("projector theme at 1280x720: " + check.summary());
        assertEquals(List.of(), check.lowContrast());
        assertEquals(List.of(), check.clipped());
        assertFalse(check.lowestContrast() < 4.5);
        assertTrue((Boolean) r[3], "and H again switches it off");
    }
}

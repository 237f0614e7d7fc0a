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

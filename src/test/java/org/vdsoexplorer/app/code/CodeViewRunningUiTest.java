package org.vdsoexplorer.app.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.app.HeadlessStage;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.model.Setup;
import org.vdsoexplorer.model.Variant;
import org.vdsoexplorer.model.kernel.Clock;
import org.vdsoexplorer.model.kernel.Scenario;

/** At full speed the code view holds still and says so; pausing shows the instruction the run stopped at. */
@ExtendWith(ApplicationExtension.class)
class CodeViewRunningUiTest {
    private MainWindow w;

    @Start
    void start(Stage stage) {
        w = HeadlessStage.show(stage, Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC));
    }

    @Stop
    void stop() { w.dispose(); }

    private String title() { return fx(() -> ((Label) w.code().lookup("#code-current")).getText()); }

    private int row() { return fx(() -> ((CodePane) w.code().lookup("#code-listing")).current()); }

    @Test
    void fullSpeedHoldsTheCodeStillAndPauseShowsWhereItStopped() {
        fxRun(() -> {
            w.setSpeed(1.0);
            w.setRunning(true);
        });
        WaitForAsyncUtils.sleep(600, TimeUnit.MILLISECONDS);
        assertTrue(title().startsWith("running at full speed"), title());
        int held = row();
        long steps = fx(() -> w.session().position());
        WaitForAsyncUtils.sleep(600, TimeUnit.MILLISECONDS);
        assertTrue(fx(() -> w.session().position()) > steps, "the model ran on");
        assertEquals(held, row(), "the listing's highlight held still");
        fxRun(() -> w.setRunning(false));
        WaitForAsyncUtils.waitForFxEvents();
        String stopped = fx(() -> w.session().machine().next().addressHex());
        assertTrue(title().contains(stopped), "after the pause the title names the next instruction " + stopped + ": " + title());
    }
}

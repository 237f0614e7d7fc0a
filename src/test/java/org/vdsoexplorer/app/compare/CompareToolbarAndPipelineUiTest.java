package org.vdsoexplorer.app.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.app.HeadlessStage;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;
import org.vdsoexplorer.session.KeyMap;

/**
 * What the main toolbar drives in the Compare tab (said on screen, the rest greyed out, Reset resets the two
 * panes), and the two pipeline timelines of A and B in lockstep against each pane's pipeline model.
 */
@ExtendWith(ApplicationExtension.class)
class CompareToolbarAndPipelineUiTest {
    private static final Setup TIMENS = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);
    private MainWindow w;

    @Start
    void start(Stage stage) {
        w = HeadlessStage.show(stage, TIMENS);
    }

    @Stop
    void stop() { w.dispose(); }

    @Test
    void theToolbarSaysWhatItDrivesGreysOutTheRestAndResetRestartsBothPanes(FxRobot robot) {
        List<String> idle = List.of("#step-back", "#back-line", "#run", "#inject");
        fxRun(() -> w.session().runCall());
        for (String id : idle) assertFalse(robot.lookup(id).query().isDisabled(), id + " works on the four views' tab");
        assertTrue(robot.lookup("#counters").query().isVisible());
        fxRun(() -> {
            w.showCompare(true);
            w.compare().setVariants(Variant.TIMENS_INLINE, Variant.TIMENS_NOINLINE);
        });
        for (String id : idle) assertTrue(robot.lookup(id).query().isDisabled(), id + " is greyed out in the Compare tab");
        assertFalse(robot.lookup("#reset").query().isDisabled());
        assertFalse(robot.lookup("#counters").query().isVisible(), "the four views' counters are not A's or B's");
        WaitForAsyncUtils.waitForFxEvents(); // the tab's scroll pane shows its content from the next pulse on
        String said = robot.lookup("#compare-drives").queryAs(Label.class).getText();
        assertTrue(said.contains(KeyMap.COMPARE_DRIVES), said);
        CompareView c = w.compare();
        long main = fx(() -> w.session().position());
        fxRun(() -> {
            for (int i = 0; i < 7; i++) c.step();
        });
        assertEquals(7, (long) fx(() -> c.sessionA().position()));
        fxRun(() -> ((ButtonBase) robot.lookup("#reset").query()).fire());
        assertEquals(0, (long) fx(() -> c.sessionA().position()), "the toolbar's Reset restarts A");
        assertEquals(0, (long) fx(() -> c.sessionB().position()), "and B");
        assertEquals(main, (long) fx(() -> w.session().position()), "not the four views' model");
        fxRun(() -> w.showCompare(false));
        for (String id : idle) assertFalse(robot.lookup(id).query().isDisabled(), id + " works again on the first tab");
    }

    @Test
    void thePipelineTimelinesFollowEachPaneInLockstep(FxRobot robot) {
        TimingModel zen2 = TimingModel.pipeline(TimingTable.defaults().core("zen2").orElseThrow());
        fxRun(() -> {
            w.showCompare(true);
            w.compare().setVariants(Variant.TIMENS_INLINE, Variant.TIMENS_NOINLINE);
            w.compare().setPipelineShown(true);
        });
        CompareView c = w.compare();
        assertTrue(fx(() -> c.pipeline("A").rows().isEmpty()), "the additive model has no schedule to show");
        fxRun(() -> w.model().setup().choose(w.session().setup().with(zen2)));
        assertEquals(zen2, fx(() -> c.sessionA().setup().timing()), "the toolbar's timing picker drives both panes");
        assertEquals(zen2, fx(() -> c.sessionB().setup().timing()));
        assertTrue(fx(c::pipelineShown));
        WaitForAsyncUtils.waitForFxEvents(); // the tab's scroll pane shows its content from the next pulse on
        assertTrue(robot.lookup("#compare-pipeline-a").query().isVisible());
        assertFalse(robot.lookup("#compare-listing-a").query().isVisible(), "the timelines take the listings' place");
        fxRun(() -> {
            c.runCall();
            for (int i = 0; i < 25; i++) c.step();
        });
        for (String pane : List.of("A", "B")) {
            Machine m = fx(() -> (pane.equals("A") ? c.sessionA() : c.sessionB()).machine());
            assertEquals(fx(() -> m.pipeline().currentRows()), fx(() -> c.pipeline(pane).rows()), pane + "'s call in progress");
            assertEquals(fx(m::callInstructions), (long) fx(() -> c.pipeline(pane).rows().size()));
            String title = robot.lookup("#compare-pipeline-" + pane.toLowerCase() + " #pipeline-title").queryAs(Label.class)
                    .getText();
            String variant = pane.equals("A") ? "timens-inline" : "timens-noinline";
            assertTrue(title.startsWith(pane + " " + variant + ": " + zen2.label()), title);
            assertTrue(title.contains("call 2 so far"), title);
        }
        int before = fx(() -> c.pipeline("B").rows().size());
        fxRun(c::step);
        assertEquals(before + 1, (int) fx(() -> c.pipeline("B").rows().size()), "one step moves B's timeline one row");
        fxRun(() -> c.setPipelineShown(false));
        assertTrue(robot.lookup("#compare-listing-a").query().isVisible());
        Node pipes = robot.lookup("#compare-pipelines").query();
        assertFalse(pipes.isVisible());
    }
}

package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.vdsoexplorer.app.common.Fmt;

/** Headless smoke test: the main window opens with the title, the toolbar, the counters and the four views. */
@ExtendWith(ApplicationExtension.class)
class AppSmokeTest {

    private Stage stage;
    private VdsoExplorerApp app;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        app = new VdsoExplorerApp();
        app.start(stage);
    }

    @Stop
    void stop() {
        app.window().dispose();
    }

    @Test
    void tooltipsAreMadeWhenThePointerFirstEntersTheirControl(FxRobot robot) {
        javafx.scene.control.Button step = robot.lookup("#step").queryAs(javafx.scene.control.Button.class);
        assertEquals(null, step.getTooltip(), "not made while building the window");
        robot.interact(() -> javafx.event.Event.fireEvent(step, new javafx.scene.input.MouseEvent(
                javafx.scene.input.MouseEvent.MOUSE_ENTERED, 1, 1, 1, 1, javafx.scene.input.MouseButton.NONE, 0,
                false, false, false, false, false, false, false, false, false, false, null)));
        assertNotNull(step.getTooltip(), "made on first hover");
        assertTrue(step.getTooltip().getText().startsWith("Execute one reader instruction"), step.getTooltip().getText());
    }

    @Test
    void stageHasTitle() {
        assertEquals("vDSO Explorer", stage.getTitle());
        assertTrue(stage.isShowing(), "stage should be showing");
    }

    @Test
    void allViewsAndControlsAreShown(FxRobot robot) {
        // a 1000 px window shows two views beside a strip of the others' titles (issue 9's adaptive layout):
        // each view is brought in from the strip as a click on its title does
        for (org.vdsoexplorer.lesson.View v : java.util.List.of(org.vdsoexplorer.lesson.View.CODE,
                org.vdsoexplorer.lesson.View.PAGES, org.vdsoexplorer.lesson.View.SEQLOCK,
                org.vdsoexplorer.lesson.View.DISPATCH)) {
            robot.interact(() -> app.window().views().bringIn(v));
            String id = "#" + v.name().toLowerCase(java.util.Locale.ROOT) + "-view";
            assertNotNull(robot.lookup(id).query(), id + " missing after bringing it in");
        }
        for (String id : new String[] {"#counters",
                "#pick-scenario", "#pick-variant", "#pick-clock", "#reset", "#step-back", "#step", "#step-line",
                "#run-call", "#run", "#inject", "#lessons", "#settings", "#more"}) {
            assertNotNull(robot.lookup(id).query(), id + " missing");
        }
        // the settings popover holds the tick, timing, speed, reduced motion and projector theme
        robot.interact(() -> robot.lookup("#settings").queryAs(javafx.scene.control.Button.class).fire());
        for (String id : new String[] {"#pick-tick", "#timing", "#speed", "#reduced-motion", "#projector-theme"}) {
            assertNotNull(robot.lookup(id).query(), id + " missing from the settings");
        }
    }

    @Test
    void f1ShowsTheKeyboardHelp(FxRobot robot) {
        javafx.scene.Node help = robot.lookup("#help").query();
        assertTrue(!help.isVisible());
        robot.type(javafx.scene.input.KeyCode.F1);
        assertTrue(help.isVisible());
        robot.type(javafx.scene.input.KeyCode.ESCAPE);
        assertTrue(!help.isVisible());
    }

    @Test
    void countersShowTheReportFigureForTheSetup() throws Exception {
        CountersBar c = app.window().counters();
        // the figure is measured on a background thread once the window is up: wait for that job, not for a time
        org.testfx.util.WaitForAsyncUtils.waitFor(60, java.util.concurrent.TimeUnit.SECONDS,
                () -> !Fx.fx(c::reportText).startsWith("measuring"));
        var row = org.vdsoexplorer.report.Report.measure(app.window().session().setup());
        assertEquals(String.format(java.util.Locale.ROOT, "%.2f ns, %s/3 s", row.ns(),
                Fmt.big(row.callsIn3s()).replace(" ", "")), c.reportText());
    }

    /**
     * The issue's walkthrough: a time namespace, the inlined timens code, CLOCK_MONOTONIC, on gcc 12's listing and the
     * additive model with the writer at 1000 Hz (written out here, not read back from defaultSetup()), in the model and
     * in the pickers.
     */
    @Test
    void opensOnTheWalkthroughSetup() {
        var shown = app.window().session().setup();
        assertEquals(org.vdsoexplorer.sim.kernel.Scenario.TIMENS, shown.scenario());
        assertEquals(org.vdsoexplorer.sim.Variant.TIMENS_INLINE, shown.variant());
        assertEquals(org.vdsoexplorer.sim.kernel.Clock.MONOTONIC, shown.clock());
        assertEquals(org.vdsoexplorer.sim.Compiler.GCC_12, shown.compiler());
        assertEquals(org.vdsoexplorer.sim.timing.TimingModel.ADDITIVE, shown.timing());
        assertEquals(org.vdsoexplorer.sim.cost.CostTable.defaults(), shown.costs());
        assertEquals(Math.round(shown.costs().ghz() * 1e9 / 1000), shown.tickCycles(), "the writer ticks at 1000 Hz");
        assertEquals(shown.scenario(), Fx.fx(() -> app.window().scenarioPicker().getValue()), "the scenario picker");
        assertEquals(shown.variant(), Fx.fx(() -> app.window().variantPicker().getValue()), "the variant picker");
        assertEquals(shown.clock(), Fx.fx(() -> app.window().clockPicker().getValue()), "the clock picker");
    }
}

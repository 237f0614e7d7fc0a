package org.vdsoexplorer.app.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.vdsoexplorer.app.HeadlessStage;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.SetupText;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;

/**
 * The Compare tab's numbers always name what they show: after every change of a pane's pickers (each scenario, variant
 * and clock of A and B, valid or not), of the pair as a whole (host vs timens after hyperv vs hyperv-5.13-rc1, the
 * pictures' order) and of the toolbar's timing, the numbers panel's heading, the bars' names and the window's status line
 * are the setups the panes' sessions run, read independently here from the sessions and written with
 * {@link SetupText#describe}; and when the pickers can run, those are what the pickers say.
 */
@ExtendWith(ApplicationExtension.class)
class CompareNumbersHeadingUiTest {
    private MainWindow w;

    @Start
    void start(Stage stage) {
        w = HeadlessStage.show(stage, Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
    }

    @Stop
    void stop() { w.dispose(); }

    /** What the heading must say: the panes' sessions' setups, described. */
    private static String expected(CompareView c) {
        return "A: " + SetupText.describe(c.sessionA().setup()) + " | B: " + SetupText.describe(c.sessionB().setup());
    }

    private void check(FxRobot robot, CompareView c, String after) {
        robot.interact(() -> {
            String want = expected(c);
            assertEquals(want, c.numbersHeading(), "the numbers' heading after " + after);
            assertEquals(want, robot.lookup("#status").queryAs(Label.class).getText(), "the status line after " + after);
            String bars = c.barsText();
            assertTrue(bars.startsWith("A " + SetupText.difference(c.sessionA().setup(), c.sessionB().setup()).replaceFirst("^$",
                    c.sessionA().setup().variant().cliName()) + ": "), "A's bar after " + after + ": " + bars);
            if (c.problemText().isEmpty()) {
                Setup a = c.setupA(), b = c.setupB();
                assertEquals(a, c.sessionA().setup(), "pane A runs what its pickers say after " + after);
                assertEquals(b, c.sessionB().setup(), "pane B runs what its pickers say after " + after);
            }
        });
    }

    @Test
    void theHeadingIsThePanesSetupsAfterEveryPickerChange(FxRobot robot) {
        robot.interact(() -> w.showCompare(true));
        CompareView c = w.compare();
        robot.interact(() -> c.setSetups(Setup.of(Scenario.HYPERV, Variant.TIMENS_INLINE, Clock.MONOTONIC),
                Setup.of(Scenario.HYPERV_5_13, Variant.TIMENS_INLINE, Clock.MONOTONIC)));
        check(robot, c, "hyperv vs hyperv-5.13-rc1");
        robot.interact(() -> c.runCall());
        robot.interact(() -> c.setSetups(Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC),
                Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC)));
        check(robot, c, "host vs timens after hyperv vs hyperv-5.13-rc1");
        robot.interact(() -> c.runCalls(3));
        check(robot, c, "three calls of host vs timens");
        assertEquals("A: host / timens-inline / monotonic | B: timens / timens-inline / monotonic", c.numbersHeading());

        int changes = 0;
        for (String pane : List.of("A", "B")) {
            for (ComboBox<?> picker : c.pickers(pane)) {
                for (Object v : new ArrayList<>(picker.getItems())) {
                    @SuppressWarnings("unchecked") ComboBox<Object> p = (ComboBox<Object>) picker;
                    robot.interact(() -> p.setValue(v));
                    check(robot, c, "pane " + pane + "'s " + picker.getId() + " = " + v);
                    changes++;
                }
                // back to a pair that runs, so the next picker's values are tried from a valid setup
                robot.interact(() -> c.setSetups(Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC),
                        Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC)));
                check(robot, c, "resetting the pair");
            }
        }
        assertTrue(changes > 30, "every value of every picker was tried: " + changes);

        var core = TimingTable.defaults().defaultCore();
        robot.interact(() -> w.model().setup().choose(w.session().setup().with(TimingModel.pipeline(core))));
        check(robot, c, "the toolbar's timing picker");
    }
}

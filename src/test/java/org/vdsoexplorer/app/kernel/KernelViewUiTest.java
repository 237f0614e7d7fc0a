package org.vdsoexplorer.app.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.vdsoexplorer.app.HeadlessStage;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.session.KernelSnapshot;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.real.RealMark;

/**
 * The "Your kernel" tab in the window, on the shipped capture (any machine): the toolbar's keys step the captured call
 * there, not the C model behind the other tabs; K places an update and the four panes show the real code reading again;
 * each pane is what the stepper's snapshot says; 1-4 show one pane; a bad capture file is one line in the tab.
 */
@ExtendWith(ApplicationExtension.class)
class KernelViewUiTest {
    private MainWindow w;

    @Start
    void start(Stage stage) {
        w = HeadlessStage.show(stage, Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
    }

    @Stop
    void stop() { w.dispose(); }

    private void key(FxRobot robot, KeyCode k) {
        robot.interact(() -> w.root().getScene().getRoot().fireEvent(new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED,
                "", "", k, false, false, false, false)));
    }

    @Test
    void theToolbarKeysStepTheCapturedCallAndKMakesItReadAgain(FxRobot robot) throws Exception {
        long modelBefore = w.session().position();
        // shown by its tab, the view is built in the background, with a line meanwhile
        robot.interact(() -> {
            assertTrue(w.showTab("Your kernel"));
            assertTrue(w.kernelView() != null || w.root().lookup("#kernel-opening") != null, "the line while it opens");
        });
        org.testfx.util.WaitForAsyncUtils.waitFor(60, java.util.concurrent.TimeUnit.SECONDS,
                () -> org.vdsoexplorer.app.Fx.fx(() -> w.kernelView() != null));
        KernelView v = w.kernelView();
        assertNotNull(v, "built when the tab was first shown");
        robot.interact(() -> v.stepper().select("host", 1));
        key(robot, KeyCode.RIGHT);
        key(robot, KeyCode.RIGHT);
        assertEquals(2, v.stepper().position(), "Right stepped the captured call");
        assertEquals(modelBefore, w.session().position(), "and not the model behind the other tabs");
        robot.interact(() -> assertTrue(w.root().lookup("#pick-scenario").isDisabled(), "the toolbar's setup pickers do not apply here"));
        // Down: to just after the next thing the code does; until the seq read
        while (v.stepper().snapshot().path().stream().noneMatch(p -> p.done() && p.mark() == RealMark.SEQ_BEGIN)) key(robot, KeyCode.DOWN);
        key(robot, KeyCode.K);
        KernelSnapshot placed = v.stepper().snapshot();
        assertEquals(placed.position(), placed.updateAt(), "K placed the update before the next instruction");
        key(robot, KeyCode.ENTER);
        KernelSnapshot s = v.stepper().snapshot();
        assertTrue(s.finished());
        assertEquals(1, s.retries());
        robot.interact(() -> {
            assertTrue(v.seqPane().rowTexts().stream().anyMatch(t -> t.contains("recheck: changed")), v.seqPane().rowTexts().toString());
            assertTrue(v.seqPane().rowTexts().getFirst().startsWith("writer: update_vsyscall() before step " + s.updateAt()));
            assertTrue(v.pathPane().resultText().endsWith("the same, to the nanosecond."), v.pathPane().resultText());
            assertEquals(s.path().size(), v.pathPane().stepTexts().size(), "every mark of the finished call, one box each");
            assertEquals(-1, v.codePane().currentIndex(), "returned: no next instruction");
            assertEquals(String.format("%016x", s.registers().get(0)), v.codePane().registerText(0));
            assertEquals(s.reads().stream().map(r -> r.mapping() + r.slot() + ":" + r.offset()).distinct()
                    .filter(k -> s.pages().stream().anyMatch(p -> (p.mapping() + p.slot()).equals(k.substring(0, k.indexOf(':')))
                            && p.fields().stream().anyMatch(f -> f.offset() == Integer.parseInt(k.substring(k.indexOf(':') + 1))))).count(),
                    v.pagesPane().readFieldTexts().size(), "each named field the call read is marked once in the pages");
            assertTrue(robot.lookup("#status").queryAs(Label.class).getText().startsWith("Your kernel: "));
        });
        key(robot, KeyCode.LEFT);
        assertEquals(s.steps() - 1, v.stepper().position(), "Left steps back");
        key(robot, KeyCode.DIGIT1);
        robot.interact(() -> assertEquals("CODE", v.shownPane()));
        key(robot, KeyCode.DIGIT1);
        robot.interact(() -> {
            if (v.narrow()) assertEquals("CODE", v.shownPane(), "too narrow for four: one pane stays");
            else assertNull(v.shownPane(), "1 again: all four");
        });
        // the headless screen is 1000 px wide: at 10 px type that is room for four panes
        robot.interact(() -> w.root().setStyle("-fx-font-size: 10px;"));
        robot.interact(() -> w.root().applyCss());
        robot.interact(() -> w.root().layout());
        key(robot, KeyCode.DIGIT2);
        robot.interact(() -> assertEquals("PAGES", v.shownPane()));
        key(robot, KeyCode.DIGIT2);
        robot.interact(() -> assertEquals(v.narrow() ? "PAGES" : null, v.shownPane(), "2 again: all four when there is room (" + v.getWidth() + " px)"));
    }

    @Test
    void everyClockPredictedBesideMeasured(FxRobot robot) throws Exception {
        robot.interact(() -> w.openKernel());
        KernelView v = w.kernelView();
        robot.interact(v::showTable);
        org.testfx.util.WaitForAsyncUtils.waitFor(120, java.util.concurrent.TimeUnit.SECONDS,
                () -> org.vdsoexplorer.app.Fx.fx(() -> v.tablePane().rowCount()) == 14);
        robot.interact(() -> {
            assertEquals("TABLE", v.shownPane());
            var rows = v.stepper().rows();
            assertEquals(14, rows.size(), "seven clocks, host and namespace task");
            assertTrue(rows.stream().allMatch(KernelSnapshot.ClockRow::exact), "every call returned the captured result");
            var cells = v.tablePane().lookupAll(".table-cell").stream().map(n -> ((Label) n).getText()).toList();
            assertEquals(14 * 9, cells.size());
            assertEquals(14, cells.stream().filter("yes, to the ns"::equals).count());
            assertTrue(v.tablePane().noteText().startsWith("pred ns:"), v.tablePane().noteText());
        });
        // a vDSO that is not this machine's is not measured, and says so
        java.util.List<String> problems = new java.util.ArrayList<>();
        assertEquals(java.util.Map.of(), org.vdsoexplorer.host.live.CaptureMeasure.measure(new byte[64], (f, m) -> { }, problems));
        assertEquals(1, problems.size());
        assertTrue(problems.getFirst().startsWith("not measured: "), problems.toString());
    }

    @Test
    void aBadCaptureFileIsOneLineInTheTab(FxRobot robot, @TempDir Path dir) throws Exception {
        Path bad = dir.resolve("notacapture.json");
        Files.writeString(bad, "[1, 2,\n");
        robot.interact(() -> w.openKernel());
        KernelView v = w.kernelView();
        robot.interact(() -> {
            v.setChooser(() -> bad);
            ((javafx.scene.control.Button) v.lookup("#kernel-open")).fire();
        });
        robot.interact(() -> {
            String t = v.statusText();
            assertTrue(t.startsWith("Cannot open notacapture.json: ") && t.contains("notacapture.json:") && !t.contains("Exception"), t);
        });
    }
}

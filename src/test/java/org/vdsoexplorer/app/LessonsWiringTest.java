package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.sim.kernel.PageKind;

/** The main window's Lessons button / L key opens the lesson panel, and a lesson step drives the views. */
@ExtendWith(ApplicationExtension.class)
class LessonsWiringTest {
    private MainWindow w;

    @BeforeAll
    static void dataDir() throws Exception {
        System.setProperty("vdso.explorer.data.dir", Files.createTempDirectory("vdso-progress").toString());
    }

    @Start
    void start(Stage stage) {
        w = HeadlessStage.show(stage, VdsoExplorerApp.defaultSetup());
        w.root().requestFocus();
    }

    @Stop
    void stop() { w.dispose(); }

    /** Finds the button on the FX thread and fires it there, retrying until it is in the scene (the picker is rebuilt as progress loads). */
    private void fire(FxRobot robot, String id) throws java.util.concurrent.TimeoutException {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> Fx.fx(() -> {
            if (w.scene().getRoot().lookup(id) instanceof javafx.scene.control.ButtonBase b && b.getScene() != null) {
                b.fire();
                return true;
            }
            return false;
        }));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void lKeyOpensTheLessonsAndALessonStepSetsUpTheModel(FxRobot robot) throws Exception {
        assertNull(w.lessonsPanel());
        robot.type(KeyCode.L);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(w.lessonsPanel() != null, "L opens the lessons panel");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> robot.lookup("#lesson-open-time-namespaces").tryQuery().isPresent());
        // fired on the FX thread from a fresh lookup: the picker may be rebuilt (progress loads in the background)
        // between a lookup and a robot click, which then finds a button that left the scene
        fire(robot, "#lesson-open-time-namespaces");
        // step 1 of the lesson: the host task's pages (the window started on a namespace task)
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !w.session().setup().scenario().namespace());
        assertEquals(PageKind.VVAR, w.session().machine().addressSpace().slot(0).kind());
        // step 2: the namespace task's pages (setup: scenario timens)
        fire(robot, "#lesson-next");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS,
                () -> w.session().setup().scenario().namespace() && w.session().machine().addressSpace().slot(0) != null);
        assertEquals(PageKind.TIMENS, w.session().machine().addressSpace().slot(0).kind(),
                "the lesson step put a namespace task on the screen: slot 0 holds the namespace page");
        robot.interact(w::toggleLessons);
        assertNull(w.lessonsPanel(), "the button toggles it away again");
        assertTrue(Files.isDirectory(Path.of(System.getProperty("vdso.explorer.data.dir"))));
    }
}

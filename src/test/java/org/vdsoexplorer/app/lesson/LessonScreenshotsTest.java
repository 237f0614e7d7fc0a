package org.vdsoexplorer.app.lesson;

import org.vdsoexplorer.app.common.Snapshots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import javafx.scene.control.RadioButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.tools.Screenshots;
import org.vdsoexplorer.app.VdsoExplorerApp;

/** PNGs of the lessons panel at a projector's 1920 x 1080 (off screen): self-paced and presenter mode. */
@ExtendWith(ApplicationExtension.class)
class LessonScreenshotsTest {

    @Start
    void start(Stage stage) { }

    @Test
    void projectorScreenshots() throws Exception {
        Path dir = Path.of("target/screenshots");
        Files.createDirectories(dir);
        MainWindow w = fx(() -> new MainWindow(VdsoExplorerApp.defaultSetup(), Screenshots.WIDTH, Screenshots.HEIGHT));
        LessonPane pane = fx(() -> {
            LessonPane p = TestPanes.loadedBeside(w);
            p.openLesson(p.lessons().stream().filter(l -> l.id().equals("time-namespaces")).findFirst().orElseThrow());
            p.nextStep();
            p.previousStep(); // step 1: which page the host task's read lands on (step 2 is a click since the course reorder)
            RadioButton timens = (RadioButton) p.lookupAll(".lesson-option").stream()
                    .filter(n -> ((RadioButton) n).getText().equals("VVAR")).findFirst().orElseThrow();
            timens.setSelected(true);
            ((Button) p.lookup("#lesson-answer")).fire();
            return p;
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> pane.revealedAnswer() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("VVAR", pane.revealedAnswer().value());
        fx(() -> {
            if (pane.lookup("#lesson-hint") instanceof Button hint) hint.fire();
            return null;
        });
        shot(w, dir.resolve("lesson-1920-self-paced.png"));
        fx(() -> {
            pane.presenter().enter();
            return null;
        });
        assertTrue(pane.presenter().active());
        assertNotNull(pane.host().focused());
        shot(w, dir.resolve("lesson-1920-presenter.png"));
        fx(() -> {
            pane.presenter().setScale(250);
            return null;
        });
        shot(w, dir.resolve("lesson-1920-presenter-250.png"));
        fx(() -> {
            pane.presenter().setScale(150);
            pane.nextStep();
            pane.nextStep();
            pane.nextStep();
            return null;
        });
        shot(w, dir.resolve("lesson-1920-presenter-code.png"));
        fx(() -> {
            pane.presenter().toggleNotes(); // with one screen the notes open only when asked (N)
            Snapshots.shot(pane.presenter().notesStage().getScene().getRoot(), dir.resolve("lesson-notes-window.png"));
            pane.presenter().exit();
            w.dispose();
            return null;
        });
    }

    private static void shot(MainWindow w, Path file) throws Exception {
        fx(() -> {
            w.root().applyCss();
            w.root().layout();
            return Snapshots.shot(w.root(), file);
        });
    }
}

package org.vdsoexplorer.app.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.app.HeadlessStage;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.VdsoExplorerApp;
import org.vdsoexplorer.lesson.Answer;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.session.ProgressStore;

/**
 * Issue 28 item 6 in the lesson panel: text the answer field cannot read as a number is refused with how to write one
 * (nothing committed, nothing recorded, the field stays open), and the model's answer typed with a decimal comma is
 * graded right and recorded so.
 */
@ExtendWith(ApplicationExtension.class)
class NumericAnswerUiTest {
    @TempDir
    static Path data;

    private MainWindow w;
    private LessonPane pane;

    @Start
    void start(Stage stage) {
        w = VdsoExplorerApp.createMainWindow(VdsoExplorerApp.defaultSetup());
        pane = new LessonPane(w, new MainWindowLessonHost(w), Path.of("src/test/resources/lessons-answers"), ProgressStore.open(data));
        w.root().setRight(pane);
        HeadlessStage.show(stage, w);
    }

    @Stop
    void stop() { w.dispose(); }

    private void commit(String typed) {
        fxRun(() -> {
            ((TextField) pane.lookup("#lesson-guess")).setText(typed);
            ((Button) pane.lookup("#lesson-answer")).fire();
        });
    }

    private String label(String id) {
        return fx(() -> pane.lookup(id) instanceof Label l ? l.getText() : null);
    }

    @Test
    void unreadableTextIsRefusedAndADecimalCommaIsGraded() throws Exception {
        fxRun(pane::loadNow);
        assertEquals(List.of(), pane.problems());
        fxRun(() -> pane.openLesson(pane.lessons().getFirst()));
        Step s = fx(pane::step);
        String id = fx(() -> pane.lesson().id());

        commit("fourteen and a half");
        String why = label("#lesson-refusal");
        assertTrue(why != null && why.contains("write a number such as 14.5 or 14,5"), why);
        assertNull(label("#lesson-verdict"), "not graded");
        assertTrue(fx(() -> ((TextField) pane.lookup("#lesson-guess")).isEditable()), "the field stays open for a number");
        ProgressStore.Entry before = pane.progressStore().peek(id);
        assertTrue(before == null || !before.answers().containsKey(s.number()), "nothing recorded");

        commit("1.234,5");
        assertTrue(label("#lesson-refusal").contains("thousands separator"), label("#lesson-refusal"));

        // the model's own answer, written the German way
        Answer expected = new Evaluator().answer(s.effectiveSetup(), s.question());
        assertTrue(expected.value().contains("."), "a factor with a fractional part: " + expected.value());
        String comma = expected.value().replace('.', ',');
        commit(comma);
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> pane.revealedAnswer() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(expected, pane.revealedAnswer());
        String verdict = label("#lesson-verdict");
        assertTrue(verdict.startsWith("\u2713") && verdict.contains(comma), verdict);
        assertEquals(Boolean.TRUE, pane.progressStore().peek(id).answers().get(s.number()), "recorded right");
    }
}

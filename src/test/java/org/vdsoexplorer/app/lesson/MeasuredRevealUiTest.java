package org.vdsoexplorer.app.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.vdsoexplorer.app.common.Snapshots;
import org.vdsoexplorer.lesson.Answer;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.session.ProgressStore;

/**
 * Issue 25 item 1 in the lesson panel: a speed question's reveal shows what was measured for the same two setups
 * beside the model's figure, with its source, and a student who answers with the measured figure is graded right.
 */
@ExtendWith(ApplicationExtension.class)
class MeasuredRevealUiTest {
    @TempDir
    static Path data;

    private MainWindow w;
    private LessonPane pane;

    @Start
    void start(Stage stage) {
        w = VdsoExplorerApp.createMainWindow(VdsoExplorerApp.defaultSetup());
        pane = new LessonPane(w, new MainWindowLessonHost(w), Path.of("src/test/resources/lessons-measured"), ProgressStore.open(data));
        w.root().setRight(pane);
        HeadlessStage.show(stage, w);
    }

    @Stop
    void stop() { w.dispose(); }

    @Test
    void theRevealShowsTheMeasuredFigureAndAnAnswerWithItIsRight() throws Exception {
        fxRun(pane::loadNow);
        assertEquals(List.of(), pane.problems());
        fxRun(() -> pane.openLesson(pane.lessons().getFirst()));
        Step s = fx(pane::step);
        Answer expected = new Evaluator().answer(s.effectiveSetup(), s.question());
        Answer.Measured vagin = expected.measured().stream().filter(m -> m.anchor().equals("s2")).findFirst().orElseThrow();
        assertTrue(!expected.accepts("0") && expected.accepts(vagin.value()), "the band covers the measurement, not any guess");

        // the student answers with Vagin's figure, written with a decimal comma
        fxRun(() -> {
            ((TextField) pane.lookup("#lesson-guess")).setText(vagin.value().replace('.', ','));
            ((Button) pane.lookup("#lesson-answer")).fire();
        });
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> pane.revealedAnswer() != null);
        WaitForAsyncUtils.waitForFxEvents();
        String verdict = fx(() -> ((Label) pane.lookup("#lesson-verdict")).getText());
        assertTrue(verdict.startsWith("\u2713"), verdict);
        List<String> measured = fx(() -> pane.lookupAll(".lesson-measured").stream().map(n -> ((Label) n).getText()).toList());
        assertTrue(measured.stream().anyMatch(t -> t.startsWith("Measured: " + vagin.value()) && t.contains("163691015")
                && t.contains("155278332") && t.contains("docs/sources.md#s2")), measured.toString());
        Path shot = fx(() -> Snapshots.shot(w.root(), Path.of("target", "screens", "measured-reveal.png")));
        assertTrue(java.nio.file.Files.size(shot) > 0);
    }
}

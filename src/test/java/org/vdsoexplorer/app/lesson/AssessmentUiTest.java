package org.vdsoexplorer.app.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
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
import org.vdsoexplorer.lesson.Question;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.session.ClassReport;
import org.vdsoexplorer.session.ProgressStore;

/**
 * Issue 26 items 3 and 4 in the panel: an assessment opens drawn from the student's seed (kept in their progress and
 * shown in the header), offers no hint, "Show me" or "Give up" on any step, grades a prediction against the model's
 * answer for the draw and records the answer with its tries; "Export my results" writes the JSON and CSV, and the class
 * view shows them.
 */
@ExtendWith(ApplicationExtension.class)
class AssessmentUiTest {
    @TempDir
    static Path tmp;

    private MainWindow w;
    private LessonPane pane;
    private ProgressStore progress;

    @Start
    void start(Stage stage) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("course"));
        Files.copy(Path.of("lessons/13-assessment.md"), dir.resolve("13-assessment.md"));
        w = VdsoExplorerApp.createMainWindow(VdsoExplorerApp.defaultSetup());
        progress = ProgressStore.open(tmp.resolve("data"));
        pane = new LessonPane(w, new MainWindowLessonHost(w), dir, progress);
        w.root().setRight(pane);
        HeadlessStage.show(stage, w);
    }

    @Stop
    void stop() { w.dispose(); }

    @Test
    void anAssessmentIsDrawnGivesNothingAwayAndIsExported() throws Exception {
        fxRun(pane::loadNow);
        assertEquals(List.of(), pane.problems());
        fxRun(() -> pane.openLesson(pane.lessons().getFirst()));
        long seed = fx(() -> pane.lesson().seed());
        assertTrue(seed > 0, "drawn from a seed");
        assertEquals(seed, progress.peek("assessment").seed(), "the seed is kept in the student's progress");
        assertTrue(fx(() -> pane.lookup(".lesson-title") != null));
        int steps = fx(() -> pane.lesson().steps().size());
        int predict = -1;
        for (int i = 0; i < steps; i++) {
            int at = i;
            fxRun(() -> pane.go(at));
            assertNull(fx(() -> pane.lookup("#lesson-hint")), "no hint at step " + (i + 1));
            assertNull(fx(() -> pane.lookup("#lesson-give-up")), "no Show me / Give up at step " + (i + 1));
            Step s = fx(pane::step);
            if (predict < 0 && s.question() != null && s.question().type() == Question.Type.PREDICT && s.question().options().isEmpty()
                    && fx(() -> pane.lookup("#lesson-guess")) != null) predict = i;
        }
        assertTrue(predict >= 0);
        int at = predict;
        fxRun(() -> pane.go(at));
        Step s = fx(pane::step);
        Answer model = new Evaluator().answer(s.effectiveSetup(), s.question());
        fxRun(() -> {
            ((TextField) pane.lookup("#lesson-guess")).setText(model.value());
            ((Button) pane.lookup("#lesson-answer")).fire();
        });
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> pane.revealedAnswer() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(fx(() -> ((Label) pane.lookup("#lesson-verdict")).getText()).startsWith("\u2713"));
        assertTrue(fx(() -> pane.lookupAll(".label").stream().anyMatch(n -> ((Label) n).getText().endsWith("seed " + seed))),
                "the header shows the seed");
        assertNotNull(fx(() -> Snapshots.shot(w.root(), Path.of("target", "screens", "assessment-step.png"))));
        ProgressStore.Detail d = progress.peek("assessment").details().get(s.number());
        assertEquals(new ProgressStore.Detail(model.value(), true, 1, 0, d.seconds()), d);

        Label said = fx(() -> new Label());
        Path out = tmp.resolve("hand-in").resolve("ana");
        Files.createDirectories(out.getParent());
        fxRun(() -> ResultsActions.export(progress, pane.lessons(), "Ana", out, said));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(said::getText).startsWith("Wrote"));
        assertTrue(Files.readString(out.resolveSibling("ana.csv")).contains("Ana,assessment," + s.number() + ","));
        Files.writeString(out.resolveSibling("broken.json"), "{");
        ClassReport r = ClassReport.of(out.getParent());
        assertEquals(1, r.skipped().size());
        Path shot = fx(() -> {
            Stage st = new Stage();
            st.setScene(new Scene(ResultsActions.classView(r), 1280, 720));
            st.getScene().getStylesheets().setAll(w.scene().getStylesheets());
            st.show();
            Path p = Snapshots.shot(st.getScene().getRoot(), Path.of("target", "screens", "class-view.png"));
            st.close();
            return p;
        });
        assertNotNull(shot);
        fxRun(() -> pane.showPicker());
        // the picker is a scroll pane: its content joins the scene graph when the pane is skinned (a CSS and layout pass)
        fxRun(() -> {
            w.root().applyCss();
            w.root().layout();
        });
        assertNotNull(fx(() -> pane.lookup("#lesson-export-results")));
        Path pick = fx(() -> Snapshots.shot(w.root(), Path.of("target", "screens", "assessment-picker.png")));
        assertNotNull(pick);
    }
}

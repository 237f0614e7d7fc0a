package org.vdsoexplorer.app.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.VdsoExplorerApp;
import org.vdsoexplorer.lesson.Challenges;
import org.vdsoexplorer.lesson.ClickTarget;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.Question;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.lesson.StepSetup;
import org.vdsoexplorer.session.ProgressStore;

/**
 * Every shipped lesson played start to finish through the panel's own controls (the buttons fired
 * directly, which is quicker than moving the mouse): each step's setup puts the app's model where the
 * Evaluator's own run stops, every choice question accepts its answer, every reveal shows the
 * Evaluator's answer and counts the right prediction right, every click and challenge is done in the views
 * (see {@link Student}) and judged right; the last step finishes the lesson.
 */
@ExtendWith(ApplicationExtension.class)
@org.junit.jupiter.api.Tag("acceptance") // the slow tier: failsafe runs it in ./mvnw verify (pom.xml)
class AllLessonsPlayUiTest {
    private MainWindow w;
    private LessonPane pane;

    @Start
    void start(Stage stage) throws Exception {
        w = VdsoExplorerApp.createMainWindow(VdsoExplorerApp.defaultSetup());
        pane = new LessonPane(w, new MainWindowLessonHost(w), Path.of("lessons"), ProgressStore.open(Files.createTempDirectory("lp")));
        w.root().setRight(pane);
        org.vdsoexplorer.app.HeadlessStage.show(stage, w);
    }

    @Stop
    void stop() { w.dispose(); }

    @Test
    void everyLessonPlaysToTheEnd() throws Exception {
        fxRun(pane::loadNow); // not in @Start: checking every lesson can outlast the toolkit's start-up timeout
        assertEquals(org.vdsoexplorer.lesson.LessonsTest.shipped(), pane.lessons().size());
        int[] counts = new int[Question.Type.values().length];
        for (Lesson l : pane.lessons()) play(w, pane, l, counts);
        assertTrue(counts[Question.Type.PREDICT.ordinal()] >= 24, "at least three predict questions per lesson: "
                + counts[Question.Type.PREDICT.ordinal()]);
        assertTrue(counts[Question.Type.CHALLENGE.ordinal()] >= 4, "challenges solved: " + counts[Question.Type.CHALLENGE.ordinal()]);
        assertTrue(counts[Question.Type.CLICK.ordinal()] >= 6, "clicks: " + counts[Question.Type.CLICK.ordinal()]);
        assertTrue(counts[Question.Type.MODIFY.ordinal()] >= 4, "modify steps played: " + counts[Question.Type.MODIFY.ordinal()]);
    }

    @Test
    void theExampleLessonsPlayToTheEnd() throws Exception {
        LessonPane ex = fx(() -> {
            LessonPane x = new LessonPane(w, new MainWindowLessonHost(w), Path.of("lessons/examples"),
                    ProgressStore.open(Files.createTempDirectory("lp")));
            w.root().setRight(x);
            x.loadNow();
            return x;
        });
        assertEquals(java.util.List.of(), ex.problems());
        int[] counts = new int[Question.Type.values().length];
        for (Lesson l : ex.lessons()) play(w, ex, l, counts);
        assertTrue(counts[Question.Type.CHALLENGE.ordinal()] >= 1, "the README's challenge example has a challenge");
    }

    /**
     * Plays {@code l} start to finish through the panel: each step's setup checked against the evaluator's own
     * run; every question answered right as a student would (options picked, predictions typed, clicks delivered
     * to the views at the model's answer, challenges solved by clicking the seqlock timeline or picking a setup
     * at the model's solution, explanations self-graded); the lesson ends done, every question right.
     */
    static void play(MainWindow w, LessonPane pane, Lesson l, int[] counts) throws Exception {
        Evaluator ev = new Evaluator();
        fxRun(() -> {
            pane.openLesson(l);
            pane.applyCss(); // skins (and so lookups through the scroll pane) exist before the first pulse
            pane.layout();
        });
        for (int i = 0; i < l.steps().size(); i++) {
            int at = i;
            Step s = fx(pane::step);
            assertEquals(i, fx(pane::stepIndex), l.id());
            String where = l.id() + " step " + s.number();
            assertFalse(fx(() -> pane.setupStatusLabel().getStyleClass().contains("bad")),
                    where + ": " + fx(() -> pane.setupStatusLabel().getText()));
            if (s.setup() != null) {
                Evaluator.Staged st = ev.stage(s.setup());
                assertEquals(st.machine().digest(), w.session().machine().digest(), where);
            }
            Question q = s.question();
            if (q != null) {
                counts[q.type().ordinal()]++;
                answer(w, pane, ev, s, where);
                String verdict = Student.text(pane, "#lesson-verdict");
                assertTrue(verdict != null && verdict.startsWith("\u2713"), where + ": " + verdict);
                if (q.type() == Question.Type.CHALLENGE || q.type() == Question.Type.CLICK) {
                    fxRun(() -> {
                        try {
                            Files.createDirectories(Path.of("target/screenshots"));
                        } catch (java.io.IOException x) {
                            throw new java.io.UncheckedIOException(x);
                        }
                        w.root().layout();
                        org.vdsoexplorer.app.common.Snapshots.shot(w.root(), Path.of("target/screenshots/lesson-" + q.type().name()
                                .toLowerCase(java.util.Locale.ROOT) + "-" + l.id() + "-" + s.number() + ".png"));
                    });
                }
            }
            if (i < l.steps().size() - 1) fxRun(() -> pane.go(at + 1));
        }
        ProgressStore.Entry e = pane.progressStore().peek(l.id());
        assertNotNull(e);
        assertTrue(e.done(), l.id());
        assertEquals(l.steps().stream().filter(x -> x.question() != null).count(), e.right(), l.id());
    }

    /** Picks the option {@code value} (or types it) and presses the question's answer button, as a student does. */
    static void commit(LessonPane pane, String value) throws Exception {
        fxRun(() -> {
            Node opts = pane.lookup("#lesson-options");
            if (opts != null) {
                pane.lookupAll(".lesson-option").stream().map(RadioButton.class::cast)
                        .filter(r -> r.getText().equals(value)).findFirst().orElseThrow().setSelected(true);
            } else {
                ((TextField) pane.lookup("#lesson-guess")).setText(value);
            }
            ((Button) pane.lookup("#lesson-answer")).fire();
        });
    }

    static void answer(MainWindow w, LessonPane pane, Evaluator ev, Step s, String where) throws Exception {
        Question q = s.question();
        switch (q.type()) {
            case MODIFY -> {
                // predict (the toggled build's answer), commit, then toggle the annotation in the C pane as a student does
                String value = ev.answer(s.effectiveSetup(), q).value();
                commit(pane, value);
                assertNull(fx(pane::revealedAnswer), where + ": nothing is revealed before the toggle");
                assertEquals(s.effectiveSetup().variant(), fx(() -> w.session().setup().variant()), where + ": the step's build");
                fxRun(() -> ((javafx.scene.control.ToggleButton) w.root().lookup("#toggle-" + q.toggle().lessonName())).fire());
                WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> pane.revealedAnswer() != null);
                WaitForAsyncUtils.waitForFxEvents();
                assertEquals(q.toggle().toggle(s.effectiveSetup().variant()), fx(() -> w.session().setup().variant()),
                        where + ": the toggle switched the model to the other build");
                assertEquals(ev.answer(s.effectiveSetup(), q), pane.revealedAnswer(), where);
            }
            case CHOICE, PREDICT -> {
                String value = q.type() == Question.Type.CHOICE ? q.answer() : ev.answer(s.effectiveSetup(), q).value();
                commit(pane, value);
                if (q.type() == Question.Type.PREDICT) {
                    WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> pane.revealedAnswer() != null);
                    WaitForAsyncUtils.waitForFxEvents();
                    assertEquals(ev.answer(s.effectiveSetup(), q), pane.revealedAnswer(), where);
                }
            }
            case EXPLAIN -> {
                fxRun(() -> ((javafx.scene.control.TextArea) pane.lookup("#lesson-explain-input")).setText("Because seq moved."));
                Student.fire(pane, "#lesson-answer");
                assertTrue(fx(() -> pane.lookup("#lesson-model-answer") != null), where + ": the model answer shows");
                Student.fire(pane, "#lesson-self-right");
            }
            case CLICK -> {
                ClickTarget t = ev.click(s.effectiveSetup(), q);
                Student.clickAnswer(w, t);
            }
            case CHALLENGE -> {
                Challenges.Solution sol = Challenges.solve(s.effectiveSetup(), q.goal(), q.act());
                assertNotNull(sol, where + ": the model finds a solution");
                Student.fire(pane, "#lesson-answer");
                assertTrue(Student.text(pane, "#lesson-verdict").startsWith("\u2717"), where + ": not met before the student acts");
                if (sol.setup() != null) {
                    Student.pickAndRun(w, sol.setup());
                } else if (q.act() == Question.Act.KERNEL) {
                    Student.placeInKernel(w, sol.placements().getFirst(), sol.held());
                } else {
                    long start = fx(() -> w.session().callStart());
                    assertEquals(Challenges.shown(s.effectiveSetup()).callStart(), start, where + ": the call shown");
                    for (long p : sol.placements()) Student.placeOnTimeline(w, p - start);
                    assertEquals(sol.placements().stream().collect(java.util.stream.Collectors.toMap(x -> x, x -> 1)),
                            fx(() -> w.session().writerUpdates()), where + ": the clicks placed the updates");
                }
                Student.fire(pane, "#lesson-answer");
            }
        }
    }

    @Test
    void laterWriterUpdatesArePlacedWhenTheStudentStepsOn() throws Exception {
        fxRun(pane::loadNow);
        Path dir = Files.createTempDirectory("later-update");
        Files.writeString(dir.resolve("later.md"), """
                ---
                id: later
                title: Later update
                order: 1
                objectives: [Watch a later update]
                ---

                ## Stop early, the writer comes later {minutes=2}

                ```setup
                scenario: host
                variant: unlikely
                run_to: step:5
                writer_update_at: [3, 12]
                focus: seqlock
                highlight: seq
                ```
                """);
        LessonPane p = fx(() -> {
            LessonPane x = new LessonPane(w, new MainWindowLessonHost(w), dir, ProgressStore.open(Files.createTempDirectory("lp")));
            w.root().setRight(x);
            x.loadNow();
            x.openLesson(x.lessons().getFirst());
            return x;
        });
        assertEquals(java.util.List.of(), p.problems());
        assertEquals(5, (long) fx(() -> w.session().position()));
        assertEquals(java.util.Map.of(3L, 1), fx(() -> w.session().writerUpdates()), "the update before run_to");
        fxRun(() -> {
            while (w.session().position() < 15) w.session().step();
        });
        assertEquals(java.util.Map.of(3L, 1, 12L, 1), fx(() -> w.session().writerUpdates()), "and the later one, once");
        // the same state as the evaluator's run with both updates
        StepSetup st = p.lesson().steps().getFirst().setup();
        Evaluator.Staged staged = new Evaluator().stage(st);
        while (staged.timeline().position() < 15) {
            Evaluator.injectDue(staged.timeline(), st);
            staged.timeline().step();
        }
        assertEquals(staged.machine().digest(), fx(() -> w.session().machine().digest()));
    }
}

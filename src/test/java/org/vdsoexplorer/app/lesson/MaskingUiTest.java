package org.vdsoexplorer.app.lesson;

import static org.vdsoexplorer.app.Fx.fx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.app.tools.LayoutCheck;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.tools.Screenshots;
import org.vdsoexplorer.app.VdsoExplorerApp;
import org.vdsoexplorer.lesson.Answer;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.PredictKind;
import org.vdsoexplorer.lesson.Step;

/**
 * Nothing gives the answer away: for every predict kind, the first lesson step that asks it is opened
 * in the main window; the answer (computed by the {@link Evaluator}, independently of the views) shows
 * nowhere in the visible views (the window without the lesson panel) before the reveal, and shows after it.
 */
@ExtendWith(ApplicationExtension.class)
class MaskingUiTest {
    @Start
    void start(Stage stage) { }

    /** How the views write the answer {@code v} of {@code k} (a pattern over one visible text). */
    static Pattern shown(PredictKind k, String v) {
        String q = Pattern.quote(v);
        return Pattern.compile(switch (k) {
            case NEXT_SEQ -> "^seq = " + q + "\\b";
            case SEQ_PARITY -> "^seq = \\d*" + (v.equals("even") ? "[02468]" : "[13579]") + "\\b";
            case NEXT_PAGE_SLOT -> "(last read: slot " + q + " |\\d+  slot " + q + " )";
            case NEXT_PAGE_KIND -> "(last read: slot \\d " + q + " |slot \\d " + q + " \u00d7)";
            case PUSHES_THIS_CALL, PUSHES_DIFFERENCE -> "spills this call: " + q + " push";
            case INSTRUCTIONS_THIS_CALL, INSTRUCTIONS_DIFFERENCE -> "^" + q + "$";
            case RETRIES -> "\u00b7 retries " + q + " ";
            case SPINS -> "odd spins " + q + " ";
            case FALLBACK -> v.equals("yes") ? "^(this call|last call): .*syscall fallback" : "^(this call|last call): .*result from the vDSO";
            case COUNTER -> "^(this call|last call): .*" + switch (v) {
                case "tsc" -> "TSC";
                case "pvclock" -> "PVCLOCK";
                case "hvclock" -> "HVCLOCK";
                case "syscall" -> "syscall fallback";
                default -> "do_coarse";
            };
            case FASTER_VARIANT, SPEEDUP_PERCENT, SPEEDUP_FACTOR -> "(% more|\u00d7 the) calls in 3 s";
        });
    }

    /** What the views show instead while the question is open. */
    static Pattern masked(PredictKind k) {
        return Pattern.compile(switch (k) {
            case NEXT_SEQ, SEQ_PARITY -> "^seq = \\?$";
            case NEXT_PAGE_SLOT, NEXT_PAGE_KIND -> "^last read: \\? ";
            case PUSHES_THIS_CALL, PUSHES_DIFFERENCE -> "^spills this call: \\? push, \\? pop$";
            case INSTRUCTIONS_THIS_CALL, INSTRUCTIONS_DIFFERENCE -> "^step \\? of this call|^\\?$"; // seqlock view, counters
            case RETRIES -> "\u00b7 retries \\? ";
            case SPINS -> "odd spins \\? ";
            case FALLBACK, COUNTER -> "^path: \\? ";
            case FASTER_VARIANT, SPEEDUP_PERCENT, SPEEDUP_FACTOR -> "^\\? \\(hidden until you reveal\\)$";
        });
    }

    @TestFactory
    List<DynamicTest> everyPredictKind() throws Exception {
        MainWindow w = fx(() -> new MainWindow(VdsoExplorerApp.defaultSetup(), Screenshots.WIDTH, Screenshots.HEIGHT));
        LessonPane pane = fx(() -> TestPanes.loadedBeside(w));
        List<DynamicTest> tests = new ArrayList<>();
        for (PredictKind k : PredictKind.values()) {
            tests.add(DynamicTest.dynamicTest(k.lessonName(), () -> check(w, pane, k)));
        }
        return tests;
    }

    private static void check(MainWindow w, LessonPane pane, PredictKind k) throws Exception {
        Lesson lesson = null;
        int index = -1;
        for (Lesson l : pane.lessons()) {
            for (int i = 0; i < l.steps().size() && lesson == null; i++) {
                Step s = l.steps().get(i);
                if (s.question() != null && s.question().predict() == k) {
                    lesson = l;
                    index = i;
                }
            }
        }
        assertTrue(lesson != null, "no lesson asks " + k.lessonName());
        Lesson l = lesson;
        int at = index;
        Step step = l.steps().get(at);
        Answer answer = new Evaluator().answer(step.effectiveSetup(), step.question());
        // a difference is not on screen: the step's own count is, and gives it away with the compared figure
        org.vdsoexplorer.lesson.CallFacts own = k == PredictKind.INSTRUCTIONS_DIFFERENCE || k == PredictKind.PUSHES_DIFFERENCE
                ? new Evaluator().facts(step.effectiveSetup()) : null;
        String value = own == null ? answer.value() : k == PredictKind.PUSHES_DIFFERENCE ? Integer.toString(own.pushes())
                : Long.toString(own.call().instructions());
        Pattern p = shown(k, value);
        fx(() -> {
            pane.openLesson(l);
            pane.go(at);
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        // the comparisons: calls run in both panes, so the speed line would have its figure if not masked
        if (k.measured()) fx(() -> {
            w.compare().runCalls(3);
            return null;
        });
        List<String> before = texts(w, k);
        assertFalse(before.stream().anyMatch(t -> p.matcher(t).find()), () -> k.lessonName() + " " + l.id() + " step "
                + (at + 1) + ": the answer '" + answer.value() + "' shows before the reveal: "
                + before.stream().filter(t -> p.matcher(t).find()).toList());
        assertTrue(before.stream().anyMatch(t -> masked(k).matcher(t).find()), () -> k.lessonName() + ": no value shows as "
                + masked(k) + " before the reveal: " + before);
        fx(() -> {
            ((Button) pane.lookup("#lesson-dont-know")).fire(); // committed to "I don't know"
            return null;
        });
        WaitForAsyncUtils.waitFor(180, TimeUnit.SECONDS, () -> pane.revealedAnswer() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(answer.value(), pane.revealedAnswer().value());
        if (k.measured()) fx(() -> {
            w.compare().runCalls(3);
            return null;
        });
        List<String> after = texts(w, k);
        assertFalse(after.stream().anyMatch(t -> masked(k).matcher(t).find()), () -> k.lessonName() + ": still masked after the reveal");
        assertTrue(after.stream().anyMatch(t -> p.matcher(t).find()), () -> k.lessonName() + " " + l.id() + " step "
                + (at + 1) + ": the answer '" + answer.value() + "' (" + p + ") is not shown after the reveal: " + after);
    }

    /**
     * The visible text of the window's toolbar, counters and views (not the lesson panel, which lists the
     * choices); for the comparisons, of the comparison tab.
     */
    private static List<String> texts(MainWindow w, PredictKind k) {
        return fx(() -> {
            w.showCompare(k.measured());
            List<String> t = new ArrayList<>(LayoutCheck.visibleTexts(w.root().getTop()));
            t.addAll(LayoutCheck.visibleTexts(w.root().getCenter()));
            return t;
        });
    }
}

package org.vdsoexplorer.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The real lessons and the README's example pass check-lessons with zero problems, and have the shape. */
public class LessonsTest {

    /** The lesson files shipped in lessons/ (every *.md but the README), counted from the folder. */
    public static int shipped() {
        try (var s = Files.list(Path.of("lessons"))) {
            return (int) s.filter(p -> p.getFileName().toString().endsWith(".md") && !p.getFileName().toString().equals("README.md")).count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Act, explain and modify questions: the student does or says something, not only recalls or predicts. */
    static boolean active(Step s) {
        return s.question() != null && java.util.EnumSet.of(Question.Type.CHALLENGE, Question.Type.CLICK, Question.Type.EXPLAIN,
                Question.Type.MODIFY).contains(s.question().type());
    }

    /**
     * The course of issue 25 item 3, in learning order (COURSE.md), the 2007 history an optional side lesson; every lesson
     * has a step where the student acts (a challenge, click or modify), and at least a third of the course's steps are
     * challenges, clicks, explain or modify questions.
     */
    @Test
    void theCourseIsInLearningOrderAndActive() {
        LessonLibrary.Loaded l = LessonLibrary.load(Path.of("lessons"));
        assertEquals(List.of(), l.problems().stream().map(Problem::toString).toList());
        assertEquals(List.of("why-vdso", "seqlock", "break-the-seqlock", "clock-mode", "time-namespaces", "namespace-costs",
                "coarse-clocks", "array-vs-switch", "register-spills", "code-layout", "your-machine", "your-kernel", "assessment"),
                Lesson.courseOrder(l.lessons()).stream().map(Lesson::id).toList());
        assertEquals(List.of("paravirt-2007"), l.lessons().stream().filter(Lesson::optional).map(Lesson::id).toList());
        assertEquals("time-namespaces", Lesson.nextInCourse(l.lessons(), l.byId("clock-mode")).id());
        assertEquals(null, Lesson.nextInCourse(l.lessons(), l.byId("paravirt-2007")), "the course order skips a side lesson");
        int steps = 0, active = 0, modify = 0;
        for (Lesson lesson : l.lessons()) {
            int n = lesson.steps().size();
            assertTrue(n >= 4 && n <= 20, lesson.id() + ": " + n + " steps");
            assertTrue(lesson.steps().stream().anyMatch(s -> s.question() != null && java.util.EnumSet.of(Question.Type.CHALLENGE,
                    Question.Type.CLICK, Question.Type.MODIFY).contains(s.question().type())), lesson.id() + ": no step where the student acts");
            assertTrue(lesson.minutes() > 0 && !lesson.title().isBlank());
            steps += n;
            active += (int) lesson.steps().stream().filter(LessonsTest::active).count();
            modify += (int) lesson.steps().stream().filter(s -> s.question() != null && s.question().type() == Question.Type.MODIFY).count();
        }
        assertTrue(3 * active >= steps, active + " of " + steps + " steps act, explain or modify");
        assertTrue(modify >= 4, modify + " modify steps");
    }

    /**
     * Issue 26 item 1: every shipped lesson states its objectives, each step its minutes, and the lesson's minutes are
     * their total; each misconception names a step of its lesson (the assessment too).
     */
    @Test
    void everyLessonHasObjectivesMisconceptionsAndStepMinutes() {
        LessonLibrary.Loaded l = LessonLibrary.load(Path.of("lessons"), new Evaluator(), false);
        assertEquals(List.of(), l.problems().stream().map(Problem::toString).toList());
        for (Lesson lesson : l.lessons()) {
            assertTrue(!lesson.objectives().isEmpty(), lesson.id() + ": no objectives");
            assertTrue(!lesson.misconceptions().isEmpty(), lesson.id() + ": no misconceptions");
            double sum = 0;
            for (Step s : lesson.steps()) {
                assertTrue(s.minutes() >= 0.5 && s.minutes() <= 10, lesson.id() + " '" + s.title() + "': " + s.minutes() + " min");
                sum += s.minutes();
            }
            assertEquals((int) Math.ceil(sum), lesson.minutes(), lesson.id());
            for (Misconception m : lesson.misconceptions()) {
                assertTrue(lesson.steps().stream().anyMatch(s -> s.title().equals(m.step())), lesson.id() + ": " + m);
            }
        }
    }

    @Test
    void theReadmeExampleIsARealLessonThatPasses() throws Exception {
        LessonLibrary.Loaded l = LessonLibrary.load(Path.of("lessons/examples"));
        assertEquals(List.of(), l.problems().stream().map(Problem::toString).toList());
        assertEquals(2, l.lessons().size());
        Lesson ex = l.lessons().stream().filter(x -> x.id().equals("example-first-look")).findFirst().orElseThrow();
        assertEquals(3, ex.steps().size());
        assertTrue(ex.steps().stream().anyMatch(s -> s.question() != null && s.question().type() == Question.Type.PREDICT));
        assertTrue(ex.steps().stream().anyMatch(s -> s.question() != null && s.question().type() == Question.Type.CHOICE));
        assertTrue(ex.steps().stream().anyMatch(s -> !s.notes().isEmpty()));
        String readme = Files.readString(Path.of("lessons/README.md"));
        String file = Files.readString(Path.of("lessons/examples/first-look.md"));
        assertTrue(readme.contains("````markdown\n" + file + "````"), "lessons/README.md must embed examples/first-look.md verbatim");
        String challenge = Files.readString(Path.of("lessons/examples/challenge.md"));
        assertTrue(readme.contains("````markdown\n" + challenge + "````"), "lessons/README.md must embed examples/challenge.md verbatim");
        // the challenge example has one question of every kind
        Lesson ch = l.lessons().stream().filter(x -> x.id().equals("example-challenge")).findFirst().orElseThrow();
        assertEquals(java.util.EnumSet.allOf(Question.Type.class), ch.steps().stream().filter(s -> s.question() != null)
                .map(s -> s.question().type()).collect(java.util.stream.Collectors.toCollection(() -> java.util.EnumSet.noneOf(Question.Type.class))));
    }

    @Test
    void stepsKeepTheirTextNotesAndLines() throws Exception {
        Path f = Path.of("lessons/examples/first-look.md");
        List<String> lines = Files.readAllLines(f);
        LessonParser.Result r = LessonParser.parse("first-look.md", Files.readAllBytes(f));
        assertEquals(List.of(), r.problems());
        Lesson l = r.lesson();
        assertEquals("example-first-look", l.id());
        assertEquals(0, l.order());
        for (Step s : l.steps()) {
            assertEquals("## " + s.title() + " {minutes=" + LessonFormat.fmt(s.minutes()) + "}", lines.get(s.line() - 1));
            assertTrue(!s.body().contains("```setup") && !s.body().contains("```question") && !s.body().contains("```notes"));
            if (s.setup() != null) assertEquals("```setup", lines.get(s.setup().line() - 1));
            if (s.question() != null) assertEquals("```question", lines.get(s.question().line() - 1));
        }
        Step first = l.steps().getFirst();
        assertEquals(View.CODE, first.setup().focus());
        assertEquals("current", first.setup().highlight());
        assertTrue(first.notes().startsWith("Point at the listing"));
        // the second step's setup carries scenario/variant/clock over from the first
        StepSetup second = l.steps().get(1).setup();
        assertEquals(first.setup().variant(), second.variant());
        assertEquals(Target.Kind.ANCHOR, second.runTo().kind()); // run_to: first-load-seq
        // the third step has no setup: its question would use the second step's
        assertEquals(second, l.steps().get(2).effectiveSetup());
        // body lines map to file lines
        Step s1 = l.steps().getFirst();
        String firstBodyLine = s1.body().lines().filter(x -> !x.isBlank()).findFirst().orElseThrow();
        int idx = s1.body().lines().toList().indexOf(firstBodyLine);
        assertEquals(firstBodyLine, lines.get(s1.bodyLine() - 1 + idx));
    }
}

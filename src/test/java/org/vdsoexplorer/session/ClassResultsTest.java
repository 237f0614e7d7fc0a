package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.lesson.Answer;
import org.vdsoexplorer.lesson.Draw;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.LessonParser;
import org.vdsoexplorer.lesson.Question;
import org.vdsoexplorer.lesson.Step;

/**
 * Issue 26's done-when: two students take the assessment with different seeds (different questions, each graded by the
 * model for its draw), export their results; with a corrupt file, a foreign JSON and a stray file beside them, the class
 * report names and skips those three and gives each question's share right and each student's score.
 */
class ClassResultsTest {
    static final Path FILE = Path.of("lessons/13-assessment.md");

    static Lesson drawn(long seed) throws Exception {
        return LessonParser.parse(FILE.toString(), Files.readAllBytes(FILE), Draw.seeded(seed)).lesson();
    }

    /**
     * Student answers: the choice question with {@code choice}; each predict question with {@code guesses}' answer for
     * that step if given, else the model's own answer for this draw; graded by the model's answer for this student's draw.
     * Returns step -> right.
     */
    static Map<Integer, Boolean> take(Lesson l, ProgressStore p, String choice, Map<Integer, String> guesses, Map<Integer, String> given)
            throws Exception {
        Evaluator ev = new Evaluator();
        Map<Integer, Boolean> right = new HashMap<>();
        p.seed(l.id(), l.seed());
        for (Step s : l.steps()) {
            Question q = s.question();
            if (q == null) continue;
            String g;
            boolean ok;
            if (q.type() == Question.Type.CHOICE) {
                g = choice;
                ok = g.equals(q.answer());
            } else if (q.type() == Question.Type.PREDICT) {
                Answer a = ev.answer(s.effectiveSetup(), q);
                g = guesses.getOrDefault(s.number(), a.value());
                ok = a.accepts(g);
                given.put(s.number(), a.value());
            } else {
                continue; // challenges and explanations: not part of this test
            }
            p.answered(l.id(), s.number(), new ProgressStore.Detail(g, ok, 1, 0, 30 + s.number()));
            right.put(s.number(), ok);
        }
        assertTrue(p.save());
        return right;
    }

    @Test
    void twoStudentsAndACorruptFileGiveTheRightShares(@TempDir Path tmp) throws Exception {
        Lesson a = drawn(101), b = drawn(202);
        assertNotEquals(ClassResultsTestSupport.prompts(a), ClassResultsTestSupport.prompts(b), "different seeds, different questions");
        Lesson asLoaded = LessonParser.parse(FILE.toString(), Files.readAllBytes(FILE)).lesson();

        ProgressStore pa = ProgressStore.open(tmp.resolve("ana-home"));
        Map<Integer, String> modelA = new HashMap<>();
        String right = a.steps().getFirst().question().answer();
        Map<Integer, Boolean> ra = take(a, pa, right, Map.of(), modelA);
        // Ben copies Ana's answers: graded by the model for his own draw, those that differ there are wrong
        ProgressStore pb = ProgressStore.open(tmp.resolve("ben-home"));
        Map<Integer, Boolean> rb = take(b, pb, "It reads the TSC directly instead", modelA, new HashMap<>());
        assertTrue(ra.values().stream().allMatch(x -> x), "Ana answered the model's answers for her draw: all right");
        assertFalse(rb.get(1), "Ben's choice is wrong");
        assertTrue(rb.values().stream().filter(x -> !x).count() >= 2, "copying a neighbour's answers fails on another draw: " + rb);

        Path dir = Files.createDirectories(tmp.resolve("class"));
        List<Path> fa = Results.write(Results.of("Ana", pa, List.of(asLoaded), null), dir.resolve("ana"));
        Results.write(Results.of("Ben", pb, List.of(asLoaded), null), dir.resolve("ben.json"));
        assertTrue(Files.readString(fa.get(1)).startsWith("student,lesson,step,"), "a CSV beside the JSON");
        assertTrue(Files.readString(fa.get(0)).contains("\"seed\" : 101"), Files.readString(fa.get(0)));
        Files.writeString(dir.resolve("corrupt.json"), "{\"format\": \"vdso-explorer-results\", \"student\": ");
        Files.writeString(dir.resolve("foreign.json"), "{\"name\": \"package.json\", \"version\": \"1.0.0\"}");
        Files.writeString(dir.resolve("notes.txt"), "not results");

        ClassReport r = ClassReport.of(dir);
        assertEquals(List.of("corrupt.json", "foreign.json", "notes.txt"),
                r.skipped().stream().map(s -> Path.of(s.file()).getFileName().toString()).toList(), r.text());
        for (ClassReport.Question q : r.questions()) {
            int n = (ra.containsKey(q.step()) ? 1 : 0) + (rb.containsKey(q.step()) ? 1 : 0);
            int ok = (ra.getOrDefault(q.step(), false) ? 1 : 0) + (rb.getOrDefault(q.step(), false) ? 1 : 0);
            assertEquals(n, q.answered(), q.title());
            assertEquals(ok, q.right(), q.title());
            assertEquals(n - ok, q.wrong().stream().mapToInt(Map.Entry::getValue).sum(), q.title());
        }
        assertEquals(ra.size(), r.questions().size());
        ClassReport.Question first = r.questions().getFirst();
        assertEquals(0.5, first.share(), 1e-9);
        assertEquals("it reads the tsc directly instead", first.wrong().getFirst().getKey());
        Map<String, Integer> scores = new HashMap<>();
        for (ClassReport.Score s : r.scores()) scores.put(s.student(), s.score());
        assertEquals(Map.of("Ana", (int) ra.values().stream().filter(x -> x).count(), "Ben", (int) rb.values().stream().filter(x -> x).count()),
                scores);
        assertTrue(r.scores().stream().allMatch(s -> s.questions() == 8), "all 8 questions of the assessment count");
        assertTrue(r.text().contains("skipped " + dir.resolve("corrupt.json")), r.text());
    }
}

final class ClassResultsTestSupport {
    private ClassResultsTestSupport() {}

    static List<String> prompts(Lesson l) {
        return l.steps().stream().filter(s -> s.question() != null).map(s -> s.question().prompt()).toList();
    }
}

package org.vdsoexplorer.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 26 item 3: an assessment's questions are drawn from a seed (scenario, variant, clock, writer updates), two
 * seeds give different papers, and each drawn question's answer is the model's for that draw.
 */
class AssessmentDrawTest {
    static final Path FILE = Path.of("lessons/13-assessment.md");

    static Lesson parse(Draw d) throws Exception {
        LessonParser.Result r = LessonParser.parse(FILE.toString(), Files.readAllBytes(FILE), d);
        assertTrue(r.problems().isEmpty(), r.problems().toString());
        return r.lesson();
    }

    /** What a student sees of each drawn step: the prompt and the setup the model runs. */
    static List<String> paper(Lesson l) {
        List<String> out = new ArrayList<>();
        for (Step s : l.steps()) {
            if (s.question() == null) continue;
            out.add(s.question().prompt() + " | " + (s.effectiveSetup() == null ? "-" : s.effectiveSetup().modelSetup()
                    + " " + s.effectiveSetup().writerUpdateAt() + " " + s.effectiveSetup().updateAnchors()));
        }
        return out;
    }

    @Test
    void theShippedAssessmentIsOneAndOffersNoHints() throws Exception {
        Lesson l = parse(Draw.first());
        assertTrue(l.assessment());
        assertEquals(13, l.order());
        for (Step s : l.steps()) {
            if (s.question() != null) assertTrue(s.question().hint() == null || s.question().hint().isBlank(), s.title());
        }
    }

    @Test
    void twoSeedsGiveDifferentQuestionsEachAnsweredByTheModelForItsDraw() throws Exception {
        Lesson a = parse(Draw.seeded(101));
        Lesson b = parse(Draw.seeded(202));
        assertEquals(101, a.seed());
        assertEquals(parse(Draw.seeded(101)).steps().toString(), a.steps().toString(), "a seed draws the same paper every time");
        List<String> pa = paper(a), pb = paper(b);
        int differ = 0;
        for (int i = 0; i < pa.size(); i++) if (!pa.get(i).equals(pb.get(i))) differ++;
        assertTrue(differ >= 3, "the two papers differ in " + differ + " questions:\n" + pa + "\n" + pb);
        assertFalse(String.join("", pa).contains("{scenario}") || String.join("", pa).contains("{say}"), "placeholders are filled");

        Evaluator ev = new Evaluator();
        int compared = 0;
        for (int i = 0; i < a.steps().size(); i++) {
            Step sa = a.steps().get(i), sb = b.steps().get(i);
            if (sa.question() == null || sa.question().type() != Question.Type.PREDICT) continue;
            Answer aa = ev.answer(sa.effectiveSetup(), sa.question());
            Answer ab = ev.answer(sb.effectiveSetup(), sb.question());
            // each is graded against its own draw's model answer: the model's own setup run again agrees
            assertEquals(aa, new Evaluator().answer(sa.effectiveSetup(), sa.question()));
            assertTrue(aa.accepts(aa.value()) && ab.accepts(ab.value()));
            if (!aa.value().equals(ab.value())) {
                compared++;
                assertFalse(aa.accepts(ab.value()), "a neighbour's answer is wrong on this paper: " + sa.title());
            }
        }
        assertTrue(compared >= 1, "at least one drawn question has a different answer for the two seeds");
    }

    @Test
    void drawIsOnlyForAssessmentsAndHintsAreRefusedThere() {
        String draw = """
                ---
                id: x
                title: X
                order: 1
                minutes: 5
                %s
                ---

                ## One

                ```setup
                draw:
                  - {variant: unlikely, say: "the old build"}
                  - {variant: timens-inline}
                ```

                ```question
                type: predict
                predict: seq-parity
                prompt: On {variant}, {say}?
                hint: think
                ```
                """;
        List<Problem> plain = LessonParser.parse("x.md", draw.formatted("").getBytes()).problems();
        assertTrue(plain.stream().anyMatch(p -> p.line() == 12 && p.message().contains("only for an assessment")), plain.toString());
        LessonParser.Result r = LessonParser.parse("x.md", draw.formatted("assessment: true").getBytes(), Draw.forced(0));
        assertTrue(r.problems().stream().anyMatch(p -> p.message().contains("no hints")), r.problems().toString());
        assertNotNull(r.lesson());
        assertEquals("On unlikely, the old build?", r.lesson().steps().getFirst().question().prompt());
        Lesson second = LessonParser.parse("x.md", draw.formatted("assessment: true").getBytes(), Draw.forced(1)).lesson();
        assertEquals("On timens-inline, {say}?", second.steps().getFirst().question().prompt());
        assertNotEquals(r.lesson().steps().getFirst().setup().variant(), second.steps().getFirst().setup().variant());
    }
}

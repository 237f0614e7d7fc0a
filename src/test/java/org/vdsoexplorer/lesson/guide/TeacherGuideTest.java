package org.vdsoexplorer.lesson.guide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.lesson.Answer;
import org.vdsoexplorer.lesson.Challenges;
import org.vdsoexplorer.lesson.ClickTarget;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.LessonLibrary;
import org.vdsoexplorer.lesson.Question;
import org.vdsoexplorer.lesson.Step;

/**
 * Issue 26 item 2: the guide's answer key is what the lesson panel accepts, for every question of every shipped lesson
 * (checked by a second evaluator and the panel's own rules: a choice's text, a prediction's band, a click's target, a
 * challenge's goal); and the guide and worksheet come out as HTML and as PDF whose text holds every answer of the key.
 */
class TeacherGuideTest {
    static final LessonLibrary.Loaded COURSE = LessonLibrary.load(Path.of("lessons"), new Evaluator(), false);

    @Test
    void theAnswerKeyIsWhatThePanelAccepts() throws Exception {
        Evaluator keyed = new Evaluator(), panel = new Evaluator();
        int checked = 0;
        for (Lesson l : COURSE.lessons()) {
            List<AnswerKey.Entry> key = AnswerKey.of(l, Files.readAllBytes(Path.of(l.file())), keyed);
            long questions = l.steps().stream().filter(s -> s.question() != null).count();
            assertTrue(key.size() >= questions, l.id() + ": a key entry for every question");
            for (AnswerKey.Entry e : key) {
                Step s = e.step();
                Question q = s.question();
                String where = l.id() + " step " + s.number() + " " + e.draw();
                assertFalse(e.answer().startsWith("(not computed"), where + ": " + e.answer());
                switch (q.type()) {
                    case CHOICE -> assertTrue(q.options().contains(e.answer()) && e.answer().equals(q.answer()), where);
                    case PREDICT, MODIFY -> {
                        Answer a = panel.answer(s.effectiveSetup(), q);
                        assertTrue(a.accepts(e.answer()), where + ": the panel accepts the key's " + e.answer());
                        if (!Double.isNaN(a.number())) {
                            assertFalse(a.accepts(Answer.trim(a.number() + a.tolerance() + 1)), where + ": and not a value past the band");
                        } else {
                            assertTrue(q.choices(s.effectiveSetup()).stream().filter(c -> !c.equalsIgnoreCase(e.answer()))
                                    .noneMatch(a::accepts), where + ": no other choice is accepted");
                        }
                    }
                    case CLICK -> {
                        ClickTarget t = panel.click(s.effectiveSetup(), q);
                        ClickTarget.Click c = t.insn() == null ? new ClickTarget.Click(ClickTarget.Click.Kind.SLOT, t.slot())
                                : new ClickTarget.Click(ClickTarget.Click.Kind.INSTRUCTION, t.insn().address());
                        assertTrue(t.accepts(c), where);
                        assertEquals(t.value(), e.answer(), where);
                    }
                    case CHALLENGE -> {
                        Challenges.Solution sol = Challenges.solve(s.effectiveSetup(), q.goal(), q.act());
                        assertTrue(q.goal().unmet(sol.facts()).isEmpty(), where + ": the key's solution meets the goal");
                        assertTrue(e.answer().contains(sol.facts().summary()), where + ": " + e.answer());
                    }
                    case EXPLAIN -> assertEquals(q.answer().strip(), e.answer(), where);
                }
                checked++;
            }
        }
        assertTrue(checked > 100, "answers checked: " + checked);
    }

    @Test
    void guideAndWorksheetAsHtmlAndPdfHoldEveryAnswer(@TempDir Path dir) throws Exception {
        List<Lesson> two = COURSE.lessons().stream().filter(l -> l.id().equals("seqlock") || l.assessment()).toList();
        assertEquals(2, two.size());
        Evaluator ev = new Evaluator();
        List<TeacherGuide.Written> w = TeacherGuide.write(two, dir, ev);
        for (TeacherGuide.Written x : w) {
            assertEquals(4, x.files().size());
            Path guidePdf = x.files().get(1);
            assertTrue(guidePdf.getFileName().toString().endsWith("-guide.pdf"), guidePdf.toString());
            String html = Files.readString(x.files().get(0));
            assertTrue(html.contains("A 50-minute lab") && html.contains("Misconceptions"), "the guide's sections");
            try (PDDocument d = Loader.loadPDF(Files.readAllBytes(guidePdf))) {
                String text = new PDFTextStripper().getText(d).replaceAll("\\s+", " ");
                assertFalse(text.contains("U+"), "no character the PDF fonts lack");
                for (AnswerKey.Entry e : AnswerKey.of(x.lesson(), Files.readAllBytes(Path.of(x.lesson().file())), ev)) {
                    String a = TeacherGuide.printable(e.answer()).replace("&gt;", ">").replace("&lt;", "<").replaceAll("\\s+", " ");
                    String head = a.substring(0, Math.min(40, a.length()));
                    assertTrue(text.contains(head), x.lesson().id() + ": the PDF shows the answer '" + head + "'");
                }
                for (String o : x.lesson().objectives()) assertTrue(text.contains(o.substring(0, Math.min(30, o.length()))), o);
            }
            try (PDDocument d = Loader.loadPDF(Files.readAllBytes(x.files().get(3)))) {
                assertTrue(d.getNumberOfPages() >= 1);
                assertTrue(new PDFTextStripper().getText(d).contains("Name:"), "a worksheet to fill in");
            }
        }
    }
}

package org.vdsoexplorer.lesson.guide;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.vdsoexplorer.lesson.Answer;
import org.vdsoexplorer.lesson.Challenges;
import org.vdsoexplorer.lesson.ClickTarget;
import org.vdsoexplorer.lesson.Draw;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.LessonException;
import org.vdsoexplorer.lesson.LessonParser;
import org.vdsoexplorer.lesson.Question;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.lesson.StepSetup;

/**
 * A lesson's answer key (issue 26 item 2): every question's answer as the lesson panel judges it, computed by the model
 * ({@link Evaluator}: a prediction's answer and the band it accepts, the instruction or slot a click must hit, one
 * solution of a challenge) or written by the teacher (a choice, an explanation), with the figures the seeds measured for
 * the same comparison beside a speed answer. An assessment's key has one entry per drawn alternative of each step.
 */
public final class AnswerKey {
    private AnswerKey() {}

    /**
     * One answer. {@code draw}: the alternative in words ("" for an undrawn step); {@code answer}: what the panel
     * accepts; {@code predicted}: the model's answer of a predict question (else null), {@code click} a click's target
     * (else null); {@code detail}: what the model did; {@code measured}: the seeds' figures for the same two setups.
     */
    public record Entry(Step step, String draw, String answer, String accepts, String detail, List<String> measured,
                        Answer predicted, ClickTarget click) {
        public Entry {
            measured = List.copyOf(measured);
        }
    }

    /** The key of {@code l}; {@code source}: the lesson file's bytes (an assessment's alternatives are parsed from them). */
    public static List<Entry> of(Lesson l, byte[] source, Evaluator ev) {
        List<Entry> out = new ArrayList<>();
        List<Lesson> draws = new ArrayList<>(List.of(l));
        if (l.assessment() && source != null) {
            Draw first = Draw.first();
            LessonParser.parse(l.file(), source, first);
            for (int k = 1; k < first.most(); k++) {
                Lesson d = LessonParser.parse(l.file(), source, Draw.forced(k)).lesson();
                if (d != null) draws.add(d);
            }
        }
        for (int i = 0; i < l.steps().size(); i++) {
            Set<String> seen = new LinkedHashSet<>();
            for (Lesson d : draws) {
                if (i >= d.steps().size()) continue;
                Step s = d.steps().get(i);
                if (s.question() == null) continue;
                String drawn = drawnLabel(l, s);
                if (!seen.add(drawn + "\0" + s.question().prompt())) continue;
                out.add(entry(s, drawn, ev));
            }
        }
        return out;
    }

    /** The alternative of an assessment step in words: its setup and writer updates. */
    private static String drawnLabel(Lesson l, Step s) {
        StepSetup e = s.setup();
        if (!l.assessment() || e == null || !e.lines().containsKey("scenario") && !e.lines().containsKey("variant")
                && !e.lines().containsKey("clock")) return "";
        String updates = e.updateAnchors().isEmpty() ? "" : ", writer update at " + String.join(", ",
                e.updateAnchors().stream().map(t -> t.text()).toList());
        return e.scenario().cliName() + " / " + e.variant().cliName() + " / " + e.clock().cliName() + updates
                + (e.compare() == null ? "" : ", against " + e.compareLabel());
    }

    static Entry entry(Step s, String drawn, Evaluator ev) {
        Question q = s.question();
        StepSetup eff = s.effectiveSetup();
        try {
            return switch (q.type()) {
                case CHOICE -> new Entry(s, drawn, q.answer(), "exactly this option", "", List.of(), null, null);
                case EXPLAIN -> new Entry(s, drawn, q.answer().strip(), "self-graded against this model answer", "", List.of(), null, null);
                case PREDICT, MODIFY -> { // a modify question's answer is computed on the toggled build
                    Answer a = ev.answer(eff, q);
                    String band = a.tolerance() > 0 ? String.format(Locale.ROOT, "%s to %s", fmt(a.number() - a.tolerance()),
                            fmt(a.number() + a.tolerance())) : Double.isNaN(a.number()) ? "this answer (any case)" : "exactly";
                    List<String> m = a.measured().stream().map(x -> x.value() + (x.sameFaster() ? "" : " (the other side faster)")
                            + ": " + x.source()).toList();
                    yield new Entry(s, drawn, a.value(), band, a.detail(), m, a, null);
                }
                case CLICK -> {
                    ClickTarget t = ev.click(eff, q);
                    String how = t.insn() == null ? "a click on that slot in the pages view"
                            : "a click on " + (q.click().startsWith("fn:") ? "any" : "that") + " instruction's listing row or its C line";
                    yield new Entry(s, drawn, t.value(), how, t.detail(), List.of(), null, t);
                }
                case CHALLENGE -> {
                    Challenges.Solution sol = Challenges.solve(eff, q.goal(), q.act());
                    long start = q.act() == Question.Act.UPDATES ? Challenges.shown(eff).callStart() : 0;
                    yield new Entry(s, drawn, sol == null ? "(the model found no solution)" : sol.text(start),
                            "any call that meets the goal " + q.goal(), "", List.of(), null, null);
                }
            };
        } catch (LessonException | RuntimeException e) {
            return new Entry(s, drawn, "(not computed: " + e.getMessage() + ")", "", "", List.of(), null, null);
        }
    }

    static String fmt(double d) { return Answer.trim(Math.round(d * 10) / 10.0); }
}

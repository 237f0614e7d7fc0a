package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.sim.Listings;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;

/**
 * The checks that need the model: C lines, addresses and functions against the step's listing, combinations
 * that cannot run, run_to and anchor reachability, {@code expect:} claims against the model's call, every
 * predict and click question's answer (computed, so a question whose answer cannot be computed is a
 * problem), and every challenge (the model must find a solution, and the goal must not be met already). Steps with syntax problems, and steps after a broken setup
 * block (whose inherited scenario/variant/clock is uncertain), are skipped.
 */
public final class LessonChecker {
    private final Evaluator evaluator;

    public LessonChecker(Evaluator evaluator) { this.evaluator = evaluator; }

    public List<Problem> check(Lesson lesson, List<Problem> parseProblems) {
        List<Problem> out = new ArrayList<>();
        List<Step> steps = lesson.steps();
        boolean uncertain = false;
        for (int i = 0; i < steps.size(); i++) {
            Step st = steps.get(i);
            int from = st.line(), to = i + 1 < steps.size() ? steps.get(i + 1).line() - 1 : Integer.MAX_VALUE;
            boolean broken = parseProblems.stream().anyMatch(p -> p.line() >= from && p.line() <= to);
            uncertain |= st.setupBroken();
            if (broken) continue;
            if (uncertain) continue;
            try {
                checkStep(lesson.file(), st, out);
            } catch (RuntimeException | StackOverflowError e) {
                out.add(new Problem(lesson.file(), st.line(), "cannot check this step: " + e));
            }
        }
        return out;
    }

    private void checkStep(String file, Step st, List<Problem> out) {
        StepSetup s = st.setup();
        boolean runnable = true;
        if (s != null) {
            String p = s.modelSetup().problem();
            if (p != null) {
                out.add(new Problem(file, s.lineOf(s.lines().containsKey("variant") ? "variant" : "scenario"), p));
                runnable = false;
            }
            Listing listing = Listings.of(s.variant());
            if (s.runTo() != null && !exists(listing, s.runTo())) {
                out.add(new Problem(file, s.lineOf("run_to"), missing("run_to", s.runTo(), s.variant(), listing)));
                runnable = false;
            }
            for (Target b : s.breakpoints()) {
                if (!exists(listing, b)) out.add(new Problem(file, s.lineOf("breakpoints"), missing("breakpoint", b, s.variant(), listing)));
            }
            Target h = s.focus() == View.CODE && s.highlight() != null ? SetupBlockParser.codeTarget(s.highlight()) : null;
            if (h != null && !exists(listing, h)) out.add(new Problem(file, s.lineOf("highlight"), missing("highlight", h, s.variant(), listing)));
            for (Target u : s.updateAnchors()) {
                if (!exists(listing, u)) {
                    out.add(new Problem(file, s.lineOf("writer_update_at"), missing("writer_update_at", u, s.variant(), listing)));
                    runnable = false;
                }
            }
            if (s.compare() != null) {
                String cp = s.compareSetup().problem();
                if (cp != null) out.add(new Problem(file, s.lineOf("compare"), "compare: " + cp));
                else if (s.compareLabel().isEmpty()) out.add(new Problem(file, s.lineOf("compare"), "compare names the same setup as the step"));
            }
            if (runnable) {
                try {
                    Evaluator.Staged staged = evaluator.stage(s);
                    if (h != null && h.kind() == Target.Kind.ANCHOR) {
                        Anchors.find(staged.timeline(), h, staged.pendingUpdates(), Evaluator.MAX_PREDICT_STEPS, "highlight");
                    }
                } catch (LessonException e) {
                    String m = e.getMessage();
                    out.add(new Problem(file, s.lineOf(m.startsWith("writer_update_at") ? "writer_update_at"
                            : m.startsWith("highlight") ? "highlight" : "run_to"), m));
                    runnable = false;
                }
            }
            if (runnable && s.expect() != null) {
                try {
                    List<String> unmet = s.expect().unmet(evaluator.facts(s));
                    if (!unmet.isEmpty()) out.add(new Problem(file, s.lineOf("expect"), "expect: the model's call does not bear this out: "
                            + String.join("; ", unmet)));
                } catch (LessonException e) {
                    out.add(new Problem(file, s.lineOf("expect"), "expect: " + e.getMessage()));
                }
            }
        }
        Question q = st.question();
        if (q == null || q.type() == Question.Type.CHOICE || q.type() == Question.Type.EXPLAIN) return;
        StepSetup eff = st.effectiveSetup();
        String kind = q.type().name().toLowerCase(java.util.Locale.ROOT);
        if (eff == null) {
            out.add(new Problem(file, q.line(), "a " + kind + " question needs a ```setup block in this step or an earlier one"));
            return;
        }
        if (!runnable) return;
        if (q.type() == Question.Type.CLICK) {
            try {
                evaluator.click(eff, q);
            } catch (LessonException e) {
                out.add(new Problem(file, q.line(), e.getMessage().startsWith("click ") ? e.getMessage()
                        : "click " + q.click() + ": " + e.getMessage()));
            }
            return;
        }
        if (q.type() == Question.Type.CHALLENGE) {
            try {
                Challenges.Solution sol = Challenges.solve(eff, q.goal(), q.act());
                if (sol == null) {
                    out.add(new Problem(file, q.line(), "challenge: the model finds no way to reach the goal (" + q.goal() + ") "
                            + (q.act() == Question.Act.SETUP ? "with any scenario, variant and clock" : q.act() == Question.Act.KERNEL
                            ? "with one update_vsyscall() placed in the shipped capture's host CLOCK_MONOTONIC call, at once or held open"
                            : "with one or two writer updates placed in the call")));
                } else if (sol.setup() == null && sol.placements().isEmpty() || sol.setup() != null
                        && sol.setup().equals(eff.modelSetup())) {
                    out.add(new Problem(file, q.line(), "challenge: the goal (" + q.goal() + ") is already met before the student acts"));
                }
            } catch (LessonException e) {
                out.add(new Problem(file, q.line(), "challenge: " + e.getMessage()));
            }
            return;
        }
        if (q.type() == Question.Type.MODIFY && q.modified(eff) == null) {
            out.add(new Problem(file, q.line(), Evaluator.toggleProblem(q.toggle(), eff.variant())));
            return;
        }
        if (q.type() == Question.Type.MODIFY && (st.setup() == null || st.setup().focus() != View.CODE)) {
            out.add(new Problem(file, q.line(), "a modify question needs focus: code in a ```setup block of its own step: the "
                    + "student toggles the annotation above the C source"));
        }
        if (q.predict().needsCompare() && eff.compare() == null) {
            out.add(new Problem(file, q.line(), "predict " + q.predict().lessonName() + " needs a 'compare' in the step's setup"));
            return;
        }
        if (!runnable) return;
        try {
            Answer a = evaluator.answer(eff, q);
            List<String> choices = q.options();
            if (!choices.isEmpty() && choices.stream().noneMatch(a::accepts)) {
                out.add(new Problem(file, q.line(), "the model's answer '" + a.value() + "' is not among the options"));
            }
            // a student who answers with a measured figure the step cites must not be marked wrong
            String text = String.join("\n", st.body(), q.prompt(), q.hint(), q.explain());
            for (String ex : a.excluded(text)) {
                out.add(new Problem(file, q.line(), "predict " + q.predict().lessonName() + ": " + ex
                        + "; widen 'tolerance' to cover both, or ask which is faster"));
            }
        } catch (LessonException e) {
            out.add(new Problem(file, q.line(), "predict " + q.predict().lessonName() + ": cannot compute the answer: " + e.getMessage()));
        }
    }

    private static boolean exists(Listing l, Target t) {
        return switch (t.kind()) {
            case C_LINE -> l.instructions().stream().anyMatch(i -> i.source().line() == t.value());
            case ASM -> l.indexOf(t.value()) >= 0;
            case FUNCTION -> l.instructions().stream().anyMatch(i -> i.source().function().equals(t.name()));
            default -> true;
        };
    }

    private static String missing(String what, Target t, Variant v, Listing l) {
        String file = l.instructions().stream().map(Instruction::source).filter(s -> s.isKnown()).map(s -> s.file())
                .findFirst().orElse("the C model");
        return switch (t.kind()) {
            case C_LINE -> what + " " + t.text() + ": no instruction of variant '" + v.cliName() + "' comes from " + file
                    + " line " + t.value();
            case ASM -> what + " " + t.text() + ": no instruction of variant '" + v.cliName() + "' starts at 0x"
                    + Long.toHexString(t.value()) + " (its text is 0x" + Long.toHexString(l.textStart()) + "-0x"
                    + Long.toHexString(l.textEnd()) + ")";
            case FUNCTION -> what + " " + t.text() + ": no instruction of variant '" + v.cliName() + "' comes from a function "
                    + t.name() + "()";
            default -> what + " " + t.text();
        };
    }
}

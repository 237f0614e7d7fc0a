package org.vdsoexplorer.lesson;

import java.util.List;
import java.util.Map;

/**
 * A step's ```question block. {@code line} is the block's first line in the lesson file. Kinds:
 * <ul>
 * <li>{@code choice}: {@code options} and the teacher's {@code answer} (one of them), {@code feedback} per
 * wrong option, {@code attempts} tries before the answer is shown;</li>
 * <li>{@code predict}: {@code predict} says what to predict; the model computes the answer ({@link Evaluator}),
 * never written in the lesson; {@code options} are optional and, if given, must contain it; {@code tolerance}
 * (speedups only, in the answer's unit; NaN: 10 % of the answer); committed once, before the reveal;</li>
 * <li>{@code challenge}: a {@code goal} on the call the student makes in the live views ({@code act}: by placing
 * writer updates, or by picking the setup); checked by the model, with a give-up that shows a solution the
 * model found;</li>
 * <li>{@code click}: click the instruction at an anchor ({@code click}: an anchor name or fn:NAME) in the code
 * view, or {@code next-slot}, the vvar slot the reader reads next, in the pages view; {@code attempts} tries;</li>
 * <li>{@code explain}: the student writes an explanation and grades it against the teacher's {@code answer};</li>
 * <li>{@code modify}: PRIMM's Modify: the student predicts ({@code predict}, as a predict question) what the build with
 * the {@code toggle} annotation toggled will do, then toggles it in the code view's C pane; the answer is computed on
 * that build ({@link #modified}).</li>
 * </ul>
 * {@code {answer}} in {@code explain} is replaced by the model's (or the teacher's) answer when shown.
 */
public record Question(int line, Type type, String prompt, List<String> options, String answer, PredictKind predict,
                       double tolerance, String hint, String explain, Map<String, String> feedback, int attempts,
                       Goal goal, Act act, String click, Annotation toggle) {

    public enum Type { CHOICE, PREDICT, CHALLENGE, CLICK, EXPLAIN, MODIFY }

    /** How the student acts on a challenge: place writer updates on the timeline, or pick scenario, variant and clock. */
    public enum Act { UPDATES, SETUP, KERNEL }

    /** What {@code click: kernel-counter-read} asks for: the counter read in the Your kernel tab's listing. */
    public static final String KERNEL_COUNTER_READ = "kernel-counter-read";

    /** What {@code click: next-slot} asks for: a slot in the pages view. */
    public static final String NEXT_SLOT = "next-slot";

    public Question {
        options = List.copyOf(options);
        feedback = Map.copyOf(feedback);
    }

    /** A question that toggles nothing (every kind but modify). */
    public Question(int line, Type type, String prompt, List<String> options, String answer, PredictKind predict, double tolerance,
                    String hint, String explain, Map<String, String> feedback, int attempts, Goal goal, Act act, String click) {
        this(line, type, prompt, options, answer, predict, tolerance, hint, explain, feedback, attempts, goal, act, click, null);
    }

    /** Whether the model computes the answer of a prediction: predict and modify questions. */
    public boolean predicts() { return type == Type.PREDICT || type == Type.MODIFY; }

    /**
     * The setup the answer is computed on: {@code eff} itself, or for a modify question {@code eff} with its variant
     * toggled ({@link Annotation#toggle}); null if the annotation does not apply to {@code eff}'s variant.
     */
    public StepSetup modified(StepSetup eff) {
        if (type != Type.MODIFY || eff == null) return eff;
        org.vdsoexplorer.sim.Variant v = toggle.toggle(eff.variant());
        if (v == null) return null;
        return new StepSetup(eff.line(), eff.modelSetup().with(v), eff.runTo(), eff.writerUpdateAt(), eff.breakpoints(),
                eff.compareSetup(), eff.focus(), eff.highlight(), eff.lines(), eff.updateAnchors(), eff.expect());
    }

    /** The choices to offer: the options written, else the predict kind's fixed choices (may be empty). */
    public List<String> choices(StepSetup setup) {
        if (!options.isEmpty() || !predicts()) return options;
        return predict.choices(setup);
    }

    /** The anchor a code-view click question asks for (null for next-slot and other kinds). */
    public Target clickAnchor() {
        return type != Type.CLICK || NEXT_SLOT.equals(click) || KERNEL_COUNTER_READ.equals(click) ? null : Target.anchor(click);
    }

    /** {@code text} with {@code {answer}} replaced by {@code answer}. */
    public static String withAnswer(String text, String answer) {
        return text == null ? "" : text.replace("{answer}", answer == null ? "?" : answer);
    }
}

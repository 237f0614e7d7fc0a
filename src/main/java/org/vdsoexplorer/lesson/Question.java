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
 * <li>{@code explain}: the student writes an explanation and grades it against the teacher's {@code answer}.</li>
 * </ul>
 * {@code {answer}} in {@code explain} is replaced by the model's (or the teacher's) answer when shown.
 */
public record Question(int line, Type type, String prompt, List<String> options, String answer, PredictKind predict,
                       double tolerance, String hint, String explain, Map<String, String> feedback, int attempts,
                       Goal goal, Act act, String click) {

    public enum Type { CHOICE, PREDICT, CHALLENGE, CLICK, EXPLAIN }

    /** How the student acts on a challenge: place writer updates on the timeline, or pick scenario, variant and clock. */
    public enum Act { UPDATES, SETUP }

    /** What {@code click: next-slot} asks for: a slot in the pages view. */
    public static final String NEXT_SLOT = "next-slot";

    public Question {
        options = List.copyOf(options);
        feedback = Map.copyOf(feedback);
    }

    /** The choices to offer: the options written, else the predict kind's fixed choices (may be empty). */
    public List<String> choices(StepSetup setup) {
        if (!options.isEmpty() || type != Type.PREDICT) return options;
        return predict.choices(setup);
    }

    /** The anchor a code-view click question asks for (null for next-slot and other kinds). */
    public Target clickAnchor() {
        return type != Type.CLICK || NEXT_SLOT.equals(click) ? null : Target.anchor(click);
    }

    /** {@code text} with {@code {answer}} replaced by {@code answer}. */
    public static String withAnswer(String text, String answer) {
        return text == null ? "" : text.replace("{answer}", answer == null ? "?" : answer);
    }
}

package org.vdsoexplorer.model.lesson;

import java.util.List;

/**
 * A step's ```question block. {@code choice}: {@code options} and the teacher's {@code answer} (one of
 * the options). {@code predict}: {@code predict} says what to predict; the answer is computed by the
 * model ({@link Evaluator}), never written in the lesson; {@code options} are optional and, if given,
 * must contain the computed answer; {@code tolerance} (speedups only, in the answer's unit; NaN: the
 * default of 10 % of the answer). {@code line} is the block's first line in the lesson file.
 */
public record Question(int line, Type type, String prompt, List<String> options, String answer, PredictKind predict,
                       double tolerance, String hint, String explain) {

    public enum Type { CHOICE, PREDICT }

    public Question {
        options = List.copyOf(options);
    }

    /** The choices to offer: the options written, else the predict kind's fixed choices (may be empty). */
    public List<String> choices(StepSetup setup) {
        if (!options.isEmpty() || type == Type.CHOICE) return options;
        return predict.choices(setup);
    }
}

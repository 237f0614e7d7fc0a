package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A predict question's answer as the model computed it: the value to show, the number (NaN for
 * name-valued kinds), the tolerance a guess may be off by (0: exact), and what the model did to get it
 * (e.g. "the load at 0x3c3 read vvar slot 0 (TIMENS) vdso_data[CS_HRES_COARSE].seq = 1, reader step 7").
 * {@code measured}: for a speed comparison, what the seeds measured for the same two setups (empty when no seed
 * table has both); a band that marks one of them wrong is a lesson's mistake ({@link #excluded}).
 */
public record Answer(PredictKind kind, String value, double number, double tolerance, String detail,
                     List<Measured> measured) {

    /**
     * A measured figure for the same question: {@code value} in the answer's form (the percent or factor, or the
     * faster side's label), {@code sameFaster} whether the seed found the same side faster as the model, {@code source}
     * the seed table and cells in words, {@code anchor} the entry of docs/sources.md its table cites ("s4"; "" if none).
     */
    public record Measured(String value, boolean sameFaster, String source, String anchor) {

        /** Whether {@code text} (a step's prose and its question's texts) links to the entry this figure comes from. */
        public boolean citedIn(String text) {
            return !anchor.isEmpty() && java.util.regex.Pattern.compile("sources\\.md#" + anchor + "(?![0-9])").matcher(text).find();
        }
    }

    public Answer {
        measured = List.copyOf(measured);
    }

    public Answer(PredictKind kind, String value, double number, double tolerance, String detail) {
        this(kind, value, number, tolerance, detail, List.of());
    }

    /**
     * The measured figures the step cites ({@code stepText} links to their source) that this answer would mark wrong,
     * each in words (empty: it accepts every one): a seed that found the other side faster, or a number outside the
     * band of the model's figure and the tolerance.
     */
    public List<String> excluded(String stepText) {
        List<String> out = new ArrayList<>();
        for (Measured m : measured) {
            if (!m.citedIn(stepText)) continue;
            if (!m.sameFaster()) {
                out.add("the model's answer has the other side faster than the seeds measured (" + m.source() + ")");
            } else if (!accepts(m.value())) {
                out.add(String.format(Locale.ROOT, "its band, %s +- %s, marks the measured %s wrong (%s)", value,
                        trim(tolerance), m.value(), m.source()));
            }
        }
        return out;
    }

    /** A tolerance as written: 3, 0.6. */
    public static String trim(double d) { return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.1f", d); }

    /**
     * Whether a student's answer counts as right: a name compared ignoring case, a number read by {@link NumericGuess}
     * (decimal point or comma, hex for the counts, the kind's unit) within the tolerance; a number that cannot be read is
     * not right (the answer field refuses it before it is committed).
     */
    public boolean accepts(String guess) {
        if (guess == null) return false;
        if (Double.isNaN(number)) return guess.strip().equalsIgnoreCase(value);
        NumericGuess g = NumericGuess.read(guess, kind);
        return g.ok() && Math.abs(g.value() - number) <= tolerance + 1e-9;
    }
}

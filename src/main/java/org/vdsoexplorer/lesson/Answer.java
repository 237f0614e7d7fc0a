package org.vdsoexplorer.lesson;

/**
 * A predict question's answer as the model computed it: the value to show, the number (NaN for
 * name-valued kinds), the tolerance a guess may be off by (0: exact), and what the model did to get it
 * (e.g. "the load at 0x3c3 read vvar slot 0 (TIMENS) vdso_data[CS_HRES_COARSE].seq = 1, reader step 7").
 */
public record Answer(PredictKind kind, String value, double number, double tolerance, String detail) {

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

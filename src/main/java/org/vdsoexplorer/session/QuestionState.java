package org.vdsoexplorer.session;

import org.vdsoexplorer.lesson.NumericGuess;
import org.vdsoexplorer.lesson.PredictKind;

/**
 * Where the student is with the question of a lesson step (no JavaFX): tries used out of those allowed,
 * the prediction committed before a reveal ("I don't know" is a commitment too), and whether the question
 * is over (answered right, out of tries, revealed or given up). The lesson panel shows it; the rules live here.
 */
public final class QuestionState {
    /** What an attempt leads to. */
    public enum Outcome { RIGHT, TRY_AGAIN, OUT_OF_TRIES }

    private final int attempts;
    private int used;
    private boolean committed, over, right;
    private String prediction;

    /** {@code attempts}: tries allowed (at least one; 0 or less: unlimited, as for challenges). */
    public QuestionState(int attempts) { this.attempts = attempts; }

    /** Records one try; after the question is over further tries change nothing and repeat the outcome. */
    public Outcome attempt(boolean correct) {
        if (over) return right ? Outcome.RIGHT : Outcome.OUT_OF_TRIES;
        used++;
        if (correct) {
            over = true;
            right = true;
            return Outcome.RIGHT;
        }
        if (attempts > 0 && used >= attempts) {
            over = true;
            return Outcome.OUT_OF_TRIES;
        }
        return Outcome.TRY_AGAIN;
    }

    /** Tries left (Integer.MAX_VALUE: unlimited). */
    public int left() { return attempts <= 0 ? Integer.MAX_VALUE : Math.max(0, attempts - used); }

    public int used() { return used; }

    /** Commits a prediction before the reveal; null: "I don't know". Only the first commitment counts. */
    public boolean commit(String guess) {
        if (committed) return false;
        committed = true;
        prediction = guess;
        return true;
    }

    /**
     * Commits a prediction the student typed (not picked from choices) for a question of kind {@code kind}: a numeric
     * kind's text must read as a number ({@link NumericGuess}), else nothing is committed and the refusal, saying how
     * to write the number, is returned. Null: committed (or already committed before).
     */
    public String commitTyped(String typed, PredictKind kind) {
        if (!committed && kind != null && kind.numeric()) {
            NumericGuess g = NumericGuess.read(typed, kind);
            if (!g.ok()) return g.refusal();
        }
        commit(typed);
        return null;
    }

    public boolean committed() { return committed; }

    /** The committed prediction, or null ("I don't know", or nothing committed yet). */
    public String prediction() { return prediction; }

    /** Ends the question without the right answer (revealed, shown, given up). */
    public void giveUp() { over = true; }

    /** Ends the question with a verdict given outside the tries (a reveal, a self-grade). */
    public void finish(boolean correct) {
        if (over) return;
        over = true;
        right = correct;
    }

    public boolean over() { return over; }

    /** Right in the end (within the tries, or a right prediction). */
    public boolean right() { return right; }
}

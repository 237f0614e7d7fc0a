package org.vdsoexplorer.lesson;

import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.vdsoexplorer.util.AtomicFiles;
import org.vdsoexplorer.util.BadInputException;

/**
 * Which alternative of a setup block's {@code draw:} list each step of an assessment lesson takes (issue 26 item 3):
 * drawn from a seed ({@link #seeded}), so two students with different seeds get different scenarios, variants, clocks
 * and writer updates and each answer is computed by the model for that draw; or forced to the k-th alternative of every
 * step ({@link #forced}), which check-lessons uses to check every alternative. Records how many alternatives the most
 * generous step offered ({@link #most()}). Not thread-safe: one per parse.
 */
public final class Draw {
    /** At most this many alternatives in one draw list. */
    public static final int MAX_ALTERNATIVES = 12;
    /** Seeds a student sees and types: 1 to 999999. */
    public static final int MAX_SEED = 999_999;

    private final long seed;
    private final int forced;
    private int most = 1;

    private Draw(long seed, int forced) {
        this.seed = seed;
        this.forced = forced;
    }

    /** Every step draws from {@code seed}. */
    public static Draw seeded(long seed) { return new Draw(seed, -1); }

    /** Every step takes alternative {@code k} (modulo its count). */
    public static Draw forced(int k) { return new Draw(0, k); }

    /** The first alternative of every step (a lesson loaded for the list, check-lessons' first pass). */
    public static Draw first() { return forced(0); }

    /** The seed (0 for a forced draw). */
    public long seed() { return forced >= 0 ? 0 : seed; }

    /** Whether the alternatives came from a seed. */
    public boolean isSeeded() { return forced < 0; }

    /** The most alternatives one step offered so far (1 if none). */
    public int most() { return most; }

    /** The alternative (0-based, of {@code n}) step {@code step} takes. */
    int pick(int step, int n) {
        most = Math.max(most, n);
        if (n <= 1) return 0;
        if (forced >= 0) return forced % n;
        // one stream per step, so adding a step to the lesson leaves the other steps' draws as they were
        return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + step * 0xBF58476D1CE4E5B9L).nextInt(n);
    }

    /**
     * An assessment step's text with the draw filled in: {@code {scenario}}, {@code {variant}} and {@code {clock}} the
     * names of the step's setup ({@code eff}, null: left as written), {@code {say}} the drawn alternative's {@code say:}.
     */
    static String fill(String text, StepSetup eff, String said) {
        if (text == null) return null;
        String t = text;
        if (eff != null) {
            t = t.replace("{scenario}", eff.scenario().cliName()).replace("{variant}", eff.variant().cliName())
                    .replace("{clock}", eff.clock().cliName());
        }
        return said == null ? t : t.replace("{say}", said);
    }

    /** A new seed for a student: {@code 1 .. MAX_SEED}. */
    public static long newSeed(java.util.random.RandomGenerator r) { return 1 + r.nextInt(MAX_SEED); }

    /**
     * The assessment {@code l} drawn for {@code seed}: its file read again (the hardened loader) and parsed with the
     * seed. Throws if the file cannot be read or no longer parses as a lesson.
     */
    public static Lesson drawn(Lesson l, long seed) throws BadInputException {
        byte[] bytes = AtomicFiles.input(Path.of(l.file()), LessonParser.MAX_BYTES, "a lesson", LinkOption.NOFOLLOW_LINKS);
        LessonParser.Result r = LessonParser.parse(l.file(), bytes, seeded(seed));
        if (r.lesson() == null) {
            Problem p = r.problems().isEmpty() ? new Problem(l.file(), 1, "cannot be read as a lesson") : r.problems().getFirst();
            throw new BadInputException(p.file(), p.line(), p.message());
        }
        return r.lesson();
    }
}

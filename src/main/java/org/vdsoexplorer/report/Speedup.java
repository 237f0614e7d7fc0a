package org.vdsoexplorer.report;

import java.util.Locale;

/**
 * How much faster one of two setups is, from their steady-state report rows, in calls per 3 s (the unit
 * of gettime_perf, the seeds' benchmark): which one makes more calls, the ratio (at least 1), the percent
 * more (one decimal) and the factor (one decimal), as a lesson's speed question also rounds them.
 */
public record Speedup(Row a, Row b) {

    /** Both make the same number of calls in 3 s (to the percent's one decimal). */
    public boolean same() { return percent() == 0; }

    public boolean aFaster() { return a.callsIn3s() > b.callsIn3s(); }

    /** The faster one's calls over the slower one's (1 when equal). */
    public double ratio() {
        long hi = Math.max(a.callsIn3s(), b.callsIn3s()), lo = Math.min(a.callsIn3s(), b.callsIn3s());
        return lo == 0 ? Double.POSITIVE_INFINITY : (double) hi / lo;
    }

    /** How many percent more calls the faster one makes, to one decimal. */
    public double percent() { return Math.round((ratio() - 1) * 1000) / 10.0; }

    /** The ratio to one decimal. */
    public double factor() { return Math.round(ratio() * 10) / 10.0; }

    /**
     * "A makes 2.3 % more calls in 3 s than B" (a percent below 2x, else "2.9× the calls in 3 s of B"), naming the
     * panes {@code nameA} and {@code nameB}.
     */
    public String sentence(String nameA, String nameB) {
        if (same()) return nameA + " and " + nameB + " make the same number of calls in 3 s";
        String fast = aFaster() ? nameA : nameB, slow = aFaster() ? nameB : nameA;
        return ratio() < 2 ? String.format(Locale.ROOT, "%s makes %.1f %% more calls in 3 s than %s", fast, percent(), slow)
                : String.format(Locale.ROOT, "%s makes %.1f\u00d7 the calls in 3 s of %s", fast, factor(), slow);
    }
}

package org.vdsoexplorer.report;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.vdsoexplorer.sim.Setup;

/**
 * Steady-state figures of a setup: its {@link Report} row (after {@link Report#WARMUP_CALLS} warm-up calls,
 * the average over {@link Report#WINDOW_TICKS} writer ticks), measured once per setup and kept, so the
 * counters bar, the compare tab and anything else that shows "steady state" show the same figure. The
 * measurement is deterministic, so a kept row is the row a new measurement would give. Thread-safe.
 */
public final class SteadyFigures {
    private static final Map<Setup, Row> ROWS = new ConcurrentHashMap<>();

    private SteadyFigures() {}

    /** What the report measures for {@code s}: {@code s}, with the report's writer tick if {@code s} has none. */
    public static Setup measured(Setup s) {
        return s.tickCycles() > 0 ? s : s.withTick(Setup.tickCycles(s.ghz(), Report.TICK_HZ));
    }

    /** The row of {@code s} if it was measured, else null (never blocks). */
    public static Row cached(Setup s) { return ROWS.get(measured(s)); }

    /** The row of {@code s}, measured now on the calling thread if it was not yet. */
    public static Row of(Setup s) {
        Setup m = measured(s);
        Row r = ROWS.get(m);
        if (r != null) return r;
        r = Report.measure(m);
        ROWS.putIfAbsent(m, r);
        return r;
    }
}

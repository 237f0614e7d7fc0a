package org.vdsoexplorer.report;

import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.util.Lru;

/**
 * Steady-state figures of setups: a setup's {@link Report} row (after {@link Report#WARMUP_CALLS} warm-up calls,
 * the average over {@link Report#WINDOW_TICKS} writer ticks), measured once and kept by whoever owns this
 * instance (a window's counters bar and compare tab share their window's, an evaluator has its own), so
 * everything that shows "steady state" from one owner shows the same figure without measuring it twice. The
 * measurement is deterministic, so a kept row is the row a new measurement would give. Keyed by the setup's
 * value (its cost table compares by its figures); at most {@link #CAPACITY} rows, the least recently used
 * dropped. Thread-safe.
 */
public final class SteadyFigures {
    /**
     * Rows kept at most: every cell of a full report (scenarios x variants x report clocks x compilers is a few
     * hundred) fits, at about a hundred bytes a row.
     */
    public static final int CAPACITY = 1024;

    private final Lru<Setup, Row> rows;

    public SteadyFigures() { this(CAPACITY); }

    /** Figures keeping at most {@code capacity} rows. */
    public SteadyFigures(int capacity) { rows = new Lru<>(capacity); }

    /** What the report measures for {@code s}: {@code s}, with the report's writer tick if {@code s} has none. */
    public static Setup measured(Setup s) {
        return s.tickCycles() > 0 ? s : s.withTick(Setup.tickCycles(s.ghz(), Report.TICK_HZ));
    }

    /** The row of {@code s} if it was measured, else null (never blocks). */
    public Row cached(Setup s) { return rows.get(measured(s)); }

    /** The row of {@code s}, measured now on the calling thread if it was not yet. */
    public Row of(Setup s) { return rows.computeIfAbsent(measured(s), Report::measure); }

    /** Rows kept now (at most the capacity). */
    public int size() { return rows.size(); }
}

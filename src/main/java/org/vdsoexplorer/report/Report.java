package org.vdsoexplorer.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.TimingModel;

/**
 * Measures report rows by execution: warm up (train the branch predictor), then run calls for
 * {@link #WINDOW_TICKS} writer tick periods of simulated time and divide. Every call's result is
 * checked against the kernel's reference time; a row counts the calls that disagreed.
 */
public final class Report {
    public static final int WARMUP_CALLS = 64;
    public static final int WINDOW_TICKS = 1;
    public static final double TICK_HZ = 1000;

    private Report() {}

    /** The rows for the chosen filters (null = all), in scenario, variant, clock order, on gcc 12's listings. */
    public static List<Setup> setups(Scenario scenario, Variant variant, Clock clock, CostTable costs, double ghz) {
        return setups(scenario, variant, clock, costs, ghz, Compiler.GCC_12, TimingModel.ADDITIVE);
    }

    /** The rows for the chosen filters (null = all) on {@code compiler}'s listings. */
    public static List<Setup> setups(Scenario scenario, Variant variant, Clock clock, CostTable costs, double ghz,
                                     Compiler compiler) {
        return setups(scenario, variant, clock, costs, ghz, compiler, TimingModel.ADDITIVE);
    }

    /** The rows for the chosen filters (null = all) on gcc 12's listings, charged by {@code timing}. */
    public static List<Setup> setups(Scenario scenario, Variant variant, Clock clock, CostTable costs, double ghz,
                                     TimingModel timing) {
        return setups(scenario, variant, clock, costs, ghz, Compiler.GCC_12, timing);
    }

    /** The rows for the chosen filters (null = all) on {@code compiler}'s listings, charged by {@code timing}. */
    public static List<Setup> setups(Scenario scenario, Variant variant, Clock clock, CostTable costs, double ghz,
                                     Compiler compiler, TimingModel timing) {
        return setups(scenario, variant, clock, costs, ghz, compiler, timing, TICK_HZ);
    }

    /** The rows for the chosen filters (null = all), the writer ticking at {@code tickHz}. */
    public static List<Setup> setups(Scenario scenario, Variant variant, Clock clock, CostTable costs, double ghz,
                                     Compiler compiler, TimingModel timing, double tickHz) {
        return setups(scenario, variant, clock, costs, ghz, compiler, timing, tickHz, false);
    }

    /** As above; with {@code refused} the combinations of the filters that cannot run (each has a problem()) instead. */
    public static List<Setup> setups(Scenario scenario, Variant variant, Clock clock, CostTable costs, double ghz,
                                     Compiler compiler, TimingModel timing, double tickHz, boolean refused) {
        List<Setup> out = new ArrayList<>();
        for (Scenario s : Scenario.values()) {
            if (scenario != null && s != scenario) continue;
            for (Variant v : Variant.values()) {
                if (variant != null && v != variant) continue;
                for (Clock c : Clock.reportClocks()) {
                    if (clock != null && c != clock) continue;
                    Setup setup = new Setup(s, v, c, costs, ghz, Setup.tickCycles(ghz, tickHz), compiler, timing);
                    if ((setup.problem() != null) == refused) out.add(setup);
                }
            }
        }
        return out;
    }

    /**
     * One row: {@link #WARMUP_CALLS} calls, then whole calls until {@link #WINDOW_TICKS} tick periods of
     * simulated time have passed (at least one call; with no ticks, periods of {@link #TICK_HZ}).
     */
    public static Row measure(Setup setup) { return measure(setup, WINDOW_TICKS); }

    /** As {@link #measure(Setup)}, over {@code ticks} tick periods after the warm-up. */
    public static Row measure(Setup setup, int ticks) { return measure(new Machine(setup), ticks); }

    /**
     * As {@link #measure(Setup, int)}, on {@code m}, a machine built from the row's setup and not yet stepped (the
     * tests' way to measure with the pipeline's steady-state replay off).
     */
    static Row measure(Machine m, int ticks) {
        Setup setup = m.setup();
        for (int i = 0; i < WARMUP_CALLS; i++) m.runCallFast();
        long c0 = m.cyclesMilli(), i0 = m.instructions(), n0 = m.calls(), r0 = m.retries() + m.oddSpins(),
                f0 = m.fallbacks();
        // without writer ticks the window is as long as with the report's own tick rate
        long period = setup.tickCycles() > 0 ? setup.tickCycles() : Setup.tickCycles(setup.ghz(), TICK_HZ);
        long window = ticks * period * 1000L;
        long incorrect = m.runCallsUntil(c0 + window);
        long calls = m.calls() - n0;
        double cycles = (m.cyclesMilli() - c0) / 1000.0 / calls;
        double ns = cycles / setup.ghz();
        return new Row(setup.scenario(), setup.variant(), setup.clock(), setup.compiler(), (double) (m.instructions() - i0) / calls,
                cycles, ns, Math.round(3e9 / ns), (double) (m.retries() + m.oddSpins() - r0) / calls,
                (double) (m.fallbacks() - f0) / calls, calls, incorrect, setup.timing());
    }

    /** Measures all {@code setups} on the machine's cores; rows come back in input order. */
    public static List<Row> measureAll(List<Setup> setups) { return measureAll(setups, WINDOW_TICKS); }

    /**
     * The ticks in a window of {@link #WINDOW_TICKS} periods at {@link #TICK_HZ} (1 ms) when the writer ticks at
     * {@code tickHz}: never fewer than {@link #WINDOW_TICKS}, more for denser ticks.
     */
    public static int windowTicks(double tickHz) {
        return (int) Math.max(WINDOW_TICKS, Math.round(WINDOW_TICKS * tickHz / TICK_HZ));
    }

    /**
     * The order rows are started in: one of each scenario in turn (the rows come grouped by scenario). The rows whose
     * calls cannot be replayed (those that always take the system call) are then spread over the run instead of
     * ending it on one core, and the compiler sees every scenario's code early instead of recompiling as each group
     * starts. Measured: report 2.6-2.7 s instead of 3.0-3.6 s on the 2-core machine; the rows come back in input order.
     */
    static List<Integer> interleaved(List<Setup> setups) {
        Map<Scenario, ArrayDeque<Integer>> by = new EnumMap<>(Scenario.class);
        for (int i = 0; i < setups.size(); i++) by.computeIfAbsent(setups.get(i).scenario(), k -> new ArrayDeque<>()).add(i);
        List<Integer> order = new ArrayList<>(setups.size());
        while (order.size() < setups.size()) {
            for (ArrayDeque<Integer> q : by.values()) if (!q.isEmpty()) order.add(q.poll());
        }
        return order;
    }

    /** Measures all {@code setups} over {@code ticks} tick periods each, on the machine's cores, in input order. */
    public static List<Row> measureAll(List<Setup> setups, int ticks) {
        int threads = Math.max(1, Math.min(setups.size(), Runtime.getRuntime().availableProcessors()));
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<Row>> futures = new ArrayList<>(Collections.nCopies(setups.size(), null));
            for (int i : interleaved(setups)) {
                Setup s = setups.get(i);
                futures.set(i, pool.submit(() -> measure(s, ticks)));
            }
            List<Row> rows = new ArrayList<>();
            for (Future<Row> f : futures) rows.add(f.get());
            return rows;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            throw new IllegalStateException(e.getCause());
        }
    }
}

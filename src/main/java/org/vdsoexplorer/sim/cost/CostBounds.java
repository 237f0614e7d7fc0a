package org.vdsoexplorer.sim.cost;

import java.util.List;
import org.vdsoexplorer.util.Range;

/**
 * The physical bounds of every figure in a cost table, checked on loading (ranges, not just syntax): a
 * figure outside them is refused with its file, line and the range in words. The bounds are wide enough
 * for any x86-64 core the model stands for and narrow enough that the model always runs: every
 * instruction costs time (so simulated time advances and the writer's tick comes), no figure is so large
 * that the writer's ticks pile up between two reader steps, and a writer update always fits in a tick.
 *
 * <ul>
 *   <li>{@code cpu.ghz}: 0.1 to 10 GHz (no x86-64 core runs outside that).
 *   <li>{@code instruction.*}: 0.1 to 1,000 cycles: at most 10 instructions retire per cycle on any core;
 *       the slowest microcoded instructions the listings use (div, pause, rdtscp) stay far below 1,000.
 *   <li>{@code branch.*}: 0 to 100 cycles (a mispredict flushes a pipeline at most ~30 stages deep).
 *   <li>{@code kernel.entry.*}: 1 to 100,000 cycles (a syscall with every mitigation in a VM: a few thousand).
 *   <li>{@code kernel.clock_read.*}, {@code kernel.timens_offset}: 0 to 100,000 cycles.
 *   <li>{@code harness.call}: 0 to 1,000 cycles (a call, a compare and a branch).
 *   <li>{@code writer.step}: 0 to 10,000 cycles per step of update_vsyscall(), so that an update
 *       (7 steps) is always shorter than a 1000 Hz tick at the lowest clock rate (100,000 cycles at 0.1 GHz);
 *       near 0 the whole update lands between two reader steps (a modelling device the tests use).
 * </ul>
 */
public final class CostBounds {
    /** One rule: keys equal to {@code key} or under {@code key + "."}. */
    public record Rule(String key, Range range) {}

    public static final Range GHZ = new Range(0.1, 10, "GHz");

    public static final List<Rule> RULES = List.of(
            new Rule("cpu.ghz", GHZ),
            new Rule("instruction", new Range(0.1, 1000, "cycles")),
            new Rule("branch", new Range(0, 100, "cycles")),
            new Rule("kernel.entry", new Range(1, 100_000, "cycles")),
            new Rule("kernel.clock_read", new Range(0, 100_000, "cycles")),
            new Rule("kernel.timens_offset", new Range(0, 100_000, "cycles")),
            new Rule("harness.call", new Range(0, 1000, "cycles")),
            new Rule("writer.step", new Range(0, 10_000, "cycles")));

    private CostBounds() {}

    /** The range for {@code key} (every known key has one). */
    public static Range of(String key) {
        for (Rule r : RULES) if (key.equals(r.key()) || key.startsWith(r.key() + ".")) return r.range();
        throw new IllegalArgumentException("no bounds for cost '" + key + "'");
    }
}

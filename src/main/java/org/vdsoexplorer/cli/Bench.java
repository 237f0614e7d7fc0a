package org.vdsoexplorer.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * Interpreter throughput: simulated instructions per second of the measuring thread's CPU time, one thread, no events.
 * Every listing runs a quarter of the measuring time before any is measured, and again before its own measurement:
 * with only the second, the first listing's figure was taken while the JIT compiler was still compiling the code all
 * four share (the pipeline model's first listing 35.9-41.0 M instructions/s in six runs, the other three 39.7-42.3 in
 * the same runs; docs/benchmarks.md).
 */
final class Bench {
    private Bench() {}

    static int run(Args a, PrintStream out) {
        double seconds = a.one("seconds") == null ? 2
                : Args.decimal("bench", "--seconds", a.one("seconds"), new org.vdsoexplorer.util.Range(0.1, 3600, "seconds"));
        org.vdsoexplorer.sim.timing.TimingModel timing = TimingOption.parse("bench", a, "additive").timing();
        org.vdsoexplorer.sim.Compiler compiler = Cli.compiler("bench", a);
        List<Setup> setups = List.of(
                Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC).with(compiler).with(timing),
                Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC).with(compiler).with(timing),
                Setup.of(Scenario.HOST, Variant.TIMENS_NOINLINE, Clock.MONOTONIC_COARSE).with(compiler).with(timing),
                Setup.of(Scenario.PVCLOCK, Variant.ALWAYS_INLINE, Clock.BOOTTIME).with(compiler).with(timing));
        out.println("# timing: " + timing.label() + "; compiler: " + compiler.cliName());
        long totalInstr = 0, totalNanos = 0;
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        out.printf(Locale.ROOT, "%-12s %-18s %-17s %14s%n", "scenario", "variant", "clock", "M instr/s");
        // every listing warmed before any is measured: the four share the interpreter's and timing model's code, and the
        // JIT compiler's profile then holds all four (no listing measured while its code is still being compiled)
        List<Machine> machines = setups.stream().map(Machine::new).toList();
        for (Machine m : machines) warm(m, seconds);
        for (int i = 0; i < setups.size(); i++) {
            Setup s = setups.get(i);
            Machine m = machines.get(i);
            warm(m, seconds);
            long i0 = m.instructions(), c0 = cpu.getCurrentThreadCpuTime(), end = System.nanoTime() + (long) (seconds * 1e9);
            while (System.nanoTime() < end) for (int k = 0; k < 1000; k++) m.runCall();
            long di = m.instructions() - i0, dt = cpu.getCurrentThreadCpuTime() - c0;
            totalInstr += di;
            totalNanos += dt;
            out.printf(Locale.ROOT, "%-12s %-18s %-17s %14.1f%n", s.scenario().cliName(), s.variant().cliName(),
                    s.clock().cliName(), di / (dt / 1e3));
        }
        out.printf(Locale.ROOT, "overall: %.1f M simulated instructions/s on one core%n", totalInstr / (totalNanos / 1e3));
        return 0;
    }

    /** Runs whole calls on {@code m} for a quarter of {@code seconds}, unmeasured. */
    private static void warm(Machine m, double seconds) {
        long until = System.nanoTime() + (long) (seconds * 0.25e9);
        while (System.nanoTime() < until) m.runCall();
    }
}

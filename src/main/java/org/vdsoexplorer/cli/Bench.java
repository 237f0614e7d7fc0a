package org.vdsoexplorer.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/** Interpreter throughput: simulated instructions per second of host time, one thread, no events. */
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
        out.printf(Locale.ROOT, "%-12s %-18s %-17s %14s%n", "scenario", "variant", "clock", "M instr/s");
        for (Setup s : setups) {
            Machine m = new Machine(s);
            long warm = System.nanoTime() + (long) (seconds * 0.25e9);
            while (System.nanoTime() < warm) m.runCall();
            long i0 = m.instructions(), t0 = System.nanoTime(), end = t0 + (long) (seconds * 1e9);
            while (System.nanoTime() < end) for (int k = 0; k < 1000; k++) m.runCall();
            long di = m.instructions() - i0, dt = System.nanoTime() - t0;
            totalInstr += di;
            totalNanos += dt;
            out.printf(Locale.ROOT, "%-12s %-18s %-17s %14.1f%n", s.scenario().cliName(), s.variant().cliName(),
                    s.clock().cliName(), di / (dt / 1e3));
        }
        out.printf(Locale.ROOT, "overall: %.1f M simulated instructions/s on one core%n", totalInstr / (totalNanos / 1e3));
        return 0;
    }
}

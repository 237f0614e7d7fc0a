package org.vdsoexplorer.report;

import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.TimingModel;

/**
 * One report row: per-call steady-state figures of a scenario x variant x clock, as measured by
 * executing the listing (averages over a window of simulated time with the writer ticking), and the
 * timing model that charged the cycles. {@code incorrect} (column "wrong") counts the calls in the window whose
 * result differed from the kernel's reference time: 0 for every real variant, and what the writer made the
 * variants broken on purpose return.
 */
public record Row(Scenario scenario, Variant variant, Clock clock, Compiler compiler, double instructions, double cycles,
                  double ns, long callsIn3s, double retries, double fallbacks, long calls, long incorrect,
                  TimingModel timing) {

    public static final String[] COLUMNS = {"scenario", "variant", "clock", "compiler", "instructions", "cycles", "ns",
            "calls_in_3s", "retries", "fallbacks", "wrong", "timing"};
}

package org.vdsoexplorer.sim;

import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.TimingModel;

/**
 * What to run: scenario, variant, clock, the cost table, the clock rate for ns figures, the writer's tick
 * period in cycles (0: no periodic ticks, only injected updates), the compiler whose listing runs and the
 * timing model that charges cycles.
 */
public record Setup(Scenario scenario, Variant variant, Clock clock, CostTable costs, double ghz, long tickCycles,
                    Compiler compiler, TimingModel timing) {

    public Setup {
        if (compiler == null) compiler = Compiler.GCC_12;
        if (timing == null) timing = TimingModel.ADDITIVE;
    }

    /** The default compiler's (gcc 12) listing, charged by the additive timing model. */
    public Setup(Scenario scenario, Variant variant, Clock clock, CostTable costs, double ghz, long tickCycles) {
        this(scenario, variant, clock, costs, ghz, tickCycles, Compiler.GCC_12, TimingModel.ADDITIVE);
    }

    /** That compiler's listing, charged by the additive timing model. */
    public Setup(Scenario scenario, Variant variant, Clock clock, CostTable costs, double ghz, long tickCycles,
                 Compiler compiler) {
        this(scenario, variant, clock, costs, ghz, tickCycles, compiler, TimingModel.ADDITIVE);
    }

    /** The default compiler's (gcc 12) listing, charged by that timing model. */
    public Setup(Scenario scenario, Variant variant, Clock clock, CostTable costs, double ghz, long tickCycles,
                 TimingModel timing) {
        this(scenario, variant, clock, costs, ghz, tickCycles, Compiler.GCC_12, timing);
    }

    /** The writer ticking at {@code hz} of simulated time. */
    public static long tickCycles(double ghz, double hz) { return Math.round(ghz * 1e9 / hz); }

    public static Setup of(Scenario s, Variant v, Clock c) {
        CostTable t = CostTable.defaults();
        return new Setup(s, v, c, t, t.ghz(), tickCycles(t.ghz(), 1000));
    }

    public Setup with(Variant v) { return new Setup(scenario, v, clock, costs, ghz, tickCycles, compiler, timing); }

    public Setup with(Scenario s) { return new Setup(s, variant, clock, costs, ghz, tickCycles, compiler, timing); }

    public Setup with(Clock c) { return new Setup(scenario, variant, c, costs, ghz, tickCycles, compiler, timing); }

    public Setup with(Compiler c) { return new Setup(scenario, variant, clock, costs, ghz, tickCycles, c, timing); }

    public Setup with(TimingModel t) { return new Setup(scenario, variant, clock, costs, ghz, tickCycles, compiler, t); }

    public Setup with(CostTable c) { return new Setup(scenario, variant, clock, c, ghz, tickCycles, compiler, timing); }

    public Setup withTick(long cycles) {
        return new Setup(scenario, variant, clock, costs, ghz, cycles, compiler, timing);
    }

    /** Why this combination cannot run, or null if it can. */
    public String problem() {
        if (scenario.legacy() != (variant == Variant.LEGACY)) {
            return scenario.legacy()
                    ? "scenario '" + scenario.cliName() + "' has no vDSO; it runs variant 'legacy'"
                    : "variant 'legacy' only runs the 2007 scenarios (paravirt-2007, sysenter-2007)";
        }
        if (scenario.namespace() && !variant.timens()) {
            return "variant '" + variant.cliName() + "' has no time-namespace support: in scenario '"
                    + scenario.cliName() + "' it would spin forever on the namespace page's odd seq";
        }
        if (scenario.namespace() && variant.expectsV57NamespacePage()) {
            return "variant '" + variant.cliName() + "' checks clock_mode against VDSO_CLOCKMODE_TIMENS (INT_MAX, v5.7+); "
                    + "scenario '" + scenario.cliName() + "' is a " + scenario.kernel() + " kernel whose namespace page "
                    + "holds VCLOCK_TIMENS (UINT_MAX): the code would spin forever on its odd seq";
        }
        if (!scenario.knows(clock)) {
            return "clock '" + clock.cliName() + "' did not exist in scenario '" + scenario.cliName() + "' (a Linux "
                    + scenario.release() + " kernel): it came in Linux " + clock.since() + ", and an older kernel answers "
                    + "its id with -EINVAL";
        }
        long update = org.vdsoexplorer.sim.kernel.Kernel.WRITER_STEPS * costs.writerStepMilli() / 1000;
        if (tickCycles != 0 && tickCycles < update) {
            return "a tick of " + tickCycles + " cycles is shorter than one writer update (" + update
                    + " cycles): ticks must be 0 (none) or at least " + update + " cycles";
        }
        return null;
    }
}

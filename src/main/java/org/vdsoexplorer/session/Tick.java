package org.vdsoexplorer.session;

import org.vdsoexplorer.sim.Setup;

/** The writer's tick choices the window offers: how often update_vsyscall() rewrites vdso_data, in simulated time. */
public enum Tick {
    HZ_1000(1000), HZ_250(250), HZ_100(100), NONE(0);

    /** Ticks per second of simulated time (0: no periodic ticks, only injected updates). */
    public final int hz;

    Tick(int hz) { this.hz = hz; }

    /** The tick period in cycles at {@code ghz} (0 for {@link #NONE}). */
    public long cycles(double ghz) { return hz == 0 ? 0 : Setup.tickCycles(ghz, hz); }

    /** {@code s} with this tick. */
    public Setup applyTo(Setup s) { return s.withTick(cycles(s.ghz())); }

    /** The choice {@code s} runs with, or null if its period is none of these (a demo file may hold any period). */
    public static Tick of(Setup s) {
        for (Tick t : values()) if (t.cycles(s.ghz()) == s.tickCycles()) return t;
        return null;
    }

    public String label() { return hz == 0 ? "no ticks" : "tick " + hz + " Hz"; }
}

package org.vdsoexplorer.sim.kernel;

/** The timekeeping clocksource, and the vDSO clock mode a kernel advertises for it. */
public enum ClockSource {
    /** The CPU's invariant TSC; 1 cycle = 1 count. */
    TSC("tsc", DataLayout.VCLOCK_TSC),
    /** KVM's kvm-clock: ns from a per-vCPU pvclock page scaled from the TSC. */
    PVCLOCK("pvclock", DataLayout.VCLOCK_PVCLOCK),
    /** Hyper-V's reference TSC page: 100 ns units scaled from the TSC. */
    HVCLOCK("hvclock", DataLayout.VCLOCK_HVCLOCK);

    private final String key;
    private final long vclockMode;

    ClockSource(String key, long vclockMode) {
        this.key = key;
        this.vclockMode = vclockMode;
    }

    /** The cost-table key of the kernel's own read of this clocksource. */
    public String costKey() { return key; }

    public long vclockMode() { return vclockMode; }

    /** Counts per second of the clocksource. */
    public double hz(double tscHz) {
        return switch (this) {
            case TSC -> tscHz;
            case PVCLOCK -> 1e9;
            case HVCLOCK -> 1e7;
        };
    }
}

package org.vdsoexplorer.sim.kernel;

/** What a vvar page holds. */
public enum PageKind {
    VVAR("VVAR", "the real vdso_data[2]"),
    PVCLOCK("PVCLOCK", "vCPU 0's KVM pvclock_vcpu_time_info"),
    HVCLOCK("HVCLOCK", "Hyper-V reference TSC page"),
    TIMENS("TIMENS", "namespace page: seq=1, clock_mode=TIMENS, offset[]");

    private final String label, holds;

    PageKind(String label, String holds) {
        this.label = label;
        this.holds = holds;
    }

    public String label() { return label; }

    public String holds() { return holds; }
}

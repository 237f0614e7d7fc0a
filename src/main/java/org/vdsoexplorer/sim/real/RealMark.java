package org.vdsoexplorer.sim.real;

/** What a call of the captured code did at a step ({@link RealTrace#path()}), in the order it did it. */
public enum RealMark {
    CLOCK_ID("tests the clock id against the vDSO's masks"),
    NAMESPACE_PAGE("finds the namespace page in slot 0 and goes to the data in slot 1"),
    SEQ_BEGIN("reads seq (even: no update in progress)"),
    ODD_SPIN("reads an odd seq: an update is in progress, so it waits"),
    CLOCK_MODE("reads clock_mode: which counter to read"),
    COUNTER("reads the counter"),
    PVCLOCK("reads the hypervisor's pvclock page"),
    BASE("reads a base time"),
    SEQ_SAME("rechecks seq: unchanged, the values read belong together"),
    RETRY("rechecks seq: changed, so it reads everything again"),
    SYSCALL("falls back to the system call"),
    RETURN("returns");

    public final String says;

    RealMark(String says) { this.says = says; }
}

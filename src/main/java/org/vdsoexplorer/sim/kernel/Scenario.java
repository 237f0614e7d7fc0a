package org.vdsoexplorer.sim.kernel;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A machine and task to run the read path on: which clocksource the kernel uses, which clock mode it
 * advertises to the vDSO, whether the task is in a time namespace, and how clock_gettime() is entered.
 */
public enum Scenario {
    HOST("host", "Bare-metal x86-64, TSC clocksource, task in the initial time namespace",
            ClockSource.TSC, DataLayout.VCLOCK_TSC, false, Entry.VDSO, "v5.6", "5.6"),
    TIMENS("timens", "Same machine, task in a time namespace (monotonic +500 s, boottime +1000 s)",
            ClockSource.TSC, DataLayout.VCLOCK_TSC, true, Entry.VDSO, "v5.6", "5.6"),
    PVCLOCK("pvclock", "KVM guest, kvm-clock clocksource read through the pvclock page",
            ClockSource.PVCLOCK, DataLayout.VCLOCK_PVCLOCK, false, Entry.VDSO, "v5.6", "5.6"),
    HYPERV("hyperv", "Hyper-V guest, clocksource read through the reference TSC page (HVCLOCK works)",
            ClockSource.HVCLOCK, DataLayout.VCLOCK_HVCLOCK, false, Entry.VDSO, "v5.6", "5.6"),
    HYPERV_5_13("hyperv-5.13-rc1", "Hyper-V guest on v5.13-rc1: '#ifdef VDSO_CLOCKMODE_HVCLOCK' on an enum "
            + "constant leaves clock_mode NONE, so every hres call falls back to the syscall",
            ClockSource.HVCLOCK, DataLayout.VCLOCK_NONE, false, Entry.VDSO, "v5.13-rc1", "5.13"),
    PARAVIRT_2007("paravirt-2007", "2007 i386 kernel with CONFIG_PARAVIRT: vDSO off, each call is a syscall "
            + "entered with int $0x80", ClockSource.TSC, DataLayout.VCLOCK_NONE, false, Entry.INT80, "2007 i386", "2.6.20"),
    SYSENTER_2007("sysenter-2007", "2007 i386 kernel without PARAVIRT: each call is a syscall entered with "
            + "sysenter through __kernel_vsyscall", ClockSource.TSC, DataLayout.VCLOCK_NONE, false, Entry.SYSENTER, "2007 i386", "2.6.20");

    /** How the caller reaches the kernel's time. */
    public enum Entry {
        VDSO("__vdso_clock_gettime"),
        INT80("legacy_int80_clock_gettime"),
        SYSENTER("legacy_sysenter_clock_gettime");

        private final String symbol;

        Entry(String symbol) { this.symbol = symbol; }

        public String symbol() { return symbol; }
    }

    public static final long TIMENS_MONOTONIC_OFFSET_SEC = 500;
    public static final long TIMENS_BOOTTIME_OFFSET_SEC = 1000;

    private final String cliName, description;
    private final ClockSource source;
    private final long vdsoMode;
    private final boolean namespace;
    private final Entry entry;
    private final String kernel, release;

    Scenario(String cliName, String description, ClockSource source, long vdsoMode, boolean namespace, Entry entry,
             String kernel, String release) {
        this.kernel = kernel;
        this.release = release;
        this.cliName = cliName;
        this.description = description;
        this.source = source;
        this.vdsoMode = vdsoMode;
        this.namespace = namespace;
        this.entry = entry;
    }

    public String cliName() { return cliName; }

    public String description() { return description; }

    public ClockSource source() { return source; }

    /** The clock_mode the kernel writes into vdso_data. */
    public long vdsoMode() { return vdsoMode; }

    public boolean namespace() { return namespace; }

    public Entry entry() { return entry; }

    /** The kernel release this scenario models ("v5.6", "v5.13-rc1", "2007 i386"). */
    public String kernel() { return kernel; }

    /**
     * The release number of that kernel ("5.6", "5.13", "2.6.20": the 2007 scenarios follow Tim Chen's 32-bit
     * 2.6.20 measurements, docs/sources.md#s6), which decides the clock ids it knows ({@link Clock#existsIn}).
     */
    public String release() { return release; }

    /** Whether this scenario's kernel knows {@code clock} (the 2007 kernel has no coarse, raw, boottime or TAI clock). */
    public boolean knows(Clock clock) {
        boolean[] k = known;
        if (k == null) { // made once (every fallback call asks): the same answer for every call
            k = new boolean[Clock.values().length];
            for (Clock c : Clock.values()) k[c.ordinal()] = c.existsIn(release);
            known = k;
        }
        return k[clock.ordinal()];
    }

    /** {@link #knows} by clock ordinal, made on first use (volatile: measurements run on several threads). */
    private volatile boolean[] known;

    /**
     * Whether update_vsyscall() skips update_vdso_data() when clock_mode is NONE: v5.7 and later
     * ("if (clock_mode != VDSO_CLOCKMODE_NONE)"); v5.6 always writes it (__arch_update_vdso_data() is true).
     */
    public boolean skipsHresForNone() { return kernel.startsWith("v5.13"); }


    /** The 2007 scenarios run the legacy listing; the others run a vDSO variant. */
    public boolean legacy() { return entry != Entry.VDSO; }

    /**
     * The scenario named {@code s}; {@code hyperv-5.13}, its name before it said which release candidate shipped
     * the regression (v5.13-rc1 only: the fix 3486d2c9be65 went into v5.13-rc2), still opens demo files and lessons
     * written with it.
     */
    public static Optional<Scenario> byName(String s) {
        if ("hyperv-5.13".equals(s)) return Optional.of(HYPERV_5_13);
        return Arrays.stream(values()).filter(v -> v.cliName.equals(s)).findFirst();
    }

    public static String names() { return Arrays.stream(values()).map(Scenario::cliName).collect(Collectors.joining(", ")); }

    public static List<Scenario> all() { return List.of(values()); }
}

package org.vdsoexplorer.sim.kernel;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The POSIX clock ids the model knows, with the names the report and CLI use, and the Linux release that
 * added each id (clock_gettime(2) in the Linux man-pages, "since Linux ..."; docs/sources.md#s31).
 */
public enum Clock {
    REALTIME(0, "2.6.0"), MONOTONIC(1, "2.6.0"), PROCESS_CPUTIME_ID(2, "2.6.12"), THREAD_CPUTIME_ID(3, "2.6.12"),
    MONOTONIC_RAW(4, "2.6.28"), REALTIME_COARSE(5, "2.6.32"), MONOTONIC_COARSE(6, "2.6.32"), BOOTTIME(7, "2.6.39"),
    REALTIME_ALARM(8, "3.0"), BOOTTIME_ALARM(9, "3.0"), TAI(11, "3.10");

    public final int id;
    private final String since;

    Clock(int id, String since) {
        this.id = id;
        this.since = since;
    }

    /** The Linux release that added this clock id ("2.6.32" for the coarse clocks). */
    public String since() { return since; }

    /**
     * Whether a kernel of release {@code linux} ("2.6.20", "5.6", "5.13") knows this clock id; an older
     * kernel's clock_gettime() answers an id it does not know with -EINVAL.
     */
    public boolean existsIn(String linux) { return compareReleases(since, linux) <= 0; }

    /** Compares two dotted release numbers ("2.6.39" &lt; "3.0" &lt; "3.10") numerically, part by part. */
    static int compareReleases(String a, String b) {
        String[] x = a.split("\\."), y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int c = Integer.compare(i < x.length ? Integer.parseInt(x[i]) : 0, i < y.length ? Integer.parseInt(y[i]) : 0);
            if (c != 0) return c;
        }
        return 0;
    }

    /** "monotonic-coarse" for MONOTONIC_COARSE. */
    public String cliName() { return name().toLowerCase(Locale.ROOT).replace('_', '-'); }

    public boolean coarse() { return this == REALTIME_COARSE || this == MONOTONIC_COARSE; }

    /** CLOCK_PROCESS_CPUTIME_ID / CLOCK_THREAD_CPUTIME_ID: CPU time, answered by posix-cpu-timers. */
    public boolean cpuTime() { return this == PROCESS_CPUTIME_ID || this == THREAD_CPUTIME_ID; }

    /** CLOCK_REALTIME_ALARM / CLOCK_BOOTTIME_ALARM: answered by the alarmtimer (needs an RTC). */
    public boolean alarm() { return this == REALTIME_ALARM || this == BOOTTIME_ALARM; }

    /**
     * The clocks the vDSO serves itself (v5.6 masks VDSO_HRES | VDSO_COARSE | VDSO_RAW), in the report's order: the one
     * list {@link #servedByVdso}, {@link #reportClocks} and {@link #unserved} read. (The app and demo files run the others
     * too, to show the fallback; report and lessons, which measure and grade the vDSO path, refuse them.)
     */
    private static final List<Clock> SERVED = List.of(REALTIME, MONOTONIC, MONOTONIC_RAW, BOOTTIME, TAI, REALTIME_COARSE,
            MONOTONIC_COARSE);

    public boolean servedByVdso() { return SERVED.contains(this); }

    /** The clocks a report covers by default: every clock the vDSO serves. */
    public static List<Clock> reportClocks() { return SERVED; }

    /** The names of {@link #reportClocks}, in order. */
    public static List<String> servedNames() { return SERVED.stream().map(Clock::cliName).toList(); }

    /**
     * Why this clock cannot be measured ({@code report --clock}) or used in a lesson, or null if the vDSO serves it:
     * the one refusal both print.
     */
    public String unserved() {
        return servedByVdso() ? null : "clock '" + cliName() + "' has no vDSO path in the model (clock_gettime() always falls "
                + "back to the system call); the clocks the vDSO serves: " + String.join(", ", servedNames());
    }

    public static Optional<Clock> byName(String s) {
        return Arrays.stream(values()).filter(c -> c.cliName().equals(s) || c.name().equalsIgnoreCase(s)).findFirst();
    }

    public static Optional<Clock> byId(int id) { return Arrays.stream(values()).filter(c -> c.id == id).findFirst(); }
}

package org.vdsoexplorer.model.kernel;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The POSIX clock ids the model knows, with the names the report and CLI use. */
public enum Clock {
    REALTIME(0), MONOTONIC(1), PROCESS_CPUTIME_ID(2), THREAD_CPUTIME_ID(3), MONOTONIC_RAW(4),
    REALTIME_COARSE(5), MONOTONIC_COARSE(6), BOOTTIME(7), REALTIME_ALARM(8), BOOTTIME_ALARM(9), TAI(11);

    public final int id;

    Clock(int id) { this.id = id; }

    /** "monotonic-coarse" for MONOTONIC_COARSE. */
    public String cliName() { return name().toLowerCase(Locale.ROOT).replace('_', '-'); }

    public boolean coarse() { return this == REALTIME_COARSE || this == MONOTONIC_COARSE; }

    /** CLOCK_PROCESS_CPUTIME_ID / CLOCK_THREAD_CPUTIME_ID: CPU time, answered by posix-cpu-timers. */
    public boolean cpuTime() { return this == PROCESS_CPUTIME_ID || this == THREAD_CPUTIME_ID; }

    /** CLOCK_REALTIME_ALARM / CLOCK_BOOTTIME_ALARM: answered by the alarmtimer (needs an RTC). */
    public boolean alarm() { return this == REALTIME_ALARM || this == BOOTTIME_ALARM; }

    /** The clocks the vDSO serves itself (v5.6 masks VDSO_HRES | VDSO_COARSE | VDSO_RAW). */
    public boolean servedByVdso() {
        return switch (this) {
            case REALTIME, MONOTONIC, BOOTTIME, TAI, REALTIME_COARSE, MONOTONIC_COARSE, MONOTONIC_RAW -> true;
            default -> false;
        };
    }

    /** The clocks a report covers by default: every clock the vDSO serves. */
    public static List<Clock> reportClocks() {
        return List.of(REALTIME, MONOTONIC, MONOTONIC_RAW, BOOTTIME, TAI, REALTIME_COARSE, MONOTONIC_COARSE);
    }

    public static Optional<Clock> byName(String s) {
        return Arrays.stream(values()).filter(c -> c.cliName().equals(s) || c.name().equalsIgnoreCase(s)).findFirst();
    }

    public static Optional<Clock> byId(int id) { return Arrays.stream(values()).filter(c -> c.id == id).findFirst(); }
}

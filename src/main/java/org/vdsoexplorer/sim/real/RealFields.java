package org.vdsoexplorer.sim.real;

import java.util.ArrayList;
import java.util.List;

/**
 * The names of the captured pages' fields, from the layout {@link RealTime} documents (include/vdso/datapage.h and
 * arch/x86/include/asm/pvclock-abi.h at v6.18): what a load of the real code read, said as the kernel's source says
 * it ("clock_data[0].seq", "basetime[MONOTONIC].nsec", "pvti.tsc_timestamp"), and each page's fields in order, for a
 * view of the pages. A value of (mapping, slot, offset) only: the names the C model uses play no part.
 */
public final class RealFields {
    private RealFields() {}

    /** One field: its page offset, size in bytes and name. */
    public record Field(int offset, int size, String name) {}

    /** What a page holds, as the layout says for a task's slot. */
    public enum Kind {
        DATA("vdso_time_data: the clocks' seq, clock_mode, cycle_last, mult, shift and bases"),
        NAMESPACE("the namespace page: clock_mode VDSO_CLOCKMODE_TIMENS and the namespace's offsets"),
        PVCLOCK("pvclock_vcpu_time_info: the hypervisor's clock for vread_pvclock()"),
        OTHER("not read by clock_gettime()");

        public final String holds;

        Kind(String holds) { this.holds = holds; }
    }

    private static final String[] CLOCK = {"REALTIME", "MONOTONIC", "PROCESS_CPUTIME_ID", "THREAD_CPUTIME_ID", "MONOTONIC_RAW",
            "REALTIME_COARSE", "MONOTONIC_COARSE", "BOOTTIME", "REALTIME_ALARM", "BOOTTIME_ALARM", "SGI_CYCLE", "TAI"};

    /**
     * What page {@code slot} of {@code mapping} holds for a task whose [vvar] page 0 is a namespace page ({@code ns})
     * or the data (lib/vdso/datastore.c vvar_fault(), v6.18: the namespace page at slot 0 of a namespace task, its data
     * page then at slot 1).
     */
    public static Kind kind(String mapping, int slot, boolean ns) {
        if (mapping.equals(Capture.VVAR)) {
            if (slot == 0) return ns ? Kind.NAMESPACE : Kind.DATA;
            if (slot == 1 && ns) return Kind.DATA;
            return Kind.OTHER;
        }
        if (mapping.equals(Capture.VCLOCK) && slot == 0) return Kind.PVCLOCK;
        return Kind.OTHER;
    }

    /** The fields of a page of {@code kind}: the two clocks' vdso_clock, or pvclock_vcpu_time_info. */
    public static List<Field> fields(Kind kind) {
        List<Field> out = new ArrayList<>();
        switch (kind) {
            case DATA, NAMESPACE -> {
                for (int b = 0; b < 2; b++) {
                    int at = b * RealTime.CLOCK_SIZE;
                    String p = "clock_data[" + b + "].";
                    out.add(new Field(at + RealTime.SEQ, 4, p + "seq"));
                    out.add(new Field(at + RealTime.MODE, 4, p + "clock_mode"));
                    if (kind == Kind.NAMESPACE) {
                        // kernel/time/namespace.c timens_setup_vdso_clock_data(): both bases carry the monotonic offset for
                        // MONOTONIC, MONOTONIC_RAW and MONOTONIC_COARSE and the boottime one for BOOTTIME (and BOOTTIME_ALARM)
                        for (int id : new int[] {RealTime.MONOTONIC, RealTime.MONOTONIC_RAW, RealTime.MONOTONIC_COARSE, RealTime.BOOTTIME}) {
                            out.add(new Field(at + RealTime.BASETIME + 16 * id, 8, p + "offset[" + CLOCK[id] + "].sec"));
                            out.add(new Field(at + RealTime.BASETIME + 16 * id + 8, 8, p + "offset[" + CLOCK[id] + "].nsec"));
                        }
                        continue;
                    }
                    out.add(new Field(at + RealTime.CYCLE_LAST, 8, p + "cycle_last"));
                    out.add(new Field(at + RealTime.MAX_CYCLES, 8, p + "max_cycles"));
                    out.add(new Field(at + RealTime.MULT, 4, p + "mult"));
                    out.add(new Field(at + RealTime.SHIFT, 4, p + "shift"));
                    int[] ids = b == 0 ? new int[] {RealTime.REALTIME, RealTime.MONOTONIC, RealTime.REALTIME_COARSE,
                            RealTime.MONOTONIC_COARSE, RealTime.BOOTTIME, RealTime.TAI} : new int[] {RealTime.MONOTONIC_RAW};
                    for (int id : ids) {
                        out.add(new Field(at + RealTime.BASETIME + 16 * id, 8, p + "basetime[" + CLOCK[id] + "].sec"));
                        out.add(new Field(at + RealTime.BASETIME + 16 * id + 8, 8, p + "basetime[" + CLOCK[id] + "].nsec"));
                    }
                }
            }
            case PVCLOCK -> {
                out.add(new Field(RealTime.PV_VERSION, 4, "pvti.version"));
                out.add(new Field(RealTime.PV_TSC_TIMESTAMP, 8, "pvti.tsc_timestamp"));
                out.add(new Field(RealTime.PV_SYSTEM_TIME, 8, "pvti.system_time"));
                out.add(new Field(RealTime.PV_MUL, 4, "pvti.tsc_to_system_mul"));
                out.add(new Field(RealTime.PV_SHIFT, 1, "pvti.tsc_shift"));
                out.add(new Field(RealTime.PV_FLAGS, 1, "pvti.flags"));
            }
            case OTHER -> { }
        }
        return out;
    }

    /** The name of the field at page offset {@code off} of a page of {@code kind} ("+0x1d8" past the named ones). */
    public static String name(Kind kind, int off) {
        if (kind == Kind.DATA || kind == Kind.NAMESPACE) {
            if (off < 2 * RealTime.CLOCK_SIZE) {
                int b = off / RealTime.CLOCK_SIZE, f = off % RealTime.CLOCK_SIZE;
                String p = "clock_data[" + b + "].";
                if (f >= RealTime.BASETIME) {
                    int id = (f - RealTime.BASETIME) / 16;
                    String base = kind == Kind.NAMESPACE ? "offset[" : "basetime[";
                    return p + base + (id < CLOCK.length ? CLOCK[id] : Integer.toString(id)) + "]" + ((f - RealTime.BASETIME) % 16 < 8 ? ".sec" : ".nsec");
                }
                return p + switch (f) {
                    case RealTime.SEQ -> "seq";
                    case RealTime.MODE -> "clock_mode";
                    case RealTime.CYCLE_LAST -> "cycle_last";
                    case RealTime.MAX_CYCLES -> "max_cycles";
                    case RealTime.MASK -> "mask";
                    case RealTime.MULT -> "mult";
                    case RealTime.SHIFT -> "shift";
                    default -> "+" + f;
                };
            }
        }
        if (kind == Kind.PVCLOCK) {
            for (Field f : fields(kind)) if (off >= f.offset() && off < f.offset() + f.size()) return f.name();
        }
        return "+0x" + Integer.toHexString(off);
    }

    /** "VDSO_CLOCKMODE_PVCLOCK" for a clock_mode value (include/vdso/clocksource.h, arch/x86/include/asm/vdso/clocksource.h at v6.18). */
    public static String clockMode(long mode) {
        return switch ((int) mode) {
            case RealTime.MODE_NONE -> "VDSO_CLOCKMODE_NONE";
            case RealTime.MODE_TSC -> "VDSO_CLOCKMODE_TSC";
            case RealTime.MODE_PVCLOCK -> "VDSO_CLOCKMODE_PVCLOCK";
            case RealTime.MODE_HVCLOCK -> "VDSO_CLOCKMODE_HVCLOCK";
            case RealTime.MODE_TIMENS -> "VDSO_CLOCKMODE_TIMENS";
            default -> "clock_mode " + mode;
        };
    }

    /** The clock id's name without CLOCK_ ("MONOTONIC_COARSE"), or the number. */
    public static String clockName(int id) { return id >= 0 && id < CLOCK.length ? CLOCK[id] : Integer.toString(id); }
}

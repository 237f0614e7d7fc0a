package org.vdsoexplorer.sim.kernel;

/**
 * Byte offsets of the structures on the vvar pages (struct vdso_data of v5.6 at page offset 128, two of
 * them; pvclock_vcpu_time_info; ms_hyperv_tsc_page), and the names views print for an offset.
 * They match what gcc compiled in assets/csrc/vdso_model.c (see the listings' displacements).
 */
public final class DataLayout {
    public static final int VDSO_DATA_OFFSET = 128;
    public static final int VDSO_DATA_SIZE = 240;
    public static final int CS_HRES_COARSE = 0, CS_RAW = 1;
    public static final int SEQ = 0, CLOCK_MODE = 4, CYCLE_LAST = 8, MASK = 16, MULT = 24, SHIFT = 28,
            BASETIME = 32, TZ_MINUTESWEST = 224, TZ_DSTTIME = 228, HRTIMER_RES = 232;
    public static final int VDSO_BASES = 12;

    public static final int PV_VERSION = 0, PV_TSC_TIMESTAMP = 8, PV_SYSTEM_TIME = 16, PV_MUL = 24, PV_SHIFT = 28,
            PV_FLAGS = 29;
    /** pvclock_vcpu_time_info.flags bit 0 (arch/x86/include/asm/pvclock-abi.h). */
    public static final int PVCLOCK_TSC_STABLE_BIT = 1;
    public static final int HV_SEQUENCE = 0, HV_SCALE = 8, HV_OFFSET = 16;

    /**
     * v5.6 clock modes as the vDSO reads them (clock_mode is s32 in v5.6 include/vdso/datapage.h; these
     * are the 32 bits stored, zero-extended); VCLOCK_TIMENS is UINT_MAX. v5.7 renamed them
     * VDSO_CLOCKMODE_* with the same values except TIMENS, which became INT_MAX.
     */
    public static final long VCLOCK_NONE = 0, VCLOCK_TSC = 1, VCLOCK_PVCLOCK = 2, VCLOCK_HVCLOCK = 3,
            VCLOCK_TIMENS = 0xffffffffL;

    private DataLayout() {}

    /** Page offset of field {@code field} of vdso_data[base]. */
    public static int data(int base, int field) { return VDSO_DATA_OFFSET + base * VDSO_DATA_SIZE + field; }

    /** Page offset of basetime[clock] (sec at +0, nsec at +8) of vdso_data[base]. */
    public static int basetime(int base, int clock) { return data(base, BASETIME + 16 * clock); }

    /** A C name for the field at page offset {@code off} of a page of {@code kind}. */
    public static String fieldName(PageKind kind, int off) {
        switch (kind) {
            case VVAR, TIMENS -> {
                int rel = off - VDSO_DATA_OFFSET;
                if (rel < 0 || rel >= 2 * VDSO_DATA_SIZE) return "+0x" + Integer.toHexString(off) + " (unused)";
                int base = rel / VDSO_DATA_SIZE, f = rel % VDSO_DATA_SIZE;
                String p = "vdso_data[" + (base == 0 ? "CS_HRES_COARSE" : "CS_RAW") + "].";
                if (f >= BASETIME && f < BASETIME + 16 * VDSO_BASES) {
                    int clk = (f - BASETIME) / 16;
                    String arr = kind == PageKind.TIMENS ? "offset" : "basetime";
                    String name = Clock.byId(clk).map(Clock::name).orElse(Integer.toString(clk));
                    return p + arr + "[" + name + "]." + (((f - BASETIME) % 16) < 8 ? "sec" : "nsec");
                }
                return p + switch (f) {
                    case SEQ -> "seq";
                    case CLOCK_MODE -> "clock_mode";
                    case CYCLE_LAST -> "cycle_last";
                    case MASK -> "mask";
                    case MULT -> "mult";
                    case SHIFT -> "shift";
                    case TZ_MINUTESWEST -> "tz_minuteswest";
                    case TZ_DSTTIME -> "tz_dsttime";
                    case HRTIMER_RES -> "hrtimer_res";
                    default -> "+" + f;
                };
            }
            case PVCLOCK -> {
                return "pvti." + switch (off) {
                    case PV_VERSION -> "version";
                    case PV_TSC_TIMESTAMP -> "tsc_timestamp";
                    case PV_SYSTEM_TIME -> "system_time";
                    case PV_MUL -> "tsc_to_system_mul";
                    case PV_SHIFT -> "tsc_shift";
                    case PV_FLAGS -> "flags";
                    default -> "+" + off;
                };
            }
            default -> {
                return "tsc_page." + switch (off) {
                    case HV_SEQUENCE -> "tsc_sequence";
                    case HV_SCALE -> "tsc_scale";
                    case HV_OFFSET -> "tsc_offset";
                    default -> "+" + off;
                };
            }
        }
    }
}

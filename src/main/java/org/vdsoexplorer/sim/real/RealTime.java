package org.vdsoexplorer.sim.real;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;

/**
 * The kernel's arithmetic on a captured task's pages, written from the kernel sources (not from the captured
 * code): what clock_gettime() returns for a clock id at a TSC value, and the inverse (the TSC value at which it
 * returns a given time). The independent reference the interpreter's run of the real code is checked against.
 *
 * <p>Layout: v6.15+ x86-64 ({@code include/vdso/datapage.h} at v6.18: {@code struct vdso_time_data} starts with
 * {@code struct vdso_clock clock_data[CS_BASES]}, 232 bytes each: seq u32 @0, clock_mode s32 @4, cycle_last u64
 * @8, max_cycles u64 @16 (CONFIG_GENERIC_VDSO_OVERFLOW_PROTECT), mask u64 @24, mult u32 @32, shift u32 @36,
 * basetime[VDSO_BASES] (sec u64, nsec u64) @40, or on the namespace page offset[VDSO_BASES] (sec s64, nsec u64)
 * in the same place). The data is [vvar] page 0; a namespace task has its namespace page there (clock_mode
 * VDSO_CLOCKMODE_TIMENS) and the data in page 1 (lib/vdso/datastore.c, vvar_fault). The pvclock page is
 * [vvar_vclock] page 0 ({@code struct pvclock_vcpu_time_info}, arch/x86/include/asm/pvclock-abi.h: version @0,
 * tsc_timestamp @8, system_time @16, tsc_to_system_mul @24, tsc_shift s8 @28, flags u8 @29).
 *
 * <p>Arithmetic: lib/vdso/gettimeofday.c v6.18 {@code do_hres()}/{@code do_coarse()}/{@code do_hres_timens()}
 * and {@code vdso_calc_ns()}: delta = cycles - cycle_last; ns = (delta * mult + base_nsec) >> shift when
 * delta is at most max_cycles, else the 128-bit {@code mul_u64_u32_add_u64_shr()} (a delta with bit 62 set,
 * a counter behind cycle_last, gives base_nsec >> shift); then {@code __iter_div_u64_rem()}; arch/x86/include/
 * asm/vdso/gettimeofday.h {@code __arch_get_hw_counter()}: VDSO_CLOCKMODE_TSC the counter with bit 63 cleared,
 * VDSO_CLOCKMODE_PVCLOCK {@code vread_pvclock()} (U64_MAX, the syscall, unless PVCLOCK_TSC_STABLE_BIT is set;
 * {@code __pvclock_read_cycles()}: system_time + ((delta shifted by tsc_shift) * mul) >> 32), anything else the
 * syscall.
 */
public final class RealTime {
    public static final int SEQ = 0, MODE = 4, CYCLE_LAST = 8, MAX_CYCLES = 16, MASK = 24, MULT = 32, SHIFT = 36, BASETIME = 40;
    public static final int CLOCK_SIZE = 232;
    public static final int MODE_NONE = 0, MODE_TSC = 1, MODE_PVCLOCK = 2, MODE_HVCLOCK = 3, MODE_TIMENS = Integer.MAX_VALUE;
    public static final int PV_VERSION = 0, PV_TSC_TIMESTAMP = 8, PV_SYSTEM_TIME = 16, PV_MUL = 24, PV_SHIFT = 28, PV_FLAGS = 29;
    public static final int PVCLOCK_TSC_STABLE_BIT = 1;
    /** Clock ids (include/uapi/linux/time.h). */
    public static final int REALTIME = 0, MONOTONIC = 1, MONOTONIC_RAW = 4, REALTIME_COARSE = 5, MONOTONIC_COARSE = 6,
            BOOTTIME = 7, TAI = 11;
    /** include/vdso/datapage.h: VDSO_HRES, VDSO_COARSE, VDSO_RAW. */
    public static final int HRES = (1 << REALTIME) | (1 << MONOTONIC) | (1 << BOOTTIME) | (1 << TAI),
            COARSE = (1 << REALTIME_COARSE) | (1 << MONOTONIC_COARSE), RAW = 1 << MONOTONIC_RAW;
    private static final long NSEC_PER_SEC = 1_000_000_000L;

    /** Which way the kernel's code answers: the counter read, the coarse copy, or the syscall. */
    public enum Path { HRES, COARSE, SYSCALL }

    /** An answer: the path taken and the time in ns (seconds * 10^9 + nanoseconds). */
    public record Answer(Path path, long ns) {}

    private final ByteBuffer data, ns, pvclock;

    /** The task's data page, namespace page (null: none) and pvclock page (null: unbacked). */
    public RealTime(byte[] data, byte[] namespace, byte[] pvclock) {
        this.data = le(data);
        this.ns = namespace == null ? null : le(namespace);
        this.pvclock = pvclock == null ? null : le(pvclock);
    }

    /** The pages of {@code t}, found as the kernel lays them out. */
    public static RealTime of(Capture.Task t) {
        Capture.Mapping vvar = t.mapping(Capture.VVAR).orElseThrow();
        byte[] p0 = vvar.page(0).map(Capture.Page::bytes).orElseThrow(() -> new IllegalStateException("[vvar] page 0 is not backed"));
        byte[] pv = t.mapping(Capture.VCLOCK).flatMap(m -> m.page(0)).map(Capture.Page::bytes).orElse(null);
        if (le(p0).getInt(MODE) == MODE_TIMENS) {
            byte[] p1 = vvar.page(1).map(Capture.Page::bytes).orElseThrow(() -> new IllegalStateException("[vvar] page 1 is not backed"));
            return new RealTime(p1, p0, pv);
        }
        return new RealTime(p0, null, pv);
    }

    private static ByteBuffer le(byte[] b) { return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN); }

    public int clockMode() { return data.getInt(MODE); }

    /** Whether these are a namespace task's pages (a namespace page in front of the data). */
    public boolean namespace() { return ns != null; }

    /** mult of clock_data[{@code base}] (0: CS_HRES_COARSE, 1: CS_RAW). */
    public long mult(int base) { return Integer.toUnsignedLong(data.getInt(base * CLOCK_SIZE + MULT)); }

    public long shift(int base) { return Integer.toUnsignedLong(data.getInt(base * CLOCK_SIZE + SHIFT)); }

    /** The counter path of the data page's clock_mode: "tsc", "pvclock", or the mode number. */
    public String counterName() {
        return switch (clockMode()) {
            case MODE_TSC -> "tsc";
            case MODE_PVCLOCK -> "pvclock";
            case MODE_HVCLOCK -> "hvclock";
            default -> "mode " + clockMode();
        };
    }

    /** Whether clock {@code id} is one the vDSO answers itself (hres, coarse or raw). */
    public static boolean served(int id) { return id >= 0 && id < 32 && (((HRES | COARSE | RAW) >>> id) & 1) != 0; }

    /** The clock_data index of clock {@code id}: CS_RAW (1) for MONOTONIC_RAW, else CS_HRES_COARSE (0). */
    static int base(int id) { return id == MONOTONIC_RAW ? 1 : 0; }

    /** The pvclock reading at {@code tsc}, or empty when the page is missing or not stable (vread_pvclock's U64_MAX). */
    public Optional<Long> pvclock(long tsc) {
        if (pvclock == null || (pvclock.get(PV_FLAGS) & PVCLOCK_TSC_STABLE_BIT) == 0) return Optional.empty();
        return Optional.of(scale(tsc));
    }

    /** Whether the pvclock page is there and says PVCLOCK_TSC_STABLE_BIT (vread_pvclock() then reads it). */
    public boolean pvclockStable() { return pvclock != null && (pvclock.get(PV_FLAGS) & PVCLOCK_TSC_STABLE_BIT) != 0; }

    /** __pvclock_read_cycles() of vCPU 0's page at {@code tsc}, bit 63 cleared (what the kernel's kvm-clock reads too). */
    private long scale(long tsc) {
        long delta = tsc - pvclock.getLong(PV_TSC_TIMESTAMP);
        if (delta < 0) delta = 0;
        int shift = pvclock.get(PV_SHIFT);
        delta = shift < 0 ? delta >>> -shift : delta << shift;
        long mul = Integer.toUnsignedLong(pvclock.getInt(PV_MUL));
        long product = Math.unsignedMultiplyHigh(delta, mul) << 32 | (delta * mul) >>> 32;
        return (pvclock.getLong(PV_SYSTEM_TIME) + product) & Long.MAX_VALUE;
    }

    /** __arch_get_hw_counter(): the counter value the data page's clock_mode reads at {@code tsc}; empty: the syscall. */
    public Optional<Long> counter(long tsc) {
        return switch (clockMode()) {
            case MODE_TSC -> Optional.of(tsc & Long.MAX_VALUE);
            case MODE_PVCLOCK -> pvclock(tsc);
            default -> Optional.empty();
        };
    }

    /** What clock_gettime({@code id}) returns at {@code tsc}: the vDSO's answer, or the syscall's (the same arithmetic). */
    public Answer at(int id, long tsc) {
        if (!served(id)) return new Answer(Path.SYSCALL, kernel(id, tsc));
        if (((COARSE >>> id) & 1) != 0) return new Answer(Path.COARSE, coarse(id));
        Optional<Long> cycles = counter(tsc);
        return cycles.map(c -> new Answer(Path.HRES, hres(id, c))).orElseGet(() -> new Answer(Path.SYSCALL, kernel(id, tsc)));
    }

    /**
     * The syscall's answer: the kernel's timekeeper holds the same base, mult and shift update_vsyscall() copied to
     * the page, read through the same clocksource; for ids the vDSO does not serve, -1.
     */
    public long kernel(int id, long tsc) {
        if (!served(id)) return -1;
        if (((COARSE >>> id) & 1) != 0) return coarse(id);
        return hres(id, clockMode() != MODE_TSC && pvclock != null ? scale(tsc) : tsc & Long.MAX_VALUE);
    }

    long coarse(int id) {
        int b = BASETIME + 16 * id;
        return data.getLong(b) * NSEC_PER_SEC + data.getLong(b + 8) + offset(id);
    }

    long hres(int id, long cycles) {
        int c = base(id) * CLOCK_SIZE;
        int b = c + BASETIME + 16 * id;
        long ns = calcNs(c, cycles, data.getLong(b + 8));
        return data.getLong(b) * NSEC_PER_SEC + ns + offset(id);
    }

    private long calcNs(int c, long cycles, long base) {
        long delta = cycles - data.getLong(c + CYCLE_LAST);
        long mult = Integer.toUnsignedLong(data.getInt(c + MULT));
        int shift = data.getInt(c + SHIFT);
        if (Long.compareUnsigned(delta, data.getLong(c + MAX_CYCLES)) <= 0) return (delta * mult + base) >>> shift;
        if ((delta & (1L << 62)) != 0) return base >>> shift; // the counter is behind cycle_last
        BigInteger p = BigInteger.valueOf(delta & Long.MAX_VALUE).multiply(BigInteger.valueOf(mult)).add(new BigInteger(Long.toUnsignedString(base)));
        return p.shiftRight(shift).longValue();
    }

    /** The namespace offset of clock {@code id} in ns (0 without a namespace page). */
    public long offset(int id) {
        if (ns == null) return 0;
        int o = base(id) * CLOCK_SIZE + BASETIME + 16 * id;
        return ns.getLong(o) * NSEC_PER_SEC + ns.getLong(o + 8);
    }

    /**
     * The smallest TSC value at which clock {@code id} reads {@code target} ns, by bisection over the counter
     * (the time is a non-decreasing function of it); empty if none reads exactly that (the target is skipped or
     * out of range), or the clock does not read the counter.
     */
    public Optional<Long> tscFor(int id, long target) {
        if (!served(id) || ((COARSE >>> id) & 1) != 0) return Optional.empty();
        long lo, hi;
        if (clockMode() == MODE_PVCLOCK && pvclock != null) {
            lo = pvclock.getLong(PV_TSC_TIMESTAMP);
        } else {
            lo = data.getLong(base(id) * CLOCK_SIZE + CYCLE_LAST);
        }
        hi = lo + (1L << 50);
        if (kernel(id, lo) > target || kernel(id, hi) < target) return Optional.empty();
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            if (kernel(id, mid) >= target) hi = mid;
            else lo = mid + 1;
        }
        return kernel(id, lo) == target ? Optional.of(lo) : Optional.empty();
    }

    public static String split(long ns) { return Math.floorDiv(ns, NSEC_PER_SEC) + "." + String.format("%09d", Math.floorMod(ns, NSEC_PER_SEC)); }
}

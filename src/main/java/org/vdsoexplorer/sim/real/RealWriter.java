package org.vdsoexplorer.sim.real;

import java.util.ArrayList;
import java.util.List;

/**
 * update_vsyscall() for the captured kernel's layout (v6.15+, kernel/time/vsyscall.c: {@code vdso_write_begin()}
 * increments the seq of every {@code vdso_clock} (odd: readers retry), then {@code clock_mode} of both clocks, the
 * bases REALTIME (also time()), REALTIME_COARSE and MONOTONIC_COARSE, and, as the clocksource is vDSO capable,
 * {@code update_vdso_time_data()}: cycle_last, max_cycles, mask, mult, shift of CS_HRES_COARSE then CS_RAW
 * (the same stores whether inline or in {@code fill_clock_configuration()}, the helper commit "vdso/vsyscall:
 * Introduce a helper to fill clock configurations" of July 2025 made) and the MONOTONIC, BOOTTIME,
 * MONOTONIC_RAW and TAI bases; {@code vdso_write_end()} increments every seq again (even).
 * The timekeeper behind it is advanced from the page's own state: at counter value {@code c} every base moves by
 * (c - cycle_last) * mult in the shifted nanoseconds the page keeps, cycle_last becomes {@code c}, and the coarse
 * bases take the new hres times truncated to whole nanoseconds, as tk->coarse_nsec is. The stores are returned in
 * order; {@link RealMachine#callWithUpdate} places them between two reader instructions.
 */
public final class RealWriter {
    private RealWriter() {}

    /** One store of the update, with what it writes. */
    public record Store(long address, int size, long value, String field) {}

    private static final long NSEC_PER_SEC = 1_000_000_000L;

    /** The stores of one update_vsyscall() at TSC {@code tsc} into {@code space}'s data page. */
    public static List<Store> update(RealSpace space, RealTime now, long tsc) {
        long data = dataPage(space);
        List<Store> out = new ArrayList<>();
        long counter = now.counter(tsc).orElseGet(() -> tsc & Long.MAX_VALUE);
        for (int b = 0; b < 2; b++) {
            long c = data + (long) b * RealTime.CLOCK_SIZE;
            out.add(new Store(c + RealTime.SEQ, 4, space.read(c + RealTime.SEQ, 4) + 1, name(data, c + RealTime.SEQ) + " (vdso_write_begin: odd)"));
        }
        int mode = now.clockMode();
        for (int b = 0; b < 2; b++) {
            long at = data + (long) b * RealTime.CLOCK_SIZE + RealTime.MODE;
            out.add(new Store(at, 4, mode, name(data, at)));
        }
        long[] hres = advanced(space, data, 0, counter);
        // the coarse bases: CLOCK_REALTIME (also time()), REALTIME_COARSE, MONOTONIC_COARSE
        stamp(out, data, 0, RealTime.REALTIME, hres, RealTime.REALTIME, space, false);
        stamp(out, data, 0, RealTime.REALTIME_COARSE, hres, RealTime.REALTIME, space, true);
        stamp(out, data, 0, RealTime.MONOTONIC_COARSE, hres, RealTime.MONOTONIC, space, true);
        // update_vdso_time_data(): fill_clock_configuration() of CS_HRES_COARSE then CS_RAW (the same clocksource:
        // only cycle_last moves), then the MONOTONIC, BOOTTIME, MONOTONIC_RAW and TAI bases
        long[] raw = advanced(space, data, 1, counter);
        for (int b = 0; b < 2; b++) {
            long c = data + (long) b * RealTime.CLOCK_SIZE;
            out.add(new Store(c + RealTime.CYCLE_LAST, 8, counter, name(data, c + RealTime.CYCLE_LAST)));
            for (int[] f : new int[][] {{RealTime.MAX_CYCLES, 8}, {RealTime.MASK, 8}, {RealTime.MULT, 4}, {RealTime.SHIFT, 4}}) {
                out.add(new Store(c + f[0], f[1], space.read(c + f[0], f[1]), name(data, c + f[0])));
            }
        }
        stamp(out, data, 0, RealTime.MONOTONIC, hres, RealTime.MONOTONIC, space, false);
        stamp(out, data, 0, RealTime.BOOTTIME, hres, RealTime.BOOTTIME, space, false);
        stamp(out, data, 1, RealTime.MONOTONIC_RAW, raw, RealTime.MONOTONIC_RAW, space, false);
        stamp(out, data, 0, RealTime.TAI, hres, RealTime.TAI, space, false);
        for (int b = 0; b < 2; b++) {
            long c = data + (long) b * RealTime.CLOCK_SIZE;
            out.add(new Store(c + RealTime.SEQ, 4, space.read(c + RealTime.SEQ, 4) + 2, name(data, c + RealTime.SEQ) + " (vdso_write_end: even)"));
        }
        return out;
    }

    /** The field at {@code address} of the data page at {@code data}, as {@link RealFields} names it. */
    private static String name(long data, long address) { return RealFields.name(RealFields.Kind.DATA, (int) (address - data)); }

    /** The data page's address: [vvar] page 0, or page 1 behind a namespace page. */
    static long dataPage(RealSpace space) {
        long p0 = space.address(Capture.VVAR, 0);
        return space.read(p0 + RealTime.MODE, 4) == RealTime.MODE_TIMENS ? space.address(Capture.VVAR, 1) : p0;
    }

    /** Each base of clock_data[{@code b}] (sec, shifted nsec) advanced to counter value {@code counter}, by clock id. */
    private static long[] advanced(RealSpace space, long data, int b, long counter) {
        long c = data + (long) b * RealTime.CLOCK_SIZE;
        long delta = counter - space.read(c + RealTime.CYCLE_LAST, 8);
        long mult = space.read(c + RealTime.MULT, 4), shift = space.read(c + RealTime.SHIFT, 4);
        long[] v = new long[2 * 12];
        for (int id = 0; id < 12; id++) {
            long at = c + RealTime.BASETIME + 16L * id;
            long sec = space.read(at, 8), nsec = space.read(at + 8, 8) + delta * mult;
            long one = NSEC_PER_SEC << shift;
            while (Long.compareUnsigned(nsec, one) >= 0) {
                nsec -= one;
                sec++;
            }
            v[2 * id] = sec;
            v[2 * id + 1] = nsec;
        }
        return v;
    }

    private static void stamp(List<Store> out, long data, int b, int id, long[] v, int from, RealSpace space, boolean coarse) {
        long at = data + (long) b * RealTime.CLOCK_SIZE + RealTime.BASETIME + 16L * id;
        long shift = space.read(data + (long) b * RealTime.CLOCK_SIZE + RealTime.SHIFT, 4);
        long nsec = coarse ? v[2 * from + 1] >>> shift : v[2 * from + 1];
        out.add(new Store(at, 8, v[2 * from], name(data, at)));
        out.add(new Store(at + 8, 8, nsec, name(data, at + 8)));
    }
}

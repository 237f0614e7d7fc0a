package org.vdsoexplorer.sim.kernel;

import java.math.BigInteger;
import org.vdsoexplorer.sim.state.StepState;

/**
 * The kernel's timekeeping state (a small model of struct timekeeper): the clocksource value at the
 * last update, mult/shift, and monotonic and raw time at that point in shifted nanoseconds. Realtime,
 * boottime and TAI are fixed offsets from monotonic (no NTP slewing in the model), so time is exactly
 * continuous across updates: any state gives the same answer for a counter value at or after its
 * {@code csLast}. That makes the reference time well defined for every interleaving. Step-back state as it
 * is (a {@link StepState}, copied with the writer's).
 */
public final class Timekeeper extends StepState<Timekeeper> {
    public static final long NSEC_PER_SEC = 1_000_000_000L;
    public static final int SHIFT = 24;

    /** Offsets from CLOCK_MONOTONIC: {sec, nsec}. */
    static final long[] REALTIME_OFFSET = {1_764_457_054L, 869_764_471L};
    static final long[] BOOTTIME_OFFSET = {12L, 500_000_000L};
    static final long TAI_MINUS_UTC = 37L;

    /** Set at boot and never changed; not final only because copies are made field by field. */
    long mult;
    long csLast;
    long monoSec, monoNsS;
    long rawSec, rawNsS;

    Timekeeper(double csHz, long csStart) {
        this.mult = Math.round(Math.scalb(1e9 / csHz, SHIFT));
        if (mult <= 0 || mult > 0xffffffffL) throw new IllegalArgumentException("mult out of u32 range: " + mult);
        this.csLast = csStart;
        this.monoSec = 3745;
        this.monoNsS = 271_828_182L << SHIFT;
        this.rawSec = 3745;
        this.rawNsS = 270_000_000L << SHIFT;
    }

    private Timekeeper() {}

    /** timekeeping_advance(): accumulate up to clocksource value {@code cs}. */
    void advance(long cs) {
        long delta = cs - csLast;
        if (delta <= 0) return;
        monoNsS += delta * mult;
        rawNsS += delta * mult;
        long unit = NSEC_PER_SEC << SHIFT;
        while (monoNsS >= unit) { monoNsS -= unit; monoSec++; }
        while (rawNsS >= unit) { rawNsS -= unit; rawSec++; }
        csLast = cs;
    }

    /** Each clock's offset from CLOCK_MONOTONIC, by ordinal (read on every call's reference time: no allocation). */
    private static final long[][] OFFSETS = new long[Clock.values().length][];

    static {
        for (Clock c : Clock.values()) {
            OFFSETS[c.ordinal()] = switch (c) {
                case REALTIME, REALTIME_COARSE, REALTIME_ALARM -> REALTIME_OFFSET;
                case TAI -> new long[] {REALTIME_OFFSET[0] + TAI_MINUS_UTC, REALTIME_OFFSET[1]};
                case BOOTTIME, BOOTTIME_ALARM -> BOOTTIME_OFFSET;
                default -> new long[] {0, 0};
            };
        }
    }

    private static long[] offsetOf(Clock c) { return OFFSETS[c.ordinal()]; }

    /** vdso_data basetime for an hres clock: {sec, nsec << shift}, normalized. */
    long[] hresBase(Clock c) { return hresBase(c, new long[2]); }

    /** {@link #hresBase(Clock)} into {@code out} (no allocation: a replayed call's check runs it per call); returns it. */
    long[] hresBase(Clock c, long[] out) {
        if (c == Clock.MONOTONIC_RAW) {
            out[0] = rawSec;
            out[1] = rawNsS;
            return out;
        }
        long[] off = offsetOf(c);
        long sec = monoSec + off[0], ns = monoNsS + (off[1] << SHIFT);
        long unit = NSEC_PER_SEC << SHIFT;
        while (ns >= unit) { ns -= unit; sec++; }
        out[0] = sec;
        out[1] = ns;
        return out;
    }

    /** basetime for a coarse clock: {sec, plain nsec} at the last update. */
    long[] coarse(Clock c) {
        long[] b = hresBase(c == Clock.REALTIME_COARSE ? Clock.REALTIME : Clock.MONOTONIC);
        return new long[] {b[0], b[1] >>> SHIFT};
    }

    /** The exact time of hres clock {@code c} at clocksource value {@code cs}: {sec, nsec}. */
    long[] at(Clock c, long cs) { return at(c, cs, new long[2]); }

    /** {@link #at(Clock, long)} into {@code out} (no allocation in the common case); returns it. */
    long[] at(Clock c, long cs, long[] out) {
        long[] b = hresBase(c, out);
        long delta = cs - csLast;
        if (delta >= 0 && delta < (1L << 31)) {
            // the common case, exact in 64 bits: mult < 2^32, delta < 2^31, b[1] < 2^54
            long ns = (b[1] + delta * mult) >>> SHIFT;
            out[0] = b[0] + ns / NSEC_PER_SEC;
            out[1] = ns % NSEC_PER_SEC;
            return out;
        }
        BigInteger ns = BigInteger.valueOf(b[1])
                .add(BigInteger.valueOf(cs).subtract(BigInteger.valueOf(csLast)).multiply(BigInteger.valueOf(mult)))
                .shiftRight(SHIFT);
        BigInteger total = BigInteger.valueOf(b[0]).multiply(BigInteger.valueOf(NSEC_PER_SEC)).add(ns);
        BigInteger[] qr = total.divideAndRemainder(BigInteger.valueOf(NSEC_PER_SEC));
        out[0] = qr[0].longValueExact();
        out[1] = qr[1].longValueExact();
        return out;
    }

    public long mult() { return mult; }

    public long csLast() { return csLast; }
}

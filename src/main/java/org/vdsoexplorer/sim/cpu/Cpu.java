package org.vdsoexplorer.sim.cpu;

import java.util.Arrays;
import org.vdsoexplorer.sim.state.StepState;

/**
 * Architectural register state of one x86-64 hardware thread: 16 GPRs, rip and the arithmetic flags.
 * Flags are kept lazily (the operation, its operands and result) and computed when something reads
 * them, as fast emulators do: most flag results are overwritten before anyone looks.
 *
 * <p>Every field is step-back state (a {@link StepState}: the interpreter's holder copies it whole, the lazy
 * flags as they are); {@link #save()} is the architectural view the views and tests read.
 */
public final class Cpu extends StepState<Cpu> {
    public final long[] r = new long[16];
    public long rip;

    static final int F_NONE = 0, F_ADD = 1, F_SUB = 2, F_LOGIC = 3;
    private static final boolean[] EVEN_PARITY = new boolean[256];

    static {
        for (int i = 0; i < 256; i++) EVEN_PARITY[i] = (Integer.bitCount(i) & 1) == 0;
    }

    /**
     * Pending flag computation: operation, operands, result, width; F_NONE = the explicit flags in {@code bits} hold.
     * Canonical: a pending computation has {@code bits} 0, explicit flags have the operands 0, so the representation
     * after any instruction that sets every flag depends only on what that instruction computed (a replayed call
     * restores it whole: {@code CallTrace}).
     */
    int fop;
    long fa, fb, fr;
    int fsize;
    /** The explicit flags when {@code fop} is F_NONE: CF 1, ZF 2, SF 4, OF 8, PF 16. */
    private int bits;

    /** Records a flag-setting ADD, SUB/CMP or logic result; the flags are derived when read. */
    void lazy(int op, long a, long b, long r, int size) {
        fop = op;
        fa = a;
        fb = b;
        fr = r;
        fsize = size;
        bits = 0;
    }

    /** Sets all five flags explicitly. */
    void setFlags(boolean cf, boolean zf, boolean sf, boolean of, boolean pf) {
        fop = F_NONE;
        fa = 0;
        fb = 0;
        fr = 0;
        fsize = 0;
        bits = (cf ? 1 : 0) | (zf ? 2 : 0) | (sf ? 4 : 0) | (of ? 8 : 0) | (pf ? 16 : 0);
    }

    /** The flags' whole representation (pending computation and explicit flags) as {@link #FLAG_WORDS} longs at {@code at}. */
    void saveFlags(long[] out, int at) {
        out[at] = fop;
        out[at + 1] = fa;
        out[at + 2] = fb;
        out[at + 3] = fr;
        out[at + 4] = fsize;
        out[at + 5] = bits;
    }

    /** Sets the flags' representation from {@link #saveFlags}'s words. */
    void loadFlags(long[] in, int at) {
        fop = (int) in[at];
        fa = in[at + 1];
        fb = in[at + 2];
        fr = in[at + 3];
        fsize = (int) in[at + 4];
        bits = (int) in[at + 5];
    }

    static final int FLAG_WORDS = 6;

    private long sign() { return 1L << (fsize * 8 - 1); }

    public boolean cf() {
        return switch (fop) {
            case F_ADD -> fsize == 8 ? Long.compareUnsigned(fr, fa) < 0 : ((fa + fb) >>> (fsize * 8)) != 0;
            case F_SUB -> Long.compareUnsigned(fa, fb) < 0;
            case F_LOGIC -> false;
            default -> (bits & 1) != 0;
        };
    }

    public boolean zf() { return fop == F_NONE ? (bits & 2) != 0 : fr == 0; }

    public boolean sf() { return fop == F_NONE ? (bits & 4) != 0 : (fr & sign()) != 0; }

    public boolean of() {
        return switch (fop) {
            case F_ADD -> ((fa ^ fr) & (fb ^ fr) & sign()) != 0;
            case F_SUB -> ((fa ^ fb) & (fa ^ fr) & sign()) != 0;
            case F_LOGIC -> false;
            default -> (bits & 8) != 0;
        };
    }

    public boolean pf() { return fop == F_NONE ? (bits & 16) != 0 : EVEN_PARITY[(int) (fr & 0xff)]; }

    public long rflags() {
        return (cf() ? 1 : 0) | 2 | (pf() ? 4 : 0) | (zf() ? 0x40 : 0) | (sf() ? 0x80 : 0) | (of() ? 0x800 : 0);
    }

    public CpuState save() { return new CpuState(r.clone(), rip, rflags()); }

    public void restore(CpuState s) {
        System.arraycopy(s.regs(), 0, r, 0, r.length);
        rip = s.rip();
        long f = s.rflags();
        setFlags((f & 1) != 0, (f & 0x40) != 0, (f & 0x80) != 0, (f & 0x800) != 0, (f & 4) != 0);
    }

    /** An immutable copy of the register file. */
    public record CpuState(long[] regs, long rip, long rflags) {
        public long reg(int n) { return regs[n]; }

        @Override public boolean equals(Object o) {
            return o instanceof CpuState c && Arrays.equals(regs, c.regs) && rip == c.rip && rflags == c.rflags;
        }

        @Override public int hashCode() { return Arrays.hashCode(regs) * 31 + Long.hashCode(rip) + (int) rflags; }
    }
}

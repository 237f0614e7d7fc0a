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

    /** Pending flag computation: operation, operands, result, width; F_NONE = the booleans below hold. */
    int fop;
    long fa, fb, fr;
    int fsize;
    private boolean cf, zf, sf, of, pf;

    /** Records a flag-setting ADD, SUB/CMP or logic result; the flags are derived when read. */
    void lazy(int op, long a, long b, long r, int size) {
        fop = op;
        fa = a;
        fb = b;
        fr = r;
        fsize = size;
    }

    /** Sets all five flags explicitly. */
    void setFlags(boolean cf, boolean zf, boolean sf, boolean of, boolean pf) {
        fop = F_NONE;
        this.cf = cf;
        this.zf = zf;
        this.sf = sf;
        this.of = of;
        this.pf = pf;
    }

    private long sign() { return 1L << (fsize * 8 - 1); }

    public boolean cf() {
        return switch (fop) {
            case F_ADD -> fsize == 8 ? Long.compareUnsigned(fr, fa) < 0 : ((fa + fb) >>> (fsize * 8)) != 0;
            case F_SUB -> Long.compareUnsigned(fa, fb) < 0;
            case F_LOGIC -> false;
            default -> cf;
        };
    }

    public boolean zf() { return fop == F_NONE ? zf : fr == 0; }

    public boolean sf() { return fop == F_NONE ? sf : (fr & sign()) != 0; }

    public boolean of() {
        return switch (fop) {
            case F_ADD -> ((fa ^ fr) & (fb ^ fr) & sign()) != 0;
            case F_SUB -> ((fa ^ fb) & (fa ^ fr) & sign()) != 0;
            case F_LOGIC -> false;
            default -> of;
        };
    }

    public boolean pf() { return fop == F_NONE ? pf : EVEN_PARITY[(int) (fr & 0xff)]; }

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

package org.vdsoexplorer.model.cpu;

import java.util.Arrays;

/** Architectural register state of one x86-64 hardware thread: 16 GPRs, rip and the arithmetic flags. */
public final class Cpu {
    public final long[] r = new long[16];
    public long rip;
    public boolean cf, zf, sf, of, pf;

    public long rflags() {
        return (cf ? 1 : 0) | 2 | (pf ? 4 : 0) | (zf ? 0x40 : 0) | (sf ? 0x80 : 0) | (of ? 0x800 : 0);
    }

    public CpuState save() { return new CpuState(r.clone(), rip, rflags()); }

    public void restore(CpuState s) {
        System.arraycopy(s.regs(), 0, r, 0, r.length);
        rip = s.rip();
        long f = s.rflags();
        cf = (f & 1) != 0;
        pf = (f & 4) != 0;
        zf = (f & 0x40) != 0;
        sf = (f & 0x80) != 0;
        of = (f & 0x800) != 0;
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

package org.vdsoexplorer.sim.cpu;

import org.vdsoexplorer.sim.asm.Operand;

/**
 * A decoded operand: a register, a memory reference or an immediate, with its width in bytes. One final
 * class with a kind tag rather than a class per kind: the interpreter's hot path then branches on a
 * field instead of making megamorphic virtual calls.
 */
final class Loc {
    static final int REG = 0, MEM = 1, IMM = 2;

    final int kind;
    final int size;
    final int num; // register number (REG)
    final int base, index, scale; // MEM
    final long disp; // MEM
    final long value; // IMM, masked to size

    private Loc(int kind, int size, int num, int base, int index, int scale, long disp, long value) {
        this.kind = kind;
        this.size = size;
        this.num = num;
        this.base = base;
        this.index = index;
        this.scale = scale;
        this.disp = disp;
        this.value = value;
    }

    static Loc reg(int num, int size) { return new Loc(REG, size, num, -1, -1, 1, 0, 0); }

    static Loc mem(Operand.Mem m, int size) { return new Loc(MEM, size, -1, m.base(), m.index(), m.scale(), m.disp(), 0); }

    static Loc imm(long value, int size) { return new Loc(IMM, size, -1, -1, -1, 1, 0, mask(value, size)); }

    static Loc of(Operand o, int size) {
        return switch (o) {
            case Operand.Reg r -> reg(r.num(), r.size());
            case Operand.Imm i -> imm(i.value(), size);
            case Operand.Mem m -> mem(m, size);
            case Operand.Target t -> throw new IllegalArgumentException("branch target used as data");
        };
    }

    boolean isReg() { return kind == REG; }

    boolean isImm() { return kind == IMM; }

    static long mask(long v, int size) {
        return switch (size) {
            case 1 -> v & 0xffL;
            case 2 -> v & 0xffffL;
            case 4 -> v & 0xffffffffL;
            default -> v;
        };
    }

    static long signExtend(long v, int size) {
        return switch (size) {
            case 1 -> (byte) v;
            case 2 -> (short) v;
            case 4 -> (int) v;
            default -> v;
        };
    }

    long address(Interpreter x) {
        long a = disp;
        long[] r = x.cpu.r;
        if (base >= 0) a += r[base];
        if (index >= 0) a += r[index] * scale;
        return a;
    }

    long get(Interpreter x) {
        if (kind == REG) {
            long v = x.cpu.r[num];
            return size == 8 ? v : mask(v, size);
        }
        if (kind == MEM) return x.load(address(x), size);
        return value;
    }

    void set(Interpreter x, long v) {
        if (kind == REG) x.setReg(num, size, v);
        else if (kind == MEM) x.store(address(x), size, mask(v, size));
        else throw new IllegalStateException("write to an immediate");
    }
}

package org.vdsoexplorer.model.cpu;

import org.vdsoexplorer.model.asm.Operand;

/** A decoded operand: something an op reads or writes, with its width in bytes. */
abstract sealed class Loc permits Loc.R, Loc.M, Loc.I {
    final int size;

    Loc(int size) { this.size = size; }

    abstract long get(Interpreter x);

    abstract void set(Interpreter x, long v);

    static Loc of(Operand o, int size) {
        return switch (o) {
            case Operand.Reg r -> new R(r.num(), r.size());
            case Operand.Imm i -> new I(i.value(), size);
            case Operand.Mem m -> new M(m, size);
            case Operand.Target t -> throw new IllegalArgumentException("branch target used as data");
        };
    }

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

    /** A register, read zero-extended; writes follow x86-64 rules (32-bit writes clear the top half). */
    static final class R extends Loc {
        final int num;

        R(int num, int size) {
            super(size);
            this.num = num;
        }

        @Override long get(Interpreter x) { return mask(x.cpu.r[num], size); }

        @Override void set(Interpreter x, long v) { x.setReg(num, size, v); }
    }

    /** A memory operand; {@code address} computes the effective address. */
    static final class M extends Loc {
        final int base, index, scale;
        final long disp;

        M(Operand.Mem m, int size) {
            super(size);
            this.base = m.base();
            this.index = m.index();
            this.scale = m.scale();
            this.disp = m.disp();
        }

        long address(Interpreter x) {
            long a = disp;
            if (base >= 0) a += x.cpu.r[base];
            if (index >= 0) a += x.cpu.r[index] * scale;
            return a;
        }

        @Override long get(Interpreter x) { return x.load(address(x), size); }

        @Override void set(Interpreter x, long v) { x.store(address(x), size, mask(v, size)); }
    }

    /** An immediate, sign-extended to the operand size as the encoding does. */
    static final class I extends Loc {
        final long value;

        I(long value, int size) {
            super(size);
            this.value = mask(value, size);
        }

        @Override long get(Interpreter x) { return value; }

        @Override void set(Interpreter x, long v) { throw new IllegalStateException("write to an immediate"); }
    }
}

package org.vdsoexplorer.sim.cpu;

import org.vdsoexplorer.sim.cost.CostClass;

/**
 * Specialised forms of the hottest operations (64- and 32-bit register, immediate and simple memory
 * operands; cmp/test of any width; push/pop of a 64-bit register). They do exactly what the generic {@link Op}
 * classes do for those operands, with no operand indirection; the decoder picks them when the operands fit.
 * Tests run both through the same programs.
 */
final class FastOps {
    private FastOps() {}

    static long fit(long v, int size) { return size == 8 ? v : v & 0xffffffffL; }

    /** mov %src,%dst (64 or 32 bit; 32 zero-extends). */
    static final class MovRR extends Op {
        static final int CODE = 4;

        final int d, s;
        final long mask;

        MovRR(int d, int s, int size) {
            super(CostClass.MOV, CODE);
            this.d = d;
            this.s = s;
            this.mask = size == 8 ? -1L : 0xffffffffL;
        }

        @Override void exec(Interpreter x) {
            long[] r = x.cpu.r;
            r[d] = r[s] & mask;
        }
    }

    /** mov $imm,%dst (64 or 32 bit). */
    static final class MovRI extends Op {
        static final int CODE = 6;

        final int d;
        final long v;

        MovRI(int d, long v, int size) {
            super(CostClass.MOV, CODE);
            this.d = d;
            this.v = fit(v, size);
        }

        @Override void exec(Interpreter x) { x.cpu.r[d] = v; }
    }

    /** push %reg or pop %reg (64 bit; pop %rsp ends with the popped value, as the generic form does). */
    static final class StackR extends Op {
        static final int CODE = 16;

        final int reg;
        final boolean pop;

        StackR(int reg, boolean pop) {
            super(pop ? CostClass.POP : CostClass.PUSH, CODE);
            this.reg = reg;
            this.pop = pop;
        }

        @Override void exec(Interpreter x) {
            if (pop) popInto(x);
            else pushFrom(x);
        }

        private void pushFrom(Interpreter x) { x.push(x.cpu.r[reg], reg); }

        private void popInto(Interpreter x) {
            long v = x.pop(reg);
            x.cpu.r[reg] = v;
        }
    }

    /** A 64- or 32-bit access at disp(base[,index,scale]). */
    abstract static class MemOp extends Op {
        final int reg, base, index, scale, size;
        final long disp;

        MemOp(CostClass cc, int code, int reg, Loc m, int size) {
            super(cc, code);
            this.reg = reg;
            this.base = m.base;
            this.index = m.index;
            this.scale = m.scale;
            this.disp = m.disp;
            this.size = size;
        }

        final long address(long[] r) {
            long a = disp;
            if (base >= 0) a += r[base];
            if (index >= 0) a += r[index] * scale;
            return a;
        }
    }

    /** mov disp(base[,index,scale]),%reg. */
    static final class Load extends MemOp {
        static final int CODE = 1;

        Load(int d, Loc m, int size) { super(CostClass.LOAD, CODE, d, m, size); }

        @Override void exec(Interpreter x) {
            long[] r = x.cpu.r;
            r[reg] = x.load(address(r), size); // loads of 4 bytes come back zero-extended
        }
    }

    /** mov %reg,disp(base[,index,scale]). */
    static final class Store extends MemOp {
        static final int CODE = 5;

        Store(int s, Loc m, int size) { super(CostClass.STORE, CODE, s, m, size); }

        @Override void exec(Interpreter x) {
            long[] r = x.cpu.r;
            x.store(address(r), size, fit(r[reg], size));
        }
    }

    /** add/sub/and/or/xor (64 or 32 bit) and cmp/test (any width) with a register destination and a register or immediate source. */
    static final class Alu extends Op {
        static final int CODE = 2;

        final Op.AluKind kind;
        final int d, s;
        final long imm;
        final int size;
        final long mask;

        /** {@code s < 0}: the source is {@code imm}. */
        Alu(Op.AluKind kind, int d, int s, long imm, int size) {
            super(CostClass.ALU, CODE);
            this.kind = kind;
            this.d = d;
            this.s = s;
            this.imm = Loc.mask(imm, size);
            this.size = size;
            this.mask = Loc.mask(-1L, size);
        }

        @Override void exec(Interpreter x) { run(x.cpu); }

        private void run(Cpu c) {
            long[] r = c.r;
            long a = r[d] & mask, b = s < 0 ? imm : r[s] & mask;
            switch (kind) {
                case ADD -> write(c, r, Cpu.F_ADD, a, b, (a + b) & mask);
                case SUB -> write(c, r, Cpu.F_SUB, a, b, (a - b) & mask);
                case CMP -> c.lazy(Cpu.F_SUB, a, b, (a - b) & mask, size);
                case AND -> write(c, r, Cpu.F_LOGIC, 0, 0, a & b);
                case OR -> write(c, r, Cpu.F_LOGIC, 0, 0, a | b);
                case XOR -> write(c, r, Cpu.F_LOGIC, 0, 0, a ^ b);
                case TEST -> c.lazy(Cpu.F_LOGIC, 0, 0, a & b, size);
                default -> throw new IllegalStateException("adc/sbb are never specialised: " + kind);
            }
        }

        /** The result {@code v} into the destination, its flags pending. */
        private void write(Cpu c, long[] r, int flagOp, long a, long b, long v) {
            c.lazy(flagOp, a, b, v, size);
            r[d] = v;
        }
    }
}

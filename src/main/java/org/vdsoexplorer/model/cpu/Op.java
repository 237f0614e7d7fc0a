package org.vdsoexplorer.model.cpu;

import org.vdsoexplorer.model.asm.Registers;

/**
 * One decoded instruction, executable. Tiny classes, one per operation (after RARS): each knows only how
 * to change the CPU and memory; the interpreter does fetch, cost and events. Control flow ops set
 * {@code x.nextPc}/{@code x.nextRip}; all others fall through.
 */
abstract class Op {
    /** Codes of the classes the interpreter dispatches with a switch (0: a virtual call). */
    static final int C_MOVRR = 1, C_MOVRI = 2, C_LOAD = 3, C_STORE = 4, C_FASTALU = 5, C_JCC = 6, C_NOP = 7,
            C_PUSH = 8, C_POP = 9, C_LEA = 10, C_CALL = 11, C_RET = 12, C_ALU = 13, C_SHIFT = 14, C_MOVX = 15;

    final CostClass costClass;
    final int code;

    Op(CostClass costClass) { this(costClass, 0); }

    Op(CostClass costClass, int code) {
        this.costClass = costClass;
        this.code = code;
    }

    abstract void exec(Interpreter x);

    // ---- flag helpers -------------------------------------------------------------------------

    static long signBit(int size) { return 1L << (size * 8 - 1); }

    private static final boolean[] EVEN_PARITY = new boolean[256];

    static {
        for (int i = 0; i < 256; i++) EVEN_PARITY[i] = (Integer.bitCount(i) & 1) == 0;
    }

    /** Sets all flags eagerly from a result (ZF, SF, PF) and explicit CF and OF. */
    static void flags(Cpu c, boolean cf, boolean of, long r, int size) {
        c.setFlags(cf, r == 0, (r & signBit(size)) != 0, of, EVEN_PARITY[(int) (r & 0xff)]);
    }

    static long add(Cpu c, long a, long b, long carryIn, int size) {
        long r = Loc.mask(a + b + carryIn, size);
        if (carryIn == 0) {
            c.lazy(Cpu.F_ADD, a, b, r, size);
        } else {
            boolean cf = size == 8 ? (Long.compareUnsigned(r, a) < 0 || r == a) : ((a + b + 1) >>> (size * 8)) != 0;
            flags(c, cf, ((a ^ r) & (b ^ r) & signBit(size)) != 0, r, size);
        }
        return r;
    }

    static long sub(Cpu c, long a, long b, long borrowIn, int size) {
        long r = Loc.mask(a - b - borrowIn, size);
        if (borrowIn == 0) {
            c.lazy(Cpu.F_SUB, a, b, r, size);
        } else {
            flags(c, Long.compareUnsigned(a, b) < 0 || a == b, ((a ^ b) & (a ^ r) & signBit(size)) != 0, r, size);
        }
        return r;
    }

    static long logic(Cpu c, long r, int size) {
        c.lazy(Cpu.F_LOGIC, 0, 0, r, size);
        return r;
    }

    // ---- data movement ------------------------------------------------------------------------

    static final class Mov extends Op {
        final Loc dst, src;

        Mov(Loc dst, Loc src, CostClass cc) {
            super(cc);
            this.dst = dst;
            this.src = src;
        }

        @Override void exec(Interpreter x) { dst.set(x, src.get(x)); }
    }

    /** movz/movs: widen {@code src} into {@code dst}, with zero or sign extension. */
    static final class Movx extends Op {
        final Loc dst, src;
        final boolean signed;

        Movx(Loc dst, Loc src, boolean signed, CostClass cc) {
            super(cc, C_MOVX);
            this.dst = dst;
            this.src = src;
            this.signed = signed;
        }

        @Override void exec(Interpreter x) {
            long v = src.get(x);
            dst.set(x, signed ? Loc.signExtend(v, src.size) : v);
        }
    }

    static final class Lea extends Op {
        final Loc dst;
        final Loc mem;

        Lea(Loc dst, Loc mem) {
            super(CostClass.LEA, C_LEA);
            this.dst = dst;
            this.mem = mem;
        }

        @Override void exec(Interpreter x) { dst.set(x, mem.address(x)); }
    }

    static final class Xchg extends Op {
        final Loc a, b;

        Xchg(Loc a, Loc b, CostClass cc) {
            super(cc);
            this.a = a;
            this.b = b;
        }

        @Override void exec(Interpreter x) {
            long va = a.get(x), vb = b.get(x);
            a.set(x, vb);
            b.set(x, va);
        }
    }

    /** cltq, cqto, cltd, cwtl: sign extensions of rax into rax or rdx. */
    static final class SignExtendAcc extends Op {
        final String kind;

        SignExtendAcc(String kind) {
            super(CostClass.ALU);
            this.kind = kind;
        }

        @Override void exec(Interpreter x) {
            long[] r = x.cpu.r;
            switch (kind) {
                case "cltq" -> r[Registers.RAX] = (int) r[Registers.RAX];
                case "cwtl" -> x.setReg(Registers.RAX, 4, (short) r[Registers.RAX]);
                case "cqto" -> r[Registers.RDX] = r[Registers.RAX] >> 63;
                case "cltd" -> x.setReg(Registers.RDX, 4, ((int) r[Registers.RAX]) >> 31);
                default -> throw new IllegalStateException(kind);
            }
        }
    }

    // ---- arithmetic ---------------------------------------------------------------------------

    enum AluKind { ADD, ADC, SUB, SBB, CMP, AND, OR, XOR, TEST }

    static final int ADD = 0, ADC = 1, SUB = 2, SBB = 3, CMP = 4, AND = 5, OR = 6, XOR = 7, TEST = 8;

    static final class Alu extends Op {
        final int kind;
        final Loc dst, src;

        Alu(AluKind kind, Loc dst, Loc src, CostClass cc) {
            super(cc, C_ALU);
            this.kind = kind.ordinal();
            this.dst = dst;
            this.src = src;
        }

        @Override void exec(Interpreter x) {
            Cpu c = x.cpu;
            int size = dst.size;
            long b = src.get(x); // immediates are already masked to the operand size
            long a = dst.get(x);
            switch (kind) {
                case ADD -> dst.set(x, add(c, a, b, 0, size));
                case ADC -> dst.set(x, add(c, a, b, c.cf() ? 1 : 0, size));
                case SUB -> dst.set(x, sub(c, a, b, 0, size));
                case SBB -> dst.set(x, sub(c, a, b, c.cf() ? 1 : 0, size));
                case CMP -> sub(c, a, b, 0, size);
                case AND -> dst.set(x, logic(c, a & b, size));
                case OR -> dst.set(x, logic(c, a | b, size));
                case XOR -> dst.set(x, logic(c, a ^ b, size));
                default -> logic(c, a & b, size);
            }
        }
    }

    enum UnaryKind { NOT, NEG, INC, DEC }

    static final class Unary extends Op {
        final UnaryKind kind;
        final Loc dst;

        Unary(UnaryKind kind, Loc dst, CostClass cc) {
            super(cc);
            this.kind = kind;
            this.dst = dst;
        }

        @Override void exec(Interpreter x) {
            Cpu c = x.cpu;
            int size = dst.size;
            long a = dst.get(x);
            switch (kind) {
                case NOT -> dst.set(x, Loc.mask(~a, size));
                case NEG -> dst.set(x, sub(c, 0, a, 0, size)); // CF = (a != 0), as the lazy SUB gives
                case INC -> {
                    long r = Loc.mask(a + 1, size);
                    flags(c, c.cf(), ((a ^ r) & (1 ^ r) & signBit(size)) != 0, r, size);
                    dst.set(x, r);
                }
                case DEC -> {
                    long r = Loc.mask(a - 1, size);
                    flags(c, c.cf(), ((a ^ 1) & (a ^ r) & signBit(size)) != 0, r, size);
                    dst.set(x, r);
                }
            }
        }
    }

    /**
     * bt with a register destination: CF = bit (offset mod operand width) of dst. Intel SDM: ZF is unchanged;
     * OF, SF, AF and PF are undefined, and are kept as they were here. (clang tests clock-id mask bits with it.)
     */
    static final class Bt extends Op {
        final Loc dst, offset;

        Bt(Loc dst, Loc offset) {
            super(CostClass.ALU);
            this.dst = dst;
            this.offset = offset;
        }

        @Override void exec(Interpreter x) {
            Cpu c = x.cpu;
            int bit = (int) (offset.get(x) & (dst.size * 8 - 1));
            c.setFlags(((dst.get(x) >>> bit) & 1) != 0, c.zf(), c.sf(), c.of(), c.pf());
        }
    }

    enum ShiftKind { SHL, SHR, SAR, ROL, ROR }

    static final class Shift extends Op {
        final ShiftKind kind;
        final Loc dst;
        final Loc count; // null: by one

        Shift(ShiftKind kind, Loc dst, Loc count, CostClass cc) {
            super(cc, C_SHIFT);
            this.kind = kind;
            this.dst = dst;
            this.count = count;
        }

        @Override void exec(Interpreter x) {
            Cpu c = x.cpu;
            int size = dst.size, bits = size * 8;
            int n = (int) ((count == null ? 1 : count.get(x)) & (size == 8 ? 63 : 31));
            if (n == 0) return; // flags unchanged
            long a = dst.get(x);
            long r;
            switch (kind) {
                case SHL -> {
                    r = Loc.mask(a << n, size);
                    boolean cf = n <= bits && ((a >>> (bits - n)) & 1) != 0;
                    flags(c, cf, ((r & signBit(size)) != 0) != cf, r, size);
                }
                case SHR -> {
                    r = n >= bits ? 0 : a >>> n;
                    flags(c, ((a >>> (n - 1)) & 1) != 0, (a & signBit(size)) != 0, r, size);
                }
                case SAR -> {
                    long s = Loc.signExtend(a, size);
                    r = Loc.mask(s >> Math.min(n, 63), size);
                    flags(c, ((s >> Math.min(n - 1, 63)) & 1) != 0, false, r, size);
                }
                case ROL -> {
                    int k = n % bits;
                    r = Loc.mask((a << k) | (k == 0 ? 0 : a >>> (bits - k)), size);
                    boolean cf = (r & 1) != 0;
                    c.setFlags(cf, c.zf(), c.sf(), ((r & signBit(size)) != 0) != cf, c.pf());
                }
                default -> { // ROR
                    int k = n % bits;
                    r = Loc.mask((a >>> k) | (k == 0 ? 0 : a << (bits - k)), size);
                    c.setFlags((r & signBit(size)) != 0, c.zf(), c.sf(),
                            ((r & signBit(size)) != 0) != ((r & (signBit(size) >>> 1)) != 0), c.pf());
                }
            }
            dst.set(x, r);
        }
    }

    /** shrd/shld count, src, dst: a double-width shift. */
    static final class DoubleShift extends Op {
        final boolean right;
        final Loc dst, src, count;

        DoubleShift(boolean right, Loc dst, Loc src, Loc count) {
            super(CostClass.SHIFT);
            this.right = right;
            this.dst = dst;
            this.src = src;
            this.count = count;
        }

        @Override void exec(Interpreter x) {
            Cpu c = x.cpu;
            int size = dst.size, bits = size * 8;
            int n = (int) (count.get(x) & (size == 8 ? 63 : 31));
            if (n == 0) return;
            long d = dst.get(x), s = src.get(x);
            long r;
            boolean cf;
            if (right) {
                r = Loc.mask((d >>> n) | (s << (bits - n)), size);
                cf = ((d >>> (n - 1)) & 1) != 0;
            } else {
                r = Loc.mask((d << n) | (s >>> (bits - n)), size);
                cf = ((d >>> (bits - n)) & 1) != 0;
            }
            flags(c, cf, ((r ^ d) & signBit(size)) != 0, r, size);
            dst.set(x, r);
        }
    }

    /** Two- and three-operand imul: dst = a * b, truncated; CF=OF=overflow. */
    static final class Imul extends Op {
        final Loc dst, a, b;

        Imul(Loc dst, Loc a, Loc b, CostClass cc) {
            super(cc);
            this.dst = dst;
            this.a = a;
            this.b = b;
        }

        @Override void exec(Interpreter x) {
            Cpu c = x.cpu;
            int size = dst.size;
            long va = Loc.signExtend(a.get(x), a.size), vb = Loc.signExtend(b.get(x), b.size);
            long full = va * vb;
            long r = Loc.mask(full, size);
            boolean overflow = size == 8 ? Math.multiplyHigh(va, vb) != (full >> 63)
                    : Loc.signExtend(r, size) != full;
            flags(c, overflow, overflow, r, size);
            dst.set(x, r);
        }
    }

    /** One-operand mul/imul: rdx:rax = rax * src. */
    static final class MulWide extends Op {
        final Loc src;
        final boolean signed;

        MulWide(Loc src, boolean signed, CostClass cc) {
            super(cc);
            this.src = src;
            this.signed = signed;
        }

        @Override void exec(Interpreter x) {
            Cpu c = x.cpu;
            int size = src.size;
            long a = Loc.mask(c.r[Registers.RAX], size), b = src.get(x);
            if (size == 8) {
                long lo = a * b;
                long hi = signed ? Math.multiplyHigh(a, b) : Math.unsignedMultiplyHigh(a, b);
                c.r[Registers.RAX] = lo;
                c.r[Registers.RDX] = hi;
                boolean ov = signed ? hi != (lo >> 63) : hi != 0;
                c.setFlags(ov, c.zf(), c.sf(), ov, c.pf());
            } else if (size == 4) {
                long p = signed ? (long) (int) a * (int) b : a * b;
                x.setReg(Registers.RAX, 4, p);
                x.setReg(Registers.RDX, 4, p >>> 32);
                boolean ov = signed ? p != (int) p : (p >>> 32) != 0;
                c.setFlags(ov, c.zf(), c.sf(), ov, c.pf());
            } else {
                throw new ExecutionException("mul/imul of width " + size + " is not supported");
            }
        }
    }

    /** div/idiv src: rax = rdx:rax / src, rdx = remainder; #DE on zero or overflow. */
    static final class Div extends Op {
        final Loc src;
        final boolean signed;

        Div(Loc src, boolean signed) {
            super(CostClass.DIV);
            this.src = src;
            this.signed = signed;
        }

        @Override void exec(Interpreter x) {
            Cpu c = x.cpu;
            int size = src.size;
            long d = src.get(x);
            if (d == 0) throw new ExecutionException("divide error (#DE): division by zero");
            java.math.BigInteger hi = java.math.BigInteger.valueOf(Loc.mask(c.r[Registers.RDX], size));
            java.math.BigInteger lo = unsigned(Loc.mask(c.r[Registers.RAX], size));
            java.math.BigInteger n = hi.shiftLeft(size * 8).or(lo);
            java.math.BigInteger dv = unsigned(d);
            if (signed) {
                n = toSigned(n, size * 16);
                dv = java.math.BigInteger.valueOf(Loc.signExtend(d, size));
            } else if (size == 8) {
                n = unsigned(c.r[Registers.RDX]).shiftLeft(64).or(lo);
            }
            java.math.BigInteger[] qr = n.divideAndRemainder(dv);
            int bits = size * 8;
            boolean fits = signed ? qr[0].bitLength() < bits : qr[0].signum() >= 0 && qr[0].bitLength() <= bits;
            if (!fits) throw new ExecutionException("divide error (#DE): quotient overflow");
            x.setReg(Registers.RAX, size, qr[0].longValue());
            x.setReg(Registers.RDX, size, qr[1].longValue());
        }

        private static java.math.BigInteger unsigned(long v) {
            java.math.BigInteger b = java.math.BigInteger.valueOf(v);
            return v < 0 ? b.add(java.math.BigInteger.ONE.shiftLeft(64)) : b;
        }

        private static java.math.BigInteger toSigned(java.math.BigInteger v, int bits) {
            return v.testBit(bits - 1) ? v.subtract(java.math.BigInteger.ONE.shiftLeft(bits)) : v;
        }
    }

    static final class Cmov extends Op {
        final Cond cond;
        final Loc dst, src;

        Cmov(Cond cond, Loc dst, Loc src, CostClass cc) {
            super(cc);
            this.cond = cond;
            this.dst = dst;
            this.src = src;
        }

        @Override void exec(Interpreter x) {
            long v = src.get(x); // the load happens either way
            if (cond.test(x.cpu)) dst.set(x, v);
            else if (dst.size == 4 && dst.isReg()) x.setReg(dst.num, 4, x.cpu.r[dst.num]);
        }
    }

    static final class Setcc extends Op {
        final Cond cond;
        final Loc dst;

        Setcc(Cond cond, Loc dst, CostClass cc) {
            super(cc);
            this.cond = cond;
            this.dst = dst;
        }

        @Override void exec(Interpreter x) { dst.set(x, cond.test(x.cpu) ? 1 : 0); }
    }

    // ---- control flow -------------------------------------------------------------------------

    static final class Jcc extends Op {
        final int cond; // -1: unconditional
        final long target;
        final int targetIndex;

        Jcc(Cond cond, long target, int targetIndex) {
            super(cond == null ? CostClass.JMP : CostClass.JCC, C_JCC);
            this.cond = cond == null ? -1 : cond.ordinal();
            this.target = target;
            this.targetIndex = targetIndex;
        }

        @Override void exec(Interpreter x) {
            if (cond < 0) x.branch(true, target, targetIndex, false);
            else x.branch(Cond.test(cond, x.cpu), target, targetIndex, true);
        }
    }

    static final class Call extends Op {
        final long target;
        final String label;

        Call(long target, String label) {
            super(CostClass.CALL, C_CALL);
            this.target = target;
            this.label = label;
        }

        @Override void exec(Interpreter x) {
            x.push(x.fallthroughRip(), -1);
            x.call(target, label);
        }
    }

    static final class Ret extends Op {
        Ret() { super(CostClass.RET, C_RET); }

        @Override void exec(Interpreter x) { x.ret(x.pop(-1)); }
    }

    static final class Push extends Op {
        final Loc src;

        Push(Loc src) {
            super(CostClass.PUSH, C_PUSH);
            this.src = src;
        }

        @Override void exec(Interpreter x) { x.push(src.get(x), src.isReg() ? src.num : -1); }
    }

    static final class Pop extends Op {
        final Loc dst;

        Pop(Loc dst) {
            super(CostClass.POP, C_POP);
            this.dst = dst;
        }

        @Override void exec(Interpreter x) { dst.set(x, x.pop(dst.isReg() ? dst.num : -1)); }
    }

    static final class Leave extends Op {
        Leave() { super(CostClass.LEAVE); }

        @Override void exec(Interpreter x) {
            x.cpu.r[Registers.RSP] = x.cpu.r[Registers.RBP];
            x.cpu.r[Registers.RBP] = x.pop(Registers.RBP);
        }
    }

    // ---- system -------------------------------------------------------------------------------

    /** nop forms, fences and pause: no architectural effect; their cost is their meaning. */
    static final class Nop extends Op {
        Nop(CostClass cc) { super(cc, C_NOP); }

        @Override void exec(Interpreter x) {}
    }

    static final class Rdtsc extends Op {
        final boolean withAux;

        Rdtsc(boolean withAux) {
            super(withAux ? CostClass.RDTSCP : CostClass.RDTSC);
            this.withAux = withAux;
        }

        @Override void exec(Interpreter x) {
            long tsc = x.hooks.rdtsc(x);
            x.setReg(Registers.RAX, 4, tsc);
            x.setReg(Registers.RDX, 4, tsc >>> 32);
            if (withAux) x.setReg(Registers.RCX, 4, 0); // TSC_AUX: cpu 0
        }
    }

    static final class KernelEntry extends Op {
        final EntryMechanism how;

        KernelEntry(EntryMechanism how) {
            super(CostClass.KERNEL_ENTRY);
            this.how = how;
        }

        @Override void exec(Interpreter x) {
            if (how == EntryMechanism.SYSCALL) {
                x.cpu.r[Registers.RCX] = x.fallthroughRip(); // syscall clobbers rcx and r11
                x.cpu.r[Registers.R11] = x.cpu.rflags();
            }
            x.kernelEntry(how);
        }
    }

    /** Parsed but outside the modelled subset: stops execution when reached. */
    static final class Unsupported extends Op {
        final String why;

        Unsupported(String why) {
            super(CostClass.NOP);
            this.why = why;
        }

        @Override void exec(Interpreter x) { throw new ExecutionException(why); }
    }
}

package org.vdsoexplorer.sim.cpu;

import java.math.BigInteger;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cost.CostClass;
import org.vdsoexplorer.sim.cost.EntryMechanism;

/**
 * One decoded instruction, executable. Tiny classes, one per operation (after RARS): each knows only how
 * to change the CPU and memory; the interpreter does fetch, cost and events. Control flow ops set
 * {@code x.nextPc}/{@code x.nextRip}; all others fall through.
 *
 * <p>Over 450 lines on purpose: some thirty small nested op classes, each a few lines of SDM semantics,
 * read best side by side with the flag helpers they share; splitting them would scatter one table.
 */
abstract class Op {
    final CostClass costClass;

    /**
     * 0, or the {@code CODE} of a class the interpreter dispatches with a switch: each such class declares its
     * own {@code static final int CODE} and passes it here, and the switch pairs {@code X.CODE} with a cast
     * to {@code X} on one line, so a code cannot name another class (and two equal codes do not compile).
     * Such a class keeps {@code exec} within 35 bytecodes (HotSpot's MaxInlineSize, the limit for a call the
     * switch makes in under a quarter of its runs) and puts a longer body in a method {@code exec} calls.
     */
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
        static final int CODE = 15;

        final Loc dst, src;
        final boolean signed;

        Movx(Loc dst, Loc src, boolean signed, CostClass cc) {
            super(cc, CODE);
            this.dst = dst;
            this.src = src;
            this.signed = signed;
        }

        @Override void exec(Interpreter x) { run(x); }

        private void run(Interpreter x) {
            long v = src.get(x);
            dst.set(x, signed ? Loc.signExtend(v, src.size) : v);
        }
    }

    static final class Lea extends Op {
        static final int CODE = 10;

        final Loc dst;
        final Loc mem;

        Lea(Loc dst, Loc mem) {
            super(CostClass.LEA, CODE);
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
    enum Widen { CLTQ, CWTL, CQTO, CLTD }

    static final class SignExtendAcc extends Op {
        final Widen kind;

        SignExtendAcc(Widen kind) {
            super(CostClass.ALU);
            this.kind = kind;
        }

        @Override void exec(Interpreter x) {
            long[] r = x.cpu.r;
            switch (kind) {
                case CLTQ -> r[Registers.RAX] = (int) r[Registers.RAX];
                case CWTL -> x.setReg(Registers.RAX, 4, (short) r[Registers.RAX]);
                case CQTO -> r[Registers.RDX] = r[Registers.RAX] >> 63;
                case CLTD -> x.setReg(Registers.RDX, 4, ((int) r[Registers.RAX]) >> 31);
            }
        }
    }

    // ---- arithmetic ---------------------------------------------------------------------------

    enum AluKind { ADD, ADC, SUB, SBB, CMP, AND, OR, XOR, TEST }

    static final class Alu extends Op {
        static final int CODE = 13;

        final AluKind kind;
        final Loc dst, src;

        Alu(AluKind kind, Loc dst, Loc src, CostClass cc) {
            super(cc, CODE);
            this.kind = kind;
            this.dst = dst;
            this.src = src;
        }

        @Override void exec(Interpreter x) { run(x); }

        private void run(Interpreter x) {
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
                case TEST -> logic(c, a & b, size);
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
     * bt, btr, bts, btc with a register destination: CF = bit (offset mod operand width) of dst, which btr then
     * clears, bts sets and btc flips. Intel SDM: ZF is unchanged; OF, SF, AF and PF are undefined, and are kept as
     * they were here. (clang tests clock-id mask bits with bt; the 6.x vDSO clears bit 63 of the counter with btr.)
     */
    enum BitKind { TEST, RESET, SET, COMPLEMENT }

    static final class Bt extends Op {
        final Loc dst, offset;
        final BitKind kind;

        Bt(Loc dst, Loc offset) { this(dst, offset, BitKind.TEST); }

        Bt(Loc dst, Loc offset, BitKind kind) {
            super(CostClass.ALU);
            this.dst = dst;
            this.offset = offset;
            this.kind = kind;
        }

        @Override void exec(Interpreter x) {
            Cpu c = x.cpu;
            int bit = (int) (offset.get(x) & (dst.size * 8 - 1));
            long v = dst.get(x), m = 1L << bit;
            c.setFlags((v & m) != 0, c.zf(), c.sf(), c.of(), c.pf());
            switch (kind) {
                case RESET -> dst.set(x, v & ~m);
                case SET -> dst.set(x, v | m);
                case COMPLEMENT -> dst.set(x, v ^ m);
                case TEST -> { }
            }
        }
    }

    enum ShiftKind { SHL, SHR, SAR, ROL, ROR }

    static final class Shift extends Op {
        static final int CODE = 14;

        final ShiftKind kind;
        final Loc dst;
        final Loc count; // null: by one

        Shift(ShiftKind kind, Loc dst, Loc count, CostClass cc) {
            super(cc, CODE);
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
            } else { // AX = AL * src, DX:AX = AX * src, EDX:EAX = EAX * src
                int bits = size * 8;
                long p = signed ? Loc.signExtend(a, size) * Loc.signExtend(b, size) : a * b;
                if (size == 1) {
                    x.setReg(Registers.RAX, 2, p);
                } else {
                    x.setReg(Registers.RAX, size, p);
                    x.setReg(Registers.RDX, size, p >>> bits);
                }
                boolean ov = signed ? Loc.signExtend(Loc.mask(p, size), size) != p : (p >>> bits) != 0;
                c.setFlags(ov, c.zf(), c.sf(), ov, c.pf());
            }
        }
    }

    /**
     * div/idiv src (Intel SDM vol. 2A, DIV/IDIV): the dividend is AX for a byte divisor (quotient to AL,
     * remainder to AH), else DX:AX, EDX:EAX or RDX:RAX (quotient to the A register, remainder to the D
     * register). The quotient truncates toward zero and the remainder takes the dividend's sign. A zero
     * divisor or a quotient that does not fit raises #DE, which Linux delivers as SIGFPE.
     */
    static final class Div extends Op {
        final Loc src;
        final boolean signed;

        Div(Loc src, boolean signed) {
            super(CostClass.DIV);
            this.src = src;
            this.signed = signed;
        }

        @Override void exec(Interpreter x) {
            long[] r = x.cpu.r;
            int size = src.size, bits = size * 8;
            long d = src.get(x);
            if (d == 0) throw divideError(x, "division by zero");
            long q, rem;
            if (size == 8) {
                long[] qr = divide128(r[Registers.RDX], r[Registers.RAX], d, signed);
                if (qr == null) throw divideError(x, "quotient overflow");
                q = qr[0];
                rem = qr[1];
            } else {
                long n = size == 1 ? r[Registers.RAX] & 0xffff
                        : (Loc.mask(r[Registers.RDX], size) << bits) | Loc.mask(r[Registers.RAX], size);
                boolean fits;
                if (signed) {
                    n = Loc.signExtend(n, 2 * size);
                    long dv = Loc.signExtend(d, size);
                    q = n / dv; // Long.MIN_VALUE / -1 is Long.MIN_VALUE in Java, which fails the range check below
                    rem = n % dv;
                    fits = q >= -(1L << (bits - 1)) && q < (1L << (bits - 1));
                } else {
                    q = Long.divideUnsigned(n, d);
                    rem = Long.remainderUnsigned(n, d);
                    fits = Long.compareUnsigned(q, Loc.mask(-1L, size)) <= 0;
                }
                if (!fits) throw divideError(x, "quotient overflow");
            }
            if (size == 1) {
                r[Registers.RAX] = (r[Registers.RAX] & ~0xffffL) | ((rem & 0xff) << 8) | (q & 0xff);
            } else {
                x.setReg(Registers.RAX, size, q);
                x.setReg(Registers.RDX, size, rem);
            }
        }

        /** hi:lo / d as 128-bit integers: {quotient, remainder}, or null when the quotient needs more than 64 bits. */
        static long[] divide128(long hi, long lo, long d, boolean signed) {
            if (signed ? hi == (lo >> 63) : hi == 0) { // the dividend fits in 64 bits (after cqto, or a zero rdx)
                if (!signed) return new long[] {Long.divideUnsigned(lo, d), Long.remainderUnsigned(lo, d)};
                if (lo == Long.MIN_VALUE && d == -1) return null;
                return new long[] {lo / d, lo % d};
            }
            BigInteger n = unsigned(hi).shiftLeft(64).or(unsigned(lo));
            if (signed && hi < 0) n = n.subtract(BigInteger.ONE.shiftLeft(128));
            BigInteger[] qr = n.divideAndRemainder(signed ? BigInteger.valueOf(d) : unsigned(d));
            boolean fits = signed ? qr[0].bitLength() <= 63 : qr[0].signum() >= 0 && qr[0].bitLength() <= 64;
            return fits ? new long[] {qr[0].longValue(), qr[1].longValue()} : null;
        }

        private static BigInteger unsigned(long v) {
            BigInteger b = BigInteger.valueOf(v);
            return v < 0 ? b.add(BigInteger.ONE.shiftLeft(64)) : b;
        }

        private static Fault divideError(Interpreter x, String why) {
            return new Fault("SIGFPE", x.cpu.rip, "divide error (#DE): " + why);
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
        static final int CODE = 3;

        final int cond; // -1: unconditional
        final long target;
        final int targetIndex;

        Jcc(Cond cond, long target, int targetIndex) {
            super(cond == null ? CostClass.JMP : CostClass.JCC, CODE);
            this.cond = cond == null ? -1 : cond.ordinal();
            this.target = target;
            this.targetIndex = targetIndex;
        }

        @Override void exec(Interpreter x) { run(x); }

        private void run(Interpreter x) {
            if (cond < 0) x.branch(true, target, targetIndex, false);
            else x.branch(Cond.test(cond, x.cpu), target, targetIndex, true);
        }
    }

    static final class Call extends Op {
        static final int CODE = 11;

        final long target;
        final String label;

        Call(long target, String label) {
            super(CostClass.CALL, CODE);
            this.target = target;
            this.label = label;
        }

        @Override void exec(Interpreter x) {
            x.push(x.fallthroughRip(), -1);
            x.call(target, label);
        }
    }

    static final class Ret extends Op {
        static final int CODE = 12;

        Ret() { super(CostClass.RET, CODE); }

        @Override void exec(Interpreter x) { x.ret(x.pop(-1)); }
    }

    static final class Push extends Op {
        static final int CODE = 8;

        final Loc src;

        Push(Loc src) {
            super(CostClass.PUSH, CODE);
            this.src = src;
        }

        @Override void exec(Interpreter x) { x.push(src.get(x), src.isReg() ? src.num : -1); }
    }

    static final class Pop extends Op {
        static final int CODE = 9;

        final Loc dst;

        Pop(Loc dst) {
            super(CostClass.POP, CODE);
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
        static final int CODE = 7;

        Nop(CostClass cc) { super(cc, CODE); }

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

    /** Parsed but outside the modelled subset: stops execution when reached (the interpreter adds the line). */
    static final class Unsupported extends Op {
        final String why;

        Unsupported(String why) {
            super(CostClass.NOP);
            this.why = why;
        }

        @Override void exec(Interpreter x) { throw new ExecutionException(why); }
    }
}

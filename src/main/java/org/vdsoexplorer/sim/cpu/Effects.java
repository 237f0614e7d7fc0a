package org.vdsoexplorer.sim.cpu;

import org.vdsoexplorer.sim.asm.Registers;

/**
 * What one decoded {@link Op} reads and writes, for {@link CallTrace}'s dependence analysis: registers as a bit
 * mask (bit n = register n), {@link #FLAGS} for the arithmetic flags, the registers that form a memory address
 * (a load or store through them), and whether it is a counter read. A register destination written in 1 or 2 bytes
 * is also read (the rest is kept), as is a cmov's (it may not write); every op that may leave some flags as they
 * were (a shift by %cl, inc/dec keeping CF, rol/ror, bt, mul) reads them. An op outside this
 * list (a kernel entry, an unsupported instruction, an indirect branch) has no effects: {@link #known} false, and
 * a call that runs it is never replayed.
 */
record Effects(boolean known, int reads, int writes, int addressRegs, boolean counter, boolean conditional) {
    static final int FLAGS = 1 << 16;
    private static final int RAX = bit(Registers.RAX), RDX = bit(Registers.RDX), RCX = bit(Registers.RCX),
            RSP = bit(Registers.RSP), RBP = bit(Registers.RBP);
    private static final Effects UNKNOWN = new Effects(false, 0, 0, 0, false, false);

    static Effects of(Op op) {
        return switch (op) {
            case FastOps.MovRR o -> plain(bit(o.s), bit(o.d), 0); // 64 or 32 bit: the whole register written
            case FastOps.MovRI o -> plain(0, bit(o.d), 0);
            case FastOps.StackR o -> o.pop ? plain(RSP, RSP | bit(o.reg), RSP) : plain(RSP | bit(o.reg), RSP, RSP);
            case FastOps.Load o -> plain(addr(o.base, o.index), bit(o.reg), addr(o.base, o.index));
            case FastOps.Store o -> plain(addr(o.base, o.index) | bit(o.reg), 0, addr(o.base, o.index));
            case FastOps.Alu o -> {
                boolean compare = o.kind == Op.AluKind.CMP || o.kind == Op.AluKind.TEST;
                // xor/sub of a register with itself (the zero idiom): 0 and its flags whatever the register held
                boolean zero = (o.kind == Op.AluKind.XOR || o.kind == Op.AluKind.SUB) && o.s == o.d;
                yield plain(zero ? 0 : bit(o.d) | (o.s >= 0 ? bit(o.s) : 0), (compare ? 0 : bit(o.d)) | FLAGS, 0);
            }
            case Op.Mov o -> plain(in(o.src) | out(o.dst), reg(o.dst), mem(o.src) | mem(o.dst));
            case Op.Movx o -> plain(in(o.src) | out(o.dst), reg(o.dst), mem(o.src) | mem(o.dst));
            case Op.Lea o -> plain(in(o.mem) | out(o.dst), reg(o.dst), 0); // no access: its address is its result
            case Op.Xchg o -> plain(in(o.a) | in(o.b), reg(o.a) | reg(o.b), mem(o.a) | mem(o.b));
            case Op.SignExtendAcc o -> plain(RAX | RDX, RAX | RDX, 0);
            case Op.Alu o -> {
                boolean carry = o.kind == Op.AluKind.ADC || o.kind == Op.AluKind.SBB;
                boolean compare = o.kind == Op.AluKind.CMP || o.kind == Op.AluKind.TEST;
                boolean zero = (o.kind == Op.AluKind.XOR || o.kind == Op.AluKind.SUB) && o.src.kind == Loc.REG && o.dst.kind == Loc.REG
                        && o.src.num == o.dst.num && o.src.size == o.dst.size && o.dst.size >= 4;
                yield plain(zero ? 0 : in(o.src) | in(o.dst) | (carry ? FLAGS : 0), (compare ? 0 : reg(o.dst)) | FLAGS,
                        mem(o.src) | mem(o.dst));
            }
            case Op.Unary o -> switch (o.kind) {
                case NOT -> plain(in(o.dst), reg(o.dst), mem(o.dst));
                case NEG -> plain(in(o.dst), reg(o.dst) | FLAGS, mem(o.dst));
                case INC, DEC -> plain(in(o.dst) | FLAGS, reg(o.dst) | FLAGS, mem(o.dst));
            };
            case Op.Bt o -> plain(in(o.dst) | in(o.offset) | FLAGS, (o.kind == Op.BitKind.TEST ? 0 : reg(o.dst)) | FLAGS,
                    mem(o.dst) | mem(o.offset));
            case Op.Shift o -> {
                // shl/shr/sar by a count known not to be zero set every flag from the result; by %cl (maybe zero) or
                // a rotate, some flags stay as they were
                boolean full = o.kind != Op.ShiftKind.ROL && o.kind != Op.ShiftKind.ROR
                        && (o.count == null || o.count.kind == Loc.IMM && (o.count.value & (o.dst.size == 8 ? 63 : 31)) != 0);
                yield plain(in(o.dst) | in(o.count) | (full ? 0 : FLAGS), reg(o.dst) | FLAGS, mem(o.dst));
            }
            case Op.DoubleShift o -> plain(in(o.dst) | in(o.src) | in(o.count) | FLAGS, reg(o.dst) | FLAGS,
                    mem(o.dst) | mem(o.src));
            case Op.Imul o -> plain(out(o.dst) | in(o.a) | in(o.b), reg(o.dst) | FLAGS, mem(o.a) | mem(o.b));
            case Op.MulWide o -> plain(in(o.src) | RAX | (o.src.size < 4 ? RDX : 0) | FLAGS, RAX | RDX | FLAGS, mem(o.src));
            case Op.Div o -> plain(in(o.src) | RAX | RDX, RAX | RDX, mem(o.src));
            case Op.Cmov o -> plain(in(o.src) | in(o.dst) | FLAGS, reg(o.dst), mem(o.src) | mem(o.dst));
            case Op.Setcc o -> plain(out(o.dst) | FLAGS, reg(o.dst), mem(o.dst));
            case Op.Jcc o -> new Effects(true, o.cond >= 0 ? FLAGS : 0, 0, 0, false, o.cond >= 0);
            case Op.Call o -> plain(RSP, RSP, RSP);
            case Op.Ret o -> plain(RSP, RSP, RSP);
            case Op.Push o -> plain(in(o.src) | RSP, RSP, RSP | mem(o.src));
            case Op.Pop o -> plain(out(o.dst) | RSP, reg(o.dst) | RSP, RSP | mem(o.dst));
            case Op.Leave o -> plain(RBP | RSP, RBP | RSP, RBP);
            case Op.Nop o -> plain(0, 0, 0);
            case Op.Rdtsc o -> new Effects(true, 0, RAX | RDX | (o.withAux ? RCX : 0), 0, true, false);
            default -> UNKNOWN; // kernel entries, unsupported instructions
        };
    }

    private static Effects plain(int reads, int writes, int address) { return new Effects(true, reads, writes, address, false, false); }

    private static int bit(int reg) { return 1 << reg; }

    private static int addr(int base, int index) { return (base >= 0 ? bit(base) : 0) | (index >= 0 ? bit(index) : 0); }

    /** The registers reading {@code l} needs: the register itself, or a memory operand's address registers. */
    private static int in(Loc l) {
        if (l == null) return 0;
        if (l.kind == Loc.REG) return bit(l.num);
        return l.kind == Loc.MEM ? addr(l.base, l.index) : 0;
    }

    /**
     * What writing {@code l} reads: a memory operand's address registers; a register written in 1 or 2 bytes (the rest
     * kept); nothing for a 4- or 8-byte register write (the whole register replaced).
     */
    private static int out(Loc l) {
        if (l == null) return 0;
        if (l.kind == Loc.REG) return l.size < 4 ? bit(l.num) : 0;
        return l.kind == Loc.MEM ? addr(l.base, l.index) : 0;
    }

    private static int reg(Loc l) { return l != null && l.kind == Loc.REG ? bit(l.num) : 0; }

    private static int mem(Loc l) { return l != null && l.kind == Loc.MEM ? addr(l.base, l.index) : 0; }
}

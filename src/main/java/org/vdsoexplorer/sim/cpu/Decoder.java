package org.vdsoexplorer.sim.cpu;

import java.util.List;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.Operand;
import org.vdsoexplorer.sim.cost.CostClass;
import org.vdsoexplorer.sim.cost.EntryMechanism;

/** Turns a parsed instruction into an executable {@link Op}; anything outside the subset becomes Unsupported. */
final class Decoder {
    private Decoder() {}

    /**
     * The op for {@code in}. With {@code specialise} the hottest forms become {@link FastOps} classes; without,
     * every instruction takes the generic {@link Op} path (the differential test runs both).
     */
    static Op decode(Instruction in, Listing listing, boolean specialise) {
        if (in.problem() != null) return new Op.Unsupported(outside(in) + " (" + in.problem() + ")");
        try {
            Op op = op(in, listing, specialise);
            return op != null ? op : new Op.Unsupported(outside(in));
        } catch (RuntimeException e) {
            return new Op.Unsupported(outside(in) + " (" + e.getMessage() + ")");
        }
    }

    /** The message for an instruction outside the subset (made only then: a listing decodes for every machine built). */
    private static String outside(Instruction in) {
        return "instruction '" + in.text().replaceAll("\\s+", " ") + "' is outside the modelled x86-64 subset";
    }

    private static int suffixSize(char c) {
        return switch (c) {
            case 'b' -> 1;
            case 'w' -> 2;
            case 'l' -> 4;
            case 'q' -> 8;
            default -> 0;
        };
    }

    private static Op op(Instruction in, Listing listing, boolean specialise) {
        String m = in.mnemonic();
        List<Operand> ops = in.operands();
        int n = ops.size();
        switch (m) {
            case "nop", "nopl", "nopw", "nopq", "endbr64" -> { return new Op.Nop(CostClass.NOP); }
            case "pause" -> { return new Op.Nop(CostClass.PAUSE); }
            case "lfence", "mfence", "sfence" -> { return new Op.Nop(CostClass.LFENCE); }
            case "rdtsc" -> { return new Op.Rdtsc(false); }
            case "rdtscp" -> { return new Op.Rdtsc(true); }
            case "syscall" -> { return new Op.KernelEntry(EntryMechanism.SYSCALL); }
            case "sysenter" -> { return new Op.KernelEntry(EntryMechanism.SYSENTER); }
            case "int" -> {
                if (n == 1 && ops.getFirst() instanceof Operand.Imm i && i.value() == 0x80) {
                    return new Op.KernelEntry(EntryMechanism.INT80);
                }
                return null;
            }
            case "ret", "retq" -> { return n == 0 ? new Op.Ret() : null; }
            case "leave", "leaveq" -> { return new Op.Leave(); }
            case "cltq", "cdqe" -> { return new Op.SignExtendAcc(Op.Widen.CLTQ); }
            case "cqto", "cqo" -> { return new Op.SignExtendAcc(Op.Widen.CQTO); }
            case "cltd", "cdq" -> { return new Op.SignExtendAcc(Op.Widen.CLTD); }
            case "cwtl", "cwde" -> { return new Op.SignExtendAcc(Op.Widen.CWTL); }
            case "jmp", "jmpq" -> { return new Op.Jcc(null, target(ops), listing.indexOf(target(ops))); }
            case "call", "callq" -> {
                Operand.Target t = (Operand.Target) ops.getFirst();
                return new Op.Call(t.address(), t.label());
            }
            default -> { }
        }
        if (m.startsWith("j") && n == 1 && ops.getFirst() instanceof Operand.Target t) {
            Cond c = Cond.of(m.substring(1));
            return c == null ? null : new Op.Jcc(c, t.address(), listing.indexOf(t.address()));
        }
        if (m.startsWith("cmov")) {
            Cond c = Cond.of(strip(m.substring(4), ops));
            if (c == null || n != 2) return null;
            int size = size(m, ops);
            return new Op.Cmov(c, Loc.of(ops.get(1), size), Loc.of(ops.get(0), size), cls(ops, CostClass.CMOV));
        }
        if (m.startsWith("set") && n == 1) {
            Cond c = Cond.of(m.substring(3));
            if (c == null) return null;
            Loc d = Loc.of(ops.getFirst(), 1);
            return new Op.Setcc(c, d, ops.getFirst() instanceof Operand.Mem ? CostClass.STORE : CostClass.SETCC);
        }
        // movz / movs with explicit source and destination sizes: movzbl, movslq, movsbw ...
        if ((m.startsWith("movz") || m.startsWith("movs")) && m.length() == 6 && n == 2) {
            int from = suffixSize(m.charAt(4)), to = suffixSize(m.charAt(5));
            if (from == 0 || to == 0) return null;
            Loc src = Loc.of(ops.get(0), from), dst = Loc.of(ops.get(1), to);
            return new Op.Movx(dst, src, m.charAt(3) == 's', ops.get(0) instanceof Operand.Mem ? CostClass.LOAD : CostClass.MOV);
        }
        String base = baseName(m);
        if (base == null) return null;
        int size = size(m, ops);
        switch (base) {
            case "mov" -> {
                if (n != 2) return null;
                Operand s = ops.get(0), d = ops.get(1);
                if (specialise && (size == 8 || size == 4)) {
                    if (d instanceof Operand.Reg rd && s instanceof Operand.Reg rs) return new FastOps.MovRR(rd.num(), rs.num(), size);
                    if (d instanceof Operand.Reg rd && s instanceof Operand.Imm i) return new FastOps.MovRI(rd.num(), i.value(), size);
                    if (d instanceof Operand.Reg rd && s instanceof Operand.Mem sm) return new FastOps.Load(rd.num(), Loc.mem(sm, size), size);
                    if (d instanceof Operand.Mem dm && s instanceof Operand.Reg rs) return new FastOps.Store(rs.num(), Loc.mem(dm, size), size);
                }
                CostClass cc = d instanceof Operand.Mem ? CostClass.STORE
                        : s instanceof Operand.Mem ? CostClass.LOAD : CostClass.MOV;
                return new Op.Mov(Loc.of(d, size), Loc.of(s, size), cc);
            }
            case "lea" -> {
                if (n != 2 || !(ops.get(0) instanceof Operand.Mem mem)) return null;
                return new Op.Lea(Loc.of(ops.get(1), size), Loc.mem(mem, 8));
            }
            case "add", "adc", "sub", "sbb", "cmp", "and", "or", "xor", "test" -> {
                if (n != 2) return null;
                Op.AluKind k = Op.AluKind.valueOf(base.toUpperCase());
                Operand s = ops.get(0), d = ops.get(1);
                boolean writes = k != Op.AluKind.CMP && k != Op.AluKind.TEST;
                // 8- and 16-bit forms only when they write nothing: their writes merge into the register
                boolean simple = specialise && k != Op.AluKind.ADC && k != Op.AluKind.SBB && (size == 8 || size == 4 || !writes);
                if (simple && d instanceof Operand.Reg rd && s instanceof Operand.Reg rs) {
                    return new FastOps.Alu(k, rd.num(), rs.num(), 0, size);
                }
                if (simple && d instanceof Operand.Reg rd && s instanceof Operand.Imm i) {
                    return new FastOps.Alu(k, rd.num(), -1, i.value(), size);
                }
                CostClass cc = d instanceof Operand.Mem ? (writes ? CostClass.LOAD_OP_STORE : CostClass.LOAD)
                        : s instanceof Operand.Mem ? CostClass.LOAD : CostClass.ALU;
                return new Op.Alu(k, Loc.of(d, size), Loc.of(s, size), cc);
            }
            case "not", "neg", "inc", "dec" -> {
                if (n != 1) return null;
                return new Op.Unary(Op.UnaryKind.valueOf(base.toUpperCase()), Loc.of(ops.getFirst(), size),
                        cls(ops, CostClass.ALU));
            }
            case "shl", "sal", "shr", "sar", "rol", "ror" -> {
                Op.ShiftKind k = Op.ShiftKind.valueOf(base.equals("sal") ? "SHL" : base.toUpperCase());
                if (n == 1) return new Op.Shift(k, Loc.of(ops.getFirst(), size), null, cls(ops, CostClass.SHIFT));
                if (n != 2) return null;
                return new Op.Shift(k, Loc.of(ops.get(1), size), Loc.of(ops.get(0), 1), cls(ops, CostClass.SHIFT));
            }
            case "shrd", "shld" -> {
                if (n != 3) return null;
                return new Op.DoubleShift(base.equals("shrd"), Loc.of(ops.get(2), size), Loc.of(ops.get(1), size),
                        Loc.of(ops.get(0), 1));
            }
            case "imul" -> {
                if (n == 1) return new Op.MulWide(Loc.of(ops.getFirst(), size), true, CostClass.MUL);
                if (n == 2) {
                    Loc d = Loc.of(ops.get(1), size);
                    return new Op.Imul(d, d, Loc.of(ops.get(0), size), cls(ops, CostClass.IMUL));
                }
                return new Op.Imul(Loc.of(ops.get(2), size), Loc.of(ops.get(1), size), Loc.of(ops.get(0), size),
                        cls(ops, CostClass.IMUL));
            }
            case "mul" -> { return n == 1 ? new Op.MulWide(Loc.of(ops.getFirst(), size), false, CostClass.MUL) : null; }
            case "div", "idiv" -> { return n == 1 ? new Op.Div(Loc.of(ops.getFirst(), size), base.equals("idiv")) : null; }
            case "bt", "btr", "bts", "btc" -> {
                // memory destinations with a register offset address a bit string beyond the operand: not modelled
                if (n != 2 || !(ops.get(1) instanceof Operand.Reg)) return null;
                Op.BitKind k = switch (base) {
                    case "btr" -> Op.BitKind.RESET;
                    case "bts" -> Op.BitKind.SET;
                    case "btc" -> Op.BitKind.COMPLEMENT;
                    default -> Op.BitKind.TEST;
                };
                return new Op.Bt(Loc.of(ops.get(1), size), Loc.of(ops.get(0), size), k);
            }
            case "push" -> {
                if (n != 1) return null;
                if (specialise && ops.getFirst() instanceof Operand.Reg r && r.size() == 8) return new FastOps.StackR(r.num(), false);
                return new Op.Push(Loc.of(ops.getFirst(), 8));
            }
            case "pop" -> {
                if (n != 1) return null;
                if (specialise && ops.getFirst() instanceof Operand.Reg r && r.size() == 8) return new FastOps.StackR(r.num(), true);
                return new Op.Pop(Loc.of(ops.getFirst(), 8));
            }
            case "xchg" -> {
                if (n != 2) return null;
                // xchg %ax,%ax is padding; xchg %eax,%eax is not a nop in 64-bit mode: it zero-extends
                if (ops.get(0).equals(ops.get(1)) && size != 4) return new Op.Nop(CostClass.NOP);
                return new Op.Xchg(Loc.of(ops.get(0), size), Loc.of(ops.get(1), size), cls(ops, CostClass.ALU));
            }
            default -> { return null; }
        }
    }

    private static final java.util.Set<String> BASES = java.util.Set.of("mov", "lea", "add", "adc", "sub", "sbb",
            "cmp", "and", "or", "xor", "test", "not", "neg", "inc", "dec", "shl", "sal", "shr", "sar", "rol", "ror",
            "shrd", "shld", "imul", "mul", "div", "idiv", "push", "pop", "xchg", "bt", "btr", "bts", "btc");

    /** "movl" -> "mov", "shl" -> "shl"; null if unknown. */
    private static String baseName(String m) {
        if (BASES.contains(m)) return m;
        if (m.equals("movabs")) return "mov";
        if (m.length() > 1 && suffixSize(m.charAt(m.length() - 1)) > 0) {
            String b = m.substring(0, m.length() - 1);
            if (BASES.contains(b)) return b;
        }
        return null;
    }

    private static String strip(String cc, List<Operand> ops) {
        if (Cond.of(cc) != null) return cc;
        return cc.length() > 1 && suffixSize(cc.charAt(cc.length() - 1)) > 0 ? cc.substring(0, cc.length() - 1) : cc;
    }

    /** Operand width: the widest register operand that is not a shift count, else the mnemonic suffix. */
    private static int size(String m, List<Operand> ops) {
        int s = 0;
        for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i) instanceof Operand.Reg r) {
                boolean count = r.num() == 1 && r.size() == 1 && i == 0 && ops.size() >= 2
                        && (m.startsWith("sh") || m.startsWith("sa") || m.startsWith("ro"));
                if (!count) s = Math.max(s, r.size());
            }
        }
        if (s == 0 && baseName(m) != null && !BASES.contains(m)) s = suffixSize(m.charAt(m.length() - 1));
        if (s == 0) s = 8; // push/pop/lea defaults
        return s;
    }

    private static CostClass cls(List<Operand> ops, CostClass reg) {
        for (Operand o : ops) if (o instanceof Operand.Mem) return reg == CostClass.ALU || reg == CostClass.SHIFT
                ? CostClass.LOAD_OP_STORE : CostClass.LOAD;
        return reg;
    }

    private static long target(List<Operand> ops) {
        if (ops.size() != 1 || !(ops.getFirst() instanceof Operand.Target t)) {
            throw new IllegalArgumentException("indirect jumps are not supported");
        }
        return t.address();
    }
}

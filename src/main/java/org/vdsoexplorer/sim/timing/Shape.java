package org.vdsoexplorer.sim.timing;

import java.util.List;
import java.util.Set;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Operand;
import org.vdsoexplorer.sim.asm.Registers;

/**
 * What the pipeline needs to know about one static instruction, worked out once per listing from its
 * mnemonic and operands: an optional load op, the main op's class, an optional store op, the registers
 * (bit 16 = flags) each part reads and writes, and how the front end treats it. The stack pointer
 * updates of push/pop/call/ret/leave are left to the stack engine (no dependency), as on Zen and Intel.
 */
public record Shape(boolean load, UopClass main, boolean store, int srcMask, int addrMask, int dstMask, int storeDataMask,
                    Operand.Mem mem, int implicitStack, boolean branch, boolean conditional, boolean fusible,
                    boolean zeroIdiom, Kind kind) {

    public static final int FLAGS = 16;
    private static final int F = 1 << FLAGS;

    /**
     * How an instruction orders the pipeline. RDTSCP is a counter read that waits until every older
     * instruction has executed and holds no younger one back (Intel SDM vol. 2B, RDTSCP: it "does wait until
     * all previous instructions have executed and all previous loads are globally visible", and "subsequent
     * instructions may begin execution before the read operation is performed"). AMD's APM vol. 3 words it as
     * older instructions retiring first; the model uses the Intel wording (older ones completed) for every
     * core. RDTSC waits for nothing.
     */
    public enum Kind { PLAIN, LFENCE, PAUSE, RDTSC, RDTSCP, KERNEL }

    /** Implicit stack addressing: none, rsp-8 (push, call), rsp (pop, ret), rbp (leave). */
    public static final int NO_STACK = 0, PUSH = 1, POP = 2, LEAVE = 3;

    private static final Set<String> BASES = Set.of("mov", "add", "sub", "and", "or", "xor", "cmp", "test", "adc", "sbb",
            "neg", "not", "inc", "dec", "lea", "shl", "shr", "sar", "sal", "rol", "ror", "shld", "shrd", "imul", "mul",
            "div", "idiv", "push", "pop", "call", "ret", "xchg", "jmp", "nop", "bt", "btr", "bts", "btc");

    /**
     * What memory renaming ("mirroring memory operands", Agner Fog on Zen 2 and later) matches a load to the
     * store it reads by, or 0 for an access it never renames. A store and a load are renamed when they name the
     * memory the same way: the same pointer register, index, scale and displacement (not rip-relative or
     * absolute); or both are push/pop/call/ret with no other instruction having changed or copied the stack
     * pointer in between ({@code stackEpoch} counts those). {@code leave} sets the stack pointer from the frame
     * pointer: never renamed.
     */
    long renameKey(long stackEpoch) {
        if (implicitStack == PUSH || implicitStack == POP) return Long.MIN_VALUE + stackEpoch;
        if (implicitStack == LEAVE || mem == null || mem.ripRelative() || mem.base() < 0) return 0;
        return 1 + ((long) mem.base() << 56 | (long) (mem.index() + 1) << 48 | (long) mem.scale() << 40
                | (mem.disp() & 0xff_ffff_ffffL));
    }

    /** True if it reads or writes memory (has an address the pipeline looks at). */
    boolean memory() { return load || store; }

    /**
     * {@link #address} as {base register, index register, scale, displacement} (-1: no register): the address is
     * r[base] + r[index] x scale + displacement for any registers.
     */
    long[] addressForm() {
        switch (implicitStack) {
            case PUSH -> { return new long[] {Registers.RSP, -1, 0, -8}; }
            case POP -> { return new long[] {Registers.RSP, -1, 0, 0}; }
            case LEAVE -> { return new long[] {Registers.RBP, -1, 0, 0}; }
            default -> { }
        }
        if (mem == null) return new long[] {-1, -1, 0, 0};
        return new long[] {mem.base(), mem.index(), mem.scale(), mem.disp()};
    }

    /** The address this instruction's memory access uses, from registers {@code r} as they are before it. */
    long address(long[] r) {
        switch (implicitStack) {
            case PUSH -> { return r[Registers.RSP] - 8; }
            case POP -> { return r[Registers.RSP]; }
            case LEAVE -> { return r[Registers.RBP]; }
            default -> { }
        }
        if (mem == null) return 0;
        long a = mem.disp();
        if (mem.base() >= 0) a += r[mem.base()];
        if (mem.index() >= 0) a += r[mem.index()] * mem.scale();
        return a;
    }

    /**
     * True if {@code in} changes the stack pointer other than by push/pop/call/ret, or copies it (the frame
     * pointer set-up {@code mov %rsp,%rbp}): push/pop pairs across it are not renamed.
     */
    public static boolean movesStackPointer(Instruction in) {
        if (in.mnemonic().startsWith("leave")) return true;
        for (Operand o : in.operands()) if (o instanceof Operand.Reg r && r.num() == Registers.RSP) return true;
        return false;
    }

    public static Shape of(Instruction in) {
        String m = in.mnemonic();
        // operands the parser could not read (a segment override, an SSE register): the interpreter stops there
        if (in.problem() != null) return simple(UopClass.ALU, 0, 0, Kind.PLAIN);
        if (!BASES.contains(m) && m.length() > 3 && "bwlq".indexOf(m.charAt(m.length() - 1)) >= 0
                && BASES.contains(m.substring(0, m.length() - 1))) {
            m = m.substring(0, m.length() - 1);
        }
        List<Operand> ops = in.operands();
        Operand.Mem mem = null;
        for (Operand o : ops) if (o instanceof Operand.Mem mm) mem = mm;
        int addr = mem == null ? 0 : addrRegs(mem);
        Operand dst = ops.isEmpty() ? null : ops.getLast();
        boolean memDst = dst instanceof Operand.Mem;
        boolean memSrc = mem != null && !memDst;
        int dstReg = dst instanceof Operand.Reg r ? bit(r.num()) : 0;
        int srcRegs = 0;
        for (int i = 0; i + 1 < ops.size(); i++) if (ops.get(i) instanceof Operand.Reg r) srcRegs |= bit(r.num());
        switch (m) {
            case "nop", "nopl", "nopw", "nopq", "data16", "endbr64" -> { return simple(UopClass.NOP, 0, 0, Kind.PLAIN); }
            case "pause" -> { return simple(UopClass.PAUSE, 0, 0, Kind.PAUSE); }
            case "lfence", "mfence", "sfence" -> { return simple(UopClass.LFENCE, 0, 0, Kind.LFENCE); }
            case "rdtsc" -> { return simple(UopClass.RDTSC, 0, bit(Registers.RAX) | bit(Registers.RDX), Kind.RDTSC); }
            case "rdtscp" -> {
                return simple(UopClass.RDTSCP, 0, bit(Registers.RAX) | bit(Registers.RDX) | bit(Registers.RCX), Kind.RDTSCP);
            }
            case "syscall", "sysenter", "int" -> {
                int all = 0xffff & ~bit(Registers.RSP);
                return new Shape(false, null, false, all, 0, all | F, 0, null, NO_STACK, false, false, false, false, Kind.KERNEL);
            }
            case "push" -> { return new Shape(false, null, true, 0, 0, 0, srcOf(ops), null, PUSH, false, false, false, false, Kind.PLAIN); }
            case "pop" -> { return new Shape(true, null, false, 0, 0, dstReg, 0, null, POP, false, false, false, false, Kind.PLAIN); }
            case "call", "callq" -> {
                return new Shape(false, UopClass.BRANCH, true, 0, 0, 0, 0, null, PUSH, true, false, false, false, Kind.PLAIN);
            }
            case "ret", "retq" -> {
                return new Shape(true, UopClass.BRANCH, false, 0, 0, 0, 0, null, POP, true, false, false, false, Kind.PLAIN);
            }
            case "leave", "leaveq" -> {
                return new Shape(true, null, false, 0, bit(Registers.RBP), bit(Registers.RBP), 0, null, LEAVE, false, false,
                        false, false, Kind.PLAIN);
            }
            case "jmp", "jmpq" -> { return branch(false); }
            case "cltq", "cwtl", "cdqe" -> { return simple(UopClass.ALU, bit(Registers.RAX), bit(Registers.RAX), Kind.PLAIN); }
            case "cqto", "cltd", "cqo" -> { return simple(UopClass.ALU, bit(Registers.RAX), bit(Registers.RDX), Kind.PLAIN); }
            case "lea" -> { return main(UopClass.LEA, false, false, addr, 0, dstReg, null); }
            case "mov" -> {
                if (memSrc) return new Shape(true, null, false, 0, addr, dstReg, 0, mem, NO_STACK, false, false, false, false, Kind.PLAIN);
                if (memDst) return new Shape(false, null, true, 0, addr, 0, srcRegs, mem, NO_STACK, false, false, false, false, Kind.PLAIN);
                boolean rr = ops.get(0) instanceof Operand.Reg;
                return main(rr ? UopClass.MOV : UopClass.ALU, false, false, srcRegs, 0, dstReg, null);
            }
            case "xchg" -> {
                // xchg %ax,%ax (66 90) is the 2-byte nop: the padding after rdtscp at the vDSO's counter read and
                // gcc's alignment filler; no dependency on rax (the decoder treats it as a nop too)
                if (ops.size() == 2 && ops.get(0) instanceof Operand.Reg a && a.equals(ops.get(1)) && a.size() == 2) {
                    return simple(UopClass.NOP, 0, 0, Kind.PLAIN);
                }
                return main(UopClass.ALU, memSrc || memDst, memDst, srcRegs | dstReg, addr, srcRegs | dstReg, mem); }
            case "cmp", "test" -> {
                Shape s = main(UopClass.ALU, mem != null, false, srcRegs | dstReg, addr, F, mem);
                return new Shape(s.load, s.main, false, s.srcMask, s.addrMask, s.dstMask, 0, mem, NO_STACK, false, false, true, false,
                        Kind.PLAIN);
            }
            case "add", "sub", "and", "or", "xor", "adc", "sbb" -> {
                boolean zero = (m.equals("xor") || m.equals("sub")) && ops.size() == 2 && ops.get(0) instanceof Operand.Reg a
                        && ops.get(1) instanceof Operand.Reg b && a.num() == b.num();
                int reads = (zero ? 0 : srcRegs | dstReg) | (m.equals("adc") || m.equals("sbb") ? F : 0);
                Shape s = main(UopClass.ALU, mem != null, memDst, reads, addr, dstReg | F, mem);
                return zero ? new Shape(s.load, s.main, s.store, s.srcMask, s.addrMask, s.dstMask, 0, mem, NO_STACK, false, false, false, true, Kind.PLAIN) : s;
            }
            case "neg", "not", "inc", "dec" -> { return main(UopClass.ALU, memDst, memDst, dstReg, addr, dstReg | F, mem); }
            case "shl", "shr", "sar", "sal", "rol", "ror" -> {
                int cl = ops.size() == 2 && ops.get(0) instanceof Operand.Reg r && r.num() == Registers.RCX ? bit(Registers.RCX) : 0;
                return main(UopClass.SHIFT, memDst, memDst, dstReg | cl, addr, dstReg | F, mem);
            }
            case "bt", "btr", "bts", "btc" -> { // CF from the bit; btr/bts/btc also write the register (the 6.x vDSO's btr $0x3f)
                return main(UopClass.ALU, memSrc, false, srcRegs | dstReg, addr, (m.equals("bt") ? 0 : dstReg) | F, mem);
            }
            case "shld", "shrd" -> { return main(UopClass.SHRD, memDst, memDst, srcRegs | dstReg, addr, dstReg | F, mem); }
            case "imul" -> {
                if (ops.size() == 1) return main(UopClass.MUL, memSrc, false, srcRegs | bit(Registers.RAX), addr,
                        bit(Registers.RAX) | bit(Registers.RDX) | F, mem);
                int reads = ops.size() == 3 ? regOf(ops.get(1)) : srcRegs | dstReg;
                return main(UopClass.IMUL, memSrc, false, reads, addr, dstReg | F, mem);
            }
            case "mul" -> {
                return main(UopClass.MUL, memSrc, false, regOf(ops.getFirst()) | bit(Registers.RAX), addr,
                        bit(Registers.RAX) | bit(Registers.RDX) | F, mem);
            }
            case "div", "idiv" -> {
                return main(UopClass.DIV, memSrc, false, regOf(ops.getFirst()) | bit(Registers.RAX) | bit(Registers.RDX), addr,
                        bit(Registers.RAX) | bit(Registers.RDX) | F, mem);
            }
            default -> { }
        }
        if (m.startsWith("j")) return branch(true);
        if (m.startsWith("cmov")) return main(UopClass.CMOV, memSrc, false, srcRegs | dstReg | F, addr, dstReg, mem);
        if (m.startsWith("set")) return main(UopClass.SETCC, false, memDst, F, addr, dstReg, mem);
        if (m.startsWith("movz") || m.startsWith("movs")) {
            if (memSrc) return new Shape(true, null, false, 0, addr, dstReg, 0, mem, NO_STACK, false, false, false, false, Kind.PLAIN);
            return main(UopClass.ALU, false, false, srcRegs, 0, dstReg, null);
        }
        // outside the interpreter's subset: it stops before timing matters; treat as a plain op
        return main(UopClass.ALU, memSrc || memDst, memDst, srcRegs | dstReg, addr, dstReg, mem);
    }

    private static Shape simple(UopClass c, int src, int dst, Kind kind) {
        return new Shape(false, c, false, src, 0, dst, 0, null, NO_STACK, false, false, false, false, kind);
    }

    private static Shape branch(boolean conditional) {
        return new Shape(false, UopClass.BRANCH, false, conditional ? F : 0, 0, 0, 0, null, NO_STACK, true, conditional, false,
                false, Kind.PLAIN);
    }

    private static Shape main(UopClass c, boolean load, boolean store, int src, int addr, int dst, Operand.Mem mem) {
        return new Shape(load, c, store, src, addr, store ? dst & F : dst, 0, mem, NO_STACK, false, false, false, false, Kind.PLAIN);
    }

    private static int addrRegs(Operand.Mem m) {
        return (m.base() >= 0 ? bit(m.base()) : 0) | (m.index() >= 0 ? bit(m.index()) : 0);
    }

    private static int srcOf(List<Operand> ops) { return ops.isEmpty() ? 0 : regOf(ops.getFirst()); }

    private static int regOf(Operand o) { return o instanceof Operand.Reg r ? bit(r.num()) : 0; }

    private static int bit(int reg) { return reg == Registers.RSP ? 0 : 1 << reg; }
}

package org.vdsoexplorer.sim.asm;

/** One operand of an AT&T-syntax instruction, as objdump prints it. */
public sealed interface Operand {

    /** A general-purpose register: number in x86 encoding order, width in bytes (1, 2, 4, 8). */
    record Reg(int num, int size) implements Operand {
        @Override public String toString() { return "%" + Registers.name(num, size); }
    }

    /** An immediate ($0x10). */
    record Imm(long value) implements Operand {
        @Override public String toString() { return "$0x" + Long.toHexString(value); }
    }

    /**
     * A memory reference disp(base,index,scale). For %rip-relative forms the address is resolved at
     * parse time into {@code disp} with no base ({@code base == -1}), {@code ripRelative} set.
     */
    record Mem(int base, int index, int scale, long disp, boolean ripRelative) implements Operand {
        public static final int NONE = -1;
    }

    /** A direct branch or call target (objdump prints it as an absolute address). */
    record Target(long address, String label) implements Operand {}
}

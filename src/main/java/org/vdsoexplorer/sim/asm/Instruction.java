package org.vdsoexplorer.sim.asm;

import java.util.List;

/**
 * One instruction of a listing, immutable: where it is, what objdump printed, its parsed operands and
 * the C line it came from. {@code listingLine} is the 1-based line in the listing file. {@code problem} is
 * null, or why the operands could not be read (an SSE register, a segment override): such an instruction
 * is kept, and stops execution only if it is reached.
 */
public record Instruction(int index, long address, int length, String mnemonic, List<Operand> operands,
                          String text, String symbol, SourceLine source, int listingLine, String problem) {

    public long nextAddress() { return address + length; }

    public String addressHex() { return Long.toHexString(address); }

    @Override public String toString() { return addressHex() + ": " + text; }
}

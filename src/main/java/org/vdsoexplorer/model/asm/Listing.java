package org.vdsoexplorer.model.asm;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A parsed objdump listing: the instructions in address order, the function symbols, and the header
 * lines that record which compiler produced it. Immutable.
 */
public final class Listing {
    private final String name;
    private final List<String> header;
    private final List<Instruction> instructions;
    private final Map<String, Long> symbols;
    private final long textStart;
    private final long textEnd;
    private final int[] indexByOffset;

    Listing(String name, List<String> header, List<Instruction> instructions, Map<String, Long> symbols) {
        this.name = name;
        this.header = List.copyOf(header);
        this.instructions = List.copyOf(instructions);
        this.symbols = Collections.unmodifiableMap(symbols);
        this.textStart = instructions.isEmpty() ? 0 : instructions.getFirst().address();
        this.textEnd = instructions.isEmpty() ? 0 : instructions.getLast().nextAddress();
        this.indexByOffset = new int[(int) (textEnd - textStart)];
        java.util.Arrays.fill(indexByOffset, -1);
        for (Instruction in : instructions) indexByOffset[(int) (in.address() - textStart)] = in.index();
    }

    public String name() { return name; }

    public List<String> header() { return header; }

    public List<Instruction> instructions() { return instructions; }

    public Instruction get(int index) { return instructions.get(index); }

    public int size() { return instructions.size(); }

    public Map<String, Long> symbols() { return symbols; }

    public long textStart() { return textStart; }

    public long textEnd() { return textEnd; }

    /** The index of the instruction starting at {@code address}, or -1 if none starts there. */
    public int indexOf(long address) {
        long off = address - textStart;
        if (off < 0 || off >= indexByOffset.length) return -1;
        return indexByOffset[(int) off];
    }

    public Optional<Long> symbol(String symbol) { return Optional.ofNullable(symbols.get(symbol)); }

    /** The header line naming the compiler, e.g. "gcc (Debian 12.2.0-14+deb12u1) 12.2.0". */
    public String compiler() {
        return header.stream().filter(h -> h.startsWith("compiler:"))
                .map(h -> h.substring("compiler:".length()).trim()).findFirst().orElse("unknown");
    }
}

package org.vdsoexplorer.sim.asm;

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
    private final String fileName;
    private final List<String> header;
    private final List<Instruction> instructions;
    private final Map<String, Long> symbols;
    private final long textStart;
    private final long textEnd;
    /**
     * Instruction start address to index: an open-addressing hash table of twice the instruction count, so
     * its size follows the number of instructions, never the span of their addresses.
     */
    private final long[] keys;
    private final int[] values;
    private final int shift;
    /**
     * The same map as an array by offset from textStart (-1: no instruction starts there), kept only when the
     * text is compact (at most 16 bytes per instruction, as compiled code is; a vDSO listing: a few KB), else
     * null. The interpreter looks up every call target, return address and call entry: an array read is
     * cheaper there than a hash probe (bench profile: the probes were 2-3 % of the samples).
     */
    private final int[] byOffset;

    private final Map<String, Integer> symbolLines;

    Listing(String name, String fileName, List<String> header, List<Instruction> instructions, Map<String, Long> symbols,
            Map<String, Integer> symbolLines) {
        this.name = name;
        this.symbolLines = Map.copyOf(symbolLines);
        this.fileName = fileName;
        this.header = List.copyOf(header);
        this.instructions = List.copyOf(instructions);
        this.symbols = Collections.unmodifiableMap(symbols);
        this.textStart = instructions.isEmpty() ? 0 : instructions.getFirst().address();
        this.textEnd = instructions.isEmpty() ? 0 : instructions.getLast().nextAddress();
        int bits = 64 - Long.numberOfLeadingZeros(Math.max(2L * instructions.size() - 1, 1)); // capacity >= 2 n
        this.keys = new long[1 << bits];
        this.values = new int[1 << bits];
        this.shift = 64 - bits;
        java.util.Arrays.fill(values, -1);
        for (Instruction in : instructions) {
            int h = slot(in.address());
            while (values[h] >= 0) h = (h + 1) & (values.length - 1);
            keys[h] = in.address();
            values[h] = in.index();
        }
        long span = textEnd - textStart;
        if (span <= 16L * instructions.size() + 64) {
            byOffset = new int[(int) span];
            java.util.Arrays.fill(byOffset, -1);
            for (Instruction in : instructions) byOffset[(int) (in.address() - textStart)] = in.index();
        } else {
            byOffset = null;
        }
    }

    public String name() { return name; }

    /** The file as it was named when read ("assets/listings/unlikely.lst", or a user file such as "my/f.lst"), for messages. */
    public String fileName() { return fileName; }

    public List<String> header() { return header; }

    public List<Instruction> instructions() { return instructions; }

    public Instruction get(int index) { return instructions.get(index); }

    /** "file:line" of instruction {@code index}, the file as it was named: where messages point. */
    public String where(int index) { return fileName + ":" + instructions.get(index).listingLine(); }

    public int size() { return instructions.size(); }

    public Map<String, Long> symbols() { return symbols; }

    public long textStart() { return textStart; }

    public long textEnd() { return textEnd; }

    /** The index of the instruction starting at {@code address}, or -1 if none starts there. */
    public int indexOf(long address) {
        if (address < textStart || address >= textEnd) return -1; // a return to the caller, outside the text
        if (byOffset != null) return byOffset[(int) (address - textStart)];
        for (int h = slot(address); ; h = (h + 1) & (values.length - 1)) {
            int v = values[h];
            if (v < 0 || keys[h] == address) return v;
        }
    }

    private int slot(long address) { return shift == 64 ? 0 : (int) ((address * 0x9E3779B97F4A7C15L) >>> shift); }

    public Optional<Long> symbol(String symbol) { return Optional.ofNullable(symbols.get(symbol)); }

    /** "__vdso_clock_gettime+0x6f": the symbol {@code address} lies in (the nearest at or below it) and the offset, or "?". */
    public String symbolAt(long address) {
        String best = null;
        long bestAt = Long.MIN_VALUE;
        for (Map.Entry<String, Long> e : symbols.entrySet()) {
            if (e.getValue() <= address && e.getValue() > bestAt) {
                best = e.getKey();
                bestAt = e.getValue();
            }
        }
        return best == null ? "?" : best + "+0x" + Long.toHexString(address - bestAt);
    }

    /** "file:line" of the line that defines {@code symbol} (it must be one of {@link #symbols()}). */
    public String whereSymbol(String symbol) { return fileName + ":" + symbolLines.getOrDefault(symbol, 0); }

    /** The header line naming the compiler, e.g. "gcc (Debian 12.2.0-14+deb12u1) 12.2.0". */
    public String compiler() {
        return header.stream().filter(h -> h.startsWith("compiler:"))
                .map(h -> h.substring("compiler:".length()).trim()).findFirst().orElse("unknown");
    }
}

package org.vdsoexplorer.lesson;

import org.vdsoexplorer.sim.asm.Instruction;

/**
 * The answer to a click question, computed by the model: the instruction at the anchor asked for (a click
 * on it in the listing, or on its line in the C source, is right; for {@code fn:NAME} any instruction or
 * line of that function), or the vvar slot the reader reads next
 * ({@code slot}, for next-slot; {@code insn} null). {@code detail} says what the model ran to find it.
 */
public record ClickTarget(String asked, Instruction insn, int slot, String detail, java.util.Set<Long> addresses,
                          java.util.Set<Integer> lines) {

    /** Exactly {@code insn} (or its C line), or the slot. */
    public ClickTarget(String asked, Instruction insn, int slot, String detail) {
        this(asked, insn, slot, detail, insn == null ? java.util.Set.of() : java.util.Set.of(insn.address()),
                insn == null || !insn.source().isKnown() ? java.util.Set.of() : java.util.Set.of(insn.source().line()));
    }

    public ClickTarget {
        addresses = java.util.Set.copyOf(addresses);
        lines = java.util.Set.copyOf(lines);
    }

    /** What the student clicked, as the view reports it: a listing row, a C source line or a vvar slot. */
    public record Click(Kind kind, long value) {
        public enum Kind { INSTRUCTION, C_LINE, SLOT }

        @Override public String toString() {
            return switch (kind) {
                case INSTRUCTION -> "the instruction at 0x" + Long.toHexString(value);
                case C_LINE -> "C line " + value;
                case SLOT -> "vvar slot " + value;
            };
        }
    }

    /** Whether {@code c} is the thing asked for. */
    public boolean accepts(Click c) {
        if (c == null) return false;
        if (insn == null) return c.kind() == Click.Kind.SLOT && c.value() == slot;
        return switch (c.kind()) {
            case INSTRUCTION -> addresses.contains(c.value());
            case C_LINE -> lines.contains((int) c.value());
            case SLOT -> false;
        };
    }

    /** The answer in words, for {@code {answer}} and the give-away. */
    public String value() {
        if (insn == null) return "slot " + slot;
        if (asked.startsWith("fn:")) return "any instruction of " + asked.substring(3) + "(), e.g. 0x" + insn.addressHex() + " ("
                + insn.text().strip() + ", C line " + insn.source().line() + ")";
        return "0x" + insn.addressHex() + " (" + insn.text().strip() + (insn.source().isKnown() ? ", C line " + insn.source().line() : "") + ")";
    }

    /**
     * {@code click: kernel-counter-read} on a recorded call of a captured vDSO: the instruction that read the counter
     * (rdtsc or rdtscp), found from the call's path, not from the C model's names; null if the call read none.
     */
    public static ClickTarget kernelCounterRead(org.vdsoexplorer.sim.real.RealTrace t, org.vdsoexplorer.sim.asm.Listing code) {
        for (org.vdsoexplorer.sim.real.RealTrace.PathStep p : t.path()) {
            if (p.mark() != org.vdsoexplorer.sim.real.RealMark.COUNTER) continue;
            Instruction in = code.get(t.frames().get((int) p.step()).next());
            return new ClickTarget(Question.KERNEL_COUNTER_READ, in, -1, "reader step " + p.step() + " of the captured "
                    + t.task() + " call runs 0x" + in.addressHex() + ": " + in.text().strip() + " (" + p.detail() + ")");
        }
        return null;
    }

    /** Which view the click belongs in. */
    public View view() { return Question.KERNEL_COUNTER_READ.equals(asked) ? View.KERNEL : insn == null ? View.PAGES : View.CODE; }
}

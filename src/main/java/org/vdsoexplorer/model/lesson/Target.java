package org.vdsoexplorer.model.lesson;

import org.vdsoexplorer.model.asm.Instruction;

/**
 * Where a step runs the model to, or a breakpoint: a C line ({@code c:408}), an instruction address
 * ({@code asm:0x2f2}), a reader step count ({@code step:25}) or the end of the call ({@code call_end}).
 * {@code text} is what the lesson wrote.
 */
public record Target(Kind kind, long value, String text) {

    public enum Kind { C_LINE, ASM, STEP, CALL_END }

    /** True if the instruction about to execute is this target (C line or address targets only). */
    public boolean matches(Instruction next) {
        return switch (kind) {
            case C_LINE -> next.source().line() == value;
            case ASM -> next.address() == value;
            default -> false;
        };
    }

    @Override public String toString() { return text; }

    /**
     * Parses a target; returns null if {@code s} is none of the forms. {@code breakpoint} allows only the
     * c: and asm: forms.
     */
    static Target parse(String s, boolean breakpoint) {
        String t = s.trim();
        try {
            if (t.startsWith("c:")) {
                long v = Long.parseLong(t.substring(2).trim());
                return v > 0 ? new Target(Kind.C_LINE, v, t) : null;
            }
            if (t.startsWith("asm:")) {
                String a = t.substring(4).trim();
                if (a.startsWith("0x") || a.startsWith("0X")) a = a.substring(2);
                if (a.isEmpty() || a.length() > 15) return null;
                return new Target(Kind.ASM, Long.parseLong(a, 16), t);
            }
            if (breakpoint) return null;
            if (t.startsWith("step:")) {
                long v = Long.parseLong(t.substring(5).trim());
                return v >= 0 ? new Target(Kind.STEP, v, t) : null;
            }
            if (t.equals("call_end")) return new Target(Kind.CALL_END, 0, t);
        } catch (NumberFormatException e) {
            return null;
        }
        return null;
    }
}

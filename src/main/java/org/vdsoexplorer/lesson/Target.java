package org.vdsoexplorer.lesson;

import java.util.List;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.util.Known;

/**
 * Where a step runs the model to, a writer update, a breakpoint or a highlight: a C line ({@code c:408}), an
 * instruction address ({@code asm:0x2f2}), a reader step count ({@code step:25}), the end of the call
 * ({@code call_end}), or a symbolic anchor the model resolves by running the setup ({@link Anchors}): a C
 * function ({@code fn:do_hres}, the first time one of its instructions is about to run) or a named point of
 * the read ({@code first-load-seq}, {@code before:retry-load}, {@code after:retry-check}, {@code seq-load#2}).
 * {@code value} is the line, address or step (the occurrence for anchors); {@code name} the function or
 * anchor name; {@code after}: the point just after the anchor's instruction ran. {@code text} is what the
 * lesson wrote.
 */
public record Target(Kind kind, long value, String text, String name, boolean after) {

    public enum Kind { C_LINE, ASM, STEP, CALL_END, FUNCTION, ANCHOR }

    /** The named points of the read loop (see {@link Anchors#describe}). */
    public static final List<String> ANCHORS = List.of("first-load-seq", "seq-load", "retry-load", "retry-check",
            "counter-read", "push", "syscall", "call-start");

    public Target(Kind kind, long value, String text) { this(kind, value, text, "", false); }

    /** True if the instruction about to execute is this target (C line, address and function targets only). */
    public boolean matches(Instruction next) {
        return switch (kind) {
            case C_LINE -> next.source().line() == value;
            case ASM -> next.address() == value;
            case FUNCTION -> next.source().function().equals(name);
            default -> false;
        };
    }

    /** Needs a run of the model to become a reader step ({@link Anchors#resolve}). */
    public boolean symbolic() { return kind == Kind.FUNCTION || kind == Kind.ANCHOR; }

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
            return anchor(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The anchor (or, with {@code end}, also {@code call_end}) that {@code t} is a near miss of, with the
     * {@code before:}/{@code after:} and {@code #N} it was written with ({@code after:first-lod-seq#2} suggests
     * {@code after:first-load-seq#2}); null if none is close ({@link Known#nearest}).
     */
    static String nearest(String t, boolean end) {
        String s = t.strip(), prefix = "", suffix = "";
        if (s.startsWith("before:") || s.startsWith("after:")) {
            int c = s.indexOf(':') + 1;
            prefix = s.substring(0, c);
            s = s.substring(c).strip();
        }
        int hash = s.indexOf('#');
        if (hash >= 0) {
            suffix = s.substring(hash);
            s = s.substring(0, hash).strip();
        }
        List<String> names = new java.util.ArrayList<>(ANCHORS);
        if (end && prefix.isEmpty() && suffix.isEmpty()) names.add("call_end");
        String n = Known.nearest(s, names);
        return n == null ? null : prefix + n + suffix;
    }

    /** {@code [before:|after:]NAME[#N]} with NAME one of {@link #ANCHORS}, or null. */
    static Target anchor(String t) {
        boolean after = false;
        String n = t;
        if (n.startsWith("before:")) n = n.substring(7).trim();
        else if (n.startsWith("after:")) {
            n = n.substring(6).trim();
            after = true;
        }
        long occurrence = 1;
        int hash = n.indexOf('#');
        if (hash >= 0) {
            try {
                occurrence = Long.parseLong(n.substring(hash + 1).trim());
            } catch (NumberFormatException e) {
                return null;
            }
            if (occurrence < 1 || occurrence > 1000) return null;
            n = n.substring(0, hash).trim();
        }
        if (n.startsWith("fn:")) {
            String f = n.substring(3).trim();
            return f.matches("[A-Za-z_][A-Za-z0-9_]{0,80}") ? new Target(Kind.FUNCTION, occurrence, t, f, after) : null;
        }
        if (!ANCHORS.contains(n)) return null;
        return new Target(Kind.ANCHOR, occurrence, t, n, after);
    }
}

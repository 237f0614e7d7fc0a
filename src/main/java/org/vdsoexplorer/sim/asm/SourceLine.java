package org.vdsoexplorer.sim.asm;

/** Where an instruction comes from in the C model: file, line and the (possibly inlined) function. */
public record SourceLine(String file, int line, String function) {
    public static final SourceLine NONE = new SourceLine("", 0, "");

    public boolean isKnown() { return line > 0; }

    @Override public String toString() { return isKnown() ? file + ":" + line : "(no source line)"; }
}

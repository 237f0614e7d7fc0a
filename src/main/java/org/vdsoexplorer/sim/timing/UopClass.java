package org.vdsoexplorer.sim.timing;

import java.util.Locale;

/** The pipeline table's instruction classes (one row of {@code classes:} each). */
public enum UopClass {
    ALU, MOV, LEA, SHIFT, SHRD, IMUL, MUL, DIV, BRANCH, CMOV, SETCC, NOP, PAUSE, LFENCE, RDTSC, RDTSCP, LOAD, STORE;

    /** The key in assets/timing.yaml. */
    public String key() { return name().toLowerCase(Locale.ROOT); }
}

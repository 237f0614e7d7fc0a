package org.vdsoexplorer.sim.event;

/**
 * Where a memory access landed, typed: code asks the implementing record (a vvar slot's field, the
 * stack, a bare address) for what it needs and never parses {@link #label()}, which is for display only.
 */
public interface Location {
    /** A human name for the place ("vvar slot 0 (VVAR) vdso_data[CS_HRES_COARSE].seq"). Display only. */
    String label();

    /** An address the memory gives no name. */
    record Address(long address) implements Location {
        @Override public String label() { return "0x" + Long.toHexString(address); }
    }
}

package org.vdsoexplorer.sim.kernel;

import static org.vdsoexplorer.sim.kernel.DataLayout.*;



/**
 * A field of a vvar page: the page's kind and the byte offset in it, with typed questions about it (which
 * vdso_data, which member, which clock's basetime or namespace offset). {@link #name()} is for display.
 */
public record Field(PageKind kind, int offset) {

    /** True on the real data page or the namespace page, within one of the two struct vdso_data. */
    public boolean inVdsoData() {
        int rel = offset - VDSO_DATA_OFFSET;
        return (kind == PageKind.VVAR || kind == PageKind.TIMENS) && rel >= 0 && rel < 2 * VDSO_DATA_SIZE;
    }

    /** Which vdso_data: {@link DataLayout#CS_HRES_COARSE} or {@link DataLayout#CS_RAW}; -1 outside them. */
    public int base() { return inVdsoData() ? (offset - VDSO_DATA_OFFSET) / VDSO_DATA_SIZE : -1; }

    /** The offset within struct vdso_data (compare with {@link DataLayout#SEQ} and the others); -1 outside it. */
    public int member() { return inVdsoData() ? (offset - VDSO_DATA_OFFSET) % VDSO_DATA_SIZE : -1; }

    public boolean isSeq() { return member() == SEQ; }

    public boolean isClockMode() { return member() == CLOCK_MODE; }

    /** The clock id of the basetime[] entry (offset[] on the namespace page) this field is part of, or -1. */
    public int clock() {
        int f = member();
        return f >= BASETIME && f < BASETIME + 16 * VDSO_BASES ? (f - BASETIME) / 16 : -1;
    }

    /** True for the nsec half of a basetime[] / offset[] entry (false for its sec half or any other field). */
    public boolean isNsec() { return clock() >= 0 && (member() - BASETIME) % 16 >= 8; }

    /** True for an entry of the namespace page's offset[] (the basetime[] union member on a TIMENS page). */
    public boolean isNamespaceOffset() { return kind == PageKind.TIMENS && clock() >= 0; }

    /** True for an entry of the real data page's basetime[]. */
    public boolean isBasetime() { return kind == PageKind.VVAR && clock() >= 0; }

    /** The C name of the field ("vdso_data[CS_HRES_COARSE].seq", "pvti.tsc_shift"). Display only. */
    public String name() { return DataLayout.fieldName(kind, offset); }
}

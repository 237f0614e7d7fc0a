package org.vdsoexplorer.app.pages;

import java.util.LinkedHashMap;
import java.util.Map;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.DataLayout;
import org.vdsoexplorer.sim.kernel.Field;
import org.vdsoexplorer.sim.kernel.PageKind;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.ModelSnapshot.PageImage;
import org.vdsoexplorer.session.ModelSnapshot.VvarPages;

/** Names and value texts for the pages view: C field names shortened, clock modes, the fields shown per page kind. */
final class PageNames {
    private PageNames() {}

    /** A short name for what a page kind holds, for the cell heads. */
    static String holds(PageKind k) {
        return switch (k) {
            case VVAR -> "the real vdso_data";
            case TIMENS -> "namespace page";
            case PVCLOCK -> "pvclock page";
            case HVCLOCK -> "TSC page";
        };
    }

    static String signed(long v) { return v >= 0 ? "+" + v : Long.toString(v); }

    static String describeValue(Field field, long v) {
        if (field == null) return "";
        if (field.isClockMode()) return "  (" + mode(v) + ")";
        if (field.isSeq()) return (v & 1) != 0 ? "  (odd)" : "  (even)";
        return "";
    }

    static String mode(long v) {
        if (v == DataLayout.VCLOCK_TIMENS) return "VCLOCK_TIMENS";
        if (v == DataLayout.VCLOCK_TSC) return "VCLOCK_TSC";
        if (v == DataLayout.VCLOCK_PVCLOCK) return "VCLOCK_PVCLOCK";
        if (v == DataLayout.VCLOCK_HVCLOCK) return "VCLOCK_HVCLOCK";
        if (v == DataLayout.VCLOCK_NONE) return "VCLOCK_NONE";
        return Long.toString(v);
    }

    static String shortField(String f) {
        return f.replace("vdso_data[CS_HRES_COARSE].", "").replace("vdso_data[CS_RAW].", "raw.");
    }

    static String field(VvarPages as, long address) {
        int s = as.slotOf(address);
        PageImage p = as.slot(s);
        if (p == null) return "(unbacked)";
        return DataLayout.fieldName(p.kind(), (int) ((address - as.slotAddress(s)) & 0xfff));
    }

    /** The fields shown for a page kind (page offset to size), for the chosen clock, in a compact order. */
    static Map<Integer, Integer> fields(PageKind kind, Clock clock) {
        Map<Integer, Integer> f = new LinkedHashMap<>();
        // MONOTONIC_RAW reads vdso_data[CS_RAW] (its seq, mode, ... and the namespace page's offset there)
        int base = clock == Clock.MONOTONIC_RAW ? DataLayout.CS_RAW : DataLayout.CS_HRES_COARSE;
        switch (kind) {
            case VVAR -> {
                f.put(DataLayout.data(base, DataLayout.SEQ), 4);
                f.put(DataLayout.data(base, DataLayout.CLOCK_MODE), 4);
                f.put(DataLayout.data(base, DataLayout.MULT), 4);
                f.put(DataLayout.data(base, DataLayout.SHIFT), 4);
                f.put(DataLayout.data(base, DataLayout.CYCLE_LAST), 8);
                f.put(DataLayout.basetime(base, clock.id), 8);
                f.put(DataLayout.basetime(base, clock.id) + 8, 8);
            }
            case TIMENS -> {
                f.put(DataLayout.data(base, DataLayout.SEQ), 4);
                f.put(DataLayout.data(base, DataLayout.CLOCK_MODE), 4);
                f.put(DataLayout.basetime(base, clock.id), 8);
                f.put(DataLayout.basetime(base, clock.id) + 8, 8);
            }
            case PVCLOCK -> {
                f.put(DataLayout.PV_VERSION, 4);
                f.put(DataLayout.PV_MUL, 4);
                f.put(DataLayout.PV_SHIFT, 1);
                f.put(DataLayout.PV_FLAGS, 1);
                f.put(DataLayout.PV_TSC_TIMESTAMP, 8);
                f.put(DataLayout.PV_SYSTEM_TIME, 8);
            }
            case HVCLOCK -> {
                f.put(DataLayout.HV_SEQUENCE, 4);
                f.put(DataLayout.HV_SCALE, 8);
                f.put(DataLayout.HV_OFFSET, 8);
            }
        }
        return f;
    }
}

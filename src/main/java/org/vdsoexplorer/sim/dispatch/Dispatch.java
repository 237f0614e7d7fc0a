package org.vdsoexplorer.sim.dispatch;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.DataLayout;
import org.vdsoexplorer.sim.kernel.VvarLocation;

/**
 * The clock_gettime() dispatch as a path of nodes, derived from one call's events (which C lines of
 * vdso_model.c retired, which clock_mode values were loaded, whether a Fallback or Syscall happened).
 * Works on a partial log too: the path then ends where the call is now. No JavaFX.
 */
public final class Dispatch {

    /** The nodes of the dispatch graph, in column order. */
    public enum Node {
        CLOCK(0, "clock_gettime\n(clk)"),
        MASK_HRES(1, "VDSO_HRES"), MASK_COARSE(1, "VDSO_COARSE"), MASK_RAW(1, "VDSO_RAW"), MASK_INVALID(1, "not in a mask"),
        LEGACY(1, "no vDSO:\nint80/sysenter"),
        DO_HRES(2, "do_hres()"), DO_COARSE(2, "do_coarse()"),
        TIMENS_PAGE(3, "page 0 is\nTIMENS"),
        DO_HRES_TIMENS(4, "do_hres_\ntimens()"), DO_COARSE_TIMENS(4, "do_coarse_\ntimens()"),
        HW_TSC(5, "TSC\nrdtsc"), HW_PVCLOCK(5, "PVCLOCK\nvread_pvclock"), HW_HVCLOCK(5, "HVCLOCK\nvread_hvclock"),
        HW_NONE(5, "NONE\nU64_MAX"),
        RESULT(6, "result\nfrom the vDSO"), FALLBACK(6, "syscall\nfallback");

        public final int column;
        public final String label;

        Node(int column, String label) {
            this.column = column;
            this.label = label;
        }
    }

    /** An edge of the graph. */
    public record Edge(Node from, Node to) {}

    // C line ranges of vdso_model.c (function bodies)
    static final int[] DO_HRES_TIMENS_LINES = {403, 432};
    static final int[] DO_COARSE_TIMENS_LINES = {438, 454};
    static final int[] DO_HRES_LINES = {461, 495};
    static final int[] DO_COARSE_LINES = {501, 519};
    static final int[] MASK_LINES = {529, 541};
    static final int[] OFFSET_LINES = {370, 397};

    private Dispatch() {}

    /** Which mask a clock id falls in (the C code's msk & VDSO_HRES / VDSO_COARSE / VDSO_RAW). */
    public static Node mask(int clock) {
        if (clock < 0 || clock >= 16) return Node.MASK_INVALID;
        int msk = 1 << clock;
        if ((msk & 0x883) != 0) return Node.MASK_HRES;
        if ((msk & 0x60) != 0) return Node.MASK_COARSE;
        if ((msk & 0x10) != 0) return Node.MASK_RAW;
        return Node.MASK_INVALID;
    }

    /** The path of the call logged in {@code log} (from its CallStart), as far as it got. */
    public static List<Node> of(Setup setup, List<Event> log) {
        List<Node> path = new ArrayList<>();
        int clock = setup.clock().id;
        boolean started = false, maskSeen = false, hres = false, coarse = false, timens = false, hresNs = false,
                coarseNs = false, fallback = false, ended = false, syscall = false;
        long mode = -1;
        for (Event e : log) {
            switch (e) {
                case Event.CallStart s -> {
                    started = true;
                    clock = s.clock();
                }
                case Event.Retired r -> {
                    int line = r.insn().source().line();
                    String file = r.insn().source().file();
                    if (!file.isEmpty() && !file.equals("vdso_model.c")) break;
                    if (in(line, MASK_LINES)) maskSeen = true;
                    if (in(line, DO_HRES_LINES)) hres = true;
                    if (in(line, DO_COARSE_LINES)) coarse = true;
                    if (timens && in(line, DO_HRES_TIMENS_LINES)) hresNs = true;
                    if (timens && in(line, DO_COARSE_TIMENS_LINES)) coarseNs = true;
                    if (timens && in(line, OFFSET_LINES)) {
                        if (coarse) coarseNs = true;
                        else hresNs = true;
                    }
                }
                case Event.MemRead m -> {
                    if (m.where() instanceof VvarLocation v && v.field() != null && v.field().isClockMode()) {
                        if (m.value() == DataLayout.VCLOCK_TIMENS) timens = true;
                        else mode = m.value();
                    }
                }
                case Event.Fallback f -> fallback = true;
                case Event.Syscall s -> syscall = true;
                case Event.CallEnd c -> ended = true;
                default -> { }
            }
        }
        if (!started) return path;
        path.add(Node.CLOCK);
        if (setup.scenario().legacy()) {
            if (syscall) path.add(Node.LEGACY);
            if (syscall && ended) path.add(Node.FALLBACK);
            return path;
        }
        Node m = mask(clock);
        boolean coarsePath = m == Node.MASK_COARSE;
        if (maskSeen || hres || coarse || fallback) path.add(m);
        if (m == Node.MASK_INVALID) {
            if (fallback) path.add(Node.FALLBACK);
            return path;
        }
        if (coarsePath ? coarse : hres) path.add(coarsePath ? Node.DO_COARSE : Node.DO_HRES);
        else return path;
        if (timens) {
            path.add(Node.TIMENS_PAGE);
            if (coarsePath ? coarseNs : hresNs) path.add(coarsePath ? Node.DO_COARSE_TIMENS : Node.DO_HRES_TIMENS);
            else if (!fallback) return path;
        }
        if (!coarsePath && mode >= 0) {
            path.add(mode == DataLayout.VCLOCK_TSC ? Node.HW_TSC : mode == DataLayout.VCLOCK_PVCLOCK ? Node.HW_PVCLOCK
                    : mode == DataLayout.VCLOCK_HVCLOCK ? Node.HW_HVCLOCK : Node.HW_NONE);
        }
        if (fallback) path.add(Node.FALLBACK);
        else if (ended) path.add(Node.RESULT);
        return path;
    }

    private static boolean in(int line, int[] range) { return line >= range[0] && line <= range[1]; }

    /** The edges of a path. */
    public static List<Edge> edges(List<Node> path) {
        List<Edge> out = new ArrayList<>();
        for (int i = 1; i < path.size(); i++) out.add(new Edge(path.get(i - 1), path.get(i)));
        return out;
    }
}

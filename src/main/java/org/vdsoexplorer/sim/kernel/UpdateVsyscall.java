package org.vdsoexplorer.sim.kernel;

import static org.vdsoexplorer.sim.kernel.DataLayout.*;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.sim.kernel.Kernel.Write;

/** What one update_vsyscall() writes into vdso_data, step by step, in the order of the modelled kernel. */
final class UpdateVsyscall {
    private UpdateVsyscall() {}

    static final String[] LABELS = {
        "vdso_write_begin(): seq++ in both bases (now odd)",
        "clock_mode in both bases (__arch_get_clock_mode())",
        "hres basetime[REALTIME] (ns << shift; also required for time())",
        "coarse basetime[REALTIME_COARSE], basetime[MONOTONIC_COARSE], hrtimer_res",
        "update_vdso_data(): cycle_last, mask, mult, shift of CS_HRES_COARSE and CS_RAW",
        "update_vdso_data(): hres basetime[MONOTONIC, BOOTTIME], CS_RAW basetime[MONOTONIC_RAW], basetime[TAI]",
        "vdso_write_end(): seq++ in both bases (now even)"};

    /**
     * The writes of one update_vsyscall() of timekeeper {@code tk}, in the order of the kernel this
     * scenario models, grouped in {@link Kernel#WRITER_STEPS} steps. v5.6 kernel/time/vsyscall.c:
     * vdso_write_begin(); clock_mode; basetime[CLOCK_REALTIME] hres; REALTIME_COARSE, MONOTONIC_COARSE,
     * hrtimer_res; then, since __arch_update_vdso_data() is true on x86, always update_vdso_data() (the
     * HRES and RAW cycle_last/mask/mult/shift together, then MONOTONIC, BOOTTIME, MONOTONIC_RAW, TAI);
     * vdso_write_end(). From v5.7 update_vsyscall() skips update_vdso_data() when clock_mode is
     * VDSO_CLOCKMODE_NONE ({@link Scenario#skipsHresForNone()}); REALTIME is still written.
     */
    static List<Write[]> steps(Timekeeper tk, Scenario scenario, long seq0, long mode) {
        List<Write[]> steps = new ArrayList<>();
        steps.add(new Write[] {new Write(data(CS_HRES_COARSE, SEQ), 4, seq0 + 1), new Write(data(CS_RAW, SEQ), 4, seq0 + 1)});
        steps.add(new Write[] {new Write(data(CS_HRES_COARSE, CLOCK_MODE), 4, mode), new Write(data(CS_RAW, CLOCK_MODE), 4, mode)});
        steps.add(hres(tk, CS_HRES_COARSE, Clock.REALTIME));
        long[] rc = tk.coarse(Clock.REALTIME_COARSE), mc = tk.coarse(Clock.MONOTONIC_COARSE);
        steps.add(new Write[] {
            new Write(basetime(CS_HRES_COARSE, Clock.REALTIME_COARSE.id), 8, rc[0]),
            new Write(basetime(CS_HRES_COARSE, Clock.REALTIME_COARSE.id) + 8, 8, rc[1]),
            new Write(basetime(CS_HRES_COARSE, Clock.MONOTONIC_COARSE.id), 8, mc[0]),
            new Write(basetime(CS_HRES_COARSE, Clock.MONOTONIC_COARSE.id) + 8, 8, mc[1]),
            new Write(data(CS_HRES_COARSE, HRTIMER_RES), 4, 1)});
        if (mode == VCLOCK_NONE && scenario.skipsHresForNone()) {
            steps.add(new Write[0]);
            steps.add(new Write[0]);
        } else {
            List<Write> w = new ArrayList<>();
            for (int base : new int[] {CS_HRES_COARSE, CS_RAW}) {
                w.add(new Write(data(base, CYCLE_LAST), 8, tk.csLast));
                w.add(new Write(data(base, MASK), 8, -1L));
                w.add(new Write(data(base, MULT), 4, tk.mult));
                w.add(new Write(data(base, SHIFT), 4, Timekeeper.SHIFT));
            }
            steps.add(w.toArray(Write[]::new));
            w.clear();
            for (Clock c : List.of(Clock.MONOTONIC, Clock.BOOTTIME, Clock.MONOTONIC_RAW, Clock.TAI)) {
                w.addAll(List.of(hres(tk, c == Clock.MONOTONIC_RAW ? CS_RAW : CS_HRES_COARSE, c)));
            }
            steps.add(w.toArray(Write[]::new));
        }
        steps.add(new Write[] {new Write(data(CS_HRES_COARSE, SEQ), 4, seq0 + 2), new Write(data(CS_RAW, SEQ), 4, seq0 + 2)});
        return steps;
    }

    private static Write[] hres(Timekeeper tk, int base, Clock c) {
        long[] b = tk.hresBase(c);
        return new Write[] {new Write(basetime(base, c.id), 8, b[0]), new Write(basetime(base, c.id) + 8, 8, b[1])};
    }
}

package org.vdsoexplorer.sim.real;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.timing.Core;

/**
 * What the captured code does per task and clock: the path it took, the instructions and the pipeline model's
 * cycles of a call in steady state (the last of {@link #CALLS} back-to-back calls, so the branch predictor and the
 * pipeline are warm, as in a measuring loop), the predicted ns at the capture's calibrated core clock, and the
 * time it returned for the TSC value that maps to the captured clock_gettime() result.
 */
public final class RealRows {
    /** Calls before the one that is counted. */
    public static final int CALLS = 20;

    /** One row. {@code predictedNs} is NaN when the capture has no calibrated core clock. */
    public record Row(String task, String clock, int id, String path, long instructions, double cycles, double predictedNs,
                      long returnedNs, long capturedNs) {
        public boolean exact() { return returnedNs == capturedNs; }

        public boolean coarse() { return path.equals("coarse"); }
    }

    private RealRows() {}

    /** Every reading of every task of {@code c} (or of {@code task} and clock id {@code clock} when not null). */
    public static List<Row> rows(Capture c, Listing code, Core core, String task, Integer clock) {
        List<Row> out = new ArrayList<>();
        for (Capture.Task t : c.tasks()) {
            if (task != null && !task.equals(t.task())) continue;
            RealMachine m = new RealMachine(c, code, t.task(), CostTable.defaults(), core);
            RealTime ref = RealTime.of(t);
            for (Capture.Reading r : t.clocks()) {
                if (clock != null && clock != r.id()) continue;
                out.add(row(c, m, ref, r));
            }
        }
        return out;
    }

    /** A placed update: the seq loads of the call without it and with it, and the time returned with it. */
    public record Retry(String task, String clock, long beforeStep, int quietSeqLoads, int seqLoads, long returnedNs, long capturedNs) {
        public boolean retried() { return seqLoads > quietSeqLoads; }
    }

    /**
     * Each reading's call again with one update_vsyscall() ({@link RealWriter}, at a counter value 10^6 TSC ticks before
     * the reader's) placed before reader instruction {@code beforeStep}.
     */
    public static List<Retry> retries(Capture c, Listing code, String task, Integer clock, long beforeStep) {
        List<Retry> out = new ArrayList<>();
        for (Capture.Task t : c.tasks()) {
            if (task != null && !task.equals(t.task())) continue;
            RealTime ref = RealTime.of(t);
            for (Capture.Reading r : t.clocks()) {
                if (clock != null && clock != r.id()) continue;
                long tsc = ref.tscFor(r.id(), r.ns()).orElse(0L);
                int quiet = new RealMachine(c, code, t.task(), CostTable.defaults(), null).callWithUpdate(r.id(), tsc, -1, List.of()).seqLoads();
                RealMachine m = new RealMachine(c, code, t.task(), CostTable.defaults(), null);
                RealMachine.Placed p = m.callWithUpdate(r.id(), tsc, beforeStep, RealWriter.update(m.space(), m.time(), tsc - 1_000_000));
                out.add(new Retry(t.task(), r.clock(), beforeStep, quiet, p.seqLoads(), p.call().ns(), r.ns()));
            }
        }
        return out;
    }

    static Row row(Capture c, RealMachine m, RealTime ref, Capture.Reading r) {
        long tsc = ref.tscFor(r.id(), r.ns()).orElse(0L);
        RealMachine.Call last = null;
        for (int i = 0; i <= CALLS; i++) last = m.call(r.id(), tsc);
        boolean coarse = ((RealTime.COARSE >>> r.id()) & 1) != 0;
        String path = last.fellBack() ? "syscall" : coarse ? "coarse" : ref.counterName();
        double cycles = last.cyclesMilli() / 1000.0;
        return new Row(m.task().task(), r.clock(), r.id(), path, last.instructions(), cycles,
                c.coreGhz() > 0 ? cycles / c.coreGhz() : Double.NaN, last.ns(), r.ns());
    }
}

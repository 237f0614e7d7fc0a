package org.vdsoexplorer.session;

import java.util.List;
import java.util.Set;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.real.RealFields;
import org.vdsoexplorer.sim.real.RealMark;

/**
 * What the "Your kernel" tab draws: one call of a captured vDSO ({@link KernelStepper}) at one reader instruction, as
 * an immutable value, the way {@link ModelSnapshot} is for the C model. Every figure comes from the recorded call
 * (sim.real.RealTrace): the captured code's own listing, its registers and stack, the page fields its loads read and
 * the path those loads took.
 *
 * @param machine   "Linux 6.18.44 on AuthenticAMD family 0x1a model 0x2 (AMD EPYC), clocksource kvm-clock"
 * @param origin    where the capture came from (the shipped example, or a file's name)
 * @param position  reader instructions executed so far in this call
 * @param steps     the reader instructions the whole call takes
 * @param next      the instruction the next step executes, or null when the call has returned (or stopped)
 * @param changed   the registers the last step changed (by number)
 * @param executed  the listing indices of the instructions executed so far in this call
 * @param reads     the page fields read so far in this call, oldest first
 * @param path      the whole call's path; the marks at steps below {@code position} have happened
 * @param pages     the task's [vvar] and [vvar_vclock] pages as the next instruction sees them
 * @param update    the placed update's stores (empty without one)
 * @param updateAt  the reader instruction the update comes before, or -1
 * @param updateEnd the reader instruction its closing stores (vdso_write_end) come before
 * @param cyclesMilli this call's cycles so far, milli-cycles, by the model {@code core} names
 * @param coreGhz   the core clock the capture calibrated, 0 if none
 * @param returnedNs the time the call returned (ns), or null before it returns
 * @param capturedNs the captured clock_gettime() result the counter value maps to
 * @param stopped   why the call stopped short, or null
 */
public record KernelSnapshot(String machine, String origin, List<String> tasks, String task, List<ClockChoice> clocks, int clockId,
                             Listing listing, long position, long steps, Instruction next, ModelSnapshot.RegisterFile registers,
                             Set<Integer> changed, Set<Integer> executed, ModelSnapshot.Stack stack, List<FieldRead> reads, List<PathStep> path,
                             List<Page> pages, List<Store> update, long updateAt, long updateEnd, long cyclesMilli, String core,
                             double coreGhz, Long returnedNs, long capturedNs, long tsc, String stopped) {
    public KernelSnapshot {
        tasks = List.copyOf(tasks);
        clocks = List.copyOf(clocks);
        changed = Set.copyOf(changed);
        executed = Set.copyOf(executed);
        reads = List.copyOf(reads);
        path = List.copyOf(path);
        pages = List.copyOf(pages);
        update = List.copyOf(update);
    }

    /** A clock the capture read in this task. */
    public record ClockChoice(String name, int id) {
        @Override public String toString() { return name; }
    }

    /** A load of a page field: at reader instruction {@code step}, from {@code mapping} page {@code slot}. */
    public record FieldRead(long step, String mapping, int slot, int offset, String field, long value, boolean seq) {}

    /** A mark of the call's path ({@code done}: it happened before the next instruction). */
    public record PathStep(long step, RealMark mark, String detail, boolean done) {}

    /** A page's fields as the layout names them, with their values now. */
    public record Page(String mapping, int slot, long address, RealFields.Kind kind, boolean backed, List<Value> fields) {
        public Page {
            fields = List.copyOf(fields);
        }
    }

    /**
     * A field's value. {@code readAt}: the reader instruction that last read it in this call so far, or -1;
     * {@code before}: its value before the placed update's stores, when they changed it (else null).
     */
    public record Value(int offset, String name, long value, long readAt, Long before) {
        /** The value as the kernel's headers name it: "VDSO_CLOCKMODE_PVCLOCK (2)" for a clock_mode, else the number. */
        public String shown() {
            return name.endsWith("clock_mode") ? RealFields.clockMode(value) + " (" + value + ")" : Long.toUnsignedString(value);
        }
    }

    /** "3204.118305985": nanoseconds as seconds. */
    public static String seconds(long ns) { return org.vdsoexplorer.sim.real.RealTime.split(ns); }

    /**
     * One call of the capture per task and clock, as {@code live run} prints it: the path, instructions, the pipeline
     * model's cycles of the warm call and its ns at the calibrated core clock (NaN without one), the time it returned and
     * the captured clock_gettime() result.
     */
    public record ClockRow(String task, String clock, String path, long instructions, double cycles, double predictedNs,
                           long returnedNs, long capturedNs) {
        public boolean exact() { return returnedNs == capturedNs; }

        public boolean coarse() { return path.equals("coarse"); }

        /** The prediction's miss against {@code measuredNs} ({@link #miss(double, Double, boolean)}). */
        public String miss(Double measuredNs) { return KernelSnapshot.miss(predictedNs, measuredNs, coarse()); }
    }

    /**
     * How far a predicted ns per call is from the measured one: in ns for a coarse clock (a few ns, where a percentage
     * exaggerates), in percent otherwise; "-" without a measurement or a prediction. {@code live run} prints the same.
     */
    public static String miss(double predictedNs, Double measuredNs, boolean coarse) {
        if (measuredNs == null || Double.isNaN(predictedNs)) return "-";
        return coarse ? String.format(java.util.Locale.ROOT, "%+.2f ns", predictedNs - measuredNs)
                : String.format(java.util.Locale.ROOT, "%+.1f %%", 100 * (predictedNs / measuredNs - 1));
    }

    /** One store of the placed update_vsyscall(), with the field it writes and whether it has happened yet. */
    public record Store(String field, long value, boolean done) {}

    /** Whether the call has returned (or stopped). */
    public boolean finished() { return next == null; }

    /** The retries so far: seq rechecks that found it changed. */
    public long retries() { return path.stream().filter(p -> p.done() && p.mark() == RealMark.RETRY).count(); }

    /** The predicted ns of the cycles so far at the calibrated core clock, or NaN without one. */
    public double predictedNs() { return coreGhz > 0 ? cyclesMilli / 1000.0 / coreGhz : Double.NaN; }

    /** Whether the call returned exactly the captured result. */
    public boolean exact() { return returnedNs != null && returnedNs == capturedNs; }
}

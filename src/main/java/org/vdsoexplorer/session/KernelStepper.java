package org.vdsoexplorer.session;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.real.Capture;
import org.vdsoexplorer.sim.real.CaptureFile;
import org.vdsoexplorer.sim.real.RealCode;
import org.vdsoexplorer.sim.real.RealFields;
import org.vdsoexplorer.sim.real.RealTrace;
import org.vdsoexplorer.sim.real.RealWriter;
import org.vdsoexplorer.sim.timing.CorePick;
import org.vdsoexplorer.sim.timing.TimingTable;

/**
 * "Your kernel": a captured vDSO (the shipped example, or a {@code live capture} file) stepped one reader instruction
 * at a time, forwards and back, in one task for one clock, with an update_vsyscall() of the captured layout the student
 * may place between two instructions. The call is recorded once per choice ({@link RealTrace}: the machine before
 * every instruction), so stepping back is reading an earlier frame, and every view reads the same
 * {@link KernelSnapshot}. Cycles are the pipeline model's for the capture's CPU (its table's core, or the default core,
 * said so). No JavaFX; listeners run on the caller's thread.
 */
public final class KernelStepper {
    /** Reader instructions an update "held open" keeps seq odd for. */
    public static final int HOLD_STEPS = RealTrace.HOLD_STEPS;

    private final Capture capture;
    private final String origin;
    private final Listing code;
    private final CorePick core;
    private final List<Runnable> listeners = new ArrayList<>();
    private String task;
    private int clockId;
    private long updateAt = -1, updateEnd = -1;
    private long position;
    private RealTrace trace;
    private KernelSnapshot snapshot;

    /**
     * Steps {@code capture} ({@code origin} names it for people). Throws IllegalArgumentException, with a sentence, when
     * its code cannot be decoded here (no disassembly in it and no objdump).
     */
    public KernelStepper(Capture capture, String origin) {
        String problem = RealCode.problem(capture);
        if (problem != null) throw new IllegalArgumentException(problem);
        this.capture = capture;
        this.origin = origin;
        try {
            this.code = RealCode.listing(capture);
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        this.core = CorePick.pick(TimingTable.defaults(), new CorePick.Cpu(capture.cpu().vendor(), capture.cpu().family(), capture.cpu().model()));
        this.task = capture.tasks().getFirst().task();
        this.clockId = firstClock(task);
        record();
    }

    /** The shipped example capture. */
    public static KernelStepper example() {
        return new KernelStepper(CaptureFile.example(), "the shipped example (" + CaptureFile.EXAMPLE.substring(CaptureFile.EXAMPLE.lastIndexOf('/') + 1) + ")");
    }

    /** A capture file ({@code live capture FILE}); a bad one is a BadInputException naming the file and line. */
    public static KernelStepper open(Path file) {
        return new KernelStepper(CaptureFile.read(file), file.getFileName().toString());
    }

    private int firstClock(String t) {
        List<Capture.Reading> clocks = capture.task(t).orElseThrow().clocks();
        return clocks.stream().filter(r -> r.clock().equals("monotonic")).findFirst().orElse(clocks.getFirst()).id();
    }

    public void addListener(Runnable r) { listeners.add(r); }

    private void fire() {
        snapshot = null;
        for (Runnable r : List.copyOf(listeners)) r.run();
    }

    private void record() {
        trace = RealTrace.record(capture, code, core.core(), task, clockId, updateAt, updateEnd);
        position = Math.min(position, trace.steps());
    }

    /** Another task or clock: a new call, from its first instruction, with no update placed. */
    public void select(String task, int clockId) {
        Capture.Task t = capture.task(task).orElseThrow(() -> new IllegalArgumentException("the capture has no " + task + " task"));
        if (t.clock(clockId).isEmpty()) throw new IllegalArgumentException("the capture read no clock " + clockId + " in the " + task + " task");
        this.task = task;
        this.clockId = clockId;
        this.updateAt = this.updateEnd = -1;
        this.position = 0;
        record();
        fire();
    }

    /** The same clock in {@code task} if it was read there, else that task's first. */
    public void selectTask(String task) {
        int id = capture.task(task).flatMap(t -> t.clock(clockId)).isPresent() ? clockId : firstClock(task);
        select(task, id);
    }

    public void step() { seek(position + 1); }

    public void back() { seek(position - 1); }

    public void toStart() { seek(0); }

    public void toEnd() { seek(trace.steps()); }

    /** Just past the next mark of the path (the next seq read, clock_mode, counter...), or to the end. */
    public void toNextMark() {
        for (RealTrace.PathStep p : trace.path()) {
            if (p.step() + 1 > position) { // the mark is made by instruction p.step(): just after it
                seek(p.step() + 1);
                return;
            }
        }
        toEnd();
    }

    /** Just past the first {@code mark} the call makes from here on; false (and at the end) if it makes none. */
    public boolean toMark(org.vdsoexplorer.sim.real.RealMark mark) {
        for (RealTrace.PathStep p : trace.path()) {
            if (p.mark() == mark && p.step() + 1 > position) {
                seek(p.step() + 1);
                return true;
            }
        }
        toEnd();
        return false;
    }

    /** Just past the mark before the last one made, or to the start. */
    public void toPreviousMark() {
        long to = 0;
        for (RealTrace.PathStep p : trace.path()) if (p.step() + 1 < position) to = p.step() + 1;
        seek(to);
    }

    /** To reader instruction {@code n} (clamped to the call). */
    public void seek(long n) {
        long to = Math.max(0, Math.min(n, trace.steps()));
        if (to == position) return;
        position = to;
        fire();
    }

    /** Places an update_vsyscall() before the next reader instruction, made at once; {@code held}: seq stays odd for {@link #HOLD_STEPS}. */
    public void placeUpdate(boolean held) {
        updateAt = position;
        updateEnd = held ? position + HOLD_STEPS : position;
        record();
        fire();
    }

    public void clearUpdate() {
        if (updateAt < 0) return;
        updateAt = updateEnd = -1;
        record();
        fire();
    }

    public long position() { return position; }

    private List<KernelSnapshot.ClockRow> rows;

    /**
     * Every task and clock of the capture, as {@code live run} runs them (RealRows: the warm call on the pipeline model of
     * this capture's core). Computed once; a pure function of the capture, so it may run off the FX thread.
     */
    public synchronized List<KernelSnapshot.ClockRow> rows() {
        if (rows == null) {
            rows = org.vdsoexplorer.sim.real.RealRows.rows(capture, code, core.core(), null, null).stream()
                    .map(r -> new KernelSnapshot.ClockRow(r.task(), r.clock(), r.path(), r.instructions(), r.cycles(), r.predictedNs(),
                            r.returnedNs(), r.capturedNs())).toList();
        }
        return rows;
    }

    /** {@link #rows()} if computed already, else null (it is not computed here). */
    public synchronized List<KernelSnapshot.ClockRow> rowsIfReady() { return rows; }

    /** The host task's [vdso] image as captured (a copy): what a measurement compares with this machine's. */
    public byte[] capturedVdso() { return capture.tasks().getFirst().vdsoImage(); }

    /** How the model's core was picked for this capture's CPU, in a sentence. */
    public String coreWhy() { return core.why(); }

    // ---- lessons: the facts of the call, the counter read's instruction, a placement that meets a goal -------------

    /** What the call did, in the words lessons judge a call by, once it has returned (else null). */
    public org.vdsoexplorer.lesson.CallFacts facts() {
        return position < trace.steps() || trace.stopped() != null ? null : org.vdsoexplorer.lesson.CallFacts.of(trace);
    }

    /** {@code click: kernel-counter-read} on this call: its counter read's instruction (null: it read none). */
    public org.vdsoexplorer.lesson.ClickTarget counterRead() { return org.vdsoexplorer.lesson.ClickTarget.kernelCounterRead(trace, code); }

    /** An update placement found for a goal: where it goes, and the lesson's words for it. */
    public record Placement(String task, int clockId, long updateAt, long updateEnd, org.vdsoexplorer.lesson.Challenges.Solution solution) {}

    /**
     * The search for one update placement in the current task's call of the current clock that meets {@code goal}
     * (RealTrace.findUpdate: the same search check-lessons makes), null when it finds none. Made on the stepper's thread
     * (it reads the task and clock now); the search itself reads only the capture, so it may run on another thread, and
     * {@link #apply} shows its placement.
     */
    public java.util.function.Supplier<Placement> search(org.vdsoexplorer.lesson.Goal goal) {
        String t = task;
        int id = clockId;
        Capture c = capture;
        Listing l = code;
        return () -> {
            RealTrace found = RealTrace.findUpdate(c, l, t, id, x -> goal.unmet(org.vdsoexplorer.lesson.CallFacts.of(x)).isEmpty());
            return found == null ? null : new Placement(t, id, found.updateAt(), found.updateEnd(), org.vdsoexplorer.lesson.Challenges.solution(found));
        };
    }

    /** Shows {@code p}: its task and clock, its update placed, the call run to its end. */
    public void apply(Placement p) {
        task = p.task();
        clockId = p.clockId();
        updateAt = p.updateAt();
        updateEnd = p.updateEnd();
        record();
        position = trace.steps();
        fire();
    }

    /** The capture stepped (for commands that also print it). */
    public String describe() { return capture.describe(); }

    /** The view of the call at the current instruction; the same object until the stepper moves. */
    public KernelSnapshot snapshot() {
        if (snapshot == null) snapshot = take();
        return snapshot;
    }

    private KernelSnapshot take() {
        List<RealTrace.Frame> frames = trace.frames();
        RealTrace.Frame f = frames.get((int) position);
        RealTrace.Frame prev = position == 0 ? f : frames.get((int) position - 1);
        Set<Integer> changed = new HashSet<>();
        for (int i = 0; i < f.registers().size(); i++) if (!f.registers().get(i).equals(prev.registers().get(i))) changed.add(i);
        Set<Integer> executed = new HashSet<>();
        for (int i = 0; i < position; i++) executed.add(frames.get(i).next());
        List<KernelSnapshot.FieldRead> reads = new ArrayList<>();
        Map<String, Long> lastRead = new HashMap<>();
        for (RealTrace.Read r : trace.reads()) {
            if (r.step() >= position) break;
            reads.add(new KernelSnapshot.FieldRead(r.step(), r.mapping(), r.slot(), r.offset(), r.field(), r.value(), r.seq()));
            lastRead.put(r.mapping() + r.slot() + ":" + r.offset(), r.step());
        }
        List<KernelSnapshot.PathStep> path = new ArrayList<>();
        for (RealTrace.PathStep p : trace.path()) path.add(new KernelSnapshot.PathStep(p.step(), p.mark(), p.detail(), p.step() < position
                || (p.step() == position && finished(f))));
        List<KernelSnapshot.Page> pages = new ArrayList<>();
        List<RealTrace.PageBytes> now = trace.pagesAt(position), before = trace.pagesAt(-1);
        for (int i = 0; i < now.size(); i++) {
            RealTrace.PageBytes p = now.get(i), b = before.get(i);
            List<KernelSnapshot.Value> values = new ArrayList<>();
            if (p.bytes() != null) {
                for (RealFields.Field fd : RealFields.fields(p.kind())) {
                    long v = p.read(fd.offset(), fd.size()), old = b.read(fd.offset(), fd.size());
                    values.add(new KernelSnapshot.Value(fd.offset(), fd.name(), v, lastRead.getOrDefault(p.mapping() + p.slot() + ":" + fd.offset(), -1L),
                            v == old ? null : old));
                }
            }
            pages.add(new KernelSnapshot.Page(p.mapping(), p.slot(), p.address(), p.kind(), p.bytes() != null, values));
        }
        List<KernelSnapshot.Store> update = new ArrayList<>();
        List<RealWriter.Store> stores = trace.update();
        for (int i = 0; i < stores.size(); i++) {
            boolean closing = i >= stores.size() - 2;
            update.add(new KernelSnapshot.Store(stores.get(i).field(), stores.get(i).value(),
                    position >= (closing ? trace.updateEnd() : trace.updateAt())));
        }
        List<Long> stack = f.stack();
        ModelSnapshot.Stack st = new ModelSnapshot.Stack(org.vdsoexplorer.sim.real.RealMachine.STACK_START - 8,
                stack.isEmpty() ? org.vdsoexplorer.sim.real.RealMachine.STACK_START : f.rsp(), stack);
        boolean end = finished(f);
        List<KernelSnapshot.ClockChoice> clocks = capture.task(task).orElseThrow().clocks().stream()
                .map(r -> new KernelSnapshot.ClockChoice(r.clock(), r.id())).toList();
        return new KernelSnapshot(capture.describe(), origin, capture.taskNames(), task, clocks, clockId, code, position, trace.steps(),
                f.next() < 0 || (end && trace.stopped() != null) ? null : code.get(f.next()),
                new ModelSnapshot.RegisterFile(f.registers(), f.rip(), f.rflags()), changed, executed, st, reads, path, pages, update,
                trace.updateAt(), trace.updateEnd(), f.cyclesMilli(), core.core().id() + " (" + core.core().label() + ")"
                        + (core.matched() ? "" : ", the model's default core: no table for this CPU"),
                capture.coreGhz(), end && trace.stopped() == null ? trace.returnedNs() : null, trace.capturedNs(), trace.tsc(),
                end ? trace.stopped() : null);
    }

    private boolean finished(RealTrace.Frame f) { return f.step() == trace.steps(); }
}

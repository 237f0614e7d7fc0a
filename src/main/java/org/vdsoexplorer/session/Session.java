package org.vdsoexplorer.session;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Timeline;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.dispatch.Dispatch;
import org.vdsoexplorer.sim.dispatch.PathStats;
import org.vdsoexplorer.sim.event.Event;

/**
 * The one model instance the window projects: a {@link Machine} with its {@link Timeline}, plus the
 * events of the current call (the call in progress, or the last finished one between calls). No JavaFX:
 * views read the model only through {@link #snapshot()}, an immutable {@link ModelSnapshot} taken once after
 * it moved (built by {@link SnapshotTaker}); they never see the machine. Somewhat over 450 lines: stepping,
 * seeking, placed writer updates and the call's log share one position bookkeeping (base, call starts).
 *
 * <p>The model does not replay events after {@link Timeline#back(long)}: the session rebuilds the call's
 * event log by seeking silently to the start of the call and stepping forward with its sink attached.
 * During long runs the timeline is rebased every {@link #REBASE_STEPS} steps so its snapshots stay
 * bounded; stepping back then stops at the last rebase point.
 */
public final class Session {
    public static final long REBASE_STEPS = 200_000;

    private final List<Runnable> listeners = new ArrayList<>();
    /** Instruction indices (in the listing) and C lines the run stops at. */
    private final java.util.Set<Integer> breakInstructions = new java.util.TreeSet<>();
    private final java.util.Set<Integer> breakLines = new java.util.TreeSet<>();
    private Setup setup;
    private Machine machine;
    private Timeline timeline;
    /** Global position of the timeline's step 0. */
    private long base;
    /** Writer updates placed before {@link #base} (global step to count): kept across rebases, for saving. */
    private final java.util.TreeMap<Long, Integer> placedBeforeBase = new java.util.TreeMap<>();
    /** Global positions at which a step started a call. */
    private final TreeSet<Long> callStarts = new TreeSet<>();
    private List<Event> callLog = new ArrayList<>();
    /** The events of the last call that finished while recording (empty after a seek or load). */
    private List<Event> lastCallLog = List.of();
    private final long[] categoryAtCallStart = new long[Category.values().length];
    private PathStats paths = new PathStats();
    /** Counts changes of {@link #paths} (a call recorded, a truncation, a new setup), so a snapshot can reuse its counts. */
    private long pathsVersion;
    /** What the views draw now, or null when the model moved since it was taken ({@link #snapshot()}). */
    private ModelSnapshot snapshot;
    private final SnapshotTaker taker = new SnapshotTaker();
    /** Counts the machines this session has shown (a load, reset or adopt builds or takes a new one). */
    private long machineNumber;
    /** Set while a step or replay runs, so the sink knows which call start a log belongs to. */
    private boolean recording = true;

    public Session(Setup setup) {
        load(setup);
    }

    /** Starts over with {@code setup} (which must be runnable: {@link Setup#problem()} null). */
    public void load(Setup setup) {
        String problem = setup.problem();
        if (problem != null) throw new IllegalArgumentException(problem);
        if (this.setup != null && (this.setup.variant() != setup.variant() || this.setup.compiler() != setup.compiler())) {
            // breakpoints are positions in one listing (each compiler's listing of a variant is another)
            breakInstructions.clear();
            breakLines.clear();
        }
        this.setup = setup;
        this.machine = new Machine(setup);
        machineNumber++;
        this.timeline = new Timeline(machine);
        this.base = 0;
        placedBeforeBase.clear();
        callStarts.clear();
        callLog = new ArrayList<>();
        lastCallLog = List.of();
        paths.clear();
        pathsVersion++;
        java.util.Arrays.fill(categoryAtCallStart, 0);
        machine.setSink(this::accept);
        fire();
    }

    public void reset() { load(setup); }

    public Setup setup() { return setup; }

    /** The model itself: for the session layer and tests; views read {@link #snapshot()}. */
    public Machine machine() { return machine; }

    /**
     * What the views draw, as an immutable value: taken once after the model moved (on the first call after a step,
     * seek, edit or {@link #fire()}), then the same object until it moves again, so every view of one refresh reads
     * the same state. Call it on the thread that steps the session (the FX thread in the app).
     */
    public ModelSnapshot snapshot() {
        if (snapshot == null) snapshot = taker.take(this);
        return snapshot;
    }

    /** The model moved: the next {@link #snapshot()} is taken afresh. */
    private void moved() { snapshot = null; }

    /** The current call's log as the session appends to it (never cleared: a new call or seek starts a new list). */
    List<Event> callLogList() { return callLog; }

    long[] categoryAtCallStart() { return categoryAtCallStart; }

    long pathsVersion() { return pathsVersion; }

    long machineNumber() { return machineNumber; }

    public Timeline timeline() { return timeline; }

    /** Reader steps since the start (or reset). */
    public long position() { return base + timeline.position(); }

    /** The earliest position step-back can reach. */
    public long earliest() { return base; }

    /** Events of the current call (or of the last finished call, between calls), oldest first. */
    public List<Event> callLog() { return Collections.unmodifiableList(callLog); }

    /** Events of the last call that finished as the model ran forward (empty after a reset or a seek). */
    public List<Event> lastCallLog() {
        return !callLog.isEmpty() && callLog.getLast() instanceof Event.CallEnd ? callLog() : lastCallLog;
    }

    /** Per-edge counts of the dispatch paths of all finished calls. */
    public PathStats paths() { return paths; }

    /** Milli-cycles of {@code c} spent in the current (or last) call. */
    public long callCategoryMilli(Category c) {
        return machine.cpu().categoryMilli(c) - categoryAtCallStart[c.ordinal()];
    }

    /** Reader pushes and pops of general registers in the current call (the call's own return address excluded). */
    public int[] spills() {
        ModelSnapshot.Spills s = snapshot().spills();
        return new int[] {s.push(), s.pop()};
    }

    private java.util.Set<org.vdsoexplorer.lesson.Shown> masked = java.util.Set.of();

    /** The values an open predict question would give away: the views show them as "?" (see PredictKind.masks). */
    public java.util.Set<org.vdsoexplorer.lesson.Shown> masked() { return masked; }

    /** True while {@code v} is masked. */
    public boolean masked(org.vdsoexplorer.lesson.Shown v) { return masked.contains(v); }

    /** Masks {@code values} (none: everything shown) and refreshes the views. */
    public void setMasked(java.util.Set<org.vdsoexplorer.lesson.Shown> values) {
        if (values.equals(masked)) return;
        masked = java.util.Set.copyOf(values);
        fire();
    }

    public void addListener(Runnable r) { listeners.add(r); }

    public void fire() {
        moved(); // whatever changed (the model, or a mask), the views read a fresh snapshot
        for (Runnable r : List.copyOf(listeners)) r.run();
    }

    private void accept(Event e) {
        if (!recording) return;
        if (e instanceof Event.CallStart) {
            // the finished call's log is kept (the next call fills a fresh list)
            if (!callLog.isEmpty() && callLog.getLast() instanceof Event.CallEnd) {
                lastCallLog = Collections.unmodifiableList(callLog);
                callLog = new ArrayList<>(callLog.size());
            } else {
                callLog = new ArrayList<>(); // not cleared: a snapshot may hold a prefix of the old one
            }
        }
        callLog.add(e);
        if (e instanceof Event.CallEnd end) {
            paths.record(end.callNumber(), Dispatch.of(setup, callLog));
            pathsVersion++;
        }
    }

    // ---- stepping (no notification: callers fire() once after a batch) ------------------------

    /** One reader instruction. Returns the finished call if this step ended one. */
    public CallResult stepQuiet() {
        moved();
        if (!machine.inCall()) {
            callStarts.add(position());
            machine.cpu().categoryMillis(categoryAtCallStart);
        }
        CallResult r = timeline.step();
        if (timeline.position() >= REBASE_STEPS && !machine.inCall()) rebase();
        return r;
    }

    private void rebase() {
        timeline.injections().forEach((k, v) -> placedBeforeBase.merge(base + k, v, Integer::sum));
        base += timeline.position();
        timeline = new Timeline(machine);
        callStarts.headSet(base, false).clear();
    }

    public CallResult step() {
        CallResult r = stepQuiet();
        fire();
        return r;
    }

    /** Steps until the next instruction belongs to another C line (or the call ends). */
    public void stepLine() {
        stepLineQuiet();
        fire();
    }

    /** {@link #stepLine()} without notifying the views. */
    public void stepLineQuiet() {
        Instruction start = machine.inCall() ? machine.next() : null;
        int line = start == null ? -1 : start.source().line();
        int guard = 0;
        while (guard++ < 100_000) {
            CallResult r = stepQuiet();
            if (r != null) break;
            Instruction n = machine.next();
            if (line < 0 || n.source().line() != line) {
                if (n.source().isKnown()) break;
            }
        }
    }

    /** Runs to the end of the current call (or one whole call). */
    public CallResult runCall() {
        CallResult r = runCallQuiet();
        fire();
        return r;
    }

    /** {@link #runCall()} without notifying the views. */
    public CallResult runCallQuiet() {
        CallResult r;
        do {
            r = stepQuiet();
        } while (r == null);
        return r;
    }


    public java.util.Set<Integer> breakInstructions() { return breakInstructions; }

    public java.util.Set<Integer> breakLines() { return breakLines; }

    public void toggleInstructionBreakpoint(int index) {
        if (!breakInstructions.remove(index)) breakInstructions.add(index);
        fire();
    }

    public void toggleLineBreakpoint(int line) {
        if (!breakLines.remove(line)) breakLines.add(line);
        fire();
    }

    /** True when the next instruction has a breakpoint (on itself or on its C line). */
    public boolean atBreakpoint() {
        if (breakInstructions.isEmpty() && breakLines.isEmpty()) return false;
        Instruction n = machine.next();
        return n != null && (breakInstructions.contains(n.index()) || breakLines.contains(n.source().line()));
    }

    /** Runs until the next instruction is {@code index} of the listing (at most {@code limit} steps). */
    public boolean runToInstruction(int index, int limit) {
        return runUntil(() -> machine.next() != null && machine.next().index() == index, limit);
    }

    /** Runs until the next instruction comes from C line {@code line} (at most {@code limit} steps). */
    public boolean runToLine(int line, int limit) {
        return runUntil(() -> machine.next() != null && machine.next().source().line() == line, limit);
    }

    private boolean runUntil(java.util.function.BooleanSupplier done, int limit) {
        boolean reached = false;
        for (int i = 0; i < limit; i++) {
            stepQuiet();
            if (machine.inCall() && done.getAsBoolean()) {
                reached = true;
                break;
            }
        }
        fire();
        return reached;
    }

    /** Goes back {@code n} steps (not before {@link #earliest()}), rebuilding the call's event log. */
    public void back(long n) {
        seek(Math.max(base, position() - n));
    }

    /** Goes back to the start of the previous C line run (the first instruction of that line). */
    public void backLine() {
        if (position() <= base) return;
        seekQuiet(position() - 1);
        int line = machine.inCall() ? machine.next().source().line() : -1;
        int guard = 0;
        while (position() > base && line > 0 && guard++ < 10_000) {
            long p = position();
            seekQuiet(p - 1);
            if (!machine.inCall() || machine.next().source().line() != line) {
                seekQuiet(p);
                break;
            }
        }
        fire();
    }

    /** Moves to global position {@code target} and rebuilds the current call's log. */
    public void seek(long target) {
        seekQuiet(target);
        fire();
    }

    /** Global position where the call shown at {@code target} started (between calls: the call just ended). */
    private long callStartFor(long target) {
        Long start = callStarts.floor(target);
        if (start != null && start == target && callStarts.lower(target) != null) {
            // between calls: show the call that just ended
            start = callStarts.lower(target);
        }
        return start == null || start < base ? base : start;
    }

    /**
     * Global position of reader step 0 of the current call (between calls: of the call just ended), so
     * that reader step k of the call shown in {@link #callLog()} is at {@code callStart() + k}.
     */
    public long callStart() { return callStartFor(position()); }

    private void seekQuiet(long target) {
        moved();
        target = Math.max(base, target);
        long start = callStartFor(target);
        recording = false;
        timeline.seek(start - base);
        recording = true;
        callLog = new ArrayList<>();
        lastCallLog = List.of();
        if (!machine.inCall()) {
            machine.cpu().categoryMillis(categoryAtCallStart);
        }
        while (position() < target) timeline.step();
        paths.truncate(machine.calls());
        pathsVersion++;
    }

    /** "Kernel update now": update_vsyscall() starts before the next reader step. */
    public void injectWriterUpdate() {
        injectQuiet();
        fire();
    }

    /** {@link #injectWriterUpdate()} without notifying the views. */
    public void injectQuiet() {
        moved();
        timeline.injectWriterUpdate();
        callStarts.tailSet(position(), false).clear();
    }

    /**
     * Places a writer update before reader step {@code at} (a global position, not before
     * {@link #earliest()}): update_vsyscall() starts on the timekeeping CPU just before that reader step.
     * At the current position this is {@link #injectWriterUpdate()}; later, it is applied when stepping
     * reaches it. Earlier, the steps after it are re-executed with it: to the end of that call if the
     * session was between calls (the whole call re-run), else back to the same position (or the end of
     * the call, if the call now ends sooner). Every other placed update is kept at its step.
     */
    public void placeWriterUpdate(long at) {
        editWriterUpdates(at, true);
    }

    /**
     * Removes one writer update placed before reader step {@code at} and re-executes as
     * {@link #placeWriterUpdate(long)} does. Throws if none is placed there.
     */
    public void removeWriterUpdate(long at) {
        editWriterUpdates(at, false);
    }

    private void editWriterUpdates(long at, boolean add) {
        if (at < base) throw new IllegalArgumentException("reader step " + at + " is before the earliest step kept ("
                + base + ")");
        if (!add && !writerUpdates().containsKey(at)) {
            throw new IllegalArgumentException("no writer update is placed before reader step " + at);
        }
        long here = position();
        boolean inCall = machine.inCall();
        if (add) timeline.place(at - base);
        else timeline.remove(at - base);
        // the timeline now stands at min(here, at) with the edit applied
        callStarts.tailSet(at, false).clear();
        if (at <= here) {
            seekQuiet(position()); // the call's log up to the edit
            int guard = 0;
            while (position() < here && guard++ < 10_000_000) {
                if (stepQuiet() != null) break;
            }
            if (!inCall && machine.inCall()) { // the call became longer: re-run it to its end
                while (guard++ < 10_000_000 && stepQuiet() == null) { }
            }
        }
        fire();
    }

    /** The writer updates the user placed: global reader step to count (those before a rebase included). */
    public java.util.Map<Long, Integer> writerUpdates() {
        java.util.Map<Long, Integer> all = DemoState.shift(timeline.injections(), base);
        placedBeforeBase.forEach((k, v) -> all.merge(k, v, Integer::sum));
        return all;
    }

    /**
     * Takes over the whole model state of {@code other} (a session built off the UI thread, e.g. a replayed
     * demo), keeps this session's listeners, and notifies them once. {@code other} must not be used after.
     */
    public void adopt(Session other) {
        this.setup = other.setup;
        this.machine = other.machine;
        machineNumber++;
        this.timeline = other.timeline;
        this.base = other.base;
        placedBeforeBase.clear();
        placedBeforeBase.putAll(other.placedBeforeBase);
        callStarts.clear();
        callStarts.addAll(other.callStarts);
        callLog = new ArrayList<>(other.callLog);
        lastCallLog = other.lastCallLog;
        paths = other.paths;
        pathsVersion++;
        System.arraycopy(other.categoryAtCallStart, 0, categoryAtCallStart, 0, categoryAtCallStart.length);
        breakInstructions.clear();
        breakInstructions.addAll(other.breakInstructions);
        breakLines.clear();
        breakLines.addAll(other.breakLines);
        machine.setSink(this::accept);
        fire();
    }

    @Override
    public String toString() {
        return Objects.toString(setup) + " @" + position();
    }
}

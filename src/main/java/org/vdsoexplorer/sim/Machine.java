package org.vdsoexplorer.sim;

import java.util.Arrays;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cpu.CallRecorder;
import org.vdsoexplorer.sim.cpu.CallTrace;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.cpu.ExecutionException;
import org.vdsoexplorer.sim.cpu.Interpreter;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.event.EventSink;
import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Kernel;
import org.vdsoexplorer.sim.state.Derived;
import org.vdsoexplorer.sim.state.StepState;
import org.vdsoexplorer.sim.timing.CallerLoop;
import org.vdsoexplorer.sim.timing.Pipeline;
import org.vdsoexplorer.sim.timing.TimelineRecorder;

/**
 * The one execution model every view projects: the reader (the interpreter running the variant's
 * listing) in a caller loop like gettime_perf's, the kernel with its writer racing it, and the counters.
 * A step is one reader instruction; writer steps due before it are applied first. Headless; no JavaFX.
 *
 * <p>Step-back state: the machine's own {@link State} and each component's holder ({@link #save()}).
 */
public final class Machine {
    /** Where the caller loop's call returns to: outside the listing, so a ret there ends the call. */
    public static final long CALLER_RETURN = 0x5555_5555_4000L;
    public static final long TIMESPEC = AddressSpace.STACK_TOP - 64;
    public static final long STACK_START = AddressSpace.STACK_TOP - 256;
    /**
     * The longest call the model runs: a call still in progress after this many reader instructions is
     * stopped with an {@link ExecutionException} (the writer never left it a window, or a runaway loop).
     * Real calls take tens to a few thousand instructions (a read spinning through 100 back-to-back
     * updates: about 2,000), so this bounds the step-back history a single call can grow.
     */
    public static final long MAX_CALL_INSTRUCTIONS = 1_000_000;

    private final Setup setup;
    private final Listing listing;
    private final AddressSpace as;
    private final Kernel kernel;
    private final Interpreter cpu;
    private final long entry;
    /** The out-of-order timing model charging the cycles, or null for the additive cost table. */
    private final Pipeline pipeline;
    /** The timeline view's rows, collected from the pipeline while a sink watches (null with the additive table). */
    private final TimelineRecorder recorder;
    @Derived("wiring: the views' event sink")
    private EventSink sink;

    /** The caller loop's counters and the call in progress. */
    public static final class State extends StepState<State> {
        boolean inCall;
        long calls;
        long callStartMilli, callStartInstructions;
        /** The data page's seq when the call began (the reference of a coarse read no check validated). */
        long seqAtCallStart;
        /** The interpreter's kernel entries when the call began: more at its end means it fell back. */
        long kernelEntriesAtCallStart;
        long retries, oddSpins, fallbacks;
        CallResult last;

        private State() {}
    }

    private final State st = new State();

    public Machine(Setup setup) {
        String problem = setup.problem();
        if (problem != null) throw new IllegalArgumentException(problem);
        this.setup = setup;
        this.listing = Listings.of(setup.variant(), setup.compiler());
        this.as = new AddressSpace(listing.textStart(), listing.textEnd());
        this.kernel = new Kernel(setup.scenario(), setup.costs(), setup.ghz(), setup.tickCycles(), as);
        this.cpu = new Interpreter(listing, setup.costs(), as, kernel);
        kernel.attach(cpu);
        this.pipeline = setup.timing().isPipeline() ? new Pipeline(setup.timing().core(), listing,
                new CallerLoop.Frame(Listings.caller(), TIMESPEC, STACK_START)) : null;
        this.recorder = pipeline == null ? null : new TimelineRecorder(pipeline);
        if (pipeline != null) cpu.setClocking(pipeline);
        String sym = setup.scenario().entry().symbol();
        this.entry = listing.symbol(sym).orElseThrow(
                () -> new IllegalArgumentException("listing '" + listing.name() + "' has no symbol " + sym));
        enterCall();
    }

    public Setup setup() { return setup; }

    public Listing listing() { return listing; }

    public Kernel kernel() { return kernel; }

    public Interpreter cpu() { return cpu; }

    public AddressSpace addressSpace() { return as; }

    /** The pipeline timing model when the setup uses it (its per-call rows feed the timeline view), else null. */
    public Pipeline pipeline() { return pipeline; }

    /** The recorder of the pipeline's per-call rows (the timeline view's), or null with the additive table. */
    public TimelineRecorder timelineRecorder() { return recorder; }

    /**
     * Attaches the views' sink (null detaches: the fast path creates no events). The pipeline's rows are recorded
     * while a sink is attached.
     */
    public void setSink(EventSink sink) {
        if (recorder != null) recorder.setRecording(sink != null); // the timeline view's rows, only when watched
        setEventSink(sink);
    }

    /**
     * Attaches or detaches the events' sink only, leaving the pipeline's rows recorded as they are: the
     * timeline's silent replays, which must reach the state stepping with the sink reaches.
     */
    void setEventSink(EventSink sink) {
        this.sink = sink;
        cpu.setSink(sink);
        kernel.setSink(sink);
    }

    public EventSink sink() { return sink; }

    public boolean inCall() { return st.inCall; }

    /** The instruction the next step executes (the entry point between calls). */
    public Instruction next() { return st.inCall ? cpu.current() : listing.get(listing.indexOf(entry)); }

    public long calls() { return st.calls; }

    public long retries() { return st.retries; }

    public long oddSpins() { return st.oddSpins; }

    public long fallbacks() { return st.fallbacks; }

    public CallResult lastCall() { return st.last; }

    /** Cycles so far (milli-cycles), including the caller loop. */
    public long cyclesMilli() { return cpu.cycles(); }

    public long instructions() { return cpu.instructions(); }

    /** Cycles and instructions of the call in progress (or of the last call, between calls). */
    public long callCyclesMilli() { return st.inCall ? cpu.cycles() - st.callStartMilli : st.last == null ? 0 : st.last.costMilli(); }

    public long callInstructions() {
        return st.inCall ? cpu.instructions() - st.callStartInstructions : st.last == null ? 0 : st.last.instructions();
    }

    /** "kernel update now": update_vsyscall() starts before the next reader step. */
    public void injectWriterUpdate() { kernel.injectUpdate(cpu.cycles()); }

    /**
     * The registers and stack at the entry of the next call, as the caller loop leaves them just after its
     * call instruction: rdi = the clock id, rsi = the timespec, rsp at the return address it pushed, rip at
     * the entry point; the callee-saved registers hold recognisable values the prologue must preserve, and
     * the caller-saved ones are zero (the loop keeps nothing in them, so no call sees its predecessor's
     * leftovers). Set when the machine is built and when a call returns, so the register file between
     * calls shows the state the next call starts from.
     */
    private void enterCall() {
        long[] r = cpu.cpu.r;
        for (int i = 0; i < 16; i++) r[i] = 0;
        r[Registers.RBX] = 0x0000_0000_0bb0_0bb0L;
        r[Registers.RBP] = AddressSpace.STACK_TOP - 16;
        r[Registers.R12] = 0x1212_1212L;
        r[Registers.R13] = 0x1313_1313L;
        r[Registers.R14] = 0x1414_1414L;
        r[Registers.R15] = 0x1515_1515L;
        r[Registers.RDI] = setup.clock().id;
        r[Registers.RSI] = TIMESPEC;
        as.write(STACK_START - 8, 8, CALLER_RETURN); // the caller's call instruction pushed this
        r[Registers.RSP] = STACK_START - 8;
        cpu.jumpTo(entry);
    }

    private void startCall() {
        kernel.beginCall();
        cpu.setCategoryOverride(null);
        if (recorder != null) recorder.callStart();
        st.callStartMilli = cpu.cycles();
        st.callStartInstructions = cpu.instructions();
        st.seqAtCallStart = kernel.seq();
        as.write(TIMESPEC, 8, 0);
        as.write(TIMESPEC + 8, 8, 0);
        cpu.charge(setup.costs().harnessMilli(), Category.HARNESS);
        st.inCall = true;
        if (sink != null) sink.accept(new Event.CallStart(st.calls + 1, setup.clock().id, entry));
    }

    /**
     * Executes one reader instruction (starting the next call first if none is in progress). Returns the
     * finished call if this step ended one, else null.
     */
    public CallResult step() {
        if (!st.inCall) startCall();
        return stepInCall() ? endCall() : null;
    }

    /** One reader instruction of the call in progress, writer steps due before it first; true if the call returned. */
    private boolean stepInCall() {
        if (kernel.nextWriterMilli() <= cpu.cycles()) kernel.runWriterUntil(cpu.cycles());
        cpu.step();
        if (!cpu.outsideText()) {
            if (cpu.instructions() - st.callStartInstructions > MAX_CALL_INSTRUCTIONS) throw runaway();
            return false;
        }
        if (cpu.cpu.rip != CALLER_RETURN) {
            throw new ExecutionException("returned to 0x" + Long.toHexString(cpu.cpu.rip) + ", not to the caller");
        }
        return true;
    }

    /** Runs the rest of the current call (or one whole call) and returns it. */
    public CallResult runCall() {
        if (sink != null) {
            CallResult r;
            do {
                r = step();
            } while (r == null);
            return r;
        }
        // the same steps as step(), in the interpreter's own loop between writer steps
        if (!st.inCall) startCall();
        while (true) {
            long due = kernel.nextWriterMilli();
            if (due <= cpu.cycles()) {
                kernel.runWriterUntil(cpu.cycles());
                due = kernel.nextWriterMilli();
            }
            cpu.runUntil(Math.min(due, cpu.cycles() + CAP_CHUNK_MILLI));
            if (!cpu.outsideText() && cpu.instructions() - st.callStartInstructions > MAX_CALL_INSTRUCTIONS) throw runaway();
            if (cpu.outsideText()) {
                if (cpu.cpu.rip != CALLER_RETURN) {
                    throw new ExecutionException("returned to 0x" + Long.toHexString(cpu.cpu.rip) + ", not to the caller");
                }
                return endCall();
            }
        }
    }

    // ---- steady calls replayed (CallTrace) -----------------------------------------------------

    /** Memory the caller loop sets to the same value before every call: the return address and the timespec. */
    private static final long[][] CALLER_SLOTS = {{STACK_START - 8, 8}, {TIMESPEC, 16}};
    /**
     * Recorded calls kept at most: one with the additive model; one per steady-state unit the pipeline replays (its
     * steady state may alternate between a few).
     */
    private static final int TRACES = 4;
    @Derived("cache: recorded calls, valid while steadyCalls == calls and the writer has not moved")
    private final CallTrace[] traces = new CallTrace[TRACES];
    @Derived("cache: the pipeline's steady-state unit each recorded call replays (null with the additive model)")
    private final Object[] traceUnits = new Object[TRACES];
    @Derived("cache: the recorded call the last call was (recorded or replayed), valid with the others")
    private CallTrace lastTrace;
    @Derived("cache: recorded calls kept, and where the next goes")
    private int traceCount, traceNext;
    @Derived("cache: the call count after the last recorded or replayed call, and the writer's next step then")
    private long steadyCalls = -1, steadyWriterMilli;
    @Derived("cache: calls to run unrecorded after a refused recording, and the next such wait")
    private long recordAfterCall, recordBackoff = 1;
    @Derived("statistics: calls replayed and recorded by runCallFast")
    private long replayedCalls, recordedCalls;
    @Derived("scratch of a run of replayed calls' check")
    private final long[] checkScratch = new long[2];
    @Derived("scratch of a run of replayed calls: the last counter read before the call in progress")
    private long runTsc;

    /**
     * As {@link #runCall()}, with the same result and the machine left in the same state, but a steady call is
     * replayed rather than interpreted instruction by instruction: only the instructions that depend on the counter
     * read run (see {@link CallTrace}). The headless measurements' loop (report, seeds); with a sink attached or in the
     * middle of a call it is {@link #runCall()}. With the pipeline timing model a call is replayed only where the
     * pipeline's own steady state replays its unit from the first instruction ({@link Pipeline#replayingFromStart}), with
     * the call recorded under that unit.
     */
    public CallResult runCallFast() {
        if (sink != null || st.inCall) return runCall();
        if (!tracesValid()) {
            forgetTraces();
            return st.calls < recordAfterCall ? runCall() : recordCall();
        }
        if (cpu.cycles() + maxPerCall() >= steadyWriterMilli) return runCall(); // the writer steps during the call
        replayRun(cpu.cycles() + 1); // this one call: replayed, or (not recorded for its unit, or another way) in full
        return st.last;
    }

    private boolean tracesValid() {
        return traceCount > 0 && steadyCalls == st.calls && kernel.nextWriterMilli() == steadyWriterMilli;
    }

    private void forgetTraces() {
        Arrays.fill(traces, null);
        Arrays.fill(traceUnits, null);
        traceCount = 0;
        traceNext = 0;
        lastTrace = null;
    }

    private CallTrace traceFor(Object unit) {
        for (int i = 0; i < traceCount; i++) if (traceUnits[i] == unit) return traces[i];
        return null;
    }

    private void keepTrace(Object unit, CallTrace t) {
        for (int i = 0; i < traceCount; i++) {
            if (traceUnits[i] == unit) {
                traces[i] = t;
                return;
            }
        }
        traces[traceNext] = t;
        traceUnits[traceNext] = unit;
        traceNext = (traceNext + 1) % TRACES;
        traceCount = Math.min(TRACES, traceCount + 1);
    }

    /** A call's cycles from its start to its end: the caller loop's stall (the additive model's) and the body. */
    private long perCall(CallTrace t) { return (pipeline == null ? setup.costs().harnessMilli() : 0) + t.bodyMilli(); }

    private long maxPerCall() {
        long m = 0;
        for (int i = 0; i < traceCount; i++) m = Math.max(m, perCall(traces[i]));
        return m;
    }

    /** The seqlock probe as a call's start leaves it, the last counter read {@code tsc} (a replay that did not take). */
    private void restoreStartedProbe(long tsc) {
        kernel.restoreCallProbe(new long[] {tsc, 0, -1, -1, 0, 0}, false);
    }

    /**
     * Runs whole calls as {@link #runCallFast} does until the counter reaches {@code untilMilli} (at least one call);
     * returns how many of them returned a time other than the kernel's. Replayed calls run back to back without the
     * per-call bookkeeping ({@link #replayRun}); with the additive model, calls that read no counter (the coarse clocks)
     * are the same call while the writer does not step, so after one is replayed the ones up to the target or the
     * writer's next step are counted at once ({@link Interpreter#repeat}), leaving the state they would.
     */
    public long runCallsUntil(long untilMilli) {
        long wrong = 0;
        do {
            CallResult r = runCallFast();
            if (!r.correct()) wrong++;
            if (!tracesValid() || cpu.cycles() >= untilMilli) continue;
            // the call just run, if it was a replay or recording of a call that reads no counter
            Object unit = pipeline == null ? null : pipeline.replayingUnit();
            CallTrace t = traceFor(unit);
            if (t == null || !t.constant() || pipeline != null && !pipeline.replayedThrough(unit)) {
                wrong += replayRun(untilMilli);
                continue;
            }
            long per = perCall(t);
            // call j of the k starts at cycles + j * per and must end before the writer's next step, as a replay's must
            long byWriter = (steadyWriterMilli - 1 - cpu.cycles()) / per;
            long byTarget = (untilMilli - cpu.cycles() + per - 1) / per;
            long k = Math.min(byWriter, byTarget);
            if (k <= 0) continue;
            if (pipeline != null && !pipeline.repeatReplayed(unit, k, t.bodyMilli())) {
                wrong += replayRun(untilMilli);
                continue;
            }
            cpu.repeat(t, k, pipeline == null ? setup.costs().harnessMilli() : 0, Category.HARNESS);
            countReplayed(k, t, r.ret(), r.sec(), r.nsec(), r.expected(), r.tsc());
            if (!r.correct()) wrong += k;
        } while (cpu.cycles() < untilMilli);
        return wrong;
    }

    /**
     * Replays recorded calls back to back until the target, the writer's next step or a call that is not recorded or
     * goes another way (which then runs in full), doing once what {@link #endCall} does after each; returns how many
     * returned a wrong time. The last call (recorded or replayed) left the timespec and the probe as every replay does.
     */
    private long replayRun(long untilMilli) {
        Clock clock = setup.clock();
        long[] fixed = clock.coarse() ? expected(false) : null; // a coarse read's reference: the same for every call here
        CallTrace.Check check = fixed != null
                ? (ret, sec, nsec) -> ret == 0 && fixed[0] == sec && fixed[1] == nsec
                : (ret, sec, nsec) -> ret == 0 && kernel.isReference(clock, kernel.lastTsc(), sec, nsec, checkScratch);
        CallTrace[] current = new CallTrace[2]; // the started call's, and the last replayed call's
        CallTrace.Calls calls = new CallTrace.Calls() {
            @Override public CallTrace start() {
                runTsc = kernel.lastTsc();
                startCall();
                CallTrace t = traceFor(pipeline == null ? null : pipeline.replayingFromStart());
                current[0] = t;
                return t == null || t == lastTrace ? t : t.afterAnother();
            }

            @Override public void replayed() {
                current[1] = current[0];
                lastTrace = current[0];
                if (pipeline != null) pipeline.completeReplay();
            }

            @Override public void diverged() {
                restoreStartedProbe(runTsc);
                long callStart = st.callStartMilli, callInstructions = st.callStartInstructions;
                enterCall();
                st.callStartMilli = callStart;
                st.callStartInstructions = callInstructions;
            }
        };
        long[] res = cpu.replayMany(maxPerCall(), untilMilli, steadyWriterMilli, calls, check, TIMESPEC);
        long n = res[0];
        boolean started = res[5] != 0;
        if (n > 0 && !started) {
            CallTrace t = current[1];
            long tsc = kernel.lastTsc();
            kernel.restoreCallProbe(t.probeEnd(), true);
            st.inCall = false;
            cpu.setCategoryOverride(null);
            enterCall();
            countReplayed(n, t, res[2], res[3], res[4], fixed != null ? fixed : kernel.reference(clock, tsc), tsc);
        } else if (n > 0) { // the started call's own start stays as it is
            long callStart = st.callStartMilli, callInstructions = st.callStartInstructions;
            countReplayed(n, current[1], res[2], res[3], res[4], fixed != null ? fixed : kernel.reference(clock, runTsc), runTsc);
            st.callStartMilli = callStart;
            st.callStartInstructions = callInstructions;
        }
        long wrong = res[1];
        if (started && !(st.calls < recordAfterCall ? runCall() : recordCall()).correct()) wrong++; // in full from its start
        return wrong;
    }
    /**
     * What {@link #endCall} does, once for {@code n} calls of {@code t} replayed or repeated in a row (the machine at the
     * last one's end): the call count, the last call's result (it returned {@code ret}, {@code sec}, {@code nsec}, the
     * kernel's being {@code expected}, its counter read {@code tsc}), where it started.
     */
    private void countReplayed(long n, CallTrace t, long ret, long sec, long nsec, long[] expected, long tsc) {
        st.calls += n;
        replayedCalls += n;
        st.last = new CallResult(st.calls, ret, sec, nsec, expected, t.instructions(), perCall(t), 0, 0, false, tsc);
        st.callStartMilli = cpu.cycles() - perCall(t);
        st.callStartInstructions = cpu.instructions() - t.instructions();
        steadyCalls = st.calls;
    }

    /** Calls {@link #runCallFast} replayed and recorded so far (the rest ran in full unrecorded). */
    public long[] replayStatistics() { return new long[] {replayedCalls, recordedCalls}; }

    /** Runs the call (from its start, or from where a diverged replay left it) in full, recording it for replays. */
    private CallResult recordCall() {
        if (!st.inCall) startCall();
        recordedCalls++;
        Object unit = pipeline == null ? null : pipeline.replayingFromStart();
        CallRecorder rec = new CallRecorder(cpu, a -> as.slotOf(a) >= 0, CALLER_SLOTS);
        rec.kernelEntriesAtStart(st.kernelEntriesAtCallStart);
        long writer0 = kernel.nextWriterMilli();
        cpu.setSink(rec);
        try {
            boolean returned;
            do {
                if (kernel.nextWriterMilli() <= cpu.cycles()) rec.refuse("a writer step");
                rec.before();
                returned = stepInCall();
                rec.after();
            } while (!returned);
        } finally {
            cpu.setSink(sink);
        }
        // the pipeline's cycles of a call are the same again only where its steady state replayed the whole call
        long[] times = pipeline == null || unit == null || !pipeline.replayedThrough(unit) ? null : pipeline.unitTimesMilli(unit);
        CallTrace t = pipeline != null && times == null ? null : rec.finish(kernel.callProbe(), times);
        boolean valid = tracesValid() && steadyWriterMilli == writer0; // the kept ones still hold after this call
        CallResult r = endCall();
        if (t != null && kernel.nextWriterMilli() == writer0) {
            if (!valid) forgetTraces();
            keepTrace(unit, t);
            lastTrace = t;
            steadyCalls = st.calls;
            steadyWriterMilli = writer0;
            recordBackoff = 1;
        } else {
            backOff();
        }
        return r;
    }

    /** No recording for the next calls (1, 2, 4 ... 256 in a row of refusals: recording a call costs several). */
    private void backOff() {
        recordAfterCall = st.calls + recordBackoff;
        recordBackoff = Math.min(256, recordBackoff * 2);
    }

    /** runCall() checks the call's length at least this often (milli-cycles). */
    private static final long CAP_CHUNK_MILLI = 100_000_000L;

    private ExecutionException runaway() {
        return new ExecutionException("call " + (st.calls + 1) + " ran more than " + String.format(java.util.Locale.ROOT, "%,d",
                MAX_CALL_INSTRUCTIONS) + " instructions without returning (the writer's updates, every "
                + setup.tickCycles() + " cycles, leave the read loop no window to finish)");
    }

    private CallResult endCall() {
        State st = this.st;
        st.inCall = false;
        st.calls++;
        long ret = (int) cpu.cpu.r[Registers.RAX];
        long sec = as.read(TIMESPEC, 8), nsec = as.read(TIMESPEC + 8, 8);
        boolean fb = syscallSinceStart();
        if (fb) st.fallbacks++;
        st.retries += kernel.callRetries();
        st.oddSpins += kernel.callOddSpins();
        long[] expected = expected(fb);
        st.last = new CallResult(st.calls, ret, sec, nsec, expected, cpu.instructions() - st.callStartInstructions,
                cpu.cycles() - st.callStartMilli, kernel.callRetries(), kernel.callOddSpins(), fb, kernel.lastTsc());
        cpu.setCategoryOverride(null);
        enterCall();
        if (sink != null) {
            sink.accept(new Event.CallEnd(st.calls, ret, sec, nsec, st.last.instructions(), st.last.costMilli()));
        }
        return st.last;
    }

    /** Whether the call entered the kernel since it began (or since the last call's end); the count moves on. */
    private boolean syscallSinceStart() {
        long now = cpu.kernelEntries();
        boolean any = now != st.kernelEntriesAtCallStart;
        st.kernelEntriesAtCallStart = now;
        return any;
    }

    private long[] expected(boolean viaSyscall) {
        Clock c = setup.clock();
        if (viaSyscall) return kernel.lastKernelResult();
        if (c.coarse()) {
            long seq = kernel.validatedSeq();
            return seq < 0 && setup.variant().broken() ? coarseUnchecked(c) : kernel.coarseReference(c, seq);
        }
        return kernel.reference(c, kernel.lastTsc());
    }

    /**
     * The reference for a coarse read that no retry check validated (a reader broken on purpose): the time
     * it returned if the kernel published that time while the call ran (a consistent snapshot, just one
     * update newer), else the time published when the call began. A torn read matches no publication.
     */
    private long[] coarseUnchecked(Clock c) {
        long first = st.seqAtCallStart & ~1L;
        long sec = as.read(TIMESPEC, 8), nsec = as.read(TIMESPEC + 8, 8);
        for (long s = first; s <= kernel.seq(); s += 2) {
            long[] p = kernel.coarseReference(c, s);
            if (p != null && p[0] == sec && p[1] == nsec) return p;
        }
        return kernel.coarseReference(c, first);
    }

    // ---- snapshots for exact step-back --------------------------------------------------------

    /**
     * A digest of the whole model state (every holder's fields: registers, flags, counters, predictor, the
     * pipeline's scheduler and rows, the kernel's writer and timekeeper, every page): equal digests mean
     * identical states. Used to prove step-back exact.
     */
    public String digest() { return StepState.digestOf(save()); }

    /** The whole model state, copied: each component's holder (the pipeline's and its rows' null without one). */
    public record Snapshot(State machine, Interpreter.State cpu, Kernel.Snapshot kernel, Pipeline.State timing,
                           TimelineRecorder.State rows) {}

    public Snapshot save() {
        return new Snapshot(st.copy(), cpu.save(), kernel.save(), pipeline == null ? null : pipeline.save(),
                recorder == null ? null : recorder.save());
    }

    public void restore(Snapshot s) {
        forgetTraces();
        recordAfterCall = 0;
        st.copyFrom(s.machine());
        cpu.restore(s.cpu());
        kernel.restore(s.kernel());
        if (pipeline != null) pipeline.restore(s.timing());
        if (recorder != null) recorder.restore(s.rows());
    }
}

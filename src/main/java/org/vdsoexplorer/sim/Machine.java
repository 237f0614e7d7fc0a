package org.vdsoexplorer.sim;

import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.cpu.ExecutionException;
import org.vdsoexplorer.sim.cpu.Interpreter;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.event.EventSink;
import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Kernel;
import org.vdsoexplorer.sim.timing.Pipeline;

/**
 * The one execution model every view projects: the reader (the interpreter running the variant's
 * listing) in a caller loop like gettime_perf's, the kernel with its writer racing it, and the counters.
 * A step is one reader instruction; writer steps due before it are applied first. Headless; no JavaFX.
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
    private EventSink sink;

    private boolean inCall;
    private long calls;
    private long callStartMilli, callStartInstructions;
    /** The data page's seq when the call began (the reference of a coarse read no check validated). */
    private long seqAtCallStart;
    private long retries, oddSpins, fallbacks;
    private boolean callFallback;
    private CallResult last;

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
                new org.vdsoexplorer.sim.timing.CallerLoop.Frame(Listings.caller(), TIMESPEC, STACK_START)) : null;
        cpu.setClocking(pipeline);
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

    /** Attaches the views' sink (null detaches: the fast path creates no events). */
    public void setSink(EventSink sink) {
        this.sink = sink;
        if (pipeline != null) pipeline.setRecording(sink != null); // the timeline view's rows, only when watched
        cpu.setSink(sink);
        kernel.setSink(sink);
    }

    public EventSink sink() { return sink; }

    public boolean inCall() { return inCall; }

    /** The instruction the next step executes (the entry point between calls). */
    public Instruction next() { return inCall ? cpu.current() : listing.get(listing.indexOf(entry)); }

    public long calls() { return calls; }

    public long retries() { return retries; }

    public long oddSpins() { return oddSpins; }

    public long fallbacks() { return fallbacks; }

    public CallResult lastCall() { return last; }

    /** Cycles so far (milli-cycles), including the caller loop. */
    public long cyclesMilli() { return cpu.cycles(); }

    public long instructions() { return cpu.instructions(); }

    /** Cycles and instructions of the call in progress (or of the last call, between calls). */
    public long callCyclesMilli() { return inCall ? cpu.cycles() - callStartMilli : last == null ? 0 : last.costMilli(); }

    public long callInstructions() {
        return inCall ? cpu.instructions() - callStartInstructions : last == null ? 0 : last.instructions();
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
        if (pipeline != null) pipeline.callStart();
        callStartMilli = cpu.cycles();
        callStartInstructions = cpu.instructions();
        seqAtCallStart = kernel.seq();
        callFallback = false;
        as.write(TIMESPEC, 8, 0);
        as.write(TIMESPEC + 8, 8, 0);
        cpu.charge(setup.costs().harnessMilli(), Category.HARNESS);
        inCall = true;
        if (sink != null) sink.accept(new Event.CallStart(calls + 1, setup.clock().id, entry));
    }

    /**
     * Executes one reader instruction (starting the next call first if none is in progress). Returns the
     * finished call if this step ended one, else null.
     */
    public CallResult step() {
        if (!inCall) startCall();
        if (kernel.nextWriterMilli() <= cpu.cycles()) kernel.runWriterUntil(cpu.cycles());
        cpu.step();
        if (!cpu.outsideText()) {
            if (cpu.instructions() - callStartInstructions > MAX_CALL_INSTRUCTIONS) throw runaway();
            return null;
        }
        if (cpu.cpu.rip != CALLER_RETURN) {
            throw new ExecutionException("returned to 0x" + Long.toHexString(cpu.cpu.rip) + ", not to the caller");
        }
        return endCall();
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
        if (!inCall) startCall();
        while (true) {
            long due = kernel.nextWriterMilli();
            if (due <= cpu.cycles()) {
                kernel.runWriterUntil(cpu.cycles());
                due = kernel.nextWriterMilli();
            }
            cpu.runUntil(Math.min(due, cpu.cycles() + CAP_CHUNK_MILLI));
            if (!cpu.outsideText() && cpu.instructions() - callStartInstructions > MAX_CALL_INSTRUCTIONS) throw runaway();
            if (cpu.outsideText()) {
                if (cpu.cpu.rip != CALLER_RETURN) {
                    throw new ExecutionException("returned to 0x" + Long.toHexString(cpu.cpu.rip) + ", not to the caller");
                }
                return endCall();
            }
        }
    }

    /** runCall() checks the call's length at least this often (milli-cycles). */
    private static final long CAP_CHUNK_MILLI = 100_000_000L;

    private ExecutionException runaway() {
        return new ExecutionException("call " + (calls + 1) + " ran more than " + String.format(java.util.Locale.ROOT, "%,d",
                MAX_CALL_INSTRUCTIONS) + " instructions without returning (the writer's updates, every "
                + setup.tickCycles() + " cycles, leave the read loop no window to finish)");
    }

    private CallResult endCall() {
        inCall = false;
        calls++;
        long ret = (int) cpu.cpu.r[Registers.RAX];
        long sec = as.read(TIMESPEC, 8), nsec = as.read(TIMESPEC + 8, 8);
        boolean fb = syscallSinceStart();
        if (fb) fallbacks++;
        retries += kernel.callRetries();
        oddSpins += kernel.callOddSpins();
        long[] expected = expected(fb);
        last = new CallResult(calls, ret, sec, nsec, expected, cpu.instructions() - callStartInstructions,
                cpu.cycles() - callStartMilli, kernel.callRetries(), kernel.callOddSpins(), fb, kernel.lastTsc());
        cpu.setCategoryOverride(null);
        enterCall();
        if (sink != null) {
            sink.accept(new Event.CallEnd(calls, ret, sec, nsec, last.instructions(), last.costMilli()));
        }
        return last;
    }

    private long syscallMilliAtStart = 0; // kernel entries at the start of the call

    private boolean syscallSinceStart() {
        long now = cpu.kernelEntries();
        boolean any = now != syscallMilliAtStart;
        syscallMilliAtStart = now;
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
        long first = seqAtCallStart & ~1L;
        long sec = as.read(TIMESPEC, 8), nsec = as.read(TIMESPEC + 8, 8);
        for (long s = first; s <= kernel.seq(); s += 2) {
            long[] p = kernel.coarseReference(c, s);
            if (p != null && p[0] == sec && p[1] == nsec) return p;
        }
        return kernel.coarseReference(c, first);
    }

    // ---- snapshots for exact step-back --------------------------------------------------------

    /**
     * A digest of the whole model state (registers, flags, counters, predictor, every page, the kernel's
     * writer and timekeeper): equal digests mean identical states. Used to prove step-back exact.
     */
    public String digest() {
        Snapshot s = save();
        StringBuilder sb = new StringBuilder();
        Interpreter.State c = s.cpu();
        sb.append(java.util.Arrays.toString(c.cpu().regs())).append(c.cpu().rip()).append('/').append(c.cpu().rflags())
                .append('/').append(c.pc()).append('/').append(c.cycles()).append('/').append(c.instructions())
                .append(java.util.Arrays.toString(c.byCategory())).append(java.util.Arrays.toString(c.predictor()))
                .append(java.util.Arrays.toString(c.executed())).append(java.util.Arrays.toString(c.executedOverride()))
                .append(c.kernelEntries())
                .append(c.override());
        Kernel.State k = s.kernel();
        sb.append(java.util.Arrays.hashCode(k.vvar())).append('/').append(java.util.Arrays.hashCode(k.timens()))
                .append('/').append(java.util.Arrays.deepHashCode(k.stack())).append('/').append(k.tk().csLast())
                .append('/').append(k.nextTickMilli()).append('/').append(k.updates().stream()
                        .map(u -> u.number() + ":" + u.startMilli() + ":" + u.next() + (u.injected() ? "i" : "")).toList())
                .append('/').append(k.updateCount()).append('/').append(k.lastTsc()).append('/')
                .append(k.expectCheck()).append(k.seqBegin()).append('/').append(k.validatedSeq()).append('/')
                .append(k.callRetries()).append('/').append(k.callOddSpins()).append('/')
                .append(java.util.Arrays.toString(k.lastKernelResult()));
        sb.append('/').append(inCall).append(calls).append('/').append(callStartMilli).append('/')
                .append(callStartInstructions).append('/').append(retries).append('/').append(oddSpins).append('/')
                .append(fallbacks).append('/').append(seqAtCallStart);
        if (pipeline != null) sb.append('/').append(pipeline.digest());
        try {
            byte[] h = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(h);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The whole model state, copied. */
    public record Snapshot(Interpreter.State cpu, Kernel.State kernel, boolean inCall, long calls, long callStartMilli,
                           long callStartInstructions, long retries, long oddSpins, long fallbacks,
                           long syscallMilliAtStart, CallResult last, Pipeline.State timing, long seqAtCallStart) {}

    public Snapshot save() {
        return new Snapshot(cpu.save(), kernel.save(), inCall, calls, callStartMilli, callStartInstructions, retries,
                oddSpins, fallbacks, syscallMilliAtStart, last, pipeline == null ? null : pipeline.save(), seqAtCallStart);
    }

    public void restore(Snapshot s) {
        cpu.restore(s.cpu());
        kernel.restore(s.kernel());
        inCall = s.inCall();
        calls = s.calls();
        callStartMilli = s.callStartMilli();
        callStartInstructions = s.callStartInstructions();
        retries = s.retries();
        oddSpins = s.oddSpins();
        fallbacks = s.fallbacks();
        syscallMilliAtStart = s.syscallMilliAtStart();
        last = s.last();
        seqAtCallStart = s.seqAtCallStart();
        if (pipeline != null) pipeline.restore(s.timing());
    }
}

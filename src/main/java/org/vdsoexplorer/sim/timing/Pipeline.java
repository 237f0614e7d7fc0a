package org.vdsoexplorer.sim.timing;

import java.util.Arrays;
import java.util.List;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.cpu.Clocking;
import org.vdsoexplorer.sim.cpu.Interpreter;
import org.vdsoexplorer.sim.state.Derived;
import org.vdsoexplorer.sim.state.StepState;

/**
 * The out-of-order timing model (after llvm-mca's pipeline and uiCA's port model), run over the
 * instructions the interpreter executes, one at a time in program order. Each instruction is fetched
 * ({@link Core#frontendWidth()} a cycle, a taken branch ends the group, a mispredicted one restarts the
 * front end {@link Core#mispredict()} cycles after it executes), dispatched in order ({@link
 * Core#dispatchWidth()} slots a cycle, only while the reorder buffer has room), issued to the earliest
 * free pipe of its class once its registers and memory sources are ready (store-to-load forwarding from
 * a store buffer), and retired in order ({@link Core#retireWidth()} a cycle). Its retirement cycle is the
 * machine's clock. lfence completes when every older instruction has, and holds younger ones back (at
 * dispatch until it retires, or at issue until it completes, per core); rdtscp, the counter read Linux
 * patches into the vDSO on every CPU that has it, issues only when every older instruction has completed
 * and holds no younger one back; rdtsc and rdtscp read the counter in the cycle they issue; a kernel entry
 * waits until every older instruction retired.
 *
 * <p>Every figure comes from the {@link Core} (assets/timing.yaml); nothing here is tuned to a result.
 * Deterministic; its state is one {@link State} holder, copied whole for exact step-back ({@link #save()}).
 * It reports each instruction it retires to a {@link Listener} (llvm-mca's HWEventListener): the timeline
 * view's rows are collected by one, a {@link TimelineRecorder}, not here. Between two stalls the same scheduling
 * is replayed rather than redone when its state and inputs repeat ({@link SteadyReplay}: exact, the same cycles).
 *
 * <p>A little over 450 lines: the scheduler is one piece (its stages share the instruction in flight's scratch
 * fields), and the hooks the steady-state replay needs to rebuild it sit beside what they rebuild.
 * <p>Over 450 lines on purpose: dispatch, issue, retirement, the canonical state {@link SteadyReplay} keys on and the
 * step-back holder are one state machine over the same per-instruction arrays; split into classes, each part would
 * reach into the others' arrays on the hot path (the interpreter's speed is a measured target, docs/benchmarks.md).
 */
public final class Pipeline extends Clocking {
    /** Cycles of port reservations kept (a ring): more than any instruction's reach into the future. */
    private static final int RING = 256, RMASK = RING - 1;
    /** Slots of the store lookup table (a hash of the 8-byte granule). */
    private static final int HASH = 64;

    /** One dynamic instruction as scheduled, in cycles: what the timeline view draws. */
    public record Slot(long seq, int index, long fetch, long dispatch, long issue, long complete, long retire,
                       boolean mispredicted, boolean fused) {}

    /** Told about every instruction of the listing the pipeline retires, in program order, with its cycles. */
    public interface Listener {
        void retired(Slot s);
    }

    private final Core core;
    private final Shape[] shapes;
    private final Core.Uop[] mains;
    /** Port masks (a bit per port) of each instruction's main op, and of the load and store ops. */
    private final int[] mainPorts;
    /** Per instruction: it changes or copies the stack pointer ({@link Shape#movesStackPointer}). */
    private final boolean[] movesStack;
    /**
     * Per instruction, its memory address as base register + index register x scale + displacement ({@link
     * Shape#address} worked out once: -1 for no register; no base and no displacement for one without memory).
     */
    private final int[] addrBase, addrIndex, addrScale;
    private final long[] addrDisp;
    private final int loadPorts, storePorts;
    private final Core.Uop loadU, storeU;
    /** The caller loop scheduled between calls, or null (the front end then waits the harness cost). */
    private final CallerLoop caller;

    /** The scheduler's state: everything that carries from one instruction to the next. */
    public static final class State extends StepState<State> {
        long seq;
        /** seq modulo the reorder buffer's size, and the store count modulo the store buffer's (no divisions per step). */
        int robPos, sbPos;
        long feCycle, feNext;
        int feUsed;
        long dispCycle;
        int dispUsed;
        long retCycle;
        int retUsed;
        long lastRetire;
        long[] robRetire;
        final long[] regReady = new long[17];
        /**
         * Port reservations, a ring of cycles: {@code cycleTag[c & RMASK] == c + 1} when the slot holds cycle c,
         * and then bit p of {@code cycleBusy[c & RMASK]} is set when port p is reserved in that cycle (a slot
         * holding another cycle means every port is free in c). One lookup answers "which pipes are free".
         */
        final long[] cycleTag = new long[RING];
        final int[] cycleBusy = new int[RING];
        long fenceDispatch, fenceIssue, maxComplete;
        /** Recent stores by address hash (8-byte granules): address, data-ready and retirement cycles. */
        final long[] sbAddr = new long[HASH], sbReady = new long[HASH], sbRetire = new long[HASH];
        /** How each recent store named its memory ({@link Shape#renameKey}): a load named the same way is renamed. */
        final long[] sbKey = new long[HASH];
        /** Instructions so far that changed or copied the stack pointer other than by push/pop/call/ret. */
        long stackEpoch;
        /** Retirement cycles of the last {@link Core#storeBuffer()} stores: a store dispatches only with a free entry. */
        long[] sbRing;
        long stores;
        boolean prevFusible;
        long prevFlagsReady;

        private State() {}
    }

    private final State st = new State();
    // the instruction in flight between begin() and end()
    @Derived("scratch of the instruction in flight: begin() sets it (retire() cLastComplete) before it is read")
    private long cFetch, cDispatch, cIssue, cComplete, cKernel, cBefore, cLastComplete;
    @Derived("scratch of the instruction in flight: begin() sets it before retire() reads it")
    private int cSlots, cStore = -1;
    @Derived("scratch of the instruction in flight: begin() sets it before retire() reads it")
    private boolean cTaken, cMispredict, cFused;
    @Derived("scratch of the instruction in flight: begin() sets it before end() records it")
    private long cAddr;
    @Derived("scratch of the steady state: the least margin of dispatch over fetch since it was reset")
    long fetchMargin = Long.MAX_VALUE;
    @Derived("wiring: who is told about retirements (the timeline view's recorder while a view watches)")
    private Listener listener;
    /** The exact steady state: units between two stalls recorded once and replayed (see {@link SteadyReplay}). */
    private final SteadyReplay steady;

    public Pipeline(Core core, Listing listing) { this(core, listing, null); }

    /** With {@code caller}, the caller loop's instructions run between calls (see {@link #stall(long)}). */
    public Pipeline(Core core, Listing listing, CallerLoop.Frame caller) {
        this.core = core;
        this.caller = caller == null ? null : caller.bind(core);
        int n = listing.size();
        this.shapes = new Shape[n];
        this.mains = new Core.Uop[n];
        this.mainPorts = new int[n];
        this.movesStack = new boolean[n];
        this.addrBase = new int[n];
        this.addrIndex = new int[n];
        this.addrScale = new int[n];
        this.addrDisp = new long[n];
        for (int i = 0; i < n; i++) {
            Shape s = Shape.of(listing.get(i));
            shapes[i] = s;
            mains[i] = mainUop(core, s);
            mainPorts[i] = mains[i] == null ? 0 : mains[i].portMask();
            movesStack[i] = Shape.movesStackPointer(listing.get(i));
            long[] form = s.memory() ? s.addressForm() : new long[] {-1, -1, 0, 0};
            addrBase[i] = (int) form[0];
            addrIndex[i] = (int) form[1];
            addrScale[i] = (int) form[2];
            addrDisp[i] = form[3];
        }
        this.loadU = core.uop(UopClass.LOAD);
        this.storeU = core.uop(UopClass.STORE);
        this.loadPorts = loadU.portMask();
        this.storePorts = storeU.portMask();
        st.robRetire = new long[core.rob()];
        Arrays.fill(st.sbAddr, -1);
        st.sbRing = new long[core.storeBuffer()];
        this.steady = new SteadyReplay(this, st);
    }

    /**
     * With {@code on} false, the plain scheduler: every instruction scheduled, no state canonicalised or replayed
     * (the reference the tests compare the replay with); on by default. Set before the first step.
     */
    public void setSteadyReplay(boolean on) { steady.setEnabled(on); }

    /** Units replayed and instructions replayed so far (a test's and a benchmark's view of the replay). */
    public long[] steadyCounts() { return steady.counts(); }

    /**
     * The steady state's unit if it is about to replay a call from its first instruction (the call just started), else
     * null: an opaque token for {@link #replayedThrough} and {@link #unitTimesMilli}.
     */
    public Object replayingFromStart() { return steady.replayingFromStart(); }

    /** The steady state's unit being replayed (from its start, partway or through its end), or null. */
    public Object replayingUnit() { return steady.replayingUnit(); }

    /** Whether the call just run was wholly unit {@code u}'s replay (every instruction as recorded). */
    public boolean replayedThrough(Object u) { return steady.replayedThrough(u); }

    /**
     * Unit {@code u}'s instructions' issue cycles (when a counter read among them reads the counter) and, last, its last
     * retirement, relative to its start, in milli-cycles.
     */
    public long[] unitTimesMilli(Object u) { return SteadyReplay.timesMilli(u); }

    /**
     * {@code k} more calls, each a replay of unit {@code u} taking {@code milli}, if that is exact (the unit leads to
     * itself and leaves the front end's lag as it found it); false, nothing moved, otherwise.
     */
    public boolean repeatReplayed(Object u, long k, long milli) { return steady.repeat(u, k, milli); }

    /** The call the steady state replays ran as recorded without being told instruction by instruction: its end. */
    public void completeReplay() { steady.completeReplay(); }

    public Core core() { return core; }

    /** The main op of {@code s} on {@code core} (a register move is an ALU op where moves are not eliminated). */
    static Core.Uop mainUop(Core core, Shape s) {
        if (s.main() == null) return null;
        return core.uop(s.main() == UopClass.MOV && !core.movElimination() ? UopClass.ALU : s.main());
    }

    // ---- the interpreter's calls ----------------------------------------------------------------

    @Override
    public long begin(Interpreter in, int index) {
        cBefore = in.cycles();
        Shape s = shapes[index];
        long[] r = in.cpu.r;
        long a = addrDisp[index];
        int b = addrBase[index], x = addrIndex[index];
        if (b >= 0) a += r[b];
        if (x >= 0) a += r[x] * addrScale[index];
        if (steady.replaying()) {
            cTaken = false;
            cMispredict = false;
            long t = steady.begin(index, a);
            if (t != SteadyReplay.DIVERGED) return t * 1000;
        }
        cAddr = a;
        return begin(s, mains[index], mainPorts[index], movesStack[index], a);
    }

    /** Schedules instruction {@code index} of the listing, its memory at {@code a} (the steady state's replays). */
    void beginAt(int index, long a) { begin(shapes[index], mains[index], mainPorts[index], movesStack[index], a); }

    /** Schedules and retires instruction {@code index} as it ran before (address, branch outcome; no kernel entry). */
    void scheduleAgain(int index, long a, boolean taken, boolean mispredicted, long kernelCycles) {
        beginAt(index, a);
        cTaken = taken;
        cMispredict = mispredicted;
        cKernel = kernelCycles;
        retire(shapes[index]);
    }

    boolean taken() { return cTaken; }

    boolean mispredicted() { return cMispredict; }

    void setBranch(boolean taken, boolean mispredicted) {
        cTaken = taken;
        cMispredict = mispredicted;
    }

    /** Schedules one instruction up to its completion; {@code a} is the address of its memory access. */
    private long begin(Shape s, Core.Uop main, int mainPortMask, boolean movesSp, long a) {
        State st = this.st;
        if (movesSp) st.stackEpoch++;
        cTaken = false;
        cMispredict = false;
        cKernel = 0;
        cStore = -1;
        boolean fused = core.fusion() && s.conditional() && st.prevFusible;
        cFused = fused;
        int slots = fused ? 0 : main != null ? main.uops() : 1;
        cSlots = slots;
        // front end
        long f = Math.max(st.feNext, st.feCycle);
        if (f > st.feCycle) {
            st.feCycle = f;
            st.feUsed = 0;
        }
        if (!fused) {
            if (st.feUsed >= core.frontendWidth()) {
                st.feCycle++;
                st.feUsed = 0;
            }
            st.feUsed++;
        }
        cFetch = st.feCycle;
        // dispatch: in order, width-limited, only with room in the reorder buffer
        long other = Math.max(st.fenceDispatch, st.dispCycle);
        if (other - cFetch < fetchMargin) fetchMargin = other - cFetch; // how far the front end was from mattering
        long d = Math.max(cFetch, other);
        if (st.seq >= st.robRetire.length) d = Math.max(d, st.robRetire[st.robPos]);
        if (s.kind() == Shape.Kind.KERNEL) d = Math.max(d, st.lastRetire);
        if (s.store() && st.stores >= st.sbRing.length) d = Math.max(d, st.sbRing[st.sbPos]);
        if (d > st.dispCycle) {
            st.dispCycle = d;
            st.dispUsed = 0;
        }
        if (slots > 0 && st.dispUsed > 0 && st.dispUsed + slots > core.dispatchWidth()) {
            st.dispCycle++;
            st.dispUsed = 0;
        }
        cDispatch = d = st.dispCycle;
        st.dispUsed += slots;
        while (st.dispUsed > core.dispatchWidth()) { // an instruction wider than the dispatch takes several cycles
            st.dispCycle++;
            st.dispUsed -= core.dispatchWidth();
        }
        // issue
        long ready = Math.max(d + core.issueDelay(), st.fenceIssue);
        long addrReady = ready(s.addrMask(), ready);
        long done = ready, issue = ready;
        long loadDone = 0;
        if (s.kind() == Shape.Kind.KERNEL) {
            issue = done = d;
        } else {
            if (s.load()) {
                long li = reserve(loadPorts, addrReady, loadU.occupancy());
                loadDone = li + loadU.latency();
                int k = forwardingStore(a, li);
                if (k >= 0) {
                    long key = s.renameKey(st.stackEpoch);
                    int fwd = key != 0 && st.sbKey[k] == key ? core.stackForward() : core.storeForward();
                    loadDone = Math.max(li, st.sbReady[k]) + fwd;
                }
                issue = li;
                done = loadDone;
            }
            Core.Uop u = main;
            if (u != null) {
                long src = s.zeroIdiom() && core.zeroIdiom() ? ready : ready(s.srcMask(), ready);
                long mr = Math.max(src, s.load() ? loadDone : ready);
                // lfence and rdtscp start only when every older instruction has completed
                if (s.kind() == Shape.Kind.LFENCE || s.kind() == Shape.Kind.RDTSCP) mr = Math.max(mr, st.maxComplete);
                if (fused) {
                    issue = Math.max(mr, st.prevFlagsReady);
                    done = issue;
                } else {
                    issue = mainPortMask == 0 ? mr : reserve(mainPortMask, mr, u.occupancy());
                    done = issue + u.latency();
                }
            }
            if (s.store()) {
                long data = u != null ? done : ready(s.storeDataMask(), ready);
                long si = reserve(storePorts, Math.max(addrReady, data), storeU.occupancy());
                long sd = si + storeU.latency();
                int h = hash(a);
                cStore = h;
                st.sbAddr[h] = a >>> 3;
                st.sbReady[h] = data;
                st.sbRetire[h] = Long.MAX_VALUE;
                st.sbKey[h] = s.renameKey(st.stackEpoch);
                if (u == null) issue = si;
                done = Math.max(done, sd);
            }
        }
        cIssue = issue;
        cComplete = done;
        long written = s.load() && main == null ? loadDone : done;
        for (int m = s.dstMask(); m != 0; m &= m - 1) st.regReady[Integer.numberOfTrailingZeros(m)] = written;
        if (s.fusible()) st.prevFlagsReady = done;
        if (s.kind() == Shape.Kind.LFENCE && !core.lfenceDispatchSerializing()) st.fenceIssue = Math.max(st.fenceIssue, done);
        if (s.kind() == Shape.Kind.PAUSE) st.fenceDispatch = Math.max(st.fenceDispatch, done);
        // rdtsc reads the counter when it issues; the kernel runs once everything older retired
        return issue * 1000;
    }

    @Override
    public void branch(Interpreter in, boolean taken, boolean mispredicted) {
        cTaken = taken;
        cMispredict = mispredicted;
    }

    @Override
    public void kernel(Interpreter in, long milli) {
        long c = (milli + 999) / 1000;
        if (steady.replaying()) steady.kernelEntry(c); // compared with the recorded unit's at the instruction's end
        else cKernel += c;
    }

    void addKernel(long cycles) { cKernel += cycles; }

    /**
     * Time outside the listing before the next call: with a {@link CallerLoop} its instructions are scheduled
     * like the listing's (the loop's own loads, st.stores, taken branches and its counter in memory); without
     * one, the front end waits {@code milli}. Either way the time shows in the next instruction's, not as {@code c}.
     */
    @Override
    public void stall(Interpreter in, long milli, Category c) {
        if (caller == null) {
            st.feNext = Math.max(st.feNext, st.feCycle + 1 + (milli + 999) / 1000);
            return;
        }
        if (steady.stall()) return; // replaying: the caller loop is part of the unit replayed
        runCaller();
    }

    /** Schedules the caller loop's instructions (between two calls). */
    void runCaller() {
        long[] r = caller.registers();
        for (int k = 0; k < caller.size(); k++) {
            Shape s = caller.shape(k);
            begin(s, caller.main(k), caller.ports(k), caller.movesStack(k), s.memory() ? s.address(r) : 0);
            cTaken = caller.taken(k);
            retire(s);
        }
    }

    boolean hasCaller() { return caller != null; }

    boolean listened() { return listener != null; }

    @Override
    public long end(Interpreter in, int index) {
        if (steady.replaying()) {
            long t = steady.end(cTaken, cMispredict);
            if (t != SteadyReplay.DIVERGED) {
                chargeInstruction(in, index, t * 1000 - cBefore);
                return t * 1000;
            }
        }
        long rt = retire(shapes[index]);
        steady.retired(index, cAddr, cTaken, cMispredict, cKernel, cIssue, rt);
        if (listener != null) listener.retired(new Slot(st.seq - 1, index, cFetch, cDispatch, cIssue, cLastComplete, rt, cMispredict, cFused));
        chargeInstruction(in, index, rt * 1000 - cBefore);
        return rt * 1000;
    }

    /** Retires the instruction begun last (in order, width-limited); returns its retirement cycle. */
    private long retire(Shape s) {
        State st = this.st;
        long complete = cComplete;
        if (s.kind() == Shape.Kind.KERNEL) {
            complete = cDispatch + cKernel;
            for (int m = s.dstMask(); m != 0; m &= m - 1) st.regReady[Integer.numberOfTrailingZeros(m)] = complete;
            st.feNext = Math.max(st.feNext, complete);
        }
        st.maxComplete = Math.max(st.maxComplete, complete);
        // retire: in order, width-limited
        long rt = Math.max(complete, st.lastRetire);
        if (rt > st.retCycle) {
            st.retCycle = rt;
            st.retUsed = 0;
        }
        if (cSlots > 0) {
            if (st.retUsed > 0 && st.retUsed + cSlots > core.retireWidth()) {
                st.retCycle++;
                st.retUsed = 0;
            }
            st.retUsed += cSlots;
            while (st.retUsed > core.retireWidth()) {
                st.retCycle++;
                st.retUsed -= core.retireWidth();
            }
        }
        rt = st.retCycle;
        st.robRetire[st.robPos] = rt;
        if (++st.robPos == st.robRetire.length) st.robPos = 0;
        st.seq++;
        st.lastRetire = rt;
        if (cStore >= 0) {
            st.sbRetire[cStore] = rt;
            st.sbRing[st.sbPos] = rt;
            if (++st.sbPos == st.sbRing.length) st.sbPos = 0;
            st.stores++;
        }
        if (s.kind() == Shape.Kind.LFENCE && core.lfenceDispatchSerializing()) st.fenceDispatch = Math.max(st.fenceDispatch, rt);
        // the front end after this instruction
        if (cMispredict) {
            st.feNext = Math.max(st.feNext, complete + core.mispredict());
        } else if (s.branch() && (!s.conditional() || cTaken)) {
            st.feNext = Math.max(st.feNext, st.feCycle + 1 + core.takenBubble());
        }
        st.prevFusible = s.fusible();
        cLastComplete = complete;
        return rt;
    }

    // ---- scheduling helpers ---------------------------------------------------------------------

    private long ready(int mask, long from) {
        long[] regReady = st.regReady;
        long t = from;
        for (int m = mask; m != 0; m &= m - 1) t = Math.max(t, regReady[Integer.numberOfTrailingZeros(m)]);
        return t;
    }

    /** Ports busy in cycle {@code c} (a bit per port). */
    private int busy(long c) {
        int slot = (int) (c & RMASK);
        return st.cycleTag[slot] == c + 1 ? st.cycleBusy[slot] : 0;
    }

    private void mark(long c, int port) {
        int slot = (int) (c & RMASK);
        long[] cycleTag = st.cycleTag;
        int[] cycleBusy = st.cycleBusy;
        if (cycleTag[slot] != c + 1) {
            cycleTag[slot] = c + 1;
            cycleBusy[slot] = 0;
        }
        cycleBusy[slot] |= 1 << port;
    }

    /**
     * Reserves the earliest cycle at or after {@code from} on one of the ports in {@code mask} free for
     * {@code occ} cycles; on a tie the lowest-numbered port.
     */
    private long reserve(int mask, long from, int occ) {
        if (mask == 0) return from;
        for (long c = from; ; c++) {
            if (c - from >= RING) { // never reached with the table's occupancies; bounded like the ring
                for (int k = 0; k < occ; k++) mark(c + k, Integer.numberOfTrailingZeros(mask));
                return c;
            }
            int free = mask & ~busy(c);
            if (free == 0) continue;
            if (occ == 1) {
                mark(c, Integer.numberOfTrailingZeros(free));
                return c;
            }
            for (int f = free; f != 0; f &= f - 1) {
                int p = Integer.numberOfTrailingZeros(f);
                int k = 1;
                while (k < occ && (busy(c + k) & (1 << p)) == 0) k++;
                if (k == occ) {
                    for (int j = 0; j < occ; j++) mark(c + j, p);
                    return c;
                }
            }
        }
    }

    private static int hash(long address) {
        long g = address >>> 3;
        return (int) ((g ^ (g >>> 6)) & (HASH - 1));
    }

    /**
     * The youngest store to the same 8 bytes, if it has not left the store buffer (retired) when a load issues
     * at {@code at}: the load forwards from it. -1 otherwise (the load reads the cache).
     */
    private int forwardingStore(long address, long at) {
        int k = hash(address);
        return st.sbAddr[k] == address >>> 3 && st.sbRetire[k] >= at ? k : -1;
    }

    // ---- the timeline view's rows ---------------------------------------------------------------

    /** Reports every retirement to {@code l} from now on (null: to nobody, and no rows are made). */
    public void setListener(Listener l) {
        if (l != null) steady.materialise(); // the rows come from scheduling every instruction
        this.listener = l;
    }

    /**
     * Rows of the call in progress (or of the last call, right after it ended), in program order, as the
     * {@link TimelineRecorder} listening collected them (none without one). The views' way in, kept here.
     */
    public List<Slot> currentRows() { return listener instanceof TimelineRecorder r ? r.currentRows() : List.of(); }

    /** Rows of the last finished call, as the listening {@link TimelineRecorder} collected them. */
    public List<Slot> lastRows() { return listener instanceof TimelineRecorder r ? r.lastRows() : List.of(); }

    /** True if the row is a counter read (rdtsc/rdtscp). */
    public boolean isCounterRead(Slot r) {
        Shape.Kind k = shapes[r.index()].kind();
        return k == Shape.Kind.RDTSC || k == Shape.Kind.RDTSCP;
    }

    /**
     * Whether {@code r} executed in the shadow of a counter read among {@code rows}: it finished while an
     * rdtsc was executing (its cost hidden under the rdtsc's latency) rather than on its own.
     */
    public boolean underCounterRead(Slot r, List<Slot> rows) {
        for (Slot c : rows) {
            if (c != r && isCounterRead(c) && r.complete() > c.issue() && r.complete() <= c.complete()) return true;
        }
        return false;
    }

    /** The clock: the cycle the youngest retired instruction retired in. */
    public long lastRetire() {
        steady.materialise();
        return st.lastRetire;
    }

    // ---- snapshots ------------------------------------------------------------------------------

    /** A copy of the scheduler's state. */
    public State save() {
        steady.materialise();
        return st.copy();
    }

    public void restore(State s) {
        steady.forget();
        st.copyFrom(s);
    }
}

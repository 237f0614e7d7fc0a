package org.vdsoexplorer.sim.timing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.Operand;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cpu.Clocking;
import org.vdsoexplorer.sim.cpu.Interpreter;

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
 * Deterministic; its state is copied for exact step-back ({@link #save()}).
 *
 * <p>Over ~450 lines on purpose: the scheduler's state, its two entry points and the snapshot of that state
 * stay in one place, so a field cannot be added without being saved.
 */
public final class Pipeline implements Clocking {
    /** Cycles of port reservations kept (a ring): more than any instruction's reach into the future. */
    private static final int RING = 256, RMASK = RING - 1;
    /** Slots of the store lookup table (a hash of the 8-byte granule). */
    private static final int HASH = 64;
    /** Rows kept per call for the timeline view. */
    public static final int MAX_ROWS = 4096;

    /** One dynamic instruction as scheduled, in cycles: what the timeline view draws. */
    public record Slot(long seq, int index, long fetch, long dispatch, long issue, long complete, long retire,
                       boolean mispredicted, boolean fused) {}

    private final Core core;
    private final Shape[] shapes;
    private final Core.Uop[] mains;
    /** Port masks (a bit per port) of each instruction's main op, and of the load and store ops. */
    private final int[] mainPorts;
    /** Per instruction: it changes or copies the stack pointer ({@link Shape#movesStackPointer}). */
    private final boolean[] movesStack;
    private final int loadPorts, storePorts;
    private final Core.Uop loadU, storeU;
    /** The caller loop scheduled between calls, or null (the front end then waits the harness cost). */
    private final CallerLoop caller;

    // ---- state (all of it is in State) ----
    private long seq;
    /** seq modulo the reorder buffer's size, and the store count modulo the store buffer's (no divisions per step). */
    private int robPos, sbPos;
    private long feCycle, feNext;
    private int feUsed;
    private long dispCycle;
    private int dispUsed;
    private long retCycle;
    private int retUsed;
    private long lastRetire;
    private long[] robRetire;
    private long[] regReady = new long[17];
    /**
     * Port reservations, a ring of cycles: {@code cycleTag[c & RMASK] == c + 1} when the slot holds cycle c,
     * and then bit p of {@code cycleBusy[c & RMASK]} is set when port p is reserved in that cycle (a slot
     * holding another cycle means every port is free in c). One lookup answers "which pipes are free".
     */
    private long[] cycleTag;
    private int[] cycleBusy;
    private long fenceDispatch, fenceIssue, maxComplete;
    /** Recent stores by address hash (8-byte granules): address, data-ready and retirement cycles, via rsp. */
    private long[] sbAddr, sbReady, sbRetire;
    /** How each recent store named its memory ({@link Shape#renameKey}): a load named the same way is renamed. */
    private long[] sbKey;
    /** Instructions so far that changed or copied the stack pointer other than by push/pop/call/ret. */
    private long stackEpoch;
    /** Retirement cycles of the last {@link Core#storeBuffer()} stores: a store dispatches only with a free entry. */
    private long[] sbRing;
    private long stores;
    private boolean prevFusible;
    private long prevFlagsReady;
    // the instruction in flight between begin() and end()
    private long cFetch, cDispatch, cIssue, cComplete, cKernel, cLastComplete;
    private int cSlots, cStore = -1;
    private boolean cTaken, cMispredict, cFused;
    // rows of the current and the last finished call, when recording
    private boolean recording;
    private List<Slot> rows = new ArrayList<>(), lastRows = List.of();

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
        for (int i = 0; i < n; i++) {
            Shape s = Shape.of(listing.get(i));
            shapes[i] = s;
            mains[i] = mainUop(core, s);
            mainPorts[i] = mains[i] == null ? 0 : mains[i].portMask();
            movesStack[i] = Shape.movesStackPointer(listing.get(i));
        }
        this.loadU = core.uop(UopClass.LOAD);
        this.storeU = core.uop(UopClass.STORE);
        this.loadPorts = loadU.portMask();
        this.storePorts = storeU.portMask();
        this.robRetire = new long[core.rob()];
        this.cycleTag = new long[RING];
        this.cycleBusy = new int[RING];
        this.sbAddr = new long[HASH];
        this.sbReady = new long[HASH];
        this.sbRetire = new long[HASH];
        this.sbKey = new long[HASH];
        Arrays.fill(sbAddr, -1);
        this.sbRing = new long[core.storeBuffer()];
    }

    public Core core() { return core; }

    /** The main op of {@code s} on {@code core} (a register move is an ALU op where moves are not eliminated). */
    static Core.Uop mainUop(Core core, Shape s) {
        if (s.main() == null) return null;
        return core.uop(s.main() == UopClass.MOV && !core.movElimination() ? UopClass.ALU : s.main());
    }

    // ---- the interpreter's calls ----------------------------------------------------------------

    @Override
    public long begin(Interpreter in, int index) {
        return begin(shapes[index], mains[index], mainPorts[index], movesStack[index], in.cpu.r);
    }

    /** Schedules one instruction up to its completion; {@code r} holds the registers its address uses. */
    private long begin(Shape s, Core.Uop main, int mainPortMask, boolean movesSp, long[] r) {
        if (movesSp) stackEpoch++;
        cTaken = false;
        cMispredict = false;
        cKernel = 0;
        cStore = -1;
        boolean fused = core.fusion() && s.conditional() && prevFusible;
        cFused = fused;
        int slots = fused ? 0 : main != null ? main.uops() : 1;
        cSlots = slots;
        // front end
        long f = Math.max(feNext, feCycle);
        if (f > feCycle) {
            feCycle = f;
            feUsed = 0;
        }
        if (!fused) {
            if (feUsed >= core.frontendWidth()) {
                feCycle++;
                feUsed = 0;
            }
            feUsed++;
        }
        cFetch = feCycle;
        // dispatch: in order, width-limited, only with room in the reorder buffer
        long d = Math.max(cFetch, Math.max(fenceDispatch, dispCycle));
        if (seq >= robRetire.length) d = Math.max(d, robRetire[robPos]);
        if (s.kind() == Shape.Kind.KERNEL) d = Math.max(d, lastRetire);
        if (s.store() && stores >= sbRing.length) d = Math.max(d, sbRing[sbPos]);
        if (d > dispCycle) {
            dispCycle = d;
            dispUsed = 0;
        }
        if (slots > 0 && dispUsed > 0 && dispUsed + slots > core.dispatchWidth()) {
            dispCycle++;
            dispUsed = 0;
        }
        cDispatch = d = dispCycle;
        dispUsed += slots;
        while (dispUsed > core.dispatchWidth()) { // an instruction wider than the dispatch takes several cycles
            dispCycle++;
            dispUsed -= core.dispatchWidth();
        }
        // issue
        long ready = Math.max(d + core.issueDelay(), fenceIssue);
        long addrReady = ready(s.addrMask(), ready);
        long done = ready, issue = ready;
        long loadDone = 0;
        if (s.kind() == Shape.Kind.KERNEL) {
            issue = done = d;
        } else {
            if (s.load()) {
                long a = address(s, r, false);
                long li = reserve(loadPorts, addrReady, loadU.occupancy());
                loadDone = li + loadU.latency();
                int k = forwardingStore(a, li);
                if (k >= 0) {
                    long key = s.renameKey(stackEpoch);
                    int fwd = key != 0 && sbKey[k] == key ? core.stackForward() : core.storeForward();
                    loadDone = Math.max(li, sbReady[k]) + fwd;
                }
                issue = li;
                done = loadDone;
            }
            Core.Uop u = main;
            if (u != null) {
                long src = s.zeroIdiom() && core.zeroIdiom() ? ready : ready(s.srcMask(), ready);
                long mr = Math.max(src, s.load() ? loadDone : ready);
                // lfence and rdtscp start only when every older instruction has completed
                if (s.kind() == Shape.Kind.LFENCE || s.kind() == Shape.Kind.RDTSCP) mr = Math.max(mr, maxComplete);
                if (fused) {
                    issue = Math.max(mr, prevFlagsReady);
                    done = issue;
                } else {
                    issue = mainPortMask == 0 ? mr : reserve(mainPortMask, mr, u.occupancy());
                    done = issue + u.latency();
                }
            }
            if (s.store()) {
                long a = address(s, r, true);
                long data = u != null ? done : ready(s.storeDataMask(), ready);
                long si = reserve(storePorts, Math.max(addrReady, data), storeU.occupancy());
                long sd = si + storeU.latency();
                int h = hash(a);
                cStore = h;
                sbAddr[h] = a >>> 3;
                sbReady[h] = data;
                sbRetire[h] = Long.MAX_VALUE;
                sbKey[h] = s.renameKey(stackEpoch);
                if (u == null) issue = si;
                done = Math.max(done, sd);
            }
        }
        cIssue = issue;
        cComplete = done;
        long written = s.load() && main == null ? loadDone : done;
        for (int m = s.dstMask(); m != 0; m &= m - 1) regReady[Integer.numberOfTrailingZeros(m)] = written;
        if (s.fusible()) prevFlagsReady = done;
        if (s.kind() == Shape.Kind.LFENCE && !core.lfenceDispatchSerializing()) fenceIssue = Math.max(fenceIssue, done);
        if (s.kind() == Shape.Kind.PAUSE) fenceDispatch = Math.max(fenceDispatch, done);
        // rdtsc reads the counter when it issues; the kernel runs once everything older retired
        return issue * 1000;
    }

    @Override
    public void branch(boolean taken, boolean mispredicted) {
        cTaken = taken;
        cMispredict = mispredicted;
    }

    @Override
    public void kernel(long milli) { cKernel += (milli + 999) / 1000; }

    /**
     * Time outside the listing before the next call: with a {@link CallerLoop} its instructions are scheduled
     * like the listing's (the loop's own loads, stores, taken branches and its counter in memory); without
     * one, the front end waits {@code milli}.
     */
    @Override
    public void stall(long milli) {
        if (caller == null) {
            feNext = Math.max(feNext, feCycle + 1 + (milli + 999) / 1000);
            return;
        }
        for (int k = 0; k < caller.size(); k++) {
            Shape s = caller.shape(k);
            begin(s, caller.main(k), caller.ports(k), caller.movesStack(k), caller.registers());
            cTaken = caller.taken(k);
            retire(s);
        }
    }

    @Override
    public long end(Interpreter in, int index) {
        long rt = retire(shapes[index]);
        if (recording && rows.size() < MAX_ROWS) {
            rows.add(new Slot(seq - 1, index, cFetch, cDispatch, cIssue, cLastComplete, rt, cMispredict, cFused));
        }
        return rt * 1000;
    }

    /** Retires the instruction begun last (in order, width-limited); returns its retirement cycle. */
    private long retire(Shape s) {
        long complete = cComplete;
        if (s.kind() == Shape.Kind.KERNEL) {
            complete = cDispatch + cKernel;
            for (int m = s.dstMask(); m != 0; m &= m - 1) regReady[Integer.numberOfTrailingZeros(m)] = complete;
            feNext = Math.max(feNext, complete);
        }
        maxComplete = Math.max(maxComplete, complete);
        // retire: in order, width-limited
        long rt = Math.max(complete, lastRetire);
        if (rt > retCycle) {
            retCycle = rt;
            retUsed = 0;
        }
        if (cSlots > 0) {
            if (retUsed > 0 && retUsed + cSlots > core.retireWidth()) {
                retCycle++;
                retUsed = 0;
            }
            retUsed += cSlots;
            while (retUsed > core.retireWidth()) {
                retCycle++;
                retUsed -= core.retireWidth();
            }
        }
        rt = retCycle;
        robRetire[robPos] = rt;
        if (++robPos == robRetire.length) robPos = 0;
        seq++;
        lastRetire = rt;
        if (cStore >= 0) {
            sbRetire[cStore] = rt;
            sbRing[sbPos] = rt;
            if (++sbPos == sbRing.length) sbPos = 0;
            stores++;
        }
        if (s.kind() == Shape.Kind.LFENCE && core.lfenceDispatchSerializing()) fenceDispatch = Math.max(fenceDispatch, rt);
        // the front end after this instruction
        if (cMispredict) {
            feNext = Math.max(feNext, complete + core.mispredict());
        } else if (s.branch() && (!s.conditional() || cTaken)) {
            feNext = Math.max(feNext, feCycle + 1 + core.takenBubble());
        }
        prevFusible = s.fusible();
        cLastComplete = complete;
        return rt;
    }

    // ---- scheduling helpers ---------------------------------------------------------------------

    private long ready(int mask, long from) {
        long t = from;
        for (int m = mask; m != 0; m &= m - 1) t = Math.max(t, regReady[Integer.numberOfTrailingZeros(m)]);
        return t;
    }

    /** Ports busy in cycle {@code c} (a bit per port). */
    private int busy(long c) {
        int slot = (int) (c & RMASK);
        return cycleTag[slot] == c + 1 ? cycleBusy[slot] : 0;
    }

    private void mark(long c, int port) {
        int slot = (int) (c & RMASK);
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
        return sbAddr[k] == address >>> 3 && sbRetire[k] >= at ? k : -1;
    }

    private static long address(Shape s, long[] r, boolean store) {
        switch (s.implicitStack()) {
            case Shape.PUSH -> { return r[Registers.RSP] - 8; }
            case Shape.POP -> { return r[Registers.RSP]; }
            case Shape.LEAVE -> { return r[Registers.RBP]; }
            default -> { }
        }
        Operand.Mem m = s.mem();
        if (m == null) return 0;
        long a = m.disp();
        if (m.base() >= 0) a += r[m.base()];
        if (m.index() >= 0) a += r[m.index()] * m.scale();
        return a;
    }

    // ---- the timeline view's rows ---------------------------------------------------------------

    /** Keep per-call rows for the timeline view (off in reports: it costs memory). */
    public void setRecording(boolean on) {
        recording = on;
        if (!on) rows.clear();
    }

    public boolean recording() { return recording; }

    /** A call starts: the rows so far become the last finished call's. */
    public void callStart() {
        if (!recording) return;
        lastRows = List.copyOf(rows);
        rows = new ArrayList<>();
    }

    /** Rows of the call in progress (or of the last call, right after it ended), in program order. */
    public List<Slot> currentRows() { return List.copyOf(rows); }

    public List<Slot> lastRows() { return lastRows; }

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
    public long lastRetire() { return lastRetire; }

    // ---- snapshots ------------------------------------------------------------------------------

    /** Everything the pipeline owns, copied. */
    public record State(long[] scalars, int[] ints, boolean[] flags, long[] robRetire, long[] regReady, long[] cycleTag,
                        int[] cycleBusy,
                        long[] sbAddr, long[] sbReady, long[] sbRetire, long[] sbKey, long[] sbRing, List<Slot> rows,
                        List<Slot> lastRows) {}

    public State save() {
        return new State(new long[] {seq, feCycle, feNext, dispCycle, retCycle, lastRetire, fenceDispatch, fenceIssue,
            maxComplete, prevFlagsReady, stores, stackEpoch}, new int[] {feUsed, dispUsed, retUsed, robPos, sbPos}, new boolean[] {prevFusible, recording},
                robRetire.clone(), regReady.clone(), cycleTag.clone(), cycleBusy.clone(), sbAddr.clone(), sbReady.clone(), sbRetire.clone(), sbKey.clone(),
                sbRing.clone(), List.copyOf(rows), lastRows);
    }

    public void restore(State s) {
        long[] a = s.scalars();
        seq = a[0];
        feCycle = a[1];
        feNext = a[2];
        dispCycle = a[3];
        retCycle = a[4];
        lastRetire = a[5];
        fenceDispatch = a[6];
        fenceIssue = a[7];
        maxComplete = a[8];
        prevFlagsReady = a[9];
        stores = a[10];
        stackEpoch = a[11];
        feUsed = s.ints()[0];
        dispUsed = s.ints()[1];
        retUsed = s.ints()[2];
        robPos = s.ints()[3];
        sbPos = s.ints()[4];
        prevFusible = s.flags()[0];
        recording = s.flags()[1];
        robRetire = s.robRetire().clone();
        regReady = s.regReady().clone();
        cycleTag = s.cycleTag().clone();
        cycleBusy = s.cycleBusy().clone();
        sbAddr = s.sbAddr().clone();
        sbReady = s.sbReady().clone();
        sbRetire = s.sbRetire().clone();
        sbKey = s.sbKey().clone();
        sbRing = s.sbRing().clone();
        rows = new ArrayList<>(s.rows());
        lastRows = s.lastRows();
    }

    /** A digest of the state (for the machine's exact-step-back digest). */
    public String digest() {
        State s = save();
        return Arrays.toString(s.scalars()) + Arrays.toString(s.ints()) + Arrays.toString(s.robRetire())
                + Arrays.toString(s.regReady()) + Arrays.hashCode(s.cycleTag()) + Arrays.hashCode(s.cycleBusy()) + Arrays.toString(s.sbAddr())
                + Arrays.toString(s.sbReady()) + Arrays.toString(s.sbRetire()) + Arrays.toString(s.sbRing()) + s.rows().size();
    }
}

package org.vdsoexplorer.sim.timing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.vdsoexplorer.sim.state.Derived;

/**
 * The pipeline's exact steady state. A <em>unit</em> is what the {@link Pipeline} schedules from one stall (the
 * caller loop between two calls) to the next: the caller loop and the call's instructions. What a unit does to
 * the scheduler depends only on the scheduler's state when it starts, taken relative to its clock, and on what
 * the interpreter tells it: each instruction's index, memory address and branch outcome. So a unit is recorded
 * once, keyed by that relative state, and when the same key comes again while the interpreter runs the same
 * instructions with the same addresses and outcomes, each instruction's issue and retirement cycle is the
 * recorded one shifted, and the state at its end is the recorded end state shifted: the figures are the ones
 * scheduling every instruction gives, computed, not estimated ({@code SteadyReplayTest} and the report guard
 * compare them with the plain scheduler to the last digit). The first instruction that differs (another index,
 * address, outcome or kernel time) ends the replay: the scheduler's state is rebuilt from the unit's key and
 * the instructions replayed so far are scheduled for real, and from there on every instruction is.
 *
 * <p>The key is the state made canonical, relative to the last retirement cycle {@code B} (see {@link
 * #canonicalise}): every time that can no longer matter is raised to the earliest cycle at which it could
 * (dispatch or issue of any later instruction), since the scheduler only ever compares such a time with a later
 * one through {@code max} or {@code >=}; port reservations before that cycle and stores retired before it are
 * dropped; store keys of an older stack epoch are dead. The scheduler is made canonical at every stall whether it
 * replays or not, so a state rebuilt from a key is the state the plain run has, field for field (the machine's
 * digests agree). Units are kept per pipeline, at most {@link #MAX_UNITS} (then forgotten and recorded anew),
 * each at most {@link #MAX_LENGTH} instructions (a kernel entry's cycles are an input like a branch outcome); nothing of this is step-back state: a restore forgets the unit
 * in progress.
 * <p>Over 450 lines on purpose: recording a unit, keying it and replaying it must agree field for field on the same
 * unit record (a replayed call is exact only if all three read the state alike); kept together so one reading shows
 * that they do.
 */
final class SteadyReplay {
    /** What {@link #begin} and {@link #end} return when the instruction is not the recorded one. */
    static final long DIVERGED = Long.MIN_VALUE;
    static final int MAX_UNITS = 64, MAX_LENGTH = 4096;
    private static final int HEADER = 14, REGS = 17, RING = 256, RMASK = RING - 1;

    /** One recorded unit: its key, its instructions and their cycles (relative to B), and where it ends. */
    static final class Unit {
        final long[] key;
        final int hash, generation;
        @Derived("cache: a recorded unit's instructions (count, index, address, issue and retirement relative to B, flags)")
        int n, endHash;
        @Derived("cache: a recorded unit's instructions")
        int[] index = new int[64];
        @Derived("cache: a recorded unit's instructions")
        long[] addr = new long[64], issue = new long[64], retire = new long[64], kernel = new long[64], endKey;
        @Derived("cache: a recorded unit's instructions")
        byte[] flags = new byte[64];
        /**
         * Changes across the unit: B, the front end's cycle, the instruction and store counts, the stack epoch. And
         * the front end's lag behind B when recorded, and the least margin by which dispatch was bound by something
         * other than fetch; with none negative and no mispredict, the unit holds for any lag of at least {@code
         * gap - margin} (fetch never decides a dispatch), else only for the same lag.
         */
        @Derived("cache: a recorded unit's effect and condition")
        long shift, dFetch, dSeq, dStores, dEpoch, gap, margin;
        @Derived("cache: a recorded unit's condition (strict), and whether it is kept (no kernel entry, not too long)")
        boolean strict, kept = true;
        /** The unit whose key is this one's end, once looked up (a unit's successor key is its end state). */
        @Derived("cache: the unit that followed this one")
        Unit next;

        Unit(long[] key, int hash, int generation, long gap) {
            this.key = key;
            this.hash = hash;
            this.generation = generation;
            this.gap = gap;
        }

        /** Whether the unit's cycles hold when the front end lags B by {@code lag}. */
        boolean holds(long lag) { return strict ? lag == gap : lag >= gap - margin; }

        void add(int i, long a, int f, long k, long is, long rt) {
            if (n == index.length) {
                int m = n * 2;
                index = Arrays.copyOf(index, m);
                addr = Arrays.copyOf(addr, m);
                issue = Arrays.copyOf(issue, m);
                retire = Arrays.copyOf(retire, m);
                kernel = Arrays.copyOf(kernel, m);
                flags = Arrays.copyOf(flags, m);
            }
            index[n] = i;
            addr[n] = a;
            kernel[n] = k;
            flags[n] = (byte) f;
            issue[n] = is;
            retire[n] = rt;
            n++;
        }
    }

    /** A key by value. */
    private record Key(long[] a, int hash) {
        @Override public boolean equals(Object o) { return o instanceof Key k && k.hash == hash && Arrays.equals(k.a, a); }

        @Override public int hashCode() { return hash; }
    }

    private final Pipeline pipeline;
    private final Pipeline.State st;
    private final Core core;
    private final Map<Key, List<Unit>> units = new HashMap<>();
    @Derived("cache: how many units are kept")
    private int kept;
    @Derived("configuration: off for the plain scheduler the tests compare with")
    private boolean enabled = true;
    @Derived("cache: the units' generation (bumped when they are forgotten)")
    private int generation;
    @Derived("cache: the unit being replayed (null: scheduling for real)")
    private Unit replay;
    @Derived("cache: the unit being recorded (null: none)")
    private Unit recording;
    @Derived("cache: the kept unit that ended where the replayed or recorded one started (its next is linked), or null")
    private Unit previous;
    @Derived("cache: instructions of the replayed unit done")
    private int pos;
    @Derived("cache: where the replayed or recorded unit started: B, counts, epoch, ring positions")
    private long base, fetch0, seq0, stores0, epoch0;
    @Derived("cache: where the replayed or recorded unit started: ring positions")
    private int robPos0, sbPos0;
    @Derived("scratch of the instruction in flight while replaying: its kernel cycles so far")
    private long kernelCycles;
    @Derived("statistics: units and instructions replayed")
    private long unitsReplayed, instructionsReplayed;

    SteadyReplay(Pipeline pipeline, Pipeline.State st) {
        this.pipeline = pipeline;
        this.st = st;
        this.core = pipeline.core();
    }

    void setEnabled(boolean on) {
        materialise();
        enabled = on;
        recording = null;
    }

    long[] counts() { return new long[] {unitsReplayed, instructionsReplayed}; }

    boolean replaying() { return replay != null; }

    /** The unit being replayed from its first instruction (a call just started), or null. */
    Object replayingFromStart() { return replay != null && pos == 0 ? replay : null; }

    Object replayingUnit() { return replay; }

    /** Whether {@code u} is the unit replayed and every one of its instructions was. */
    boolean replayedThrough(Object u) { return replay != null && replay == u && pos == replay.n; }

    /** Unit {@code u}'s instructions' issue cycles, and last its last retirement, relative to its start, in milli-cycles. */
    static long[] timesMilli(Object u) {
        Unit v = (Unit) u;
        long[] out = new long[v.n + 1];
        for (int p = 0; p < v.n; p++) out[p] = v.issue[p] * 1000;
        out[v.n] = v.n == 0 ? 0 : v.retire[v.n - 1] * 1000;
        return out;
    }

    /**
     * The call being replayed ran as the unit recorded it, without the interpreter telling each instruction (a replayed
     * call: {@code CallTrace}): the replay moves to the unit's end, as if every instruction had begun and ended there.
     */
    /**
     * Moves over {@code k} more calls of unit {@code u} if that is exact: the unit just replayed through its end is
     * {@code u}, it leads to itself, its cycles are {@code milli} and it leaves the front end's lag as it found it (so
     * every one of the k stalls would pick it again and every one replays it the same). False (nothing moved) otherwise.
     */
    boolean repeat(Object u, long k, long milli) {
        Unit v = replay;
        if (v == null || v != u || pos != v.n || v.next != v || v.generation != generation || v.shift != v.dFetch
                || v.shift * 1000 != milli || pipeline.listened()) {
            return false;
        }
        base += k * v.shift;
        fetch0 += k * v.dFetch;
        seq0 += k * v.dSeq;
        stores0 += k * v.dStores;
        epoch0 += k * v.dEpoch;
        robPos0 = (int) Math.floorMod(robPos0 + Math.floorMod(k, st.robRetire.length) * Math.floorMod(v.dSeq, st.robRetire.length),
                st.robRetire.length);
        sbPos0 = (int) Math.floorMod(sbPos0 + Math.floorMod(k, st.sbRing.length) * Math.floorMod(v.dStores, st.sbRing.length),
                st.sbRing.length);
        unitsReplayed += k;
        instructionsReplayed += k * v.n;
        previous = v;
        return true;
    }

    void completeReplay() {
        instructionsReplayed += replay.n - pos;
        pos = replay.n;
    }

    // ---- the pipeline's calls -------------------------------------------------------------------

    /**
     * A stall: the unit in progress ends. Returns true when the next unit is replayed (the caller loop is in it),
     * false when the pipeline schedules the caller loop itself.
     */
    boolean stall() {
        if (!enabled || !pipeline.hasCaller()) return false;
        if (replay != null) {
            if (pos != replay.n) {
                divergeAt(pos); // the call ended early: recorded as another path from the same key
            } else {
                Unit u = replay;
                advance(u);
                Unit next = u.next != null && u.next.generation == generation && u.next.holds(base - fetch0) ? u.next
                        : find(u.endKey, u.endHash);
                if (next != null) u.next = next;
                if (next != null && !pipeline.listened()) {
                    previous = u;
                    startReplay(next);
                    return true;
                }
                previous = u;
                replay = null;
                load(u.endKey); // the end state, canonical already: the plain run's state here
                if (!pipeline.listened()) startRecording(u.endKey, u.endHash);
                return false;
            }
        }
        canonicalise();
        if (pipeline.listened()) {
            recording = null;
            return false;
        }
        long[] key = encode();
        int hash = Arrays.hashCode(key);
        Unit r = recording;
        if (r != null) { // the recorded unit ends here
            r.endKey = key;
            r.endHash = hash;
            r.shift = st.lastRetire - base;
            r.dFetch = st.feCycle - fetch0;
            r.margin = pipeline.fetchMargin;
            // a mispredict or a kernel entry sets the front end from the back end's cycles: only the same lag holds
            for (int i = 0; i < r.n && !r.strict; i++) r.strict = (r.flags[i] & 2) != 0 || r.kernel[i] != 0;
            r.strict |= r.margin < 0;
            r.dSeq = st.seq - seq0;
            r.dStores = st.stores - stores0;
            r.dEpoch = st.stackEpoch - epoch0;
            recording = null;
            if (r.kept) {
                if (kept >= MAX_UNITS) {
                    units.clear();
                    kept = 0;
                    generation++;
                } else {
                    // the newest path first: where a key leads to several, the last one taken is the likeliest
                    units.computeIfAbsent(new Key(r.key, r.hash), x -> new ArrayList<>(2)).addFirst(r);
                    kept++;
                    if (previous != null) previous.next = r;
                }
            }
            previous = r.kept && r.generation == generation ? r : null;
        }
        mark();
        Unit found = find(key, hash);
        if (previous != null) previous.next = found;
        if (found != null) {
            startReplay(found);
            return true;
        }
        startRecording(key, hash);
        return false;
    }

    /** Instruction {@code index} at address {@code a} begins: its issue cycle, or {@link #DIVERGED}. */
    long begin(int index, long a) {
        Unit u = replay;
        int p = pos;
        kernelCycles = 0;
        if (p < u.n && u.index[p] == index && u.addr[p] == a) return base + u.issue[p];
        Unit alt = alternative(u, p, index, a, -1);
        if (alt != null) return base + alt.issue[p];
        divergeAt(p);
        return DIVERGED;
    }

    /** The instruction begun ends with this branch outcome: its retirement cycle, or {@link #DIVERGED}. */
    long end(boolean taken, boolean mispredicted) {
        Unit u = replay;
        int p = pos;
        int f = flags(taken, mispredicted);
        if (u.flags[p] != f || u.kernel[p] != kernelCycles) {
            u = alternative(u, p, u.index[p], u.addr[p], f);
            if (u == null) {
                divergeThrough(p, taken, mispredicted);
                pipeline.addKernel(kernelCycles);
                return DIVERGED;
            }
        }
        pos = p + 1;
        instructionsReplayed++;
        return base + u.retire[p];
    }

    /** While replaying, the instruction in flight entered the kernel for {@code cycles} (compared at its end). */
    void kernelEntry(long cycles) { kernelCycles += cycles; }

    /** The pipeline retired instruction {@code index} for real: recorded when a unit is being recorded. */
    void retired(int index, long a, boolean taken, boolean mispredicted, long kernel, long issue, long rt) {
        Unit r = recording;
        if (r == null) return;
        if (r.n >= MAX_LENGTH) {
            r.kept = false;
            recording = null;
            return;
        }
        r.add(index, a, flags(taken, mispredicted), kernel, issue - base, rt - base);
    }

    /** The scheduler's state made real (a snapshot, the timeline's rows, a change of mode): replay ends. */
    void materialise() {
        if (replay != null) materialiseAt(pos);
        recording = null;
        previous = null;
    }

    /** A restore: whatever was replayed or recorded no longer leads here. */
    void forget() {
        replay = null;
        recording = null;
        previous = null;
    }

    // ---- replaying ------------------------------------------------------------------------------

    private static int flags(boolean taken, boolean mispredicted) { return (taken ? 1 : 0) | (mispredicted ? 2 : 0); }

    /** The kept unit for key {@code k} that holds at the current front end's lag, or null. */
    private Unit find(long[] k, int hash) {
        List<Unit> us = units.get(new Key(k, hash));
        if (us == null) return null;
        for (Unit u : us) if (u.holds(base - fetch0)) return u;
        return null;
    }

    /** Where the current state starts a unit (its base and counts). */
    private void mark() {
        base = st.lastRetire;
        fetch0 = st.feCycle;
        seq0 = st.seq;
        stores0 = st.stores;
        epoch0 = st.stackEpoch;
        robPos0 = st.robPos;
        sbPos0 = st.sbPos;
    }

    /** Moves the start over replayed unit {@code u} (nothing of the state itself changes: it is not kept up to date). */
    private void advance(Unit u) {
        base += u.shift;
        fetch0 += u.dFetch;
        seq0 += u.dSeq;
        stores0 += u.dStores;
        epoch0 += u.dEpoch;
        robPos0 = (int) ((robPos0 + u.dSeq) % st.robRetire.length);
        sbPos0 = (int) ((sbPos0 + u.dStores) % st.sbRing.length);
    }

    private void startReplay(Unit u) {
        replay = u;
        pos = 0;
        unitsReplayed++;
    }

    private void startRecording(long[] key, int hash) {
        mark();
        recording = new Unit(key, hash, generation, base - fetch0);
        pipeline.fetchMargin = Long.MAX_VALUE;
    }

    /** Rebuilds the state after the first {@code p} instructions of the replayed unit; scheduling is real from there. */
    private void materialiseAt(int p) {
        Unit u = replay;
        replay = null;
        recording = null;
        load(u.key);
        pipeline.runCaller();
        for (int k = 0; k < p; k++) {
            int f = u.flags[k];
            pipeline.scheduleAgain(u.index[k], u.addr[k], (f & 1) != 0, (f & 2) != 0, u.kernel[k]);
        }
    }

    /**
     * Another kept unit from the same key that holds and ran the same first {@code p} instructions, and at
     * instruction {@code p} this index and address (and these branch flags, unless {@code f} is -1): the
     * scheduler is where the replayed one left it, so the replay continues in it. Null if there is none.
     */
    private Unit alternative(Unit u, int p, int index, long a, int f) {
        List<Unit> us = units.get(new Key(u.key, u.hash));
        if (us == null) return null;
        long lag = base - fetch0;
        for (Unit v : us) {
            if (v == u || v.n <= p || v.index[p] != index || v.addr[p] != a || (f >= 0 && (v.flags[p] != f || v.kernel[p] != kernelCycles))
                    || !v.holds(lag)) continue;
            if (!Arrays.equals(v.index, 0, p, u.index, 0, p) || !Arrays.equals(v.addr, 0, p, u.addr, 0, p)
                    || !Arrays.equals(v.flags, 0, p, u.flags, 0, p) || !Arrays.equals(v.kernel, 0, p, u.kernel, 0, p)) continue;
            replay = v;
            if (previous != null) previous.next = v;
            return v;
        }
        return null;
    }

    /**
     * The replayed unit's path ends at instruction {@code p}: the state is rebuilt there and the rest of this
     * unit recorded as another path from the same key (its first {@code p} instructions the replayed unit's).
     */
    private void divergeAt(int p) {
        Unit u = replay;
        pipeline.fetchMargin = Long.MAX_VALUE; // rescheduling the caller loop and the prefix measures it again
        materialiseAt(p);
        Unit r = new Unit(u.key, u.hash, generation, base - fetch0);
        for (int k = 0; k < p; k++) r.add(u.index[k], u.addr[k], u.flags[k], u.kernel[k], u.issue[k], u.retire[k]);
        recording = r;
    }

    /** As {@link #divergeAt}, and instruction {@code p} begun, with this branch outcome so far. */
    private void divergeThrough(int p, boolean taken, boolean mispredicted) {
        Unit u = replay;
        divergeAt(p);
        pipeline.beginAt(u.index[p], u.addr[p]);
        pipeline.setBranch(taken, mispredicted);
    }

    // ---- the canonical state and its key --------------------------------------------------------

    /** The earliest cycle any later instruction can dispatch in, and issue in. */
    private long dispatchFloor() { return st.dispCycle; }

    private long issueFloor() { return st.dispCycle + core.issueDelay(); }

    /**
     * Raises every time of the state that can no longer matter to the cycle from which on it could, and drops
     * what no later instruction can see. Each later instruction dispatches at or after {@code D} (dispatch is in
     * order) and issues at or after {@code L = D + issue delay}; the reorder buffer's and store buffer's retirement
     * cycles and the dispatch fence are only compared with a dispatch cycle through max, the register, flag,
     * fence, completion and store-data times only with an issue cycle through max; a store forwards only if it
     * retires at or after the load issues; a port reservation before L is never looked up; a store renamed by an
     * older stack epoch never matches a later load; the front end's next cycle only counts above its current one.
     */
    void canonicalise() {
        Pipeline.State s = st;
        long d = dispatchFloor(), l = issueFloor();
        if (s.feNext < s.feCycle) s.feNext = s.feCycle;
        if (s.fenceDispatch < d) s.fenceDispatch = d;
        if (s.fenceIssue < l) s.fenceIssue = l;
        if (s.maxComplete < l) s.maxComplete = l;
        if (s.prevFlagsReady < l) s.prevFlagsReady = l;
        long[] rr = s.regReady;
        for (int i = 0; i < rr.length; i++) if (rr[i] < l) rr[i] = l;
        long[] rob = s.robRetire;
        for (int i = 0; i < rob.length; i++) if (rob[i] < d) rob[i] = d;
        long[] sbr = s.sbRing;
        for (int i = 0; i < sbr.length; i++) if (sbr[i] < d) sbr[i] = d;
        long live = Long.MIN_VALUE + s.stackEpoch;
        for (int k = 0; k < s.sbAddr.length; k++) {
            if (s.sbAddr[k] == -1 || s.sbRetire[k] < l) {
                s.sbAddr[k] = -1;
                s.sbReady[k] = 0;
                s.sbRetire[k] = 0;
                s.sbKey[k] = 0;
                continue;
            }
            if (s.sbReady[k] < l) s.sbReady[k] = l;
            if (s.sbKey[k] < 0 && s.sbKey[k] != live) s.sbKey[k] = 0; // renamed through an older stack epoch: dead
        }
        for (int i = 0; i < RING; i++) {
            if (s.cycleTag[i] - 1 < l) {
                s.cycleTag[i] = 0;
                s.cycleBusy[i] = 0;
            }
        }
    }

    /** The canonical state relative to its last retirement (ring positions rotated to 0, reservations by cycle). */
    private long[] encode() {
        Pipeline.State s = st;
        long b = s.lastRetire;
        int rob = s.robRetire.length, sb = s.sbRing.length, hash = s.sbAddr.length;
        int reservations = 0;
        for (int i = 0; i < RING; i++) if (s.cycleTag[i] != 0) reservations++;
        long[] k = new long[HEADER + REGS + rob + sb + 4 * hash + 1 + 2 * reservations];
        k[0] = 0; // the front end's lag behind B is the units' condition, not part of the key
        k[1] = s.feNext - s.feCycle;
        k[2] = s.feUsed;
        k[3] = s.dispCycle - b;
        k[4] = s.dispUsed;
        k[5] = s.retCycle - b;
        k[6] = s.retUsed;
        k[7] = Math.min(s.seq, rob);
        k[8] = Math.min(s.stores, sb);
        k[9] = s.fenceDispatch - b;
        k[10] = s.fenceIssue - b;
        k[11] = s.maxComplete - b;
        k[12] = s.prevFusible ? 1 : 0;
        k[13] = s.prevFlagsReady - b;
        int o = HEADER;
        for (int i = 0; i < REGS; i++) k[o++] = s.regReady[i] - b;
        for (int i = 0; i < rob; i++) k[o++] = s.robRetire[(s.robPos + i) % rob] - b;
        for (int i = 0; i < sb; i++) k[o++] = s.sbRing[(s.sbPos + i) % sb] - b;
        long live = Long.MIN_VALUE + s.stackEpoch;
        for (int i = 0; i < hash; i++) {
            k[o++] = s.sbAddr[i];
            boolean empty = s.sbAddr[i] == -1;
            k[o++] = empty ? 0 : s.sbReady[i] - b;
            k[o++] = empty ? 0 : s.sbRetire[i] - b;
            k[o++] = s.sbKey[i] == live ? Long.MIN_VALUE : s.sbKey[i]; // this epoch's stack key, relative
        }
        k[o++] = reservations;
        long[] cycles = new long[reservations];
        int n = 0;
        for (int i = 0; i < RING; i++) if (s.cycleTag[i] != 0) cycles[n++] = s.cycleTag[i] - 1;
        Arrays.sort(cycles);
        for (long c : cycles) {
            k[o++] = c - b;
            k[o++] = s.cycleBusy[(int) (c & RMASK)];
        }
        return k;
    }

    /** Sets the state to key {@code k} at the current start (base, counts, epoch, ring positions). */
    private void load(long[] k) {
        Pipeline.State s = st;
        long b = base;
        int rob = s.robRetire.length, sb = s.sbRing.length, hash = s.sbAddr.length;
        s.feCycle = fetch0;
        s.feNext = k[1] + fetch0;
        s.feUsed = (int) k[2];
        s.dispCycle = k[3] + b;
        s.dispUsed = (int) k[4];
        s.retCycle = k[5] + b;
        s.retUsed = (int) k[6];
        s.lastRetire = b;
        s.seq = seq0;
        s.stores = stores0;
        s.stackEpoch = epoch0;
        s.robPos = robPos0;
        s.sbPos = sbPos0;
        s.fenceDispatch = k[9] + b;
        s.fenceIssue = k[10] + b;
        s.maxComplete = k[11] + b;
        s.prevFusible = k[12] != 0;
        s.prevFlagsReady = k[13] + b;
        int o = HEADER;
        for (int i = 0; i < REGS; i++) s.regReady[i] = k[o++] + b;
        for (int i = 0; i < rob; i++) s.robRetire[(robPos0 + i) % rob] = k[o++] + b;
        for (int i = 0; i < sb; i++) s.sbRing[(sbPos0 + i) % sb] = k[o++] + b;
        for (int i = 0; i < hash; i++) {
            long a = k[o++];
            s.sbAddr[i] = a;
            boolean empty = a == -1;
            s.sbReady[i] = empty ? 0 : k[o] + b;
            s.sbRetire[i] = empty ? 0 : k[o + 1] + b;
            long key = k[o + 2];
            s.sbKey[i] = key == Long.MIN_VALUE ? Long.MIN_VALUE + epoch0 : key;
            o += 3;
        }
        Arrays.fill(s.cycleTag, 0);
        Arrays.fill(s.cycleBusy, 0);
        long reservations = k[o++];
        for (int i = 0; i < reservations; i++) {
            long c = k[o++] + b;
            int slot = (int) (c & RMASK);
            s.cycleTag[slot] = c + 1;
            s.cycleBusy[slot] = (int) k[o++];
        }
    }
}

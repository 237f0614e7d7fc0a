package org.vdsoexplorer.sim.cpu;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.sim.state.Derived;


/**
 * One call recorded instruction by instruction, and what of it a later call must execute again: the call's
 * <em>counter slice</em>. Between two writer steps a steady call (the same path, no retry, no kernel entry) starts
 * from the same state every time except for what the counter read put into it: the registers are set by the caller
 * loop, the data pages do not change, the branch predictor is where it was, and the memory the call reads before it
 * writes it is either the caller's (the return address, the zeroed timespec) or the previous call's. So every
 * instruction whose inputs do not depend on the counter computes what it computed when recorded. A forward pass
 * over the recording marks the instructions that do (the counter read, and everything reading a register, the
 * flags or memory such an instruction wrote; memory the call did not write itself first is counted as dependent,
 * except the data pages and the caller's slots): the slice. A replayed call executes the slice's instructions with
 * their other inputs set to the recorded values, checks that every conditional branch among them goes the recorded
 * way, writes every store the rest made with its recorded value, and sets the registers and flags the rest left and
 * the counts the call adds (cycles, instructions, retirements per instruction, category charges). A branch that goes
 * another way (a second boundary crossed, the counter behind the last update) puts everything back as it was when
 * the replay began, and the call runs in full. Nothing is estimated: {@code CallTraceTest} compares the machine after
 * every replayed call with one that ran every instruction.
 *
 * <p>A recording is refused (the call is not replayed) when it ran an instruction outside {@link Effects}' list, entered
 * the kernel, retried or spun, ended with the branch predictor elsewhere than it began (not yet a fixed point), or used
 * a counter-dependent address or return target. Under the pipeline timing model a call's cycles depend on more than
 * its path: the machine records and replays a call only where the pipeline's steady state replays the call's unit
 * whole, and the counter read executes at the unit's issue cycle ({@link CallRecorder#finish(long[], long[])}).
 */
public final class CallTrace {
    static final int EXEC = 0, WRITE = 1, NONE = Integer.MIN_VALUE;

    // ---- the program a replay runs ------------------------------------------------------------
    private final int[] kind, index, position, restoreFrom, expectNext, flagsAt, writeAt;
    private final long[] offset;
    private final int[] restoreReg;
    private final long[] restoreVal, flagWords;
    private final long[] writeAddr, writeVal;
    private final int[] writeSize;
    // ---- its end ------------------------------------------------------------------------------
    private final int finalRegMask;
    private final long[] finalRegs;
    /** The flags at the end (their {@link Cpu#saveFlags} words) when nothing the counter reached set them last, else null. */
    private final long[] finalFlags;
    private final int finalPc;
    private final long finalRip, bodyMilli, instructions;
    private final int[] countIndex;
    private final long[] categoryDelta;
    private final long[] probeEnd;
    private final int sliceLength;
    /** Scratch: the old contents of the memory the call writes, read when a replay begins (to put back if it diverges). */
    private final long[] saved;

    /** The same call's program with every store written (see {@link #afterAnother}); this one if it is that. */
    private final CallTrace full;

    CallTrace(CallRecorder.Builder b, CallTrace full) {
        this.full = full == null ? this : full;
        kind = b.kind.stream().mapToInt(Integer::intValue).toArray();
        index = b.index.stream().mapToInt(Integer::intValue).toArray();
        position = b.position.stream().mapToInt(Integer::intValue).toArray();
        restoreFrom = b.restoreFrom.stream().mapToInt(Integer::intValue).toArray();
        expectNext = b.expectNext.stream().mapToInt(Integer::intValue).toArray();
        flagsAt = b.flagsAt.stream().mapToInt(Integer::intValue).toArray();
        writeAt = b.writeAt.stream().mapToInt(Integer::intValue).toArray();
        offset = b.offset.stream().mapToLong(Long::longValue).toArray();
        restoreReg = b.restoreReg.stream().mapToInt(Integer::intValue).toArray();
        restoreVal = b.restoreVal.stream().mapToLong(Long::longValue).toArray();
        flagWords = b.flagWords.stream().mapToLong(Long::longValue).toArray();
        writeAddr = b.writeAddr.stream().mapToLong(Long::longValue).toArray();
        writeVal = b.writeVal.stream().mapToLong(Long::longValue).toArray();
        writeSize = b.writeSize.stream().mapToInt(Integer::intValue).toArray();
        finalRegMask = b.finalRegMask;
        finalRegs = b.finalRegs;
        finalFlags = b.finalFlags;
        finalPc = b.finalPc;
        finalRip = b.finalRip;
        bodyMilli = b.bodyMilli;
        instructions = b.instructions;
        countIndex = b.countIndex;
        categoryDelta = b.categoryDelta;
        probeEnd = b.probeEnd;
        sliceLength = b.sliceLength;
        saved = new long[writeAddr.length];
    }

    /**
     * This call's program for a replay right after another recorded call rather than after itself: every store it makes
     * is written (this one leaves out what the call stores with the same value every time, there already when the
     * previous call was this one).
     */
    public CallTrace afterAnother() { return full; }

    /** Cycles (milli) from the first instruction of the call to its return. */
    public long bodyMilli() { return bodyMilli; }

    /** Instructions a replayed call executes (the counter slice) out of {@link #instructions()}. */
    public int sliceLength() { return sliceLength; }

    /** Instructions the call retires. */
    public long instructions() { return instructions; }

    /** The seqlock probe's state at the call's end ({@code Kernel.callProbe}), to set after a replay; not to be modified. */
    public long[] probeEnd() { return probeEnd; }

    /** What a run of replayed calls checks of each call's result: true if it is the kernel's time. */
    public interface Check {
        boolean correct(long ret, long sec, long nsec);
    }

    /** The machine's side of a run of replayed calls. */
    public interface Calls {
        /**
         * Starts the next call as the machine starts any (the caller loop's stall and writes, its bookkeeping); returns
         * the recorded call to replay for it (the pipeline: the one its steady state replays from the start), or null
         * if the call must run in full.
         */
        CallTrace start();

        /** The call just replayed went as recorded: the timing model moves past it. */
        void replayed();

        /** The started call goes another way and runs in full: set what a call starts from (the caller's registers). */
        void diverged();
    }

    @Derived("scratch of a run of replayed calls: this call's replays whose counts are not added yet")
    private long pending;

    /**
     * Replays calls back to back, each the recorded call {@link Calls#start} names, while the next one starts before
     * {@code untilMilli} and, taking at most {@code maxPerMilli}, ends before {@code beforeMilli}: what as many
     * replays through the machine would do, without the bookkeeping at each call's end, which the caller does once.
     * Returns {the calls replayed, how many of them {@code check} found wrong, the last one's ret, sec and nsec, 1 if a
     * call was started that goes another way (to be run in full from its start, {@link Calls#diverged} told) else 0}.
     * The interpreter's counts include every call replayed.
     */
    static long[] replayMany(Interpreter x, Memory mem, long maxPerMilli, long untilMilli, long beforeMilli, Calls calls, Check check,
                             long timespec) {
        Interpreter.State s = x.state();
        long n = 0, wrong = 0, ret = 0, sec = 0, nsec = 0, started = 0;
        long[] r = x.cpu.r;
        long[] flags0 = x.scratchFlags();
        List<CallTrace> used = new ArrayList<>(2);
        CallTrace last = null;
        try {
            while (s.cycles < untilMilli && s.cycles + maxPerMilli < beforeMilli) {
                CallTrace t = calls.start();
                if (t == null) {
                    started = 1;
                    calls.diverged();
                    break;
                }
                long body0 = s.cycles;
                x.cpu.saveFlags(flags0, 0); // the registers a diverged call starts from are the caller's (Calls.diverged)
                for (int i = 0; i < t.writeAddr.length; i++) t.saved[i] = mem.read(t.writeAddr[i], t.writeSize[i]);
                boolean ok;
                try {
                    ok = t.run(x, mem, body0);
                } catch (ExecutionException e) {
                    ok = false;
                }
                x.setBare(false);
                if (!ok) {
                    x.cpu.loadFlags(flags0, 0);
                    for (int i = t.writeAddr.length - 1; i >= 0; i--) mem.write(t.writeAddr[i], t.writeSize[i], t.saved[i]);
                    s.cycles = body0;
                    started = 1;
                    calls.diverged();
                    break;
                }
                if (t.finalFlags != null) x.cpu.loadFlags(t.finalFlags, 0);
                s.cycles = body0 + t.bodyMilli;
                s.instructions += t.instructions;
                if (t.pending++ == 0) used.add(t);
                last = t;
                calls.replayed();
                ret = (int) ((t.finalRegMask & 1) != 0 ? t.finalRegs[0] : r[0]); // rax: the call's int result
                sec = mem.read(timespec, 8);
                nsec = mem.read(timespec + 8, 8);
                if (!check.correct(ret, sec, nsec)) wrong++;
                n++;
            }
        } finally {
            x.setBare(false);
            for (CallTrace t : used) {
                for (int i : t.countIndex) s.executed[i] += t.pending;
                for (int c = 0; c < t.categoryDelta.length; c++) s.byCategory[c] += t.pending * t.categoryDelta[c];
                t.pending = 0;
            }
        }
        if (last != null && started == 0) {
            for (int reg = 0; reg < 16; reg++) if ((last.finalRegMask & (1 << reg)) != 0) r[reg] = last.finalRegs[reg];
            s.pc = last.finalPc;
            x.cpu.rip = last.finalRip;
        }
        return new long[] {n, wrong, ret, sec, nsec, started};
    }

    /**
     * True if every replay of this call is the same call: nothing in it depends on the counter (a coarse clock's
     * read), so it can neither diverge nor leave anything different from the last replay.
     */
    public boolean constant() { return sliceLength == 0; }

    /**
     * What {@code k} more replays of a {@link #constant()} call leave, each after a stall of {@code stallMilli}
     * charged to category {@code stall} (the caller loop's), on an interpreter a replay of it has just left: the
     * registers, flags, memory and predictor are already what they would be; the counts grow k times.
     */
    void repeat(Interpreter x, long k, long stallMilli, int stall) {
        if (!constant()) throw new IllegalStateException("a call that reads the counter is not repeated");
        Interpreter.State s = x.state();
        s.cycles += k * (stallMilli + bodyMilli);
        s.byCategory[stall] += k * stallMilli;
        s.instructions += k * instructions;
        for (int i : countIndex) s.executed[i] += k;
        for (int c = 0; c < categoryDelta.length; c++) s.byCategory[c] += k * categoryDelta[c];
    }

    private boolean run(Interpreter x, Memory mem, long body0) {
        Interpreter.State s = x.state();
        long[] r = x.cpu.r;
        x.setBare(true);
        for (int k = 0; k < kind.length; k++) {
            if (kind[k] == WRITE) {
                for (int e = writeAt[k], end = writeAt[k + 1]; e < end; e++) mem.write(writeAddr[e], writeSize[e], writeVal[e]);
                continue;
            }
            for (int e = restoreFrom[k], end = restoreFrom[k + 1]; e < end; e++) r[restoreReg[e]] = restoreVal[e];
            if (flagsAt[k] >= 0) x.cpu.loadFlags(flagWords, flagsAt[k]);
            s.cycles = body0 + offset[k];
            int next = x.execBare(index[k]);
            if (expectNext[k] != NONE && next != expectNext[k]) return false;
        }
        return true;
    }

}

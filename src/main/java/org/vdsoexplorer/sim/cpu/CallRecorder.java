package org.vdsoexplorer.sim.cpu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.event.EventSink;

/**
 * Records one call as the interpreter runs it with this as its event sink ({@link #before} before each instruction,
 * the memory accesses from the events, {@link #after} after it), and makes its {@link CallTrace}: the forward pass
 * that marks what depends on the counter, and the program a replay runs (see {@link CallTrace}).
 */
public final class CallRecorder implements EventSink {
    private final Interpreter x;
    private final LongPredicate constant;
    private final long[][] callerSlots;
    private final long body0, instructions0;
    private final long[] categories0;
    private final byte[] predictor0;
    private final List<Step> steps = new ArrayList<>();
    private Step current;
    private String refusal;

    /**
     * Starts recording at the first instruction of a call. {@code constant}: addresses whose contents no step of
     * the call or of the calls before it changes (the data pages between writer steps); {@code callerSlots}:
     * {address, size} the caller sets to the same value before every call.
     */
    public CallRecorder(Interpreter x, LongPredicate constant, long[][] callerSlots) {
        this.x = x;
        this.constant = constant;
        this.callerSlots = callerSlots;
        this.body0 = x.cycles();
        this.instructions0 = x.instructions();
        this.categories0 = x.state().byCategory.clone();
        this.predictor0 = x.state().predictor.clone();
    }

    private record Access(boolean store, long address, int size, long value) {}

    private static final class Step {
        int index, next;
        long offset;
        final long[] regs = new long[16];
        final long[] flags = new long[Cpu.FLAG_WORDS];
        final List<Access> accesses = new ArrayList<>(2);
    }

    /** The next instruction is about to run. */
    public void before() {
        Step s = new Step();
        s.index = x.pc();
        s.offset = x.cycles() - body0;
        System.arraycopy(x.cpu.r, 0, s.regs, 0, 16);
        x.cpu.saveFlags(s.flags, 0);
        current = s;
        steps.add(s);
    }

    /** It ran. */
    public void after() { current.next = x.pc(); }

    /** Refuses the recording (a writer step, a runaway call...). */
    public void refuse(String why) { if (refusal == null) refusal = why; }

    @Override public void accept(Event e) {
        switch (e) {
            case Event.MemRead m -> current.accesses.add(new Access(false, m.address(), m.size(), m.value()));
            case Event.MemWrite m -> current.accesses.add(new Access(true, m.address(), m.size(), m.value()));
            case Event.Push p -> current.accesses.add(new Access(true, p.address(), 8, p.value()));
            case Event.Pop p -> current.accesses.add(new Access(false, p.address(), 8, p.value()));
            default -> { }
        }
    }

    /**
     * The call ended (the interpreter is at its return, before the caller resets the registers); {@code probeEnd}
     * the kernel's {@code callProbe()} now. Returns the trace, or null with {@link #refusal()} saying why not.
     */
    public CallTrace finish(long[] probeEnd) { return finish(probeEnd, null); }

    /**
     * As {@link #finish(long[])}, each instruction {@code p} of the call executing (a counter read reading the counter)
     * at {@code beginMilli[p]} after the call's start and the call ending at {@code beginMilli[n]}: for a timing model
     * whose instructions execute before the previous one retires (the pipeline's steady-state unit's issue cycles; the
     * recording saw each begin at the previous retirement). Null: as recorded.
     */
    public CallTrace finish(long[] probeEnd, long[] beginMilli) {
        Interpreter.State st = x.state();
        if (refusal == null && x.kernelEntries() != entries0()) refusal = "entered the kernel";
        if (refusal == null && (probeEnd[4] != 0 || probeEnd[5] != 0)) refusal = "retried or spun on an odd seq";
        if (refusal == null && st.overrideIndex >= 0) refusal = "charged to seq retries";
        if (refusal == null && !Arrays.equals(predictor0, st.predictor)) refusal = "branch predictor still learning";
        if (refusal != null) return null;
        // two programs: one for a replay right after this same call (what it stores with the same value every time is
        // there already), one for a replay after another recorded call (every store written)
        Builder b = new Builder(), full = new Builder();
        if (beginMilli != null && (beginMilli.length != steps.size() + 1 || beginMilli[steps.size()] != x.cycles() - body0)) {
            refusal = "the timing model's times are not this call's";
            return null;
        }
        refusal = b.analyse(this, probeEnd, true, beginMilli);
        if (refusal == null) refusal = full.analyse(this, probeEnd, false, beginMilli);
        return refusal == null ? new CallTrace(b, new CallTrace(full, null)) : null;
    }

    private long entries0 = -1;

    /** The interpreter's kernel entries when the call began (set by the machine). */
    public void kernelEntriesAtStart(long n) { entries0 = n; }

    private long entries0() { return entries0 < 0 ? x.kernelEntries() : entries0; }

    /** Why {@link #finish} returned null. */
    public String refusal() { return refusal; }


    /** The forward pass over a recording, and the program it makes. */
    static final class Builder {
        final List<Integer> kind = new ArrayList<>(), index = new ArrayList<>(), position = new ArrayList<>(), restoreFrom = new ArrayList<>(),
                expectNext = new ArrayList<>(), flagsAt = new ArrayList<>(), writeAt = new ArrayList<>(), restoreReg = new ArrayList<>(),
                writeSize = new ArrayList<>();
        final List<Long> offset = new ArrayList<>(), restoreVal = new ArrayList<>(), flagWords = new ArrayList<>(),
                writeAddr = new ArrayList<>(), writeVal = new ArrayList<>();
        int finalRegMask, finalPc, sliceLength;
        long[] finalRegs, finalFlags, categoryDelta, probeEnd;
        long finalRip, bodyMilli, instructions;
        int[] countIndex;

        String analyse(CallRecorder rec, long[] probeEnd, boolean alone, long[] beginMilli) {
            int n = rec.steps.size();
            boolean[] tainted = new boolean[n];
            String why = pass(rec, tainted, null, beginMilli);
            if (why != null) return why;
            // a byte every store of the call writes with the same value, none of them counter-dependent, and the caller
            // does not rewrite: the previous call (this one, replayed or recorded) left that value there, so its stores
            // need not be written again
            Map<Long, Integer> same = new HashMap<>(); // byte -> its one value, or -1 if it varies or is not to be skipped
            for (long[] slot : rec.callerSlots) for (long a = slot[0]; a < slot[0] + slot[1]; a++) same.put(a, -1);
            if (!alone) same.put(Long.MIN_VALUE, -2); // marks every byte as to be written (see unchanged)
            for (int i = 0; i < n; i++) {
                for (Access a : rec.steps.get(i).accesses) {
                    if (!a.store()) continue;
                    for (int k = 0; k < a.size(); k++) {
                        int v = tainted[i] ? -1 : (int) (a.value() >>> (8 * k)) & 0xff;
                        same.merge(a.address() + k, v, (o, nv) -> o.equals(nv) ? o : -1);
                    }
                }
            }
            this.probeEnd = probeEnd.clone();
            return pass(rec, tainted, same, beginMilli);
        }

        /**
         * The forward pass: with {@code same} null it marks the counter-dependent steps in {@code tainted} (or says why
         * the call cannot be replayed); with it, it makes the program.
         */
        private String pass(CallRecorder rec, boolean[] tainted, Map<Long, Integer> same, long[] beginMilli) {
            boolean emit = same != null;
            int step = 0;
            Interpreter x = rec.x;
            boolean[] regT = new boolean[16];
            boolean flagsT = true; // the flags a call starts with are the previous call's
            Map<Long, Boolean> memT = new HashMap<>(); // byte -> depends on the counter; absent: written before the call
            // what a replay has put in each register so far in this call (a restore, not yet overwritten by a slice op):
            // a restore of the same value again is left out
            boolean[] held = new boolean[16];
            long[] heldVal = new long[16];
            for (long[] slot : rec.callerSlots) for (long a = slot[0]; a < slot[0] + slot[1]; a++) memT.put(a, false);
            for (Step s : rec.steps) {
                Effects e = x.effects(s.index);
                if (!e.known()) return "ran '" + x.listing().get(s.index).text().strip() + "', which the slice cannot follow";
                int taintedRegs = 0;
                for (int reg = 0; reg < 16; reg++) if (regT[reg]) taintedRegs |= 1 << reg;
                if ((e.addressRegs() & taintedRegs) != 0) return "an address depends on the counter (" + x.listing().get(s.index).text().strip() + ", tainted " + Integer.toHexString(taintedRegs) + ")";
                boolean t = e.counter() || (e.reads() & taintedRegs) != 0 || ((e.reads() & Effects.FLAGS) != 0 && flagsT);
                for (Access a : s.accesses) {
                    if (a.store() || rec.constant.test(a.address())) continue;
                    for (long byteAt = a.address(); byteAt < a.address() + a.size(); byteAt++) {
                        Boolean bt = memT.get(byteAt);
                        t |= bt == null || bt;
                    }
                }
                if (t && x.isReturn(s.index)) return "a return address depends on the counter";
                tainted[step++] = t;
                if (!emit) {
                    // the taint moves on as below, nothing is written
                } else if (t) {
                    kind.add(CallTrace.EXEC);
                    index.add(s.index);
                    position.add(step - 1);
                    offset.add(beginMilli == null ? s.offset : beginMilli[step - 1]);
                    restoreFrom.add(restoreReg.size());
                    for (int reg = 0; reg < 16; reg++) {
                        if ((e.reads() & (1 << reg)) != 0 && !regT[reg] && !(held[reg] && heldVal[reg] == s.regs[reg])) {
                            restoreReg.add(reg);
                            restoreVal.add(s.regs[reg]);
                            held[reg] = true;
                            heldVal[reg] = s.regs[reg];
                        }
                    }
                    for (int reg = 0; reg < 16; reg++) if ((e.writes() & (1 << reg)) != 0) held[reg] = false;
                    if ((e.reads() & Effects.FLAGS) != 0 && !flagsT) {
                        flagsAt.add(flagWords.size());
                        for (long w : s.flags) flagWords.add(w);
                    } else {
                        flagsAt.add(-1);
                    }
                    expectNext.add(e.conditional() ? s.next : CallTrace.NONE);
                    writeAt.add(writeAddr.size());
                    for (Access a : s.accesses) if (a.store()) addWrite(a);
                    sliceLength++;
                } else {
                    boolean any = false;
                    for (Access a : s.accesses) any |= a.store() && !unchanged(a, same);
                    if (any) {
                        kind.add(CallTrace.WRITE);
                        index.add(s.index);
                        position.add(step - 1);
                        offset.add(beginMilli == null ? s.offset : beginMilli[step - 1]);
                        restoreFrom.add(restoreReg.size());
                        flagsAt.add(-1);
                        expectNext.add(CallTrace.NONE);
                        writeAt.add(writeAddr.size());
                        for (Access a : s.accesses) if (a.store() && !unchanged(a, same)) addWrite(a);
                    }
                }
                for (Access a : s.accesses) {
                    if (a.store()) for (long byteAt = a.address(); byteAt < a.address() + a.size(); byteAt++) memT.put(byteAt, t);
                }
                for (int reg = 0; reg < 16; reg++) if ((e.writes() & (1 << reg)) != 0) regT[reg] = t;
                if ((e.writes() & Effects.FLAGS) != 0) flagsT = t;
            }
            if (!emit) return null;
            restoreFrom.add(restoreReg.size());
            writeAt.add(writeAddr.size());
            Interpreter.State st = x.state();
            finalRegs = x.cpu.r.clone();
            for (int reg = 0; reg < 16; reg++) if (!regT[reg]) finalRegMask |= 1 << reg;
            if (!flagsT) {
                finalFlags = new long[Cpu.FLAG_WORDS];
                x.cpu.saveFlags(finalFlags, 0);
            }
            finalPc = st.pc;
            finalRip = x.cpu.rip;
            bodyMilli = x.cycles() - rec.body0;
            instructions = x.instructions() - rec.instructions0;
            countIndex = rec.steps.stream().mapToInt(s -> s.index).toArray();
            categoryDelta = new long[st.byCategory.length];
            for (int c = 0; c < categoryDelta.length; c++) categoryDelta[c] = st.byCategory[c] - rec.categories0[c];
            return null;
        }

        /** True if every byte {@code a} stores holds that value already whenever a replay reaches it. */
        private static boolean unchanged(Access a, Map<Long, Integer> same) {
            if (same.containsKey(Long.MIN_VALUE)) return false;
            for (int k = 0; k < a.size(); k++) if (same.getOrDefault(a.address() + k, -1) < 0) return false;
            return true;
        }

        private void addWrite(Access a) {
            writeAddr.add(a.address());
            writeSize.add(a.size());
            writeVal.add(a.value());
        }
    }
}

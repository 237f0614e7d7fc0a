package org.vdsoexplorer.sim.cpu;

import java.util.Arrays;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cost.EntryMechanism;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.event.EventSink;
import org.vdsoexplorer.sim.state.Derived;
import org.vdsoexplorer.sim.state.StepState;

/**
 * Executes a {@link Listing} one instruction at a time against a {@link Memory} and {@link Hooks}, its
 * {@link Clocking} charging the cycles (the additive {@link CostTable} unless another is set). Deterministic:
 * the same state and inputs give the same next state. Cycle figures are kept in milli-cycles so every sum
 * stays an exact integer.
 *
 * <p>A tiny 2-bit predictor per conditional branch decides mispredicts; it is part of the state. All the
 * state is in one {@link State} holder, copied whole for exact step-back.
 */
public final class Interpreter {
    private final Listing listing;
    private final Instruction[] insns;
    private final Op[] ops;
    private final int[] categoryIndex;
    private final long[] nextAddress;
    private final CostTable costs;
    final Memory mem;
    final Hooks hooks;

    /** Everything the interpreter owns that stepping changes. Memory is the owner's business. */
    public static final class State extends StepState<State> {
        final Cpu cpu = new Cpu();
        int pc = -1;
        long cycles;
        long instructions;
        long kernelEntries;
        /** Charges outside the retirement counts (the clocking's extras, the caller loop...) by category. */
        final long[] byCategory = new long[Category.values().length];
        /** Retirements per instruction, and those charged to the override category (seq retries). */
        long[] executed, executedOverride;
        byte[] predictor;
        Category override;
        /** {@code override}'s ordinal, or -1. */
        int overrideIndex = -1;

        private State() {}
    }

    private final State st = new State();
    /** The registers: the holder's, published as before. */
    public final Cpu cpu = st.cpu;

    @Derived("configuration: the timing model, set when the machine is built, before any step")
    private Clocking clocking;
    @Derived("the clocking's per-instruction charge counted by retirements: set with the clocking")
    private long[] fixed;
    @Derived("wiring: the views' event sink")
    private EventSink sink;
    @Derived("scratch: execute() sets it before every instruction; branches overwrite it")
    int nextPc;
    @Derived("scratch: read only after a branch of the same instruction set it")
    long nextRip;
    @Derived("scratch: true only inside a CallTrace replay, which runs ops without charging or predicting")
    private boolean bare;
    @Derived("cache: each instruction's effects for CallTrace, made on first use")
    private Effects[] effects;
    @Derived("cache: the listing's blocks compiled for runInstructions, made once it has interpreted COMPILE_AFTER instructions")
    private BlockCompiler.Blocks blocks;
    @Derived("cache: the blocks being compiled on another thread (compileBlocksAhead), until taken")
    private java.util.concurrent.CompletableFuture<BlockCompiler.Blocks> ahead;
    @Derived("cache: whether the blocks were compiled (or found not worth it)")
    private boolean blocksTried;
    @Derived("configuration: runInstructions never compiles (tests' reference)")
    private boolean noBlocks;
    @Derived("configuration: instructions interpreted before the blocks are compiled")
    private long compileAfter = COMPILE_AFTER;
    @Derived("statistics: instructions run in compiled blocks")
    private long compiledInstructions;
    @Derived("scratch: instructions runInstructions interpreted before compiling")
    private long blocksInterpreted;
    @Derived("scratch: each compiled block's runs since the last fold into the per-instruction counts")
    private long[] blockRuns;
    @Derived("scratch: the compiled code's budget left and last instruction")
    private final long[] blockOut = new long[2];
    @Derived("scratch of a CallTrace replay: the flags as a call began")
    private final long[] scratchFlags = new long[Cpu.FLAG_WORDS];

    public Interpreter(Listing listing, CostTable costs, Memory mem, Hooks hooks) {
        this(listing, costs, mem, hooks, true);
    }

    /**
     * With {@code specialise} false every instruction runs through the generic {@link Op} classes instead of
     * the {@link FastOps} forms: the same results by construction, which the differential test checks.
     */
    public Interpreter(Listing listing, CostTable costs, Memory mem, Hooks hooks, boolean specialise) {
        this.listing = listing;
        this.costs = costs;
        this.mem = mem;
        this.hooks = hooks;
        int n = listing.size();
        this.insns = listing.instructions().toArray(Instruction[]::new);
        this.ops = new Op[n];
        this.categoryIndex = new int[n];
        this.nextAddress = new long[n];
        for (int i = 0; i < n; i++) {
            Instruction in = listing.get(i);
            ops[i] = Decoder.decode(in, listing, specialise);
            categoryIndex[i] = Category.of(ops[i].costClass).ordinal();
            nextAddress[i] = in.nextAddress();
        }
        st.executed = new long[n];
        st.executedOverride = new long[n];
        st.predictor = new byte[n];
        Arrays.fill(st.predictor, (byte) 1); // weakly not-taken
        setClocking(new AdditiveClocking(costs, ops));
    }

    public Listing listing() { return listing; }

    public CostTable costs() { return costs; }

    public void setSink(EventSink sink) { this.sink = sink; }

    /**
     * Lets {@code c} charge the cycles (each instruction's retirement time becomes the counter) instead of the
     * additive cost table. Set before the first step.
     */
    public void setClocking(Clocking c) {
        this.clocking = java.util.Objects.requireNonNull(c, "clocking");
        this.fixed = c.fixedMilli(ops.length);
    }

    public Clocking clocking() { return clocking; }

    public EventSink sink() { return sink; }

    /** Starts executing at {@code address} (an instruction of the listing). */
    public void jumpTo(long address) {
        int i = listing.indexOf(address);
        if (i < 0) throw new ExecutionException(listing.fileName() + ": no instruction starts at 0x" + Long.toHexString(address));
        st.pc = i;
        cpu.rip = address;
    }

    /** True when rip has left the listing (returned to a caller outside it). */
    public boolean outsideText() { return st.pc < 0; }

    /** The instruction about to execute, or null when outside the text. */
    public Instruction current() { return st.pc < 0 || st.pc >= insns.length ? null : listing.get(st.pc); }

    public int pc() { return st.pc; }

    /** Cycle counter, in milli-cycles. */
    public long cycles() { return st.cycles; }

    public long instructions() { return st.instructions; }

    /** Cycles charged to {@code c} so far (milli-cycles): table costs of retired instructions plus extras. */
    public long categoryMilli(Category c) { return categoryMillis(new long[st.byCategory.length])[c.ordinal()]; }

    /**
     * Every category's {@link #categoryMilli} at once, by ordinal, into {@code out} (one pass over the listing:
     * the session takes them at every call start); returns {@code out}.
     */
    public long[] categoryMillis(long[] out) {
        State s = st;
        System.arraycopy(s.byCategory, 0, out, 0, s.byCategory.length);
        int retry = Category.SEQ_RETRY.ordinal();
        for (int i = 0; i < fixed.length; i++) {
            out[categoryIndex[i]] += s.executed[i] * fixed[i];
            out[retry] += s.executedOverride[i] * fixed[i];
        }
        return out;
    }

    /** Charges cycles that happen outside an instruction (the caller loop, a kernel path). */
    public void charge(long milli, Category c) { clocking.stall(this, milli, c); }

    /** From now until cleared, charge every instruction's cost to {@code c} (used for seq retries). */
    public void setCategoryOverride(Category c) {
        st.override = c;
        st.overrideIndex = c == null ? -1 : c.ordinal();
    }

    /**
     * Executes one instruction. Returns its cost in milli-cycles. Throws {@link ExecutionException}
     * (with the listing line) on faults and unsupported instructions.
     */
    public long step() {
        long before = st.cycles;
        int at = st.pc;
        execute(at);
        st.instructions++;
        long c = st.cycles - before;
        if (sink != null) sink.accept(new Event.Retired(st.instructions, insns[at], c));
        return c;
    }

    /**
     * Executes instructions until the code leaves the listing or the cycle counter reaches
     * {@code cycleLimit} (the next writer step), with no events: the hot loop of reports and benches.
     * With a sink attached it executes one instruction, so every event is still delivered.
     */
    public void runUntil(long cycleLimit) { run(cycleLimit, Long.MAX_VALUE); }

    /**
     * Executes at most {@code limit} instructions, fewer if the code leaves the listing first, with no events (the
     * {@code run} command's loop; one instruction with a sink attached). Returns the index of the last instruction
     * executed, or -1 if none was.
     */
    public int runInstructions(long limit) {
        return sink == null && !bare && st.overrideIndex < 0 && clocking instanceof AdditiveClocking && !noBlocks
                ? runBlocks(limit) : run(Long.MAX_VALUE, limit);
    }

    /**
     * Instructions {@link #runBlocks} interprets before it compiles the listing's blocks, or waits for those {@link
     * #compileBlocksAhead} is compiling (15-25 ms when the JVM is new): short runs never pay for it, and a long one has
     * its blocks before HotSpot finds the interpreter itself hot (about 5,000 calls of its methods), whose compilations
     * would then queue ahead of the blocks' (docs/benchmarks.md: interpreting until the blocks were ready made the
     * 35 M-instruction run 99-278 ms instead of 90-101 ms).
     */
    static final long COMPILE_AFTER = 2_000;

    /**
     * Instructions one call of the compiled code runs at most. HotSpot compiles a method sooner by its calls than by
     * its loop's turns (after a hundred or so calls against tens of thousands of turns, in which the new class runs
     * in the bytecode interpreter): many short calls get the blocks to machine code within a few thousand of them.
     */
    private static final long BLOCK_CALL = 256;

    /**
     * {@link #runInstructions} with the listing's blocks compiled ({@link BlockCompiler}) once it has run {@link
     * #COMPILE_AFTER} instructions: the same state after every call as one {@link #step} at a time.
     */
    private int runBlocks(long limit) {
        State s = st;
        int at = s.pc, last = -1;
        long n = 0; // instructions this call, interpreted or compiled
        long interpreted = 0;
        try {
            while (at >= 0 && n < limit) {
                if (blocks == null && (ahead != null || !blocksTried)) {
                    boolean due = blocksInterpreted + interpreted >= compileAfter;
                    if (ahead != null ? due || ahead.isDone() : due) {
                        blocksTried = true;
                        takeBlocks(ahead != null ? ahead.join() : compile(at));
                    }
                }
                if (blocks != null && at < ops.length && blocks.startsAt[at] >= 0) {
                    long[] out = blockOut;
                    long budget = Math.min(limit - n, BLOCK_CALL);
                    int next = blocks.run(this, ops, at, budget, blockRuns, out);
                    if (out[1] >= 0) {
                        n += budget - out[0];
                        last = (int) out[1];
                        foldBlockRuns();
                        at = next;
                        s.pc = at;
                        cpu.rip = at < ops.length ? insns[at].address() : nextAddress[last];
                        continue;
                    }
                }
                last = at;
                at = execute(at);
                n++;
                interpreted++;
            }
        } finally {
            s.instructions += interpreted;
            blocksInterpreted += interpreted;
        }
        return last;
    }

    private BlockCompiler.Blocks compile(int entry) { return BlockCompiler.compile(ops, BlockCompiler.leaders(ops, listing, entry)); }

    private void takeBlocks(BlockCompiler.Blocks compiled) {
        ahead = null;
        blocks = compiled;
        if (blocks != null) blockRuns = new long[blocks.first.length];
    }

    /**
     * Starts compiling the blocks on another thread (the {@code run} command, as a run starts): {@link #runInstructions}
     * takes them when they are ready, and waits for them once it has interpreted {@link #COMPILE_AFTER} instructions.
     */
    public void compileBlocksAhead() {
        if (blocksTried || ahead != null || noBlocks || sink != null) return;
        int entry = st.pc;
        ahead = java.util.concurrent.CompletableFuture.supplyAsync(() -> compile(entry));
    }

    /** Adds the compiled blocks' runs to the counts the interpreter keeps per instruction, and clears them. */
    private void foldBlockRuns() {
        State s = st;
        long[] runs = blockRuns;
        for (int k = 0; k < runs.length; k++) {
            long times = runs[k];
            if (times == 0) continue;
            runs[k] = 0;
            for (int i = blocks.first[k]; i <= blocks.last[k]; i++) {
                s.executed[i] += times;
                s.cycles += times * fixed[i]; // the additive model: each instruction's table cost
            }
            long len = blocks.last[k] - blocks.first[k] + 1;
            s.instructions += times * len;
            compiledInstructions += times * len;
        }
    }

    /** Compile the blocks once {@code n} instructions have been interpreted instead of {@link #COMPILE_AFTER} (tests). */
    void compileBlocksAfter(long n) { compileAfter = n; }

    /** Instructions run in compiled blocks so far (tests). */
    long compiledInstructions() { return compiledInstructions; }

    /** Keeps {@link #runInstructions} stepping every instruction (the reference the compiled blocks are tested against). */
    public void disableBlocks() { noBlocks = true; }

    /** The hot loop of both: until the cycle or instruction limit or the listing's end; the last index executed. */
    private int run(long cycleLimit, long limit) {
        if (sink != null) {
            int at = st.pc;
            if (limit <= 0) return -1;
            step();
            return at;
        }
        State s = st;
        int at = s.pc, last = -1;
        long n = 0; // the count joins the field once per run, not in a store and reload per instruction
        try {
            while (at >= 0 && s.cycles < cycleLimit && n < limit) {
                last = at;
                at = execute(at);
                n++;
            }
        } finally {
            s.instructions += n;
        }
        return last;
    }

    /**
     * Executes the instruction at index {@code at} (= pc) and returns the new pc; the caller counts it in
     * {@link #instructions} (nothing an instruction runs reads that count). The next index travels in a
     * register rather than through the {@code pc} field (a store and a reload per instruction on the loop's
     * critical path); the field is kept up to date for the ops and views that read it.
     */
    private int execute(int at) {
        if (Integer.compareUnsigned(at, ops.length) >= 0) throw outside(); // pc < 0 or past the end
        int next = at + 1;
        nextPc = next;
        State s = st;
        long before = s.cycles;
        s.cycles = clocking.begin(this, at); // the time it executes (rdtsc, the kernel read it)
        Op op = ops[at];
        try {
            if (dispatch(op)) next = nextPc; // only control-flow ops (Jcc, Call, Ret, the default arm's) change nextPc
        } catch (ExecutionException e) {
            s.cycles = before; // the instruction did not execute
            throw located(e, at); // out of line: keeps this method small enough to inline
        }
        s.cycles = clocking.end(this, at); // its retirement
        if (s.overrideIndex < 0) s.executed[at]++;
        else s.executedOverride[at]++;
        s.pc = next;
        cpu.rip = next == at + 1 ? nextAddress[at] : nextRip; // branches set nextRip
        return next;
    }

    /**
     * Runs {@code op}: a switch over the hot classes, exact-type calls the JIT inlines, instead of one megamorphic
     * virtual call (an int switch: measured ~5 % faster here than a pattern switch over the types). True if the op
     * may have changed {@link #nextPc} (a branch, call, return, or any op of the default arm).
     */
    private boolean dispatch(Op op) {
        switch (op.code) {
            case FastOps.Load.CODE -> ((FastOps.Load) op).exec(this);
            case FastOps.Alu.CODE -> ((FastOps.Alu) op).exec(this);
            case Op.Jcc.CODE -> {
                ((Op.Jcc) op).exec(this);
                return true;
            }
            case FastOps.MovRR.CODE -> ((FastOps.MovRR) op).exec(this);
            case FastOps.Store.CODE -> ((FastOps.Store) op).exec(this);
            case FastOps.MovRI.CODE -> ((FastOps.MovRI) op).exec(this);
            case Op.Nop.CODE -> { }
            case FastOps.StackR.CODE -> ((FastOps.StackR) op).exec(this);
            case Op.Push.CODE -> ((Op.Push) op).exec(this);
            case Op.Pop.CODE -> ((Op.Pop) op).exec(this);
            case Op.Lea.CODE -> ((Op.Lea) op).exec(this);
            case Op.Call.CODE -> {
                ((Op.Call) op).exec(this);
                return true;
            }
            case Op.Ret.CODE -> {
                ((Op.Ret) op).exec(this);
                return true;
            }
            case Op.Alu.CODE -> ((Op.Alu) op).exec(this);
            case Op.Shift.CODE -> ((Op.Shift) op).exec(this);
            case Op.Movx.CODE -> ((Op.Movx) op).exec(this);
            default -> {
                op.exec(this);
                return true;
            }
        }
        return false;
    }

    private ExecutionException outside() {
        int pc = st.pc;
        if (pc < 0) return new ExecutionException("rip 0x" + Long.toHexString(cpu.rip) + " is outside the listing");
        return new ExecutionException(listing.where(pc - 1) + ": execution ran past the last instruction of the listing ('"
                + text(pc - 1) + "')");
    }

    /**
     * {@code e} naming the listing line of instruction {@code at}: a fault as "SIGSEGV at 0x..: why (file:line
     * 'insn')", anything else as "file:line: why ('insn')".
     */
    private ExecutionException located(ExecutionException e, int at) {
        String m = e.getMessage();
        if (e instanceof Fault f) {
            return new Fault(f.signal(), f.address(), m.substring(m.indexOf(": ") + 2) + " (" + listing.where(at) + " '" + text(at) + "')");
        }
        return new ExecutionException(listing.where(at) + ": " + (ops[at] instanceof Op.Unsupported ? m : m + " ('" + text(at) + "')"));
    }

    private String text(int index) { return insns[index].text().replaceAll("\\s+", " "); }

    // ---- services for ops ---------------------------------------------------------------------

    /** The address after the current instruction (a call's return address, syscall's rcx). */
    long fallthroughRip() { return nextAddress[st.pc]; }

    void setReg(int num, int size, long v) {
        long[] r = cpu.r;
        switch (size) {
            case 8 -> r[num] = v;
            case 4 -> r[num] = v & 0xffffffffL;
            case 2 -> r[num] = (r[num] & ~0xffffL) | (v & 0xffffL);
            default -> r[num] = (r[num] & ~0xffL) | (v & 0xffL);
        }
    }

    long load(long address, int size) {
        long v = mem.read(address, size);
        if (sink != null) sink.accept(new Event.MemRead(address, size, v, mem.locate(address)));
        return v;
    }

    void store(long address, int size, long v) {
        mem.write(address, size, v);
        if (sink != null) sink.accept(new Event.MemWrite(address, size, v, mem.locate(address)));
    }

    void push(long value, int reg) {
        long sp = cpu.r[Registers.RSP] - 8;
        mem.write(sp, 8, value);
        cpu.r[Registers.RSP] = sp;
        if (sink != null) sink.accept(new Event.Push(reg, sp, value));
    }

    long pop(int reg) {
        long sp = cpu.r[Registers.RSP];
        long v = mem.read(sp, 8);
        cpu.r[Registers.RSP] = sp + 8;
        if (sink != null) sink.accept(new Event.Pop(reg, sp, v));
        return v;
    }

    // ---- services for CallTrace --------------------------------------------------------------

    State state() { return st; }

    long[] scratchFlags() { return scratchFlags; }

    void setBare(boolean on) { bare = on; }

    Effects effects(int index) {
        if (effects == null) {
            Effects[] e = new Effects[ops.length];
            for (int i = 0; i < e.length; i++) e[i] = Effects.of(ops[i]);
            effects = e;
        }
        return effects[index];
    }

    boolean isReturn(int index) { return ops[index] instanceof Op.Ret; }

    /**
     * Runs instruction {@code at}'s op alone, as {@link #execute} would but charging nothing, counting nothing and
     * leaving the branch predictor alone (the replayed call's counts are the recorded ones); returns the next index.
     */
    int execBare(int at) {
        st.pc = at;
        cpu.rip = insns[at].address();
        nextPc = at + 1;
        dispatch(ops[at]);
        return nextPc;
    }

    /**
     * The state {@code k} more replays of constant {@code t} leave, each after a stall of {@code stallMilli} of
     * {@code stall} (see {@link CallTrace#repeat}); a replay of {@code t} must have just run.
     */
    public void repeat(CallTrace t, long k, long stallMilli, Category stall) { t.repeat(this, k, stallMilli, stall.ordinal()); }

    /** See {@link CallTrace#replayMany}. */
    public long[] replayMany(long maxPerMilli, long untilMilli, long beforeMilli, CallTrace.Calls calls, CallTrace.Check check, long timespec) {
        return CallTrace.replayMany(this, mem, maxPerMilli, untilMilli, beforeMilli, calls, check, timespec);
    }

    /** A branch whose target instruction index {@code targetIndex} was resolved at decode time (-1: none). */
    void branch(boolean taken, long target, int targetIndex, boolean conditional) {
        if (bare) {
            if (taken) {
                nextRip = target;
                nextPc = targetIndex;
            }
            return;
        }
        boolean mispredicted = predictAndCharge(st.pc, taken, conditional);
        if (taken) {
            nextRip = target;
            nextPc = targetIndex;
            if (targetIndex < 0) throw new ExecutionException("branch to 0x" + Long.toHexString(target) + ", not an instruction");
        }
        if (sink != null) sink.accept(new Event.Branch(listing.get(st.pc), taken, target, mispredicted));
    }

    /**
     * The branch at index {@code pc}, taken or not: a conditional one updates its predictor; the clocking charges it.
     * True if it was mispredicted. (Also what a {@link BlockCompiler} block's closing jump calls.)
     */
    boolean predictAndCharge(int pc, boolean taken, boolean conditional) {
        boolean mispredicted = false;
        if (conditional) {
            byte[] predictor = st.predictor;
            int p = predictor[pc];
            mispredicted = (p >= 2) != taken;
            predictor[pc] = (byte) (taken ? (p == 3 ? 3 : p + 1) : (p == 0 ? 0 : p - 1));
        }
        clocking.branch(this, taken, mispredicted);
        return mispredicted;
    }

    void call(long target, String label) {
        nextRip = target;
        nextPc = listing.indexOf(target);
        if (nextPc < 0) throw new ExecutionException("call to 0x" + Long.toHexString(target) + ", not an instruction");
        if (sink != null) sink.accept(new Event.Call(cpu.rip, target, label));
    }

    void ret(long to) {
        nextRip = to;
        nextPc = listing.indexOf(to);
        if (sink != null) sink.accept(new Event.Ret(to));
    }

    /** How many times the code entered the kernel (syscall, sysenter, int $0x80). */
    public long kernelEntries() { return st.kernelEntries; }

    void kernelEntry(EntryMechanism how) {
        st.kernelEntries++;
        long k = hooks.syscall(this, how);
        clocking.kernel(this, k);
    }

    // ---- services for clockings ---------------------------------------------------------------

    private static final int SYSCALL = Category.SYSCALL.ordinal();

    /** A dynamic charge during the current instruction (seq retries take it while overridden, syscalls never). */
    void extra(long milli, int category) {
        State s = st;
        s.cycles += milli;
        s.byCategory[s.overrideIndex >= 0 && category != SYSCALL ? s.overrideIndex : category] += milli;
    }

    /** Time outside any instruction, of category ordinal {@code category}. */
    void stall(long milli, int category) {
        st.cycles += milli;
        st.byCategory[category] += milli;
    }

    /** Charges {@code milli} of instruction {@code index}'s time to its category, or to the override. */
    void chargeInstruction(int index, long milli) {
        State s = st;
        s.byCategory[s.overrideIndex >= 0 ? s.overrideIndex : categoryIndex[index]] += milli;
    }

    // ---- snapshots ----------------------------------------------------------------------------

    /** A copy of the whole state, for exact step-back. */
    public State save() { return st.copy(); }

    public void restore(State s) { st.copyFrom(s); }
}

package org.vdsoexplorer.sim.real;

import java.util.Arrays;
import java.util.List;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cost.EntryMechanism;
import org.vdsoexplorer.sim.cpu.ExecutionException;
import org.vdsoexplorer.sim.cpu.Hooks;
import org.vdsoexplorer.sim.cpu.Interpreter;
import org.vdsoexplorer.sim.timing.Core;
import org.vdsoexplorer.sim.timing.Pipeline;

/**
 * The captured vDSO running: the interpreter on the real code ({@link RealCode}), in one task's captured address
 * space ({@link RealSpace}), calling {@code __vdso_clock_gettime(id, &ts)} from a caller outside the text. The
 * counter reads the TSC value each call is given; the fallback syscall answers with {@link RealTime#kernel} of
 * the pages as they are now. Cycles come from the additive cost table, or from the out-of-order pipeline of
 * {@code core} when one is given.
 */
public final class RealMachine implements Hooks {
    public static final long CALLER_RETURN = 0x5555_5555_4000L;
    public static final long TIMESPEC = RealSpace.STACK_TOP - 64;
    public static final long STACK_START = RealSpace.STACK_TOP - 256;
    static final int NR_CLOCK_GETTIME = 228;
    private static final long MAX_INSTRUCTIONS = 100_000;

    /** One call: the clock, the TSC fed, rax, the timespec in ns, and what it cost. */
    public record Call(int clockId, long tsc, long rax, long ns, long instructions, long cyclesMilli, long kernelEntries) {
        public boolean fellBack() { return kernelEntries > 0; }
    }

    private final Capture capture;
    private final Capture.Task task;
    private final Listing listing;
    private final RealSpace space;
    private final Interpreter cpu;
    private final CostTable costs;
    private final Pipeline pipeline;
    private final long entry;
    private long tsc;

    public RealMachine(Capture capture, Listing listing, String task, CostTable costs, Core core) {
        this.capture = capture;
        this.task = capture.task(task).orElseThrow(() -> new IllegalArgumentException("the capture has no " + task
                + " task (it has: " + String.join(", ", capture.taskNames()) + ")"));
        this.listing = listing;
        this.costs = costs;
        long codeAt = capture.tasks().getFirst().mapping(Capture.VDSO).orElseThrow().start();
        long delta = codeAt - this.task.mapping(Capture.VDSO).orElseThrow().start();
        this.space = new RealSpace(this.task, delta);
        this.cpu = new Interpreter(listing, costs, space, this);
        this.pipeline = core == null ? null : new Pipeline(core, listing);
        if (pipeline != null) cpu.setClocking(pipeline);
        this.entry = RealCode.symbol(listing, RealCode.CLOCK_GETTIME);
    }

    public Capture capture() { return capture; }

    public Capture.Task task() { return task; }

    public Listing listing() { return listing; }

    public RealSpace space() { return space; }

    public Interpreter cpu() { return cpu; }

    public long entry() { return entry; }

    /** The pages as they are now, for the reference arithmetic. */
    public RealTime time() {
        byte[] p0 = space.page(Capture.VVAR, 0), pv = space.page(Capture.VCLOCK, 0);
        if (p0 != null && java.nio.ByteBuffer.wrap(p0).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(RealTime.MODE) == RealTime.MODE_TIMENS) {
            return new RealTime(space.page(Capture.VVAR, 1), p0, pv);
        }
        return new RealTime(p0, null, pv);
    }

    /** Sets up a call of clock_gettime({@code clockId}) at counter value {@code tsc}, stopped before its first instruction. */
    public void enter(int clockId, long tsc) {
        this.tsc = tsc;
        Arrays.fill(cpu.cpu.r, 0);
        cpu.cpu.r[Registers.RDI] = clockId;
        cpu.cpu.r[Registers.RSI] = TIMESPEC;
        cpu.cpu.r[Registers.RSP] = STACK_START - 8;
        space.write(STACK_START - 8, 8, CALLER_RETURN);
        space.write(TIMESPEC, 8, 0);
        space.write(TIMESPEC + 8, 8, 0);
        cpu.jumpTo(entry);
    }

    /** One whole call; an instruction outside the modelled subset or a fault stops it with its message. */
    public Call call(int clockId, long tsc) { return callWithUpdate(clockId, tsc, -1, List.of()).call(); }

    /** A call with an update placed in it: how many seq loads the reader made (2 without a retry: begin and recheck). */
    public record Placed(Call call, int seqLoads, List<RealWriter.Store> update) {}

    /**
     * A call of clock_gettime({@code clockId}) at {@code tsc} with {@code update}'s stores made by the kernel before
     * reader instruction {@code beforeStep} (counted from 0; -1: none); seq loads are the reader's 4-byte loads of a
     * vdso_clock's seq word (offset 0 or 232 of a [vvar] page: the decoded layout, not the C model's names).
     */
    public Placed callWithUpdate(int clockId, long tsc, long beforeStep, List<RealWriter.Store> update) {
        int[] seqLoads = {0};
        cpu.setSink(e -> {
            if (e instanceof org.vdsoexplorer.sim.event.Event.MemRead r && r.size() == 4 && isSeq(r.address())) seqLoads[0]++;
        });
        try {
            return new Placed(run(clockId, tsc, beforeStep, update), seqLoads[0], update);
        } finally {
            cpu.setSink(null);
        }
    }

    /** Whether {@code address} is the seq word of a vdso_clock in a [vvar] page. */
    public boolean isSeq(long address) {
        RealSpace.Region r = space.region(address);
        if (r == null || !r.mapping().equals(Capture.VVAR)) return false;
        long off = address - r.start();
        return off == RealTime.SEQ || off == RealTime.CLOCK_SIZE + RealTime.SEQ;
    }

    private Call run(int clockId, long tsc, long beforeStep, List<RealWriter.Store> update) {
        enter(clockId, tsc);
        long i0 = cpu.instructions(), c0 = cpu.cycles(), k0 = cpu.kernelEntries();
        while (!cpu.outsideText()) {
            if (cpu.instructions() - i0 == beforeStep) {
                for (RealWriter.Store st : update) space.kernelWrite(st.address(), st.size(), st.value());
            }
            if (cpu.instructions() - i0 >= MAX_INSTRUCTIONS) {
                throw new ExecutionException(listing.where(cpu.pc()) + ": no return after " + MAX_INSTRUCTIONS + " instructions");
            }
            step();
        }
        if (cpu.cpu.rip != CALLER_RETURN) {
            throw new ExecutionException("returned to 0x" + Long.toHexString(cpu.cpu.rip) + ", not to the caller");
        }
        return new Call(clockId, tsc, cpu.cpu.r[Registers.RAX], timespecNs(), cpu.instructions() - i0, cpu.cycles() - c0, cpu.kernelEntries() - k0);
    }

    /**
     * Executes one reader instruction of the call {@link #enter} began; an instruction outside the modelled subset
     * stops with its address and symbol ("0x7fe9... (__vdso_clock_gettime+0x6f): ..."), a fault with its signal.
     */
    public void step() {
        long at = cpu.cpu.rip;
        try {
            cpu.step();
        } catch (ExecutionException e) {
            throw e instanceof org.vdsoexplorer.sim.cpu.Fault ? e : new ExecutionException("0x" + Long.toHexString(at) + " ("
                    + where(at) + "): " + e.getMessage());
        }
    }

    /** Whether the call {@link #enter} began has returned (the code left the text). */
    public boolean returned() { return cpu.outsideText(); }

    /** The returned call's timespec in ns (seconds * 10^9 + nanoseconds), as the caller reads it. */
    public long timespecNs() { return space.read(TIMESPEC, 8) * 1_000_000_000L + space.read(TIMESPEC + 8, 8); }

    /** "__vdso_clock_gettime+0x6f": the symbol an address lies in, and the offset. */
    public String where(long address) { return listing.symbolAt(address); }

    // ---- hooks ----------------------------------------------------------------------------------------------

    @Override public long rdtsc(Interpreter in) { return tsc; }

    @Override public long syscall(Interpreter in, EntryMechanism how) {
        long[] r = in.cpu.r;
        long cost = costs.entryMilli(how);
        if (how != EntryMechanism.SYSCALL || r[Registers.RAX] != NR_CLOCK_GETTIME) {
            throw new ExecutionException("system call " + r[Registers.RAX] + " is not modelled (only clock_gettime, 228)");
        }
        int id = (int) r[Registers.RDI];
        RealTime t = time();
        long ns = t.kernel(id, tsc);
        if (ns < 0) {
            r[Registers.RAX] = -22; // EINVAL: no such clock in the model
        } else if (!space.userWritable(r[Registers.RSI], 16)) {
            r[Registers.RAX] = -14; // EFAULT
        } else {
            space.write(r[Registers.RSI], 8, Math.floorDiv(ns, 1_000_000_000L));
            space.write(r[Registers.RSI] + 8, 8, Math.floorMod(ns, 1_000_000_000L));
            r[Registers.RAX] = 0;
            boolean coarse = ((RealTime.COARSE >>> id) & 1) != 0;
            cost += costs.clockReadMilli(coarse ? "coarse" : t.clockMode() == RealTime.MODE_TSC ? "tsc" : "pvclock");
        }
        return cost;
    }
}

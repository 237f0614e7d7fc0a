package org.vdsoexplorer.sim.real;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cpu.ExecutionException;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.timing.Core;

/**
 * One call of the captured code recorded instruction by instruction, so a view can step it forwards and back: the
 * machine before each reader instruction ({@link Frame}), the page fields each load read, named by their place in the
 * captured layout ({@link RealFields}), and the path the call took, derived from those loads and the instructions
 * retired (clock-id tests, a namespace page, seq, clock_mode, the counter or the pvclock page, the recheck, a retry,
 * the syscall), never from the C model's names. An update_vsyscall() ({@link RealWriter}) may be placed in the call:
 * its stores up to the last two (vdso_write_end's even seq) before reader instruction {@code updateAt}, the last two
 * before {@code updateEnd} (equal: the whole update at once). Immutable once recorded.
 *
 * <p>The call recorded is the last of {@link RealRows#CALLS}{@code + 1} back-to-back calls on one machine, as
 * {@link RealRows} counts them, so its cycles are the warm figure {@code live run} prints.
 */
public final class RealTrace {
    /** Reader instructions one call may take before the trace gives up (a writer held open makes the reader spin). */
    public static final int MAX_STEPS = 5_000;
    /** Reader instructions an update "held open" keeps seq odd for: past the recheck of a pvclock read (about 70 on the shipped capture). */
    public static final int HOLD_STEPS = 120;
    /** Stack quadwords a frame keeps (from the caller's return address down). */
    static final int STACK_WORDS = 24;

    /** The machine before reader instruction {@code step} (after the last one, for the frame past the end). */
    public record Frame(long step, int next, List<Long> registers, long rip, long rflags, long rsp, List<Long> stack,
                        long cyclesMilli) {
        public Frame {
            registers = List.copyOf(registers);
            stack = List.copyOf(stack);
        }
    }

    /** A load of a captured page by reader instruction {@code step}. */
    public record Read(long step, String mapping, int slot, int offset, int size, long value, String field, boolean seq) {}

    /** One mark: at reader instruction {@code step}, with what it read. */
    public record PathStep(long step, RealMark mark, String detail) {}

    /** A page's bytes at some point of the call (null: unbacked). */
    public record PageBytes(String mapping, int slot, long address, RealFields.Kind kind, byte[] bytes) {
        /** The unsigned little-endian value of {@code size} bytes at {@code off}. */
        public long read(int off, int size) {
            long v = 0;
            for (int i = 0; i < size; i++) v |= (bytes[off + i] & 0xffL) << (8 * i);
            return v;
        }
    }

    private final String task;
    private final int clockId;
    private final long tsc;
    private final long updateAt, updateEnd;
    private final List<RealWriter.Store> update;
    private final List<Frame> frames;
    private final List<Read> reads;
    private final List<PathStep> path;
    private final List<PageBytes> pagesBefore, pagesAfterBegin, pagesAfter;
    private final long returnedNs, rax, capturedNs;
    private final int pushes;
    private final String stopped;

    private RealTrace(String task, int clockId, long tsc, long updateAt, long updateEnd, List<RealWriter.Store> update,
                      List<Frame> frames, List<Read> reads, List<PathStep> path, List<PageBytes> before, List<PageBytes> afterBegin,
                      List<PageBytes> after, long returnedNs, long rax, long capturedNs, int pushes, String stopped) {
        this.task = task;
        this.clockId = clockId;
        this.tsc = tsc;
        this.updateAt = updateAt;
        this.updateEnd = updateEnd;
        this.update = List.copyOf(update);
        this.frames = List.copyOf(frames);
        this.reads = List.copyOf(reads);
        this.path = List.copyOf(path);
        this.pagesBefore = List.copyOf(before);
        this.pagesAfterBegin = List.copyOf(afterBegin);
        this.pagesAfter = List.copyOf(after);
        this.returnedNs = returnedNs;
        this.rax = rax;
        this.capturedNs = capturedNs;
        this.pushes = pushes;
        this.stopped = stopped;
    }

    /**
     * Records clock_gettime({@code clockId}) in {@code task} at the TSC value that maps to the captured reading of that
     * clock, with an update placed before reader instruction {@code updateAt} (-1: none) and closed before
     * {@code updateEnd} (at least {@code updateAt}). {@code core}: the pipeline model's core, or null for the additive
     * cost table.
     */
    public static RealTrace record(Capture c, org.vdsoexplorer.sim.asm.Listing code, Core core, String task, int clockId,
                                   long updateAt, long updateEnd) {
        Capture.Task t = c.task(task).orElseThrow(() -> new IllegalArgumentException("the capture has no " + task + " task"));
        Capture.Reading reading = t.clock(clockId).orElseThrow(() -> new IllegalArgumentException(
                "the capture has no reading of clock " + clockId + " in the " + task + " task"));
        RealTime ref = RealTime.of(t);
        long tsc = ref.tscFor(clockId, reading.ns()).orElse(0L);
        RealMachine m = new RealMachine(c, code, task, CostTable.defaults(), core);
        for (int i = 0; i < RealRows.CALLS; i++) m.call(clockId, tsc); // warm: the pipeline's predictor and queues as in a loop
        boolean ns = m.time().namespace();
        List<RealWriter.Store> update = updateAt < 0 ? List.of() : RealWriter.update(m.space(), m.time(), tsc - 1_000_000);
        long end = updateAt < 0 ? -1 : Math.max(updateAt, updateEnd);

        List<Frame> frames = new ArrayList<>();
        List<Read> reads = new ArrayList<>();
        List<PathStep> path = new ArrayList<>();
        Deriver d = new Deriver(m, clockId, ns, reads, path);
        m.cpu().setSink(d);
        List<PageBytes> before = pages(m, ns), afterBegin = before, after = before;
        String stopped = null;
        m.enter(clockId, tsc);
        long c0 = m.cpu().cycles();
        try {
            for (long step = 0; ; step++) {
                if (step == updateAt) {
                    for (RealWriter.Store s : update.subList(0, end == updateAt ? update.size() : update.size() - 2)) {
                        m.space().kernelWrite(s.address(), s.size(), s.value());
                    }
                    afterBegin = pages(m, ns);
                    after = afterBegin;
                }
                if (step == end && end > updateAt) {
                    for (RealWriter.Store s : update.subList(update.size() - 2, update.size())) m.space().kernelWrite(s.address(), s.size(), s.value());
                    after = pages(m, ns);
                }
                frames.add(frame(m, step, c0));
                if (m.returned()) break;
                if (step >= MAX_STEPS) {
                    stopped = "no return after " + MAX_STEPS + " reader instructions";
                    break;
                }
                d.step = step;
                m.step();
            }
        } catch (ExecutionException e) {
            stopped = e.getMessage();
        } finally {
            m.cpu().setSink(null);
        }
        boolean back = stopped == null && m.cpu().cpu.rip == RealMachine.CALLER_RETURN;
        if (stopped == null && !back) stopped = "returned to 0x" + Long.toHexString(m.cpu().cpu.rip) + ", not to the caller";
        long ret = m.cpu().cpu.r[Registers.RAX];
        if (back) path.add(new PathStep(frames.size() - 1, RealMark.RETURN, "rax = " + ret + (ret == 0 ? " (0: success)" : "")));
        return new RealTrace(task, clockId, tsc, updateAt, end, update, frames, reads, path, before, afterBegin, after,
                back ? m.timespecNs() : Long.MIN_VALUE, ret, reading.ns(), d.pushes, stopped);
    }

    private static Frame frame(RealMachine m, long step, long c0) {
        long[] r = m.cpu().cpu.r;
        List<Long> regs = new ArrayList<>(r.length);
        for (long v : r) regs.add(v);
        long rsp = r[Registers.RSP];
        List<Long> stack = new ArrayList<>();
        long top = RealMachine.STACK_START - 8;
        for (long a = top; a >= rsp && stack.size() < STACK_WORDS; a -= 8) stack.add(m.space().read(a, 8));
        return new Frame(step, m.returned() ? -1 : m.cpu().pc(), regs, m.cpu().cpu.rip, m.cpu().cpu.rflags(), rsp, stack,
                m.cpu().cycles() - c0);
    }

    private static List<PageBytes> pages(RealMachine m, boolean ns) {
        List<PageBytes> out = new ArrayList<>();
        for (RealSpace.Region r : m.space().regions()) {
            if (r.mapping().equals(Capture.VDSO)) continue;
            out.add(new PageBytes(r.mapping(), r.slot(), r.start(), RealFields.kind(r.mapping(), r.slot(), ns),
                    r.bytes() == null ? null : r.bytes().clone()));
        }
        return out;
    }

    /** Turns the call's events into reads and marks. */
    private static final class Deriver implements org.vdsoexplorer.sim.event.EventSink {
        private final RealMachine m;
        private final int clockId;
        private final boolean ns;
        private final List<Read> reads;
        private final List<PathStep> path;
        long step;
        int pushes;
        private int branchesBeforePages;
        private boolean pageRead, beginNext = true, modeSeen, counterSeen, pvSeen, baseSeen;
        private long begin, nsSeq = -1;

        Deriver(RealMachine m, int clockId, boolean ns, List<Read> reads, List<PathStep> path) {
            this.m = m;
            this.clockId = clockId;
            this.ns = ns;
            this.reads = reads;
            this.path = path;
        }

        @Override public void accept(Event e) {
            switch (e) {
                case Event.Branch b when !pageRead && !b.insn().mnemonic().startsWith("jmp") -> branchesBeforePages++;
                case Event.MemRead r -> read(r);
                case Event.Push p when p.reg() >= 0 -> pushes++;
                case Event.Retired r when r.insn().mnemonic().startsWith("rdtsc") -> counter(r.insn());
                case Event.Syscall s -> path.add(new PathStep(step, RealMark.SYSCALL, "syscall " + s.number()
                        + (s.number() == RealMachine.NR_CLOCK_GETTIME ? " (clock_gettime): the kernel answers" : "")));
                default -> { }
            }
        }

        private void counter(Instruction insn) {
            if (counterSeen) return;
            counterSeen = true;
            int i = insn.index();
            boolean fenced = i > 0 && m.listing().get(i - 1).mnemonic().equals("lfence");
            path.add(new PathStep(step, RealMark.COUNTER, (fenced ? "lfence; " : "") + insn.mnemonic()));
        }

        private void read(Event.MemRead r) {
            RealSpace.Region g = m.space().region(r.address());
            if (g == null) return; // the stack
            if (!pageRead) {
                pageRead = true;
                path.add(new PathStep(step, RealMark.CLOCK_ID, "CLOCK_" + RealFields.clockName(clockId) + ": "
                        + mask() + " (" + branchesBeforePages + " branch" + (branchesBeforePages == 1 ? "" : "es") + " before the first page load)"));
            }
            int off = (int) (r.address() - g.start());
            RealFields.Kind kind = RealFields.kind(g.mapping(), g.slot(), ns);
            boolean seq = m.isSeq(r.address()) && r.size() == 4 && kind == RealFields.Kind.DATA;
            String field = RealFields.name(kind, off);
            reads.add(new Read(step, g.mapping(), g.slot(), off, r.size(), r.value(), field, seq));
            if (kind == RealFields.Kind.NAMESPACE && off % RealTime.CLOCK_SIZE == RealTime.SEQ && r.size() == 4) {
                nsSeq = r.value();
            } else if (kind == RealFields.Kind.NAMESPACE && off % RealTime.CLOCK_SIZE == RealTime.MODE && r.value() == RealTime.MODE_TIMENS) {
                if (path.stream().noneMatch(p -> p.mark() == RealMark.NAMESPACE_PAGE)) {
                    path.add(new PathStep(step, RealMark.NAMESPACE_PAGE, g.mapping() + " page " + g.slot() + ": "
                            + (nsSeq < 0 ? "" : RealFields.name(kind, off - RealTime.MODE) + " = " + nsSeq + " (odd, and it stays odd: only the "
                            + "odd-seq branch looks further), ") + field + " = VDSO_CLOCKMODE_TIMENS"));
                }
            } else if (seq) {
                if (beginNext) {
                    if ((r.value() & 1) != 0) {
                        if (path.isEmpty() || path.getLast().mark() != RealMark.ODD_SPIN) path.add(new PathStep(step, RealMark.ODD_SPIN, field + " = " + r.value()));
                    } else {
                        path.add(new PathStep(step, RealMark.SEQ_BEGIN, field + " = " + r.value()));
                        begin = r.value();
                        beginNext = false;
                    }
                } else {
                    path.add(new PathStep(step, r.value() == begin ? RealMark.SEQ_SAME : RealMark.RETRY, field + " = " + r.value()
                            + (r.value() == begin ? "" : " (was " + begin + ")")));
                    beginNext = true;
                    if (r.value() != begin) modeSeen = counterSeen = pvSeen = baseSeen = false;
                }
            } else if (kind == RealFields.Kind.DATA && off % RealTime.CLOCK_SIZE == RealTime.MODE && r.size() == 4) {
                if (!modeSeen) path.add(new PathStep(step, RealMark.CLOCK_MODE, field + " = " + RealFields.clockMode(r.value())));
                modeSeen = true;
            } else if (kind == RealFields.Kind.PVCLOCK) {
                if (!pvSeen) path.add(new PathStep(step, RealMark.PVCLOCK, "vread_pvclock(): " + field));
                pvSeen = true;
            } else if ((kind == RealFields.Kind.DATA || kind == RealFields.Kind.NAMESPACE) && field.contains("].sec")) {
                if (!baseSeen || kind == RealFields.Kind.NAMESPACE) path.add(new PathStep(step, RealMark.BASE, field));
                baseSeen = true;
            }
        }

        private String mask() {
            int bit = 1 << clockId;
            if ((RealTime.HRES & bit) != 0) return "in VDSO_HRES";
            if ((RealTime.COARSE & bit) != 0) return "in VDSO_COARSE";
            if ((RealTime.RAW & bit) != 0) return "in VDSO_RAW";
            return "in no vDSO mask";
        }
    }

    public String task() { return task; }

    public int clockId() { return clockId; }

    /** The TSC value the call's counter read returns. */
    public long tsc() { return tsc; }

    /** The reader instruction the update's stores (all but vdso_write_end's) come before, or -1 without one. */
    public long updateAt() { return updateAt; }

    /** The reader instruction vdso_write_end()'s stores come before (updateAt when the update is made at once). */
    public long updateEnd() { return updateEnd; }

    public List<RealWriter.Store> update() { return update; }

    /** Frame {@code i}: the machine before reader instruction i; the last frame is after the last instruction. */
    public List<Frame> frames() { return frames; }

    /** The reader instructions executed (frames - 1). */
    public long steps() { return frames.size() - 1; }

    public List<Read> reads() { return reads; }

    public List<PathStep> path() { return path; }

    /** The pages as reader instruction {@code step} sees them (before the update, during it, after it). */
    public List<PageBytes> pagesAt(long step) {
        if (updateAt < 0 || step < updateAt) return pagesBefore;
        return step < updateEnd ? pagesAfterBegin : pagesAfter;
    }

    /** The timespec the call returned, in ns, or Long.MIN_VALUE when it did not return. */
    public long returnedNs() { return returnedNs; }

    public long rax() { return rax; }

    /** The captured clock_gettime() result the call's TSC value maps to. */
    public long capturedNs() { return capturedNs; }

    /** Why the call stopped short (a fault, an instruction outside the modelled subset), or null. */
    public String stopped() { return stopped; }

    /** The number of times the reader read everything again. */
    public long retries() { return path.stream().filter(p -> p.mark() == RealMark.RETRY).count(); }

    /** The odd seq values the reader read (each one a wait on a writer mid-update). */
    public int oddSeqReads() { return (int) reads.stream().filter(r -> r.seq() && (r.value() & 1) != 0).count(); }

    /** Pushes of general registers (the return address excluded). */
    public int pushes() { return pushes; }

    /** How the call read the clock: "syscall", "pvclock", "tsc" or "none" (the words lessons use of the C model's calls). */
    public String counter() {
        java.util.Set<RealMark> m = java.util.EnumSet.noneOf(RealMark.class);
        path.forEach(p -> m.add(p.mark()));
        return m.contains(RealMark.SYSCALL) ? "syscall" : m.contains(RealMark.PVCLOCK) ? "pvclock" : m.contains(RealMark.COUNTER) ? "tsc" : "none";
    }

    /**
     * The call as the C model's calls are summed up ({@link CallResult}): call 1, rax, the returned and the captured time
     * split into seconds and nanoseconds, instructions, milli-cycles, retries, odd-seq reads, whether it fell back, the TSC.
     */
    public org.vdsoexplorer.sim.CallResult result() {
        boolean back = returnedNs != Long.MIN_VALUE;
        long sec = back ? Math.floorDiv(returnedNs, 1_000_000_000L) : 0, nsec = back ? Math.floorMod(returnedNs, 1_000_000_000L) : 0;
        long[] expected = {Math.floorDiv(capturedNs, 1_000_000_000L), Math.floorMod(capturedNs, 1_000_000_000L)};
        return new org.vdsoexplorer.sim.CallResult(1, back ? rax : -1, sec, nsec, expected, steps(), frames.getLast().cyclesMilli(),
                (int) retries(), oddSeqReads(), counter().equals("syscall"), tsc);
    }

    /**
     * The first placement of one update_vsyscall() in {@code task}'s call of {@code clockId} whose call meets {@code goal}:
     * none, then made at once before each reader instruction in turn, then held open ({@link #HOLD_STEPS}) from each;
     * null if none does. Recorded on the additive cost table (where an update goes does not depend on the cycles).
     */
    public static RealTrace findUpdate(Capture c, org.vdsoexplorer.sim.asm.Listing code, String task, int clockId,
                                       java.util.function.Predicate<RealTrace> goal) {
        RealTrace quiet = record(c, code, null, task, clockId, -1, -1);
        if (goal.test(quiet)) return quiet;
        for (int held = 0; held < 2; held++) {
            for (long k = 0; k <= quiet.steps(); k++) {
                RealTrace t = record(c, code, null, task, clockId, k, held == 0 ? k : k + HOLD_STEPS);
                if (goal.test(t)) return t;
            }
        }
        return null;
    }
}

package org.vdsoexplorer.sim.kernel;

import static org.vdsoexplorer.sim.kernel.DataLayout.*;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cost.EntryMechanism;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.cpu.Hooks;
import org.vdsoexplorer.sim.cpu.Interpreter;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.event.EventSink;
import org.vdsoexplorer.sim.state.Derived;
import org.vdsoexplorer.sim.state.StepState;

/**
 * The modelled kernel: the vvar pages and which slot each task sees them in, the clocksources, the seqlock
 * probe of the reader's call, and the system call path for the fallback; the timekeeper and the
 * update_vsyscall() writer racing the reader on a tick schedule are its {@link VsyscallWriter}. It is the
 * interpreter's {@link Hooks}: rdtsc and kernel entry come here. What stepping changes is one {@link State}
 * holder (the writer's and the seqlock probe's inside it) plus the bytes of the pages it owns.
 */
public final class Kernel implements Hooks, AddressSpace.SeqProbe {
    /** TSC value at simulated cycle 0. */
    public static final long TSC0 = 10_000_000_000_000L;
    public static final int WRITER_STEPS = 7;
    static final int NR_CLOCK_GETTIME = 228, NR_GETTIMEOFDAY = 96, NR_I386_CLOCK_GETTIME = 265;
    static final long EINVAL = -22, EFAULT = -14, ENOSYS = -38;

    private final Scenario scenario;
    private final CostTable costs;
    private final AddressSpace as;
    private final double tscHz;
    private final long tickMilli;
    private final Page vvar = new Page(PageKind.VVAR);
    private final Page timens;
    private final Page pvclock = new Page(PageKind.PVCLOCK);
    private final Page hvclock = new Page(PageKind.HVCLOCK);
    private final long pvTscTimestamp, pvSystemTime, pvMul;
    private final int pvShift;
    private final long hvScale, hvOffset;
    /** The clock_mode this kernel writes into vdso_data (see {@link #advertisedMode}). */
    private final long mode;
    /** Whether an RTC that can wake the system is registered (alarmtimer_get_rtcdev() != NULL). */
    @Derived("configuration: set before stepping (setAlarmRtc)")
    private boolean alarmRtc = true;

    /** Everything in the kernel that stepping changes, apart from the pages' bytes. */
    public static final class State extends StepState<State> {
        /** The timekeeper and the update_vsyscall() schedule. */
        final VsyscallWriter.State writer = new VsyscallWriter.State();
        long lastTsc;
        /** The seqlock probe of the current call. */
        final SeqCheck seqCheck = new SeqCheck();
        long validatedSeq = -1;
        int callRetries, callOddSpins;
        /** What the last system call's clock read produced; never modified in place (a new array per read). */
        long[] lastKernelResult;

        private State() {}
    }

    private final State st = new State();
    private final SeqCheck seqCheck = st.seqCheck;
    private final VsyscallWriter writer;
    @Derived("wiring: the views' event sink")
    private EventSink sink;
    @Derived("wiring: the interpreter whose seq retries are charged apart, attached once")
    private Interpreter reader;

    /**
     * One run of update_vsyscall(), immutable: when it started, which step is next, its writes (null until
     * its first step computes them); {@code injected}: placed by the user rather than started by the tick.
     */
    public record Update(int number, long startMilli, int next, List<Write[]> steps, boolean injected) {}

    public record Write(int off, int size, long value) {}

    public Kernel(Scenario scenario, CostTable costs, double ghz, long tickCycles, AddressSpace as) {
        this.scenario = scenario;
        this.costs = costs;
        this.as = as;
        this.tscHz = ghz * 1e9;
        this.tickMilli = tickCycles * 1000;
        this.timens = scenario.namespace() ? new Page(PageKind.TIMENS) : null;

        // pvclock page (KVM): ns = system_time + ((tsc - tsc_timestamp) << shift) * mul >> 32
        int shift = 0;
        double perTick = 1e9 / tscHz;
        while (perTick * Math.pow(2, shift) < 0.5) shift++;
        this.pvShift = shift;
        this.pvMul = Math.round(perTick * Math.pow(2, shift) * 4294967296.0);
        this.pvTscTimestamp = TSC0 - 1_000_000;
        this.pvSystemTime = 3_600_000_000_000L;
        pvclock.write(PV_VERSION, 4, 2);
        pvclock.write(PV_TSC_TIMESTAMP, 8, pvTscTimestamp);
        pvclock.write(PV_SYSTEM_TIME, 8, pvSystemTime);
        pvclock.write(PV_MUL, 4, pvMul);
        pvclock.write(PV_SHIFT, 1, pvShift);
        pvclock.write(PV_FLAGS, 1, PVCLOCK_TSC_STABLE_BIT);
        this.mode = advertisedMode(scenario, pvclock.read(PV_FLAGS, 1));
        // Hyper-V TSC page: 100 ns units = (tsc * scale >> 64) + offset
        this.hvScale = BigInteger.valueOf(10_000_000L).shiftLeft(64)
                .divide(BigInteger.valueOf(Math.round(tscHz))).longValue();
        this.hvOffset = 5_000_000_000L;
        hvclock.write(HV_SEQUENCE, 4, 7);
        hvclock.write(HV_SCALE, 8, hvScale);
        hvclock.write(HV_OFFSET, 8, hvOffset);

        this.writer = new VsyscallWriter(this, st.writer, vvar, costs, tickMilli, mode, tscHz);

        if (timens != null) setupTimensPage();
        mapTask();
    }

    /** timens_setup_vdso_data(): seq 1 forever, clock_mode TIMENS, offsets in the basetime union. */
    private void setupTimensPage() {
        for (int base : new int[] {CS_HRES_COARSE, CS_RAW}) {
            timens.write(data(base, SEQ), 4, 1);
            timens.write(data(base, CLOCK_MODE), 4, VCLOCK_TIMENS);
            for (Clock c : Clock.values()) {
                long off = nsOffsetSec(c);
                if (off != 0) timens.write(basetime(base, c.id), 8, off);
            }
        }
    }

    /**
     * The clock_mode the kernel advertises. kvm-clock follows v5.6 arch/x86/kernel/kvmclock.c
     * kvm_setup_vsyscall_timeinfo(): VCLOCK_PVCLOCK only if vCPU 0's pvclock page has
     * PVCLOCK_TSC_STABLE_BIT set at boot, otherwise the clocksource stays VCLOCK_NONE (every hres call
     * falls back). The other clocksources advertise the scenario's mode.
     */
    public static long advertisedMode(Scenario scenario, long pvFlags) {
        if (scenario.vdsoMode() == VCLOCK_PVCLOCK && (pvFlags & PVCLOCK_TSC_STABLE_BIT) == 0) return VCLOCK_NONE;
        return scenario.vdsoMode();
    }

    /** The clock_mode this kernel writes into vdso_data. */
    public long mode() { return mode; }

    /**
     * The v5.6 slot order: VVAR, PVCLOCK, HVCLOCK, TIMENS (unbacked); namespace task: TIMENS ... VVAR. The
     * PVCLOCK slot holds vCPU 0's pvclock_vcpu_time_info (pvclock_get_pvti_cpu0_va()). v5.6's vvar_fault()
     * (arch/x86/entry/vdso/vma.c) backs it once vclock_was_used(VCLOCK_PVCLOCK): a bit kvm_cs_enable()
     * (arch/x86/kernel/kvmclock.c) sets when kvm-clock is enabled and nothing clears, so it stays backed after a
     * switch to another clocksource, and is backed in a guest whose kvm-clock mode is NONE. The model backs it
     * (and the HVCLOCK slot) only in the scenario whose clock mode it is: a simplification, no scenario switches.
     */
    private void mapTask() {
        boolean pv = mode == VCLOCK_PVCLOCK;
        boolean hv = mode == VCLOCK_HVCLOCK; // v5.13-rc1 never maps the TSC page: mode NONE
        as.map(0, timens != null ? timens : vvar);
        as.map(1, pv ? pvclock : null);
        as.map(2, hv ? hvclock : null);
        as.map(3, timens != null ? vvar : null);
        as.setProbe(this);
    }

    public static long nsOffsetSec(Clock c) {
        return switch (c) {
            case MONOTONIC, MONOTONIC_RAW, MONOTONIC_COARSE -> Scenario.TIMENS_MONOTONIC_OFFSET_SEC;
            case BOOTTIME, BOOTTIME_ALARM -> Scenario.TIMENS_BOOTTIME_OFFSET_SEC;
            default -> 0;
        };
    }

    public Scenario scenario() { return scenario; }

    public AddressSpace addressSpace() { return as; }

    public void attach(Interpreter reader) { this.reader = reader; }

    public void setSink(EventSink sink) { this.sink = sink; }

    public double tscHz() { return tscHz; }

    public long tsc(long cyclesMilli) { return TSC0 + cyclesMilli / 1000; }

    /** Clocksource counts for a TSC value, as the kernel's read function computes them. */
    public long csRead(long tsc) {
        return switch (scenario.source()) {
            case TSC -> tsc;
            case PVCLOCK -> {
                long delta = tsc - pvTscTimestamp;
                delta = pvShift >= 0 ? delta << pvShift : delta >>> -pvShift;
                yield pvSystemTime + Math.unsignedMultiplyHigh(delta, pvMul << 32) ; // (delta*mul)>>32
            }
            case HVCLOCK -> Math.unsignedMultiplyHigh(tsc, hvScale) + hvOffset;
        };
    }

    // ---- the writer ---------------------------------------------------------------------------

    /** The writes of one update_vsyscall() of the current timekeeper, in steps ({@link UpdateVsyscall}). */
    List<Write[]> buildSteps(long mode) { return writer.buildSteps(mode); }

    /** "kernel update now": an update_vsyscall() whose first step lands before the next reader step. */
    public void injectUpdate(long nowMilli) { writer.injectUpdate(nowMilli); }

    /** Applies every writer step due at or before {@code nowMilli} (ticks included). */
    public void runWriterUntil(long nowMilli) { writer.runUntil(nowMilli, sink); }

    /** True while an update is between its first and last step (seq odd). */
    public boolean writerActive() { return (seq() & 1) != 0; }

    /** Cycle (milli) of the next writer step, or Long.MAX_VALUE. Cached: the reader checks it every step. */
    public long nextWriterMilli() { return writer.nextWriterMilli(); }

    public long tickMilli() { return tickMilli; }

    public int updateCount() { return writer.updateCount(); }

    // ---- the seqlock probe --------------------------------------------------------------------

    /** A new reader call starts: forget the previous call's seqlock reads. */
    public void beginCall() {
        seqCheck.reset();
        st.validatedSeq = -1;
        st.callRetries = 0;
        st.callOddSpins = 0;
    }

    @Override
    public void seqRead(int slot, Page page, int base, long value) {
        if (page.kind() != PageKind.VVAR) return; // the namespace page's odd seq is the designed path
        switch (seqCheck.read(value)) {
            case ODD -> {
                st.callOddSpins++;
                if (reader != null) reader.setCategoryOverride(Category.SEQ_RETRY);
                if (sink != null) sink.accept(new Event.SeqOdd(value, "vvar slot " + slot));
            }
            case BEGIN -> { }
            case CHECK_OK -> st.validatedSeq = value;
            case RETRY -> {
                st.callRetries++;
                if (reader != null) reader.setCategoryOverride(Category.SEQ_RETRY);
                if (sink != null) sink.accept(new Event.SeqRetry(seqCheck.begin(), value, "vvar slot " + slot));
            }
        }
    }

    public int callRetries() { return st.callRetries; }

    public int callOddSpins() { return st.callOddSpins; }

    /** The even seq the reader's last successful retry check validated in this call, or -1. */
    public long validatedSeq() { return st.validatedSeq; }

    /**
     * The per-call state of the seqlock probe and the last counter read, as six numbers (for a call replayed by
     * {@code CallTrace}: taken before and after a recorded call, set back after a replayed one).
     */
    public long[] callProbe() {
        return new long[] {st.lastTsc, seqCheck.expectCheck() ? 1 : 0, seqCheck.begin(), st.validatedSeq, st.callRetries,
                st.callOddSpins};
    }

    /** Sets what {@link #callProbe} returned; {@code keepTsc}: the last counter read stays as it is. */
    public void restoreCallProbe(long[] p, boolean keepTsc) {
        if (!keepTsc) st.lastTsc = p[0];
        seqCheck.restore(p[1] != 0, p[2]);
        st.validatedSeq = p[3];
        st.callRetries = (int) p[4];
        st.callOddSpins = (int) p[5];
    }

    /** TSC value of the last counter read (by the reader's rdtsc or by the kernel's own read). */
    public long lastTsc() { return st.lastTsc; }

    // ---- hooks --------------------------------------------------------------------------------

    @Override
    public long rdtsc(Interpreter in) {
        st.lastTsc = tsc(in.cycles());
        return st.lastTsc;
    }

    @Override
    public long syscall(Interpreter in, EntryMechanism how) {
        long[] r = in.cpu.r;
        long nr, a0, a1;
        if (how == EntryMechanism.SYSCALL) {
            nr = r[Registers.RAX];
            a0 = r[Registers.RDI];
            a1 = r[Registers.RSI];
        } else {
            nr = r[Registers.RAX] & 0xffffffffL;
            a0 = r[Registers.RBX];
            a1 = r[Registers.RCX];
        }
        long cost = costs.entryMilli(how);
        long result;
        boolean gettime = (how == EntryMechanism.SYSCALL && nr == NR_CLOCK_GETTIME)
                || (how != EntryMechanism.SYSCALL && nr == NR_I386_CLOCK_GETTIME);
        if (gettime) {
            Clock clk = Clock.byId((int) a0).orElse(null);
            if (clk == null || !scenario.knows(clk) || (clk.alarm() && !alarmRtc)) {
                // no k_clock for the id (or none yet in this release); alarm_clock_get_timespec() without an RTC
                result = EINVAL;
            } else {
                cost += clk.coarse() ? costs.clockReadMilli("coarse") : costs.clockReadMilli(scenario.source().costKey());
                if (scenario.namespace() && nsOffsetSec(clk) != 0) cost += costs.timensKernelMilli();
                long[] ts = clk.cpuTime() ? cpuTime(in.cycles()) : kernelTime(clk, tsc(in.cycles()));
                if (!as.userWritable(a1, 16)) {
                    result = EFAULT;
                } else {
                    as.write(a1, 8, ts[0]);
                    as.write(a1 + 8, 8, ts[1]);
                    result = 0;
                }
            }
            if (how == EntryMechanism.SYSCALL && sink != null) sink.accept(new Event.Fallback(fallbackReason(clk)));
        } else if (how == EntryMechanism.SYSCALL && nr == NR_GETTIMEOFDAY) {
            cost += costs.clockReadMilli(scenario.source().costKey());
            long[] ts = kernelTime(Clock.REALTIME, tsc(in.cycles()));
            if (a0 != 0 && !as.userWritable(a0, 16)) {
                result = EFAULT;
            } else {
                if (a0 != 0) {
                    as.write(a0, 8, ts[0]);
                    as.write(a0 + 8, 8, ts[1] / 1000);
                }
                result = 0;
            }
            if (sink != null) sink.accept(new Event.Fallback("gettimeofday: " + fallbackReason(Clock.REALTIME)));
        } else {
            result = ENOSYS;
        }
        r[Registers.RAX] = result;
        if (sink != null) sink.accept(new Event.Syscall(how, nr, result, cost));
        return cost;
    }

    /**
     * CLOCK_PROCESS_CPUTIME_ID and CLOCK_THREAD_CPUTIME_ID, as v5.6 kernel/time/posix-cpu-timers.c
     * posix_cpu_clock_get() answers them: the CPU time the task (its one thread) has used. The modelled task
     * starts at cycle 0 and never leaves the CPU, so both are the simulated time since then; no time
     * namespace offset applies to CPU-time clocks.
     */
    private long[] cpuTime(long cyclesMilli) {
        long ns = Math.round(cyclesMilli / 1000.0 / (tscHz / 1e9));
        st.lastKernelResult = new long[] {ns / Timekeeper.NSEC_PER_SEC, ns % Timekeeper.NSEC_PER_SEC};
        return st.lastKernelResult;
    }

    /**
     * Whether an RTC that can wake the system is registered. v5.6 kernel/time/alarmtimer.c
     * alarm_clock_get_timespec() returns -EINVAL for CLOCK_REALTIME_ALARM and CLOCK_BOOTTIME_ALARM without
     * one; with one (the default here: PC-compatible machines have rtc_cmos) it returns realtime, or
     * boottime with the namespace's boottime offset (get_boottime_timespec()).
     */
    public void setAlarmRtc(boolean present) { this.alarmRtc = present; }

    private String fallbackReason(Clock clk) {
        if (clk == null || !clk.servedByVdso()) return "clock id not served by the vDSO";
        if (mode == VCLOCK_NONE) return "clock_mode is VCLOCK_NONE: __arch_get_hw_counter() returned U64_MAX";
        return "the hardware counter read failed (U64_MAX)";
    }

    /** What the kernel's clock_gettime() returns for {@code clk} with the counter at {@code tsc}. */
    private long[] kernelTime(Clock clk, long tsc) {
        st.lastTsc = tsc;
        long[] t = clk.coarse() ? writer.tk().coarse(clk) : writer.tk().at(clk == Clock.REALTIME_ALARM ? Clock.REALTIME
                : clk == Clock.BOOTTIME_ALARM ? Clock.BOOTTIME : clk, csRead(tsc));
        st.lastKernelResult = scenario.namespace() ? addNs(t, nsOffsetSec(clk)) : t;
        return st.lastKernelResult;
    }

    /** What the last system call's clock read produced ({sec, nsec}), or null if none yet. */
    public long[] lastKernelResult() { return st.lastKernelResult; }

    private static long[] addNs(long[] t, long sec) { return new long[] {t[0] + sec, t[1]}; }

    // ---- reference time (for tests and views) -------------------------------------------------

    /** The kernel's reference time of hres clock {@code clk} for counter value {@code tsc}, namespace offsets added. */
    /**
     * Whether {@code sec}, {@code nsec} is {@link #reference}{@code (clk, tsc)}, computed into {@code scratch} (two
     * longs) without allocating: a run of replayed calls checks every call with it.
     */
    public boolean isReference(Clock clk, long tsc, long sec, long nsec, long[] scratch) {
        long[] t = writer.tk().at(clk, csRead(tsc), scratch);
        return t[0] + (scenario.namespace() ? nsOffsetSec(clk) : 0) == sec && t[1] == nsec;
    }

    public long[] reference(Clock clk, long tsc) {
        long[] t = writer.tk().at(clk, csRead(tsc));
        return scenario.namespace() ? addNs(t, nsOffsetSec(clk)) : t;
    }

    /** The coarse time published with even seq {@code seq}, namespace offsets added; null if forgotten. */
    public long[] coarseReference(Clock clk, long seq) {
        long[] p = writer.published(seq);
        if (p == null) return null;
        long[] t = clk == Clock.REALTIME_COARSE ? new long[] {p[0], p[1]} : new long[] {p[2], p[3]};
        return scenario.namespace() ? addNs(t, nsOffsetSec(clk)) : t;
    }

    /** The current seq of the real data page. */
    public long seq() { return vvar.read(data(CS_HRES_COARSE, SEQ), 4); }

    public Page vvarPage() { return vvar; }

    public Page timensPage() { return timens; }

    // ---- snapshots ----------------------------------------------------------------------------

    /**
     * Everything mutable in the kernel, copied: its {@link State} and the bytes of the pages stepping writes (the
     * vvar and time-namespace pages, the stack), shared between snapshots while a page is unchanged.
     */
    public record Snapshot(State state, byte[] vvar, byte[] timens, byte[][] stack) {
        @Override public boolean equals(Object o) { return o instanceof Snapshot && StepState.deepEquals(this, o); }

        @Override public int hashCode() { return StepState.digestOf(this).hashCode(); }
    }

    public Snapshot save() {
        return new Snapshot(st.copy(), vvar.snapshotBytes(), timens == null ? null : timens.snapshotBytes(), as.saveStack());
    }

    public void restore(Snapshot s) {
        st.copyFrom(s.state());
        vvar.restoreBytes(s.vvar());
        if (timens != null) timens.restoreBytes(s.timens());
        as.restoreStack(s.stack());
        writer.restored();
    }
}

package org.vdsoexplorer.sim.kernel;

import static org.vdsoexplorer.sim.kernel.DataLayout.*;

import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.event.EventSink;
import org.vdsoexplorer.sim.state.Derived;
import org.vdsoexplorer.sim.state.StepState;
import org.vdsoexplorer.sim.kernel.Kernel.Update;
import org.vdsoexplorer.sim.kernel.Kernel.Write;

/**
 * The writer side of the {@link Kernel}: the timekeeper, the tick schedule and the queue of update_vsyscall()
 * runs racing the reader (started by the tick or injected by the user), applied step by step to the vvar page,
 * and the coarse times each finished update published (kept for {@link Kernel#coarseReference}). Its state is a
 * {@link State} inside the kernel's.
 */
final class VsyscallWriter {
    private final Kernel kernel;
    private final Page vvar;
    private final CostTable costs;
    private final long tickMilli;
    private final long mode;

    /** The writer's step-back state (part of {@link Kernel.State}). */
    static final class State extends StepState<State> {
        Timekeeper tk;
        long nextTickMilli;
        ArrayDeque<Update> updates = new ArrayDeque<>();
        int updateCount;
        /** The coarse times {REALTIME_COARSE sec, nsec, MONOTONIC_COARSE sec, nsec} published with each even seq. */
        LinkedHashMap<Long, long[]> published = new LinkedHashMap<>();

        State() {}
    }

    private final State st;
    /** Cycle (milli) of the next writer step, or Long.MAX_VALUE. Cached: the reader checks it every step. */
    @Derived("cache of the next writer step's time: recomputed after every change and on restore")
    private long writerDue;

    /** The boot state: the timekeeper at {@link Kernel#TSC0}, one whole update_vsyscall() applied, the first tick half a tick away. */
    VsyscallWriter(Kernel kernel, State st, Page vvar, CostTable costs, long tickMilli, long mode, double tscHz) {
        this.kernel = kernel;
        this.st = st;
        this.vvar = vvar;
        this.costs = costs;
        this.tickMilli = tickMilli;
        this.mode = mode;
        st.tk = new Timekeeper(kernel.scenario().source().hz(tscHz), kernel.csRead(Kernel.TSC0));
        vvar.write(data(CS_HRES_COARSE, SEQ), 4, 0);
        vvar.write(data(CS_RAW, SEQ), 4, 0);
        for (Write[] step : buildSteps(mode)) for (Write w : step) apply(w);
        st.published.put(seq(), coarseNow());
        st.nextTickMilli = tickMilli / 2;
        recomputeDue();
    }

    Timekeeper tk() { return st.tk; }

    private long seq() { return vvar.read(data(CS_HRES_COARSE, SEQ), 4); }

    private long[] coarseNow() {
        Timekeeper tk = st.tk;
        long[] r = tk.coarse(Clock.REALTIME_COARSE), m = tk.coarse(Clock.MONOTONIC_COARSE);
        return new long[] {r[0], r[1], m[0], m[1]};
    }

    private void apply(Write w) { vvar.write(w.off(), w.size(), w.value()); }

    /** The writes of one update_vsyscall() of the current timekeeper, in steps ({@link UpdateVsyscall}). */
    List<Write[]> buildSteps(long mode) {
        return UpdateVsyscall.steps(st.tk, kernel.scenario(), seq(), mode);
    }

    /** "kernel update now": an update_vsyscall() whose first step lands before the next reader step. */
    void injectUpdate(long nowMilli) {
        ArrayDeque<Update> updates = st.updates;
        long start = updates.isEmpty() ? nowMilli : Math.max(nowMilli, endOf(updates.peekLast()));
        updates.addLast(new Update(++st.updateCount, start, 0, null, true));
        recomputeDue();
    }

    private long endOf(Update u) { return u.startMilli() + (Kernel.WRITER_STEPS - 1) * costs.writerStepMilli() + 1; }

    /** Applies every writer step due at or before {@code nowMilli} (ticks included), each reported to {@code sink} if not null. */
    void runUntil(long nowMilli, EventSink sink) {
        State st = this.st;
        ArrayDeque<Update> updates = st.updates;
        while (true) {
            if (st.nextTickMilli <= nowMilli && tickMilli > 0) {
                long start = updates.isEmpty() ? st.nextTickMilli : Math.max(st.nextTickMilli, endOf(updates.peekLast()));
                updates.addLast(new Update(++st.updateCount, start, 0, null, false));
                st.nextTickMilli += tickMilli;
                continue;
            }
            Update u = updates.peekFirst();
            if (u == null) break;
            long due = u.startMilli() + u.next() * costs.writerStepMilli();
            if (due > nowMilli) break;
            List<Write[]> steps = u.steps();
            if (steps == null) {
                // timekeeping_advance() at the tick: read the clocksource, then publish
                st.tk.advance(kernel.csRead(kernel.tsc(due)));
                steps = buildSteps(mode);
            }
            for (Write w : steps.get(u.next())) apply(w);
            long seq = seq();
            if (u.next() == Kernel.WRITER_STEPS - 1) st.published.put(seq, coarseNow());
            if (st.published.size() > 64) st.published.remove(st.published.keySet().iterator().next());
            if (sink != null) sink.accept(new Event.WriterStep(u.number(), u.next(), Kernel.WRITER_STEPS, UpdateVsyscall.LABELS[u.next()], seq, u.injected()));
            updates.pollFirst();
            if (u.next() + 1 < Kernel.WRITER_STEPS) updates.addFirst(new Update(u.number(), u.startMilli(), u.next() + 1, steps, u.injected()));
        }
        recomputeDue();
    }

    long nextWriterMilli() { return writerDue; }

    private void recomputeDue() { writerDue = computeNextWriterMilli(); }

    private long computeNextWriterMilli() {
        Update u = st.updates.peekFirst();
        long next = u == null ? Long.MAX_VALUE : u.startMilli() + u.next() * costs.writerStepMilli();
        return tickMilli > 0 ? Math.min(next, st.nextTickMilli) : next;
    }

    int updateCount() { return st.updateCount; }

    /** The coarse times {REALTIME_COARSE sec, nsec, MONOTONIC_COARSE sec, nsec} published with even seq {@code seq}, or null if forgotten. */
    long[] published(long seq) { return st.published.get(seq); }

    /** Its state was restored (the kernel's holder copied back): the cached due time follows. */
    void restored() { recomputeDue(); }
}

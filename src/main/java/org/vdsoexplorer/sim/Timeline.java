package org.vdsoexplorer.sim;

import java.util.Map;
import java.util.TreeMap;
import org.vdsoexplorer.sim.event.EventSink;

/**
 * Exact step-back over a {@link Machine}: snapshots every {@link #INTERVAL} steps plus a log of the
 * user's inputs (writer updates placed before a reader step) by step number. The state at step {@code p}
 * is the machine after {@code p} reader steps with every logged update at steps {@code <= p} applied
 * (an update placed at {@code p} is applied on arriving there, before reader step {@code p} runs).
 * Going back restores the nearest earlier snapshot and replays silently; because the model is
 * deterministic and the inputs are replayed at the same steps, back N then forward N reproduces the
 * identical state.
 *
 * <p>The log is a document, not an undo history: placing or removing an update anywhere keeps every
 * other placement, earlier or later, at its step number. Steps after an edit are re-executed with the
 * edited log (their snapshots are dropped); updates logged beyond the current step are applied when
 * stepping reaches them.
 */
public final class Timeline {
    /**
     * Steps between snapshots: going back replays at most this many minus one steps silently (a few ms). At full
     * speed (about a million steps a second) every snapshot lives until the session rebases, long enough to be
     * promoted to the old generation: 256 made snapshots most of the app's garbage and kept the GC's concurrent
     * cycles running; 4096 makes them 1/16 of that.
     */
    public static final int INTERVAL = 4096;

    private final Machine machine;
    private final int interval;
    /** Snapshot at step s: the state after s steps, before the updates logged at s are applied. */
    private final TreeMap<Long, Machine.Snapshot> snapshots = new TreeMap<>();
    private final TreeMap<Long, Integer> injections = new TreeMap<>();
    private long step;

    public Timeline(Machine machine) { this(machine, INTERVAL); }

    /** A timeline with a snapshot every {@code interval} steps (tests use short ones to cross many). */
    Timeline(Machine machine, int interval) {
        this.machine = machine;
        this.interval = interval;
        snapshots.put(0L, machine.save());
    }

    public Machine machine() { return machine; }

    /** Reader steps executed so far on this timeline. */
    public long position() { return step; }

    /** Executes one reader step, then applies the updates logged at the step it arrives at. */
    public CallResult step() {
        CallResult r = machine.step();
        arrive();
        return r;
    }

    private void arrive() {
        step++;
        if (step % interval == 0) snapshots.putIfAbsent(step, machine.save());
        if (injections.isEmpty()) return; // (no boxed step number per step: it was a sixth of the app's garbage)
        Integer n = injections.get(step);
        if (n != null) for (int i = 0; i < n; i++) machine.injectWriterUpdate();
    }

    /** Runs until the current call ends (or one whole call). */
    public CallResult runCall() {
        CallResult r;
        do {
            r = step();
        } while (r == null);
        return r;
    }

    /** "Kernel update now": an update placed at this step (before the next reader step), applied at once. */
    public void injectWriterUpdate() { place(step); }

    /**
     * Places a writer update before reader step {@code at}. At the current step it is applied at once; in
     * the future it is applied when stepping arrives there; in the past the steps after it are re-executed:
     * the timeline moves back to {@code at} (silently, with the update applied) and the caller steps on.
     */
    public void place(long at) {
        if (at < 0) throw new IllegalArgumentException("no reader step " + at);
        injections.merge(at, 1, Integer::sum);
        if (at == step) {
            machine.injectWriterUpdate();
        } else if (at < step) {
            snapshots.tailMap(at, false).clear();
            rebuild(at);
        }
    }

    /**
     * Removes one writer update placed before reader step {@code at}. If it was already applied
     * ({@code at <= position()}) the timeline moves back to {@code at} without it; the caller steps on.
     */
    public void remove(long at) {
        Integer n = injections.get(at);
        if (n == null) throw new IllegalArgumentException("no writer update is placed before reader step " + at);
        if (n == 1) injections.remove(at);
        else injections.put(at, n - 1);
        if (at <= step) {
            snapshots.tailMap(at, false).clear();
            rebuild(at);
        }
    }

    /** The logged injections: step number to count. */
    public Map<Long, Integer> injections() { return java.util.Collections.unmodifiableMap(injections); }

    /** Goes back {@code n} steps (to step 0 at most). Events are not replayed to the sink. */
    public void back(long n) { seek(Math.max(0, step - n)); }

    /** Moves to step {@code target}, backwards by snapshot + silent replay, forwards by silent stepping. */
    public void seek(long target) {
        if (target < step) {
            rebuild(target);
            return;
        }
        EventSink sink = machine.sink();
        machine.setEventSink(null);
        try {
            while (step < target) step();
        } finally {
            machine.setEventSink(sink);
        }
    }

    /** Restores the nearest snapshot at or before {@code target} and replays silently up to it. */
    private void rebuild(long target) {
        EventSink sink = machine.sink();
        machine.setEventSink(null);
        try {
            Map.Entry<Long, Machine.Snapshot> e = snapshots.floorEntry(target);
            machine.restore(e.getValue());
            step = e.getKey();
            Integer n = injections.get(step);
            if (n != null) for (int i = 0; i < n; i++) machine.injectWriterUpdate();
            while (step < target) step();
        } finally {
            machine.setEventSink(sink);
        }
    }
}

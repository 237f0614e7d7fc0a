package org.vdsoexplorer.model;

import java.util.Map;
import java.util.TreeMap;
import org.vdsoexplorer.model.event.EventSink;

/**
 * Exact step-back over a {@link Machine}: snapshots every {@link #INTERVAL} steps plus a log of the
 * user's inputs (writer injections) by step number. Going back restores the nearest earlier snapshot
 * and replays silently; because the model is deterministic and the inputs are replayed at the same
 * steps, back N then forward N reproduces the identical state. A new input after going back drops the
 * old future (like an editor's undo history).
 */
public final class Timeline {
    public static final int INTERVAL = 256;

    private final Machine machine;
    private final TreeMap<Long, Machine.Snapshot> snapshots = new TreeMap<>();
    private final TreeMap<Long, Integer> injections = new TreeMap<>();
    private long step;
    /** The furthest step executed on the current future; injections below it are replayed from the log. */
    private long highWater;

    public Timeline(Machine machine) {
        this.machine = machine;
        snapshots.put(0L, machine.save());
    }

    public Machine machine() { return machine; }

    /** Reader steps executed so far on this timeline. */
    public long position() { return step; }

    /** Executes one reader step, replaying any logged injection for this step first. */
    public CallResult step() {
        replayInjections();
        CallResult r = machine.step();
        advanced();
        return r;
    }

    private void replayInjections() {
        if (step >= highWater) return; // live: the injection was applied when the user asked
        Integer n = injections.get(step);
        if (n != null) for (int i = 0; i < n; i++) machine.injectWriterUpdate();
    }

    private void advanced() {
        step++;
        highWater = Math.max(highWater, step);
        if (step % INTERVAL == 0) snapshots.putIfAbsent(step, machine.save());
    }

    /** Runs until the current call ends (or one whole call). */
    public CallResult runCall() {
        CallResult r;
        do {
            r = step();
        } while (r == null);
        return r;
    }

    /** "Kernel update now": logged at this step so replays keep it. Drops any future beyond this step. */
    public void injectWriterUpdate() {
        if (highWater > step) {
            // a new input after going back: the old future (its snapshots and inputs) is gone
            snapshots.tailMap(step, false).clear();
            injections.tailMap(step, true).clear();
            highWater = step;
        }
        injections.merge(step, 1, Integer::sum);
        machine.injectWriterUpdate();
    }

    /** The logged injections: step number to count. */
    public Map<Long, Integer> injections() { return java.util.Collections.unmodifiableMap(injections); }

    /** Goes back {@code n} steps (to step 0 at most). Events are not replayed to the sink. */
    public void back(long n) { seek(Math.max(0, step - n)); }

    /** Moves to step {@code target}, backwards by snapshot + silent replay, forwards by silent stepping. */
    public void seek(long target) {
        EventSink sink = machine.sink();
        machine.setSink(null);
        try {
            if (target < step) {
                Map.Entry<Long, Machine.Snapshot> e = snapshots.floorEntry(target);
                machine.restore(e.getValue());
                step = e.getKey();
            }
            while (step < target) {
                replayInjections();
                machine.step();
                advanced();
            }
        } finally {
            machine.setSink(sink);
        }
    }
}

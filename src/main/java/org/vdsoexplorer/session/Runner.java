package org.vdsoexplorer.session;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;

/**
 * Run / pause at a rate, stopping at breakpoints, with the refresh budget: the one place that advances
 * the session while it runs (like Ripes' processor handler). A frame clock (the window's AnimationTimer)
 * calls {@link #pulse(long)} once per frame while {@link #runningProperty()} is true; the runner steps the
 * model and then refreshes the views: every frame at low rates, and at full speed the most overdue of the
 * {@link #addLiveView live views} (the counters {@link #COUNTERS_HZ}, each view {@link #VIEW_HZ} times a
 * second), so no frame repaints more than one. The model's slice and that refresh share half of
 * {@link #FRAME_BUDGET_NANOS}: the slice is what the refresh due in this frame took the last time it ran less
 * (at least {@link #MIN_SLICE_NANOS}), so a frame with a costly refresh does not also get a whole model slice.
 */
public final class Runner {
    /**
     * Full speed: model steps and the view refresh of a pulse share half this budget so the FX thread keeps its frame rate.
     * bench-ui on the 2-core machine, 20 s runs interleaved with {@code --idle} (p99 17.00-17.17 ms): with 6 ms the p99
     * frame was 17.21-17.71 ms in six runs, with 8 ms 17.21-18.32 ms in eleven (three more than 1 ms over the floor),
     * for about a third more model steps.
     */
    public static final long FRAME_BUDGET_NANOS = 6_000_000;
    /** The shortest model slice of a pulse, however long the refresh due in it took last time. */
    public static final long MIN_SLICE_NANOS = 1_000_000;
    /** While running faster than this, views are redrawn at this rate (in turns). */
    public static final int VIEW_HZ = 8;
    /** While running fast, the counters refresh this often. */
    public static final int COUNTERS_HZ = 20;
    /** Speed slider value at or above which the model runs at full speed. */
    public static final double FULL_SPEED = 0.995;

    private final Session session;
    private final LongSupplier clock;
    private final Consumer<String> report;
    private final BooleanProperty running = new SimpleBooleanProperty(this, "running");
    private final DoubleProperty speed = new SimpleDoubleProperty(this, "speed", 0.2);
    private final ReadOnlyBooleanWrapper fast = new ReadOnlyBooleanWrapper(this, "fast");
    private final ReadOnlyBooleanWrapper full = new ReadOnlyBooleanWrapper(this, "fullSpeed");
    private final List<Runnable> live = new ArrayList<>();
    private final List<Long> livePeriod = new ArrayList<>();
    private long[] liveRefreshed = {};
    /** What each live view's refresh took the last time it ran (nanoseconds). */
    private long[] liveCost = {};
    private long last = -1;
    private double owed;
    /** The last pulse's model slice and view refresh (nanoseconds), and the live view it refreshed (-1: none). */
    private long lastModelNanos, lastRefreshNanos;
    private int lastRefreshed = -1;

    /**
     * A runner of {@code session}; {@code report} receives why a run stopped (a breakpoint, a model error).
     * {@code clock} is the nanosecond clock for the model's time slice (System::nanoTime).
     */
    public Runner(Session session, Consumer<String> report, LongSupplier clock) {
        this.session = session;
        this.report = report;
        this.clock = clock;
        running.addListener((o, a, on) -> {
            last = -1;
            owed = 0;
            if (!on) {
                fast.set(false);
                full.set(false);
                session.fire(); // the views catch up with the model
            }
        });
    }

    public Runner(Session session, Consumer<String> report) { this(session, report, System::nanoTime); }

    /** True while running; the frame clock runs while this is true. */
    public BooleanProperty runningProperty() { return running; }

    public boolean isRunning() { return running.get(); }

    public void setRunning(boolean on) { running.set(on); }

    /** The speed slider's value: 0 is 1 reader step per second, 1 full speed (logarithmic between). */
    public DoubleProperty speedProperty() { return speed; }

    /** True while running too fast to show every step: views that draw a whole call show the last finished one. */
    public ReadOnlyBooleanProperty fastProperty() { return fast.getReadOnlyProperty(); }

    /** True while running at full speed (the slider at {@link #FULL_SPEED}): as many steps as each frame's slice allows. */
    public ReadOnlyBooleanProperty fullSpeedProperty() { return full.getReadOnlyProperty(); }

    /** Adds a view refreshed while running fast, {@code hz} times a second, in turn with the others. */
    public void addLiveView(Runnable refresh, int hz) {
        live.add(refresh);
        livePeriod.add(1_000_000_000L / hz);
        liveRefreshed = new long[live.size()];
        liveCost = new long[live.size()];
    }

    /** Nanoseconds the last pulse spent stepping the model. */
    public long lastModelNanos() { return lastModelNanos; }

    /** Nanoseconds the last pulse spent refreshing a live view at full speed (0: none refreshed). */
    public long lastRefreshNanos() { return lastRefreshNanos; }

    /** Which {@link #addLiveView live view} (in the order added) the last pulse refreshed, or -1. */
    public int lastRefreshed() { return lastRefreshed; }

    /** Reader steps per second at the current speed (infinite at full speed). */
    public double stepsPerSecond() { return stepsPerSecond(speed.get()); }

    /** Reader steps per second at slider value {@code v}: 10^(6v), 1 to a million; infinite at {@link #FULL_SPEED}. */
    public static double stepsPerSecond(double v) {
        if (v >= FULL_SPEED) return Double.POSITIVE_INFINITY;
        return Math.pow(10, v * 6);
    }

    /**
     * One frame at time {@code now} (nanoseconds, e.g. the AnimationTimer's): runs the steps owed since the
     * last frame (the first frame one step), then refreshes. Returns the number of steps run.
     */
    public long pulse(long now) {
        if (!running.get()) return 0;
        double dt = last < 0 ? 0 : (now - last) / 1e9;
        boolean first = last < 0;
        last = now;
        double rate = stepsPerSecond();
        boolean isFast = rate >= VIEW_HZ;
        int due = isFast ? dueView(now) : -1;
        // the model gets a fixed share of each frame, less what the refresh due after it took last time (a budget
        // tied to the last frame interval fed back on itself: slow frames bought longer slices, slower frames)
        long start = clock.getAsLong();
        long deadline = start + Math.max(MIN_SLICE_NANOS, FRAME_BUDGET_NANOS / 2 - (due < 0 ? 0 : liveCost[due]));
        lastRefreshed = -1;
        lastRefreshNanos = 0;
        long n;
        if (Double.isInfinite(rate)) {
            n = Long.MAX_VALUE;
        } else {
            owed = Math.min(owed + rate * dt, rate * 0.25 + 1);
            if (first && owed < 1) owed = 1; // first pulse: one step right away
            n = (long) owed;
            owed -= n;
        }
        long done = 0;
        try {
            for (long i = 0; i < n; i++) {
                session.stepQuiet();
                done++;
                if (session.atBreakpoint()) {
                    running.set(false);
                    report.accept("stopped at a breakpoint: " + session.machine().next());
                    return done;
                }
                if ((i & 63) == 63 && clock.getAsLong() > deadline) break;
            }
        } catch (RuntimeException e) {
            running.set(false);
            report.accept("stopped: " + e.getMessage());
            return done;
        }
        lastModelNanos = clock.getAsLong() - start;
        if (done == 0) return 0;
        fast.set(isFast);
        full.set(Double.isInfinite(rate));
        if (!isFast) {
            session.fire();
            return done;
        }
        if (due >= 0) {
            liveRefreshed[due] = now;
            long r0 = clock.getAsLong();
            live.get(due).run();
            lastRefreshNanos = clock.getAsLong() - r0;
            liveCost[due] = lastRefreshNanos;
            lastRefreshed = due;
        }
        return done;
    }

    /** The most overdue live view at time {@code now}, or -1 if none is due. */
    private int dueView(long now) {
        int due = -1;
        long worst = 0;
        for (int v = 0; v < live.size(); v++) {
            long late = now - liveRefreshed[v] - livePeriod.get(v);
            if (late >= 0 && (due < 0 || late > worst)) {
                due = v;
                worst = late;
            }
        }
        return due;
    }
}

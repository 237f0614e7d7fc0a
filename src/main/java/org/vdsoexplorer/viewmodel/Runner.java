package org.vdsoexplorer.viewmodel;

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
 * model for at most half of {@link #FRAME_BUDGET_NANOS} and then refreshes the views: every frame at low
 * rates, and at full speed the most overdue of the {@link #addLiveView live views} (the counters
 * {@link #COUNTERS_HZ}, each view {@link #VIEW_HZ} times a second), so no frame repaints more than one.
 */
public final class Runner {
    /** Full speed: model steps per pulse are limited by half this budget so the FX thread keeps its frame rate. */
    public static final long FRAME_BUDGET_NANOS = 8_000_000;
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
    private final List<Runnable> live = new ArrayList<>();
    private final List<Long> livePeriod = new ArrayList<>();
    private long[] liveRefreshed = {};
    private long last = -1;
    private double owed;

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

    /** Adds a view refreshed while running fast, {@code hz} times a second, in turn with the others. */
    public void addLiveView(Runnable refresh, int hz) {
        live.add(refresh);
        livePeriod.add(1_000_000_000L / hz);
        liveRefreshed = new long[live.size()];
    }

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
        // the model gets a fixed slice of each frame (a budget tied to the last frame interval fed back on
        // itself: slow frames bought longer model slices, which made the frames slower)
        long deadline = clock.getAsLong() + FRAME_BUDGET_NANOS / 2;
        double rate = stepsPerSecond();
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
        if (done == 0) return 0;
        boolean isFast = rate >= VIEW_HZ;
        fast.set(isFast);
        if (!isFast) {
            session.fire();
            return done;
        }
        long t = now;
        int due = -1;
        long worst = 0;
        for (int v = 0; v < live.size(); v++) {
            long late = t - liveRefreshed[v] - livePeriod.get(v);
            if (late >= 0 && (due < 0 || late > worst)) {
                due = v;
                worst = late;
            }
        }
        if (due >= 0) {
            liveRefreshed[due] = t;
            live.get(due).run();
        }
        return done;
    }
}

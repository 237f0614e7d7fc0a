package org.vdsoexplorer.app.common;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * A window's clock for what its views animate or time (a register flash that ends after 300 ms, a glide, an
 * edge that grows, "steps far enough apart to be watched"): the time now, in nanoseconds, and frame callbacks
 * ({@link Ticker}, started and stopped like JavaFX's AnimationTimer). A view never reads System.nanoTime()
 * or starts an AnimationTimer of its own; it is handed its window's clock, as the {@link
 * org.vdsoexplorer.session.Runner} is handed its own.
 * <p>
 * {@link #system()} is the real one: System.nanoTime() and an AnimationTimer per ticker, run by JavaFX's
 * pulse. {@link #manual()} stands still until its owner (a test) {@link Manual#advance advances} it, and each
 * advance is one frame for every started ticker: what a view does after 260 ms is then what it does after
 * an advance of 260 ms, however loaded the machine.
 */
public abstract class FrameClock {
    /** Something run once per frame, with the frame's time, while started (FX thread). */
    public interface Ticker {
        void start();

        void stop();
    }

    FrameClock() {}

    /** The time now, in nanoseconds (only differences mean anything). */
    public abstract long now();

    /** A ticker that calls {@code onFrame} with each frame's time while it is started (not started yet). */
    public abstract Ticker ticker(LongConsumer onFrame);

    /**
     * The clock the {@link org.vdsoexplorer.session.Runner} budgets a frame's work on (how long its model slice and
     * view refresh took): System.nanoTime() for the real clock; for a manual one a count that moves
     * {@link Manual#WORK_TICK_NANOS} each time it is read, so a full-speed frame runs a fixed number of steps.
     */
    public abstract java.util.function.LongSupplier work();

    /** The real clock: System.nanoTime() and JavaFX's pulse. */
    public static FrameClock system() { return SYSTEM; }

    /** A clock at 0 that moves only by {@link Manual#advance}. */
    public static Manual manual() { return new Manual(); }

    private static final FrameClock SYSTEM = new FrameClock() { // stateless: each ticker is its own AnimationTimer
        @Override public long now() { return System.nanoTime(); }

        @Override public java.util.function.LongSupplier work() { return System::nanoTime; }

        @Override public Ticker ticker(LongConsumer onFrame) {
            javafx.animation.AnimationTimer t = new javafx.animation.AnimationTimer() {
                @Override public void handle(long now) { onFrame.accept(now); }
            };
            return new Ticker() {
                @Override public void start() { t.start(); }

                @Override public void stop() { t.stop(); }
            };
        }
    };

    /** A clock driven by hand: time moves, and frames happen, only in {@link #advance}. Not thread-safe (FX thread). */
    public static final class Manual extends FrameClock {
        /** How far the {@link #work()} clock moves each time it is read. */
        public static final long WORK_TICK_NANOS = 1_000_000;
        private long now, work;
        private final List<Frame> started = new ArrayList<>();
        private long frames;

        private Manual() {}

        @Override public long now() { return now; }

        @Override public java.util.function.LongSupplier work() { return () -> work += WORK_TICK_NANOS; }

        @Override public Ticker ticker(LongConsumer onFrame) { return new Frame(onFrame); }

        private final class Frame implements Ticker {
            final LongConsumer onFrame;

            Frame(LongConsumer onFrame) { this.onFrame = onFrame; }

            @Override public void start() { if (!started.contains(this)) started.add(this); }

            @Override public void stop() { started.remove(this); }
        }

        /** Moves the time on by {@code nanos} and runs one frame at the new time (every ticker started then). */
        public void advance(long nanos) {
            if (nanos < 0) throw new IllegalArgumentException("time goes forward: " + nanos);
            now += nanos;
            frames++;
            for (Frame f : List.copyOf(started)) if (started.contains(f)) f.onFrame.accept(now);
        }

        /** {@link #advance} by {@code millis} milliseconds. */
        public void advanceMillis(long millis) { advance(millis * 1_000_000L); }

        /** {@code count} frames {@code periodMillis} apart. */
        public void frames(int count, long periodMillis) {
            for (int i = 0; i < count; i++) advanceMillis(periodMillis);
        }

        /** Tickers started now (a finished animation stops its own). */
        public int running() { return started.size(); }

        /** Frames run so far. */
        public long frameCount() { return frames; }
    }
}

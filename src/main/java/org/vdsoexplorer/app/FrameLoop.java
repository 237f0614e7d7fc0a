package org.vdsoexplorer.app;

import java.util.function.Consumer;
import org.vdsoexplorer.session.Runner;

/** The window's frame clock: JavaFX's pulse drives the {@link Runner} while it runs, and the live views refresh at its rates. */
final class FrameLoop {
    private FrameLoop() { }

    /**
     * The window's frame clock: pulses {@code runner} while it runs; at full speed {@code counters} and each of
     * {@code views} take turns ({@link Runner#COUNTERS_HZ}, {@link Runner#VIEW_HZ}); {@code fast} hears when the
     * views that draw a whole call should show the last finished one.
     */
    static javafx.animation.AnimationTimer start(Runner runner, Runnable counters, java.util.List<Runnable> views,
                                                   Consumer<Boolean> fast) {
        runner.addLiveView(counters, Runner.COUNTERS_HZ);
        for (Runnable v : views) runner.addLiveView(v, Runner.VIEW_HZ);
        runner.fastProperty().addListener((o, a, f) -> fast.accept(f));
        javafx.animation.AnimationTimer timer = new javafx.animation.AnimationTimer() {
            @Override public void handle(long now) { runner.pulse(now); }
        };
        runner.runningProperty().addListener((o, a, on) -> { if (on) timer.start(); else timer.stop(); });
        return timer;
    }
}

package org.vdsoexplorer.app;

import java.util.function.Consumer;
import org.vdsoexplorer.session.Runner;

/**
 * The window's frame loop: the frames of its {@link org.vdsoexplorer.app.common.FrameClock} (JavaFX's pulse, or a
 * test's advances) drive the {@link Runner} while it runs, and the live views refresh at its rates.
 */
final class FrameLoop {
    private FrameLoop() { }

    /**
     * The window's frame clock: pulses {@code runner} while it runs; at full speed {@code counters} and each of
     * {@code views} take turns ({@link Runner#COUNTERS_HZ}, {@link Runner#VIEW_HZ}); {@code fast} hears when the
     * views that draw a whole call should show the last finished one.
     */
    static org.vdsoexplorer.app.common.FrameClock.Ticker start(org.vdsoexplorer.app.common.FrameClock clock, Runner runner,
                                                               Runnable counters, java.util.List<Runnable> views,
                                                               Consumer<Boolean> fast) {
        runner.addLiveView(counters, Runner.COUNTERS_HZ);
        for (Runnable v : views) runner.addLiveView(v, Runner.VIEW_HZ);
        runner.fastProperty().addListener((o, a, f) -> fast.accept(f));
        org.vdsoexplorer.app.common.FrameClock.Ticker timer = clock.ticker(runner::pulse);
        runner.runningProperty().addListener((o, a, on) -> { if (on) timer.start(); else timer.stop(); });
        return timer;
    }
}

package org.vdsoexplorer.clockfixture.app;

/** A fixture for {@link org.vdsoexplorer.app.ViewClockTest}: a "view" that reads the system clock and runs a timer of its own. */
public final class ViewReadingTheClock {
    private long last = System.nanoTime();

    private final javafx.animation.AnimationTimer timer = new javafx.animation.AnimationTimer() {
        @Override public void handle(long now) { last = now; }
    };

    public long since() { return System.nanoTime() - last; }

    public void start() { timer.start(); }
}

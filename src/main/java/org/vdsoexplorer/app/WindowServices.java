package org.vdsoexplorer.app;

import org.vdsoexplorer.app.common.FrameClock;
import org.vdsoexplorer.report.SteadyFigures;

/**
 * What a main window is handed rather than finding in a static: the {@link FrameClock} its views time their
 * flashes, glides and growing edges on and that pulses its {@link org.vdsoexplorer.session.Runner}, and the
 * {@link SteadyFigures} its counters bar and compare tab share. {@link #standard()} is a window's own (the real
 * clock, figures of its own); a test hands a {@link FrameClock#manual() manual} clock and advances it; the
 * screenshot tools and the GIF export hand the windows they make one set of figures, measured once.
 * The runner budgets each frame's work on the clock's {@link FrameClock#work() work clock}.
 */
public record WindowServices(FrameClock clock, SteadyFigures figures) {
    /** The real clock and figures of the window's own. */
    public static WindowServices standard() { return new WindowServices(FrameClock.system(), new SteadyFigures()); }

    /** {@code clock} and figures of the window's own. */
    public static WindowServices on(FrameClock clock) { return new WindowServices(clock, new SteadyFigures()); }
}

package org.vdsoexplorer.app;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.testfx.util.WaitForAsyncUtils;

/** Runs test code on the FX thread and waits for it (the UI tests' one way in). */
public final class Fx {
    private Fx() {}

    /** {@code c} on the FX thread; its result, or an AssertionError with what it threw (or a 120 s timeout). */
    public static <T> T fx(Callable<T> c) {
        try {
            return WaitForAsyncUtils.asyncFx(c).get(120, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e.getCause() != null ? e.getCause() : e);
        }
    }

    /** {@code r} on the FX thread, waited for. */
    public static void fxRun(Runnable r) {
        fx(() -> {
            r.run();
            return null;
        });
    }
}

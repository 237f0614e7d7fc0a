package org.vdsoexplorer.viewmodel;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import javafx.concurrent.Task;

/**
 * The app's one executor for work off the FX thread (report figures, seed tables, loading lessons,
 * computing a lesson answer): two daemon threads, so a long measurement never queues the others behind it
 * for long and the FX thread keeps one of the two cores. Each job is a {@link Task}: its work runs on a
 * background thread and returns what to do next on the FX thread.
 */
public final class Background {
    private static final System.Logger LOG = System.getLogger(Background.class.getName());
    private static final AtomicInteger COUNT = new AtomicInteger();
    private static final ExecutorService POOL = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "vdso-explorer-background-" + COUNT.incrementAndGet());
        t.setDaemon(true);
        t.setPriority(Thread.NORM_PRIORITY - 1);
        return t;
    });

    private Background() {}

    /**
     * Runs {@code work} on the executor; the Runnable it returns runs on the FX thread. Work that throws is
     * logged (catch what the user should see inside {@code work} and return a Runnable that shows it).
     */
    public static Task<Runnable> run(String what, Supplier<Runnable> work) {
        Task<Runnable> t = new Task<>() {
            @Override protected Runnable call() { return work.get(); }
        };
        t.setOnSucceeded(e -> t.getValue().run());
        t.setOnFailed(e -> LOG.log(System.Logger.Level.WARNING, what + " failed", t.getException()));
        POOL.execute(t);
        return t;
    }
}

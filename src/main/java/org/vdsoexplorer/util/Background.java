package org.vdsoexplorer.util;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one executor for work off the UI thread (measuring report rows and seed tables, loading lessons,
 * computing answers, replaying demos): daemon threads at low priority, a few (at least four, so a long demo replay does not hold up a lesson loading), so
 * background work never keeps the JVM alive nor starves the UI thread. No JavaFX here: the app hands
 * results back with {@code Platform.runLater} or wraps work in a {@code javafx.concurrent.Task}.
 */
public final class Background {
    private static final AtomicInteger N = new AtomicInteger();
    private static final ThreadFactory FACTORY = r -> {
        Thread t = new Thread(r, "background-" + N.incrementAndGet());
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    };
    private static final ExecutorService POOL =
            Executors.newFixedThreadPool(Math.max(4, Runtime.getRuntime().availableProcessors()), FACTORY);

    private Background() {}

    public static Future<?> run(Runnable r) { return POOL.submit(r); }

    /** The executor itself (for {@code javafx.concurrent.Task}s and {@code CompletableFuture}s). */
    public static ExecutorService executor() { return POOL; }
}

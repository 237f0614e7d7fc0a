package org.vdsoexplorer.app.export;

import org.vdsoexplorer.app.common.Snapshots;

import org.vdsoexplorer.app.export.AnimatedGif;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.paint.Color;
import javafx.scene.transform.Transform;
import javafx.util.Duration;
import org.vdsoexplorer.session.DemoState;
import org.vdsoexplorer.app.tools.Screenshots;
import org.vdsoexplorer.session.Session;
import org.vdsoexplorer.app.lesson.Presenter;
import org.vdsoexplorer.session.GifRequest;

/**
 * Renders a {@link GifRequest} from the model: an off-screen main window of the requested size and UI scale,
 * in the requested state (a demo, or the setup with writer updates placed), stepped one reader step per frame
 * from {@code from} to {@code to}; each frame is a {@link Node#snapshot} of the requested view (works on the
 * headless platform), encoded on a background thread. Frames are rendered one per FX-thread turn, so the app
 * stays responsive, shows progress and can cancel; the headless command waits for the same job.
 */
public final class GifExport {
    /** Frames waiting for the encoder at most (each is width x height x 4 bytes). */
    private static final int QUEUE = 3;

    private final GifRequest request;
    private final GifRequest.Progress progress;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    /** Set when the job fails or is cancelled: the encoder writes no further frame. */
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final AtomicInteger queued = new AtomicInteger();
    private final CompletableFuture<Integer> done = new CompletableFuture<>();
    private final ExecutorService encoder = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "gif-encoder");
        t.setDaemon(true);
        return t;
    });
    private ExportWindow window;
    private final ExportWindow.Factory windows;
    private Session session;
    private AnimatedGif gif;
    private long from, to, at;

    private GifExport(GifRequest request, ExportWindow.Factory windows, GifRequest.Progress progress) {
        this.windows = windows;
        this.request = request;
        this.progress = progress;
    }

    /** Starts rendering (call on the FX thread); {@code progress} is called on the FX thread. */
    public static GifExport start(GifRequest request, ExportWindow.Factory windows, GifRequest.Progress progress) {
        GifExport job = new GifExport(request, windows, progress);
        try {
            job.open();
            Platform.runLater(job::next);
        } catch (Exception e) {
            job.fail(e);
        }
        return job;
    }

    /** The headless command: starts JavaFX (the headless platform without a display), renders, waits. */
    public static int renderHeadless(GifRequest request, ExportWindow.Factory windows, GifRequest.Progress progress) throws Exception {
        Snapshots.startToolkit();
        CompletableFuture<GifExport> job = new CompletableFuture<>();
        Platform.runLater(() -> job.complete(start(request, windows, progress)));
        try {
            return job.get().done().get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception x) throw x;
            throw e;
        }
    }

    /**
     * Completes with the number of frames written, or exceptionally (also on cancel) once the partial file is
     * deleted and the window disposed.
     */
    public CompletableFuture<Integer> done() { return done; }

    public void cancel() { cancelled.set(true); }

    /** Total frames (known once started). */
    public int total() { return (int) (to - from + 1); }

    private void open() throws IOException {
        DemoState state;
        if (request.demo() != null) {
            state = request.demo();
        } else {
            TreeMap<Long, Integer> writers = new TreeMap<>();
            for (long w : request.writerUpdates()) writers.merge(w, 1, Integer::sum);
            var s = request.setup();
            state = new DemoState(s, Math.max(0, request.from()),
                    new TreeSet<>(), new TreeSet<>(), writers);
        }
        window = windows.create(state.setup(), request.width(), request.height());
        window.setReducedMotion(true); // stills: no half-drawn glides or flashes
        if (request.uiScalePercent() != 100) window.root().setStyle(Presenter.rootStyle(request.uiScalePercent()));
        session = window.session();
        state.applyTo(session);
        from = request.from() < 0 ? session.callStart() : request.from();
        if (session.position() != from) session.seek(from);
        to = request.to() >= 0 ? request.to() : endOfCall();
        if (to - from + 1 > GifRequest.MAX_FRAMES) {
            throw new IllegalArgumentException("steps " + from + " to " + to + " are more than " + GifRequest.MAX_FRAMES + " frames");
        }
        session.seek(from);
        // a one-view GIF: that view gets the whole area (the adaptive layout may have it in its strip)
        switch (request.view()) {
            case "code" -> window.views().toggleMaximised(org.vdsoexplorer.lesson.View.CODE);
            case "pages" -> window.views().toggleMaximised(org.vdsoexplorer.lesson.View.PAGES);
            case "seqlock" -> window.views().toggleMaximised(org.vdsoexplorer.lesson.View.SEQLOCK);
            case "dispatch" -> window.views().toggleMaximised(org.vdsoexplorer.lesson.View.DISPATCH);
            default -> { }
        }
        // one whole-window pass first: the tab and split panes size the views when the window is laid out
        Snapshots.image(window.root(), null, BufferedImage.TYPE_INT_RGB);
        at = from;
        gif = new AnimatedGif(request.out(), request.fps());
    }

    /** Position just after the call that runs at {@link #from} ends. */
    private long endOfCall() {
        if (!session.snapshot().inCall()) session.stepQuiet(); // between calls: the next call
        while (session.stepQuiet() == null) {
            if (session.position() - from > GifRequest.MAX_FRAMES) break;
        }
        return session.position();
    }

    private void next() {
        if (done.isDone()) return;
        if (cancelled.get()) {
            fail(new java.util.concurrent.CancellationException("cancelled"));
            return;
        }
        if (queued.get() >= QUEUE) { // the encoder is behind: try again shortly
            PauseTransition wait = new PauseTransition(Duration.millis(15));
            wait.setOnFinished(e -> next());
            wait.play();
            return;
        }
        try {
            if (at > from) session.step();
            BufferedImage frame = Snapshots.image(view(), params(), BufferedImage.TYPE_INT_RGB);
            int index = (int) (at - from);
            queued.incrementAndGet();
            encoder.execute(() -> encode(frame, index));
            progress.frame(index + 1, total());
            at++;
            if (at <= to) Platform.runLater(this::next);
        } catch (RuntimeException e) {
            fail(e);
        }
    }

    private void encode(BufferedImage frame, int index) {
        try {
            if (stopped.get() || done.isDone()) return;
            gif.add(frame);
            queued.decrementAndGet();
            if (index == total() - 1) {
                gif.close();
                Platform.runLater(window::dispose);
                encoder.shutdown();
                done.complete(gif.frames());
            }
        } catch (IOException | RuntimeException e) {
            Platform.runLater(() -> fail(e));
        }
    }

    /** Stops the job: the partial file deleted and the window disposed, then {@link #done} completes with {@code t}. */
    private void fail(Throwable t) {
        if (done.isDone() || !stopped.compareAndSet(false, true)) return;
        encoder.shutdownNow();
        if (gif != null) encoder.close(); // let a frame being written finish before deleting the file
        if (done.isDone()) return; // that was the last frame: the GIF is whole
        if (gif != null) gif.abandon();
        if (window != null) window.dispose();
        done.completeExceptionally(t);
    }

    private SnapshotParameters params() {
        SnapshotParameters p = new SnapshotParameters();
        p.setFill(Color.WHITE);
        if (request.pixelScale() != 1) p.setTransform(Transform.scale(request.pixelScale(), request.pixelScale()));
        return p;
    }

    private Node view() {
        return switch (request.view()) {
            case "code" -> window.code();
            case "pages" -> window.pages();
            case "seqlock" -> window.seqlock();
            case "dispatch" -> window.dispatch();
            case "counters" -> window.counters();
            default -> window.root();
        };
    }
}

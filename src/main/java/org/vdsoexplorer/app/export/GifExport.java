package org.vdsoexplorer.app.export;

import org.vdsoexplorer.app.common.PictureMemory;
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
 * headless platform), encoded on a background thread as soon as it is taken (frames are streamed: at most
 * {@link #QUEUE} wait, fewer when the heap has room for fewer, see {@link PictureMemory}). Frames are rendered one per
 * FX-thread turn, so the app stays responsive, shows progress and can cancel; the headless command waits for the
 * same job. A request whose frames cannot fit in the heap is refused in words before anything is rendered; any
 * failure on either thread (an {@link OutOfMemoryError} included) ends the job with a message, the partial file
 * deleted. Cancel stops the encoder inside the frame it is writing and never blocks the FX thread.
 */
public final class GifExport {
    /** Frames taken and not yet encoded at most (each is width x height x 4 bytes). */
    static final int QUEUE = 3;
    /** Frames in flight for this job: as many of {@link #QUEUE} as the heap has room for (at least one). */
    private int inFlight = 1;

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
            room(request); // refused at once when even an empty heap is too small
            org.vdsoexplorer.util.AtomicFiles.removeStale(request.out().toAbsolutePath().getParent());
            job.open();
            job.inFlight = room(request); // again with the export's window built: what the frames really have
            Platform.runLater(job::next);
        } catch (Exception | OutOfMemoryError e) {
            job.fail(e);
        }
        return job;
    }

    /**
     * How many frames of {@code r} can be in flight (1 to {@link #QUEUE}); refuses (IllegalArgumentException, in words:
     * what it needs, what fits) when not even one fits in the heap.
     */
    static int room(GifRequest r) {
        long free = PictureMemory.availableAfterCollection(
                PictureMemory.need(PictureMemory.pixels(r.width(), r.pixelScale()), PictureMemory.pixels(r.height(), r.pixelScale()),
                        PictureMemory.Encoder.GIF, QUEUE + 1));
        String tooBig = PictureMemory.refusal(r.width(), r.height(), r.pixelScale(), PictureMemory.Encoder.GIF, free);
        if (tooBig != null) throw new IllegalArgumentException(tooBig);
        long w = PictureMemory.pixels(r.width(), r.pixelScale()), h = PictureMemory.pixels(r.height(), r.pixelScale());
        return Math.max(1, PictureMemory.fitting(w, h, PictureMemory.Encoder.GIF, free, QUEUE + 1) - 1);
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

    /** Cancels: the frame being encoded is aborted, the partial file deleted; {@link #done} completes soon after. */
    public void cancel() {
        cancelled.set(true);
        AnimatedGif g = gif;
        if (g != null) g.abort();
        if (Platform.isFxApplicationThread()) fail(new java.util.concurrent.CancellationException("cancelled"));
        else Platform.runLater(() -> fail(new java.util.concurrent.CancellationException("cancelled")));
    }

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
        Snapshots.layOut(window.root());
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
        if (done.isDone() || stopped.get()) return;
        if (cancelled.get()) {
            fail(new java.util.concurrent.CancellationException("cancelled"));
            return;
        }
        if (queued.get() >= inFlight) { // the encoder is behind: try again shortly
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
        } catch (RuntimeException | OutOfMemoryError e) {
            fail(e);
        }
    }

    private void encode(BufferedImage frame, int index) {
        try {
            if (stopped.get() || done.isDone()) return;
            gif.add(frame);
            queued.decrementAndGet();
            if (stopped.get()) return; // aborted inside the frame: the clean-up queued behind this task deletes the file
            if (index == total() - 1) {
                gif.close();
                Platform.runLater(window::dispose);
                done.complete(gif.frames());
                encoder.shutdown();
            }
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            Platform.runLater(() -> fail(e));
        }
    }

    /**
     * Stops the job (on the FX thread, without waiting for the encoder): the encoder is told to abort its frame, the
     * partial file is unlinked at once (the writer may still hold it open; where a file cannot be unlinked while open
     * the encoder's clean-up deletes it once the frame is given up), the window disposed, and {@link #done} completes
     * with {@code t} (an {@link OutOfMemoryError} as a message saying what did not fit).
     */
    private void fail(Throwable t) {
        if (done.isDone() || !stopped.compareAndSet(false, true)) return;
        Throwable why = t instanceof OutOfMemoryError ? new IllegalStateException(outOfMemory(), t) : t;
        AnimatedGif g = gif;
        if (g != null) {
            g.abort();
            g.deleteTemp();
        }
        try {
            encoder.execute(() -> { if (g != null) g.abandon(); });
            encoder.shutdown();
        } catch (java.util.concurrent.RejectedExecutionException finished) {
            if (g != null) g.abandon(); // the encoder has already stopped
        }
        if (done.isDone()) return; // that was the last frame: the GIF is whole
        if (window != null) window.dispose();
        done.completeExceptionally(why);
    }

    /** The message of an OutOfMemoryError: what the frames needed and what to ask for instead. */
    private String outOfMemory() {
        String tooBig = PictureMemory.refusal(request.width(), request.height(), request.pixelScale(), PictureMemory.Encoder.GIF,
                PictureMemory.available() / 2);
        return "out of memory at frame " + Math.min(total(), at - from + 1) + " of " + total()
                + (tooBig == null ? "" : ": " + tooBig) + " (the export was stopped; nothing was written)";
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

package org.vdsoexplorer.app;

import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.concurrent.Task;
import javafx.stage.Window;
import org.vdsoexplorer.util.Background;
import org.vdsoexplorer.session.DemoReplay;
import org.vdsoexplorer.session.DemoState;
import org.vdsoexplorer.session.Session;

/**
 * Opens a demo file without blocking the UI thread: reading, validating and replaying
 * ({@link DemoReplay}) run as a {@link Task} on the {@link Background} executor with a
 * {@link ProgressDialog} (progress and Cancel); the window's session is only touched on the UI thread,
 * at the end, by {@link Session#adopt(Session)}. Cancelling or a refusal leaves the session as it was.
 */
public final class DemoOpener {
    /** What a finished open hands back to the window on the UI thread. */
    public record Opened(DemoState demo, Session replayed) {}

    private DemoOpener() {}

    /**
     * Starts opening {@code file}; on success (UI thread) {@code session} adopts the replayed state and
     * {@code done} runs; on failure or cancel {@code failed} gets the file and a sentence.
     */
    public static Task<Opened> open(Window owner, Session session, Path file, Consumer<Opened> done,
                                    BiConsumer<Path, String> failed) {
        return open(owner, session, file, done, failed, (d, t) -> { });
    }

    /**
     * {@link #open(Window, Session, Path, Consumer, BiConsumer)}, telling {@code replaying} each progress report on
     * the replay's own thread (after the task's progress is updated), as a test that holds the replay at a known
     * step does.
     */
    static Task<Opened> open(Window owner, Session session, Path file, Consumer<Opened> done,
                             BiConsumer<Path, String> failed, DemoReplay.Progress replaying) {
        Task<Opened> task = new Task<>() {
            @Override protected Opened call() throws Exception {
                updateMessage("Reading " + file.getFileName() + "\u2026");
                DemoState d = DemoState.read(file);
                updateMessage("Replaying " + String.format(java.util.Locale.ROOT, "%,d", d.replaySteps()) + " reader steps\u2026");
                Session s = DemoReplay.replay(d, (n, of) -> {
                    updateProgress(n, of);
                    replaying.update(n, of);
                }, this::isCancelled);
                return new Opened(d, s);
            }
        };
        ProgressDialog dialog = new ProgressDialog(owner, "Opening " + file.getFileName(), task);
        task.setOnSucceeded(e -> {
            dialog.close();
            Opened o = task.getValue();
            done.accept(o); // the pickers first, then the state (so picker listeners do not reload it)
            session.adopt(o.replayed());
        });
        task.setOnFailed(e -> {
            dialog.close();
            failed.accept(file, failure(file, task.getException()));
        });
        task.setOnCancelled(e -> {
            dialog.close();
            failed.accept(file, "opening " + file + " was cancelled; nothing changed");
        });
        dialog.showAfterDelay();
        Background.executor().execute(task);
        return task;
    }

    /** The sentence a failed open of {@code file} reports (the status line and the dialog say the same). */
    static String failure(Path file, Throwable t) { return "could not open " + file + ": " + describe(t); }

    /** A failure in words: out of memory says so, refusals give their own message. */
    static String describe(Throwable t) {
        if (t instanceof OutOfMemoryError) return "not enough memory to replay this demo";
        if (t instanceof CancellationException) return "cancelled";
        String m = t == null ? null : t.getMessage();
        return m == null || m.isBlank() ? String.valueOf(t) : m;
    }
}

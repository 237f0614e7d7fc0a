package org.vdsoexplorer.app;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/**
 * What becomes of an exception nothing caught on the FX thread (an event handler, a {@code Platform.runLater}, a
 * listener): JavaFX drops that event or runnable and goes on, and until now the student saw nothing (issue 28: L did
 * nothing under {@code LANG=C}, the exception only on the console). Now its stack trace goes to standard error and to a
 * log file, and one dialog says in words what failed, that the app goes on, and where the details are. While that
 * dialog is open, further failures are logged and counted in it rather than stacked as more dialogs. Background work
 * reports its own failures (its Tasks' failure handlers); this is the net under the FX thread.
 *
 * <p>Active while the window it was installed for is the stage's scene; otherwise (the window closed, or a test that
 * put another scene on the shared stage) it hands the exception to the handler that was there before.
 */
public final class UncaughtErrors implements Thread.UncaughtExceptionHandler {
    private static final int MAX_MESSAGE = 300;

    private final Stage stage;
    private final Scene scene;
    private final Thread.UncaughtExceptionHandler previous;
    private final Path logDir;
    private Path log;
    private String logProblem;
    private Alert open;
    private Label more;
    private int since;

    private UncaughtErrors(Stage stage, Thread.UncaughtExceptionHandler previous, Path logDir) {
        this.stage = stage;
        this.scene = stage.getScene();
        this.previous = previous;
        this.logDir = logDir;
    }

    /**
     * Installs the handler on the FX thread (call it there) for the window on {@code stage}; the log goes to a new file
     * in the JVM's temporary-file folder, made at the first failure.
     */
    public static UncaughtErrors install(Stage stage) { return install(stage, null); }

    /** As {@link #install(Stage)}, the log in {@code logDir} (null: the temporary-file folder). */
    public static UncaughtErrors install(Stage stage, Path logDir) {
        if (!Platform.isFxApplicationThread()) throw new IllegalStateException("install on the FX thread");
        Thread fx = Thread.currentThread();
        UncaughtErrors h = new UncaughtErrors(stage, fx.getUncaughtExceptionHandler(), logDir);
        fx.setUncaughtExceptionHandler(h);
        return h;
    }

    /** Puts the handler that was there before back (if this one is still installed); call on the FX thread. */
    public void uninstall() {
        if (Thread.currentThread().getUncaughtExceptionHandler() == this) Thread.currentThread().setUncaughtExceptionHandler(previous);
    }

    /** The log file the details went to (null before the first failure, or if it could not be written). */
    public Path log() { return log; }

    @Override
    public void uncaughtException(Thread t, Throwable e) {
        if (stage.getScene() != scene || !stage.isShowing()) {
            previous.uncaughtException(t, e);
            return;
        }
        String trace = trace(e);
        System.err.println("vdso-explorer: an error on the FX thread (the app goes on):");
        System.err.print(trace);
        String where = writeLog(trace);
        try {
            show(e, where);
        } catch (Throwable again) { // (out of memory, or the toolkit in a state where no dialog can open: the console has it)
            System.err.println("vdso-explorer: could not show the error dialog: " + again);
        }
    }

    private void show(Throwable e, String where) {
        if (open != null && open.isShowing()) {
            since++;
            more.setText(since + (since == 1 ? " more failure" : " more failures") + " since this one, logged the same way.");
            more.setVisible(true);
            more.setManaged(true);
            return;
        }
        since = 0;
        Alert a = new Alert(Alert.AlertType.ERROR);
        a.initOwner(stage);
        a.setTitle(VdsoExplorerApp.TITLE + ": something failed");
        a.setHeaderText("Something in the window failed; the app goes on.");
        Label what = wrapping("What failed: " + words(e) + ".\n\nWhat you did last may not have taken effect; the rest of the "
                + "window works as before.\n\n" + where, "uncaught-error-text");
        more = wrapping("", "uncaught-error-more");
        more.setVisible(false);
        more.setManaged(false);
        a.getDialogPane().setContent(new VBox(8, what, more));
        a.getDialogPane().setId("uncaught-error");
        a.getDialogPane().setPrefWidth(560); // (its text wraps; the dialog does not grow to the longest line)
        a.setResizable(true);
        a.setOnHidden(x -> open = null);
        open = a;
        a.show();
    }

    private static Label wrapping(String text, String id) {
        Label l = new Label(text);
        l.setId(id);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }

    /** The failure in words: what was thrown, its message (cut), and the first of the app's methods it passed. */
    static String words(Throwable e) {
        String kind = e instanceof OutOfMemoryError ? "the app ran out of memory (" + e.getClass().getSimpleName() + ")"
                : e instanceof StackOverflowError ? "the app nested too deeply (" + e.getClass().getSimpleName() + ")"
                : e.getClass().getSimpleName();
        String m = e.getMessage() == null ? "" : e.getMessage().strip();
        if (m.length() > MAX_MESSAGE) m = m.substring(0, MAX_MESSAGE) + "\u2026";
        String in = "";
        for (StackTraceElement f : e.getStackTrace()) {
            if (f.getClassName().startsWith("org.vdsoexplorer.")) {
                String cls = f.getClassName().substring(f.getClassName().lastIndexOf('.') + 1);
                in = " (in " + cls + "." + f.getMethodName() + (f.getLineNumber() > 0 ? ", line " + f.getLineNumber() : "") + ")";
                break;
            }
        }
        return kind + (m.isEmpty() ? "" : ": " + m) + in;
    }

    private static String trace(Throwable e) {
        StringWriter w = new StringWriter();
        e.printStackTrace(new PrintWriter(w));
        return w.toString();
    }

    /** Appends the trace to the log (made at the first failure); says where the details are. */
    private String writeLog(String trace) {
        try {
            if (log == null && logProblem == null) {
                Path dir = logDir != null ? logDir : Path.of(System.getProperty("java.io.tmpdir"));
                log = Files.createTempFile(dir, "vdso-explorer-errors-", ".log");
            }
            if (log != null) {
                Files.writeString(log, LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME) + " " + trace,
                        StandardCharsets.UTF_8, StandardOpenOption.APPEND);
                return "The details were written to " + log + " and to the terminal's error output.";
            }
        } catch (IOException | RuntimeException x) { // a full disk, an unwritable or unencodable folder
            if (log == null) logProblem = x.getMessage();
            else logProblem = "writing " + log + ": " + x.getMessage();
        }
        return "The details were written to the terminal's error output (the log file could not be written: " + logProblem + ").";
    }
}

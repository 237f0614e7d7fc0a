package org.vdsoexplorer.app;

import org.vdsoexplorer.app.common.Notice;

import java.io.File;
import java.nio.file.Path;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.vdsoexplorer.session.DemoState;
import org.vdsoexplorer.util.AtomicFiles;
import org.vdsoexplorer.session.WindowModel;

/**
 * Save demo / Open demo (Ctrl+S, Ctrl+O): the file choosers and saving ({@link DemoState}); opening is
 * {@link DemoOpener}'s (off the UI thread).
 */
public final class DemoFiles {
    static final String EXTENSION = "*.vdso-demo";
    private final WindowModel model;
    private Path dir = Path.of("").toAbsolutePath();

    DemoFiles(WindowModel model) { this.model = model; }

    private FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        fc.setInitialDirectory(dir.toFile());
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("vDSO Explorer demo", EXTENSION));
        return fc;
    }

    /** Asks for a file (if {@code owner} is shown) and saves there. */
    void save(Window owner) {
        model.runner().setRunning(false);
        FileChooser fc = chooser("Save demo");
        var s = model.session();
        fc.setInitialFileName("demo-" + s.setup().scenario().cliName() + "-step" + s.position() + ".vdso-demo");
        File f = owner == null ? null : fc.showSaveDialog(owner);
        if (f != null) save(owner, f.toPath());
    }

    /** Asks for a file (if {@code owner} is shown) and opens it. */
    void open(Window owner) {
        model.runner().setRunning(false);
        File f = owner == null ? null : chooser("Open demo").showOpenDialog(owner);
        if (f != null) open(owner, f.toPath());
    }

    /**
     * Opens {@code file} off the UI thread ({@link DemoOpener}); when replayed, its setup becomes the chosen
     * setup (the pickers follow) and the session adopts its state. The task says when.
     */
    javafx.concurrent.Task<DemoOpener.Opened> open(Window owner, Path file) {
        model.runner().setRunning(false);
        var task = DemoOpener.open(owner, model.session(), file, o -> {
            model.runner().setRunning(false);
            model.setup().choose(o.demo().setup());
            dir = file.toAbsolutePath().getParent();
            model.setStatus("opened demo " + file + ": " + o.demo());
        }, (f, why) -> model.setStatus(why));
        // a refused file (not a cancel) also gets a dialog: the reason names the file and line. This task's own reason,
        // not the status line's: this handler runs before the task's onFailed has set the status
        task.addEventHandler(javafx.concurrent.WorkerStateEvent.WORKER_STATE_FAILED, e -> Notice.show(owner,
                javafx.scene.control.Alert.AlertType.ERROR, "Could not open the demo " + file.getFileName(),
                DemoOpener.failure(file, task.getException()) + "\n\nNothing was changed: the window shows what it showed before."));
        return task;
    }

    /**
     * Saves the window's demo to {@code file} (atomically: a failure leaves the previous file as it was); a failure is
     * said in the status line and in a dialog naming the file and the reason, and the window keeps its state to save
     * again elsewhere. {@code owner}: the window the dialog belongs to (none: the status line only).
     */
    void save(Window owner, Path file) {
        try {
            DemoState.of(model.session()).write(file);
            dir = file.toAbsolutePath().getParent();
            model.setStatus("saved demo " + file);
        } catch (java.io.IOException | RuntimeException e) {
            String why = e instanceof java.io.IOException io ? AtomicFiles.naming(io, file) : e.getMessage();
            model.setStatus("could not save the demo: " + why);
            Notice.show(owner, javafx.scene.control.Alert.AlertType.ERROR, "Could not save the demo " + file.getFileName(),
                    why + "\n\nNothing was lost: the window still shows this demo (save it again, to another folder), and "
                            + (java.nio.file.Files.exists(file) ? "the file that was there is unchanged." : "no file was left half-written."));
        }
    }
}

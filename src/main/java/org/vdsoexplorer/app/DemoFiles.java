package org.vdsoexplorer.app;

import org.vdsoexplorer.viewmodel.DemoState;
import java.io.File;
import java.nio.file.Path;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.vdsoexplorer.viewmodel.WindowModel;

/**
 * Save demo / Open demo (Ctrl+S, Ctrl+O): the file choosers and saving ({@link DemoState}); opening is
 * {@link DemoOpener}'s (off the UI thread).
 */
final class DemoFiles {
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
        if (f != null) save(f.toPath());
    }

    /** Asks for a file (if {@code owner} is shown) and hands it to {@code opener}. */
    void open(Window owner, java.util.function.Consumer<Path> opener) {
        model.runner().setRunning(false);
        File f = owner == null ? null : chooser("Open demo").showOpenDialog(owner);
        if (f != null) opener.accept(f.toPath());
    }

    /** The next chooser starts in {@code file}'s folder. */
    void openedFrom(Path file) { dir = file.toAbsolutePath().getParent(); }

    void save(Path file) {
        try {
            DemoState.of(model.session()).write(file);
            dir = file.toAbsolutePath().getParent();
            model.setStatus("saved demo " + file);
        } catch (java.io.IOException | RuntimeException e) {
            model.setStatus("could not save " + file + ": " + e.getMessage());
        }
    }
}

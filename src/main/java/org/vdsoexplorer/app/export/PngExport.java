package org.vdsoexplorer.app.export;

import org.vdsoexplorer.app.common.Snapshots;

import org.vdsoexplorer.app.common.Notice;
import org.vdsoexplorer.app.tools.Screenshots;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javafx.scene.Node;

/**
 * The PNG button (Ctrl+E): the window and each view as {@code vdso-explorer-STEP-NAME.png} in a folder the user picks.
 * One per window: the folder chooser opens where that window's last export went.
 */
public final class PngExport {
    /** The folder this window's last export went to, or null. */
    private Path lastDir;

    public PngExport() {}

    /** Writes each of {@code shots} (name to node) as {@code dir/stem-name.png}; returns the files written. */
    static java.util.List<Path> write(Path dir, String stem, Map<String, Node> shots) {
        java.util.List<Path> out = new java.util.ArrayList<>();
        for (var e : shots.entrySet()) {
            Path f = dir.resolve(stem + "-" + e.getKey() + ".png");
            Snapshots.shot(e.getValue(), f);
            out.add(f);
        }
        return out;
    }

    /**
     * The PNG button: asks for a folder (a DirectoryChooser over {@code owner}), writes the window and each
     * view there and says which files it wrote (status line and a dialog). Nothing is written if the
     * chooser is cancelled; without a shown window (off-screen) the working directory is used.
     */
    public void ask(ExportWindow w, javafx.stage.Window owner) {
        var model = w.model();
        Path dir = Path.of("").toAbsolutePath();
        if (owner != null && owner.isShowing()) {
            javafx.stage.DirectoryChooser dc = new javafx.stage.DirectoryChooser();
            dc.setTitle("Export PNG: choose a folder for the window and its four views");
            if (lastDir != null && java.nio.file.Files.isDirectory(lastDir)) dc.setInitialDirectory(lastDir.toFile());
            java.io.File f = dc.showDialog(owner);
            if (f == null) {
                model.setStatus("PNG export cancelled: nothing written");
                return;
            }
            dir = f.toPath();
        }
        lastDir = dir;
        try {
            var files = write(dir, "vdso-explorer-" + model.session().position(), of(w));
            model.setStatus("saved " + files.size() + " PNG files in " + dir);
            StringBuilder b = new StringBuilder("In " + dir + ":\n");
            for (Path p : files) b.append("  ").append(p.getFileName()).append('\n');
            Notice.show(owner, javafx.scene.control.Alert.AlertType.INFORMATION, "Saved " + files.size() + " PNG files", b.toString().strip());
        } catch (RuntimeException e) {
            model.setStatus("PNG export failed: " + e.getMessage());
            Notice.show(owner, javafx.scene.control.Alert.AlertType.ERROR, "PNG export failed", e.getMessage());
        }
    }

    /** The window's shots: the whole window, then the four views. */
    static Map<String, Node> of(ExportWindow w) {
        Map<String, Node> m = new LinkedHashMap<>();
        m.put("window", w.root());
        m.put("code", w.code());
        m.put("pages", w.pages());
        m.put("seqlock", w.seqlock());
        m.put("dispatch", w.dispatch());
        return m;
    }
}

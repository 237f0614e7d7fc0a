package org.vdsoexplorer.app;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javafx.scene.Node;

/** The PNG button (Ctrl+E): the window and each view as {@code vdso-explorer-STEP-NAME.png} in a directory. */
final class PngExport {
    private PngExport() {}

    /** Writes each of {@code shots} (name to node) as {@code dir/stem-name.png}; returns the status line. */
    static String write(Path dir, String stem, Map<String, Node> shots) {
        try {
            for (var e : shots.entrySet()) Screenshots.shot(e.getValue(), dir.resolve(stem + "-" + e.getKey() + ".png"));
            return "saved " + dir.resolve(stem + "-*.png");
        } catch (RuntimeException e) {
            return "PNG export failed: " + e.getMessage();
        }
    }

    /** The window's shots: the whole window, then the four views. */
    static Map<String, Node> of(MainWindow w) {
        Map<String, Node> m = new LinkedHashMap<>();
        m.put("window", w.root());
        m.put("code", w.code());
        m.put("pages", w.pages());
        m.put("seqlock", w.seqlock());
        m.put("dispatch", w.dispatch());
        return m;
    }
}

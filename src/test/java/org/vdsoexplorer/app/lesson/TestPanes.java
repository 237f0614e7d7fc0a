package org.vdsoexplorer.app.lesson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.session.ProgressStore;

/** Tests: the lessons panel of ./lessons beside a window, loaded now, progress in a fresh temporary folder. */
final class TestPanes {
    private TestPanes() {}

    /** Call on the FX thread. */
    static LessonPane loadedBeside(MainWindow w) {
        Path data;
        try {
            data = Files.createTempDirectory("lesson-progress");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        LessonPane p = new LessonPane(w, new MainWindowLessonHost(w), Path.of("lessons"), ProgressStore.open(data));
        w.root().setRight(p);
        p.loadNow();
        return p;
    }
}

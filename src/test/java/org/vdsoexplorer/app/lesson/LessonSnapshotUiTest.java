package org.vdsoexplorer.app.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.vdsoexplorer.app.Fx.fx;

import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.common.Snapshots;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * A picture of the lessons panel (the PNG export, the screenshots command, the screen sweep's contrast check: all
 * Node.snapshot) shows the step on screen, not the one pictured before it. The lesson text's scroll pane once kept its
 * viewport's bitmap cache, and a snapshot taken after moving from the seqlock lesson's last step to the next lesson's
 * first showed the new heading over the old lesson's closing text (the sweep read its list bullets at 3.64:1).
 */
@ExtendWith(ApplicationExtension.class)
class LessonSnapshotUiTest {
    private static final double W = 1280, H = 720;

    @Test
    void theLessonTextPicturedAfterMovingLessonsIsTheNewLessons() {
        // the panel pictured at the seqlock lesson's last step, then moved on to the next lesson's first step
        BufferedImage moved = fx(() -> {
            MainWindow w = window();
            LessonPane p = TestPanes.loadedBeside(w);
            Lesson seqlock = lesson(p, "02-seqlock.md");
            p.openLesson(seqlock);
            p.go(seqlock.steps().size() - 1);
            Snapshots.image(p, null, BufferedImage.TYPE_INT_RGB);
            p.openLesson(lesson(p, "03-break-the-seqlock.md"));
            p.go(0);
            BufferedImage img = Snapshots.image(p, null, BufferedImage.TYPE_INT_RGB);
            w.dispose();
            return img;
        });
        // the reference: the same step in a panel that never showed another
        BufferedImage fresh = fx(() -> {
            MainWindow w = window();
            LessonPane p = TestPanes.loadedBeside(w);
            p.openLesson(lesson(p, "03-break-the-seqlock.md"));
            p.go(0);
            BufferedImage img = Snapshots.image(p, null, BufferedImage.TYPE_INT_RGB);
            w.dispose();
            return img;
        });
        assertEquals(fresh.getWidth() + "x" + fresh.getHeight(), moved.getWidth() + "x" + moved.getHeight());
        int differ = 0;
        for (int y = 0; y < fresh.getHeight(); y++) {
            for (int x = 0; x < fresh.getWidth(); x++) if (fresh.getRGB(x, y) != moved.getRGB(x, y)) differ++;
        }
        assertEquals(0, differ, "pixels of the moved panel's picture that differ from a fresh panel's at the same step");
    }

    private static MainWindow window() {
        MainWindow w = new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), W, H);
        w.setReducedMotion(true);
        return w;
    }

    private static Lesson lesson(LessonPane p, String file) {
        return p.lessons().stream().filter(l -> java.nio.file.Path.of(l.file()).getFileName().toString().equals(file))
                .findFirst().orElseThrow();
    }
}

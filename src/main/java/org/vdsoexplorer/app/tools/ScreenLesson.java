package org.vdsoexplorer.app.tools;

import org.vdsoexplorer.app.MainWindow;

import java.util.Locale;
import org.vdsoexplorer.app.lesson.LessonPane;
import org.vdsoexplorer.lesson.Lesson;

/**
 * A lesson step on screen for {@link Screenshots#screen}: the lesson panel opened through its public entry
 * point ({@link LessonPane#open}) on the lesson file's folder, the lesson at the asked step, and presenter
 * mode at the asked scale if asked. Called off the FX thread (the lessons load in the background).
 */
public final class ScreenLesson {
    private ScreenLesson() {}

    /** Shows the step of {@code o} in {@code w}; returns the panel (presenter mode is left on). */
    static LessonPane show(MainWindow w, ScreenOptions o) {
        java.nio.file.Path dir = o.lesson().toAbsolutePath().getParent();
        LessonPane pane = Screenshots.onFx(() -> {
            LessonPane p = LessonPane.open(w, dir);
            w.root().setRight(p);
            return p;
        });
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!Screenshots.onFx(pane::isLoaded)) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("the lessons in '" + dir + "' did not load in 120 s");
            sleep();
        }
        String name = o.lesson().getFileName().toString();
        Screenshots.onFx(() -> {
            Lesson l = pane.lessons().stream().filter(x -> java.nio.file.Path.of(x.file()).getFileName().toString().equals(name))
                    .findFirst().orElseThrow(() -> new IllegalArgumentException("--lesson: '" + o.lesson() + "' is not a "
                            + "loadable lesson" + pane.problems().stream().filter(p -> p.file().endsWith(name)).findFirst()
                            .map(p -> " (" + p.file() + ":" + p.line() + ": " + p.message() + ")").orElse("")));
            if (o.step() > l.steps().size()) {
                throw new IllegalArgumentException("--step " + o.step() + ": '" + name + "' has " + l.steps().size() + " steps");
            }
            pane.openLesson(l);
            pane.go(o.step() - 1);
            return null;
        });
        sleep(); // work the step queued on the FX thread (a comparison, the answer's evaluation) runs first
        Screenshots.onFx(() -> {
            if (o.presenter()) {
                pane.presenter().enter();
                pane.presenter().setScale(o.scale());
            } else if (o.scale() != 100) {
                w.root().setStyle(String.format(Locale.ROOT, "-fx-font-size: %.1fpx;", 16 * o.scale() / 100.0));
            }
            return null;
        });
        return pane;
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

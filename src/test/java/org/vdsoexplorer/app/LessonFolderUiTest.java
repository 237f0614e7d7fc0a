package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.app.lesson.LessonPane;
import org.vdsoexplorer.lesson.Lesson;

/**
 * A teacher's own lesson folder in the app: {@code --lessons DIR} opens the panel on it ({@link MainWindow#openLessons},
 * what the app's start does with the option), and the picker's "Open lesson folder..." (its model,
 * {@link LessonPane#openFolder}: the native dialog is not driven) replaces the lessons shown; a prerequisite may be a
 * lesson of the shipped course, shown by its title.
 */
@ExtendWith(ApplicationExtension.class)
class LessonFolderUiTest {
    private MainWindow w;
    @TempDir Path tmp;

    @BeforeAll
    static void dataDir() throws Exception {
        System.setProperty("vdso.explorer.data.dir", Files.createTempDirectory("vdso-progress").toString());
    }

    @Start
    void start(Stage stage) { w = HeadlessStage.show(stage, VdsoExplorerApp.defaultSetup()); }

    @Stop
    void stop() { w.dispose(); }

    /** A folder with one lesson, id {@code id}, after the shipped course's seqlock lesson. */
    private Path folder(String name, String id) throws Exception {
        Path d = Files.createDirectory(tmp.resolve(name));
        String example = Files.readString(Path.of("lessons/examples/first-look.md"));
        Files.writeString(d.resolve(id + ".md"), example.replace("id: example-first-look", "id: " + id)
                .replace("prerequisites: []", "prerequisites: [seqlock]"));
        return d;
    }

    private LessonPane pane() { return (LessonPane) w.lessonsPanel(); }

    private List<String> ids() { return Fx.fx(() -> pane().lessons().stream().map(Lesson::id).toList()); }

    private void waitForCard(String id) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> Fx.fx(() -> pane() != null && pane().isLoaded()
                && w.scene().getRoot().lookup("#lesson-card-" + id) != null));
    }

    @Test
    void theLessonsOptionOpensThePanelOnTheTeachersFolder(FxRobot robot) throws Exception {
        Path mine = folder("mine", "mine");
        robot.interact(() -> w.openLessons(mine));
        waitForCard("mine");
        assertEquals(List.of("mine"), ids());
        assertEquals(List.of(), Fx.fx(() -> pane().problems()), "a prerequisite of the shipped course is no problem");
        Node card = Fx.fx(() -> w.scene().getRoot().lookup("#lesson-card-mine"));
        List<String> texts = Fx.fx(() -> card.lookupAll(".label").stream().map(n -> ((Label) n).getText()).toList());
        assertTrue(texts.stream().anyMatch(t -> t.contains("after: The seqlock read loop")), texts.toString());
        assertTrue(Fx.fx(() -> w.scene().getRoot().lookupAll(".label").stream()
                .anyMatch(n -> ((Label) n).getText().equals("Lessons in the folder \u201c" + mine.getFileName() + "\u201d")
                        && ((Label) n).getTooltip().getText().equals(mine.toAbsolutePath().normalize().toString()))),
                "the picker says where the lessons come from: the folder's name, its path in the tooltip");
    }

    @Test
    void openLessonFolderReplacesTheLessonsShown(FxRobot robot) throws Exception {
        robot.interact(w::toggleLessons);
        waitForCard("seqlock"); // the shipped course first
        assertTrue(Fx.fx(() -> w.scene().getRoot().lookup("#lesson-open-folder") != null), "the picker offers the folder dialog");
        Path other = folder("other", "other-lesson");
        robot.interact(() -> pane().openFolder(other));
        waitForCard("other-lesson");
        assertEquals(List.of("other-lesson"), ids());
        assertEquals(other, Fx.fx(() -> pane().requestedFolder()));
        assertFalse(Fx.fx(() -> w.scene().getRoot().lookup("#lesson-card-seqlock") != null), "the course's cards are gone");
        // and back to the course: the panel shows what it is asked for, not the first folder it loaded
        robot.interact(() -> pane().openFolder(Path.of("lessons")));
        waitForCard("seqlock");
        assertTrue(ids().contains("break-the-seqlock"), ids().toString());
    }
}

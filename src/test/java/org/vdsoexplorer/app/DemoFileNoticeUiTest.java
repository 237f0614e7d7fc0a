package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.robust.Reproducers;
import org.vdsoexplorer.session.DemoState;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * Issue 28 item 7, the demo files' dialogs: a refused demo's dialog gives this failure's reason (its handler ran before
 * the status it showed was set, so it showed the previous failure's) at a width that fits a screen (it was 1940 px);
 * a demo that cannot be saved is a dialog naming the file and the reason (it was the status line only), and nothing is
 * lost: the window keeps its state and saves it elsewhere.
 */
@ExtendWith(ApplicationExtension.class)
class DemoFileNoticeUiTest {
    /** Wide enough for a sentence, narrow enough for a projector's 1024 px (the dialog was 1940 px wide). */
    static final double MAX_WIDTH = 720;

    private MainWindow w;

    @Start
    void start(Stage stage) {
        w = HeadlessStage.show(stage, Setup.of(Scenario.HOST, Variant.BEFORE, Clock.MONOTONIC));
    }

    @Stop
    void stop() { w.dispose(); }

    @AfterEach
    void closeNotices() {
        fxRun(() -> Window.getWindows().stream().filter(Window::isShowing).filter(x -> x.getScene().getRoot() instanceof DialogPane)
                .toList().forEach(x -> ((Stage) x).close()));
    }

    /** The notices showing now: their text. */
    private static List<String> notices() {
        return fx(() -> Window.getWindows().stream().filter(Window::isShowing).map(x -> x.getScene().getRoot())
                .filter(r -> r instanceof DialogPane d && "notice".equals(d.getId()))
                .map(r -> ((Label) r.lookup("#notice-text")).getText()).toList());
    }

    private static List<Label> noticeLabels() {
        return Window.getWindows().stream().filter(Window::isShowing).map(x -> x.getScene().getRoot())
                .filter(r -> r instanceof DialogPane d && "notice".equals(d.getId())).map(r -> (Label) r.lookup("#notice-text")).toList();
    }

    private static double noticeWidth() {
        return fx(() -> Window.getWindows().stream().filter(Window::isShowing)
                .filter(x -> x.getScene().getRoot() instanceof DialogPane d && "notice".equals(d.getId()))
                .mapToDouble(Window::getWidth).max().orElse(0));
    }

    private String status() { return fx(() -> ((Label) w.root().lookup("#status")).getText()); }

    /** Opens {@code f} (refused) and returns the status line's reason once the task has failed. */
    private String openRefused(Path f) {
        Task<DemoOpener.Opened> t = fx(() -> w.openDemo(f));
        try {
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(t::getState).ordinal() >= Worker.State.SUCCEEDED.ordinal());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the open did not end in 60 s", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Worker.State.FAILED, fx(t::getState));
        return status();
    }

    @Test
    void eachRefusedDemoDialogGivesItsOwnReasonAtAReadableWidth(@TempDir Path dir) throws Exception {
        Path first = dir.resolve("first.vdso-demo"), second = dir.resolve("second-with-a-long-name-as-students-make-them.vdso-demo");
        Files.writeString(first, Reproducers.demoWith("writer-updates", "5x100000000"));
        Files.writeString(second, Reproducers.demoWith("tick-cycles", "1"));
        String firstReason = openRefused(first);
        assertTrue(firstReason.contains(first + ":10:"), firstReason);
        assertEquals(1, notices().size(), "one dialog");
        assertTrue(notices().getFirst().startsWith(firstReason), "the dialog gives this failure's reason: " + notices());
        double width = noticeWidth();
        assertTrue(width > 200 && width <= MAX_WIDTH, "dialog width " + width + " px");
        assertTrue(fx(() -> noticeLabels().stream().allMatch(l -> l.getHeight() + 0.5 >= l.prefHeight(l.getWidth()))),
                "the wrapped text is shown whole, not cut");

        String secondReason = openRefused(second);
        assertTrue(secondReason.contains(second.toString()) && !secondReason.equals(firstReason), secondReason);
        assertEquals(1, notices().size(), "the second dialog replaced the first");
        assertTrue(notices().getFirst().startsWith(secondReason), "not the previous failure's reason: " + notices());
        assertTrue(noticeWidth() <= MAX_WIDTH, "dialog width " + noticeWidth() + " px");
    }

    @Test
    void aDemoThatCannotBeSavedIsADialogNamingTheFileAndNothingIsLost(@TempDir Path dir) throws Exception {
        Path blocker = Files.writeString(dir.resolve("not-a-folder"), "a file where the folder should be");
        Path target = blocker.resolve("lesson-demo.vdso-demo");
        fxRun(() -> {
            w.session().seek(37);
            w.session().toggleInstructionBreakpoint(3);
        });
        String before = fx(() -> DemoState.of(w.session()).text());
        fxRun(() -> w.saveDemo(target));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> shown = notices();
        assertEquals(1, shown.size(), "a dialog, not only the status line (status: " + status() + ")");
        String text = shown.getFirst();
        assertTrue(text.contains(target.toString()) && text.contains("a file is in the way"), text);
        assertTrue(status().contains(target.toString()), status());
        assertTrue(noticeWidth() <= MAX_WIDTH, "dialog width " + noticeWidth() + " px");
        assertEquals(before, fx(() -> DemoState.of(w.session()).text()), "the window keeps what it was to save");

        Path elsewhere = dir.resolve("saved.vdso-demo");
        fxRun(() -> w.saveDemo(elsewhere));
        assertEquals(before, Files.readString(elsewhere), "and saves it to another place whole");
    }
}

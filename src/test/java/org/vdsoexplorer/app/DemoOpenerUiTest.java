package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
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
 * Opening a demo replays off the FX thread: the window answers while a demo at step 10^8 loads, and Cancel works.
 * Issue 28 item 7, the demo files' dialogs: a refused demo's dialog gives this failure's reason (its handler ran before
 * the status it showed was set, so it showed the previous failure's) at a width that fits a screen (it was 1940 px);
 * a demo that cannot be saved is a dialog naming the file and the reason (it was the status line only), and nothing is
 * lost: the window keeps its state and saves it elsewhere.
 */
@ExtendWith(ApplicationExtension.class)
class DemoOpenerUiTest {
    /** Wide enough for a sentence, narrow enough for a projector's 1024 px (the dialog was 1940 px wide). */
    static final double MAX_WIDTH = 720;

    private MainWindow w;

    @Start
    void start(Stage stage) {
        w = HeadlessStage.show(stage, Setup.of(Scenario.HOST, Variant.BEFORE, Clock.MONOTONIC));
    }

    @Stop
    void stop() { w.dispose(); }

    /** True once the FX thread has run a runLater posted now (it is not held by the replay). */
    private static boolean fxAnswers() throws Exception {
        CompletableFuture<Boolean> done = new CompletableFuture<>();
        Platform.runLater(() -> done.complete(true));
        return done.get(30, TimeUnit.SECONDS);
    }

    private static Worker.State state(Task<?> t) { return Fx.fx(t::getState); }

    /**
     * The replay is held at its first report after step 0 (a latch in its own thread), so "still replaying" is a
     * fact of the test, not of the machine's speed: while it is held the window answers, the task is running and
     * has reported progress; Cancel then ends it at its next cancellation check.
     */
    @Test
    void aDemoAtStepTenToTheEightOpensWithoutFreezingTheWindowAndCanBeCancelled(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("far.vdso-demo");
        Files.writeString(f, Reproducers.demoWith("step", "100000000"));
        long before = Fx.fx(() -> w.session().position());
        CountDownLatch held = new CountDownLatch(1), release = new CountDownLatch(1);
        List<String> failed = new CopyOnWriteArrayList<>();
        Task<DemoOpener.Opened> t = Fx.fx(() -> DemoOpener.open(w.scene().getWindow(), w.session(), f, o -> failed.add("opened"),
                (file, why) -> failed.add(why), (done, total) -> {
                    if (done == 0 || done == total) return;
                    held.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt(); // Cancel interrupts the replay: it stops at its next check
                    }
                }));
        assertTrue(held.await(60, TimeUnit.SECONDS), "the replay reached its first progress report");
        for (int i = 0; i < 5; i++) assertTrue(fxAnswers(), "the FX thread answers while the replay runs");
        assertEquals(Worker.State.RUNNING, state(t), "still replaying 10^8 steps, off the FX thread");
        assertTrue(Fx.fx(t::getProgress) > 0, "progress is reported");
        Fx.fxRun(t::cancel);
        release.countDown();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> state(t) == Worker.State.CANCELLED);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before, (long) Fx.fx(() -> w.session().position()), "cancelling leaves the session as it was");
        assertEquals(List.of(), failed.stream().filter(m -> !m.contains("was cancelled")).toList(), "cancelled, nothing else");
    }

    @Test
    void aSmallDemoOpensAtItsStepAndABadOneSaysWhyInTheStatus(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("near.vdso-demo");
        Files.writeString(f, Reproducers.DEMO);
        Task<DemoOpener.Opened> t = Fx.fx(() -> w.openDemo(f));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> state(t).ordinal() >= Worker.State.SUCCEEDED.ordinal());
        assertEquals(Worker.State.SUCCEEDED, state(t));
        assertEquals(400L, (long) Fx.fx(() -> w.session().position()));
        assertEquals(Scenario.TIMENS, Fx.fx(() -> w.session().setup().scenario()));
        assertEquals(java.util.Map.of(120L, 1, 300L, 2), Fx.fx(() -> w.session().writerUpdates()));

        Path bad = dir.resolve("bad.vdso-demo");
        Files.writeString(bad, Reproducers.demoWith("writer-updates", "5x100000000"));
        Task<DemoOpener.Opened> u = Fx.fx(() -> w.openDemo(bad));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> state(u).ordinal() >= Worker.State.SUCCEEDED.ordinal());
        assertEquals(Worker.State.FAILED, state(u));
        String status = Fx.fx(() -> ((javafx.scene.control.Label) w.root().lookup("#status")).getText());
        assertTrue(status.contains(bad + ":10: 'writer-updates' count of '5x100000000'"), status);
        assertEquals(400L, (long) Fx.fx(() -> w.session().position()), "a refused demo changes nothing");
    }

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
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> state(t).ordinal() >= Worker.State.SUCCEEDED.ordinal());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the open did not end in 60 s", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Worker.State.FAILED, state(t));
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

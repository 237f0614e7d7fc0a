package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.robust.Reproducers;

/** Opening a demo replays off the FX thread: the window answers while a demo at step 10^8 loads, and Cancel works. */
@ExtendWith(ApplicationExtension.class)
class DemoOpenerUiTest {
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
}

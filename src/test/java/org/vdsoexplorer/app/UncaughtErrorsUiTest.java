package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 28 item 6: an exception nothing catches on the FX thread (here thrown from a {@code Platform.runLater}) shows one
 * dialog in words (what failed, that the app goes on, where the details are), the details land in the log, a second
 * failure while the dialog is open is counted in it, and after the dialog is closed the window still steps the model.
 */
@ExtendWith(ApplicationExtension.class)
class UncaughtErrorsUiTest {
    private VdsoExplorerApp app;

    @Start
    void start(Stage stage) {
        app = new VdsoExplorerApp();
        app.start(stage); // the app's own start-up installs the handler
    }

    @Stop
    void stop() throws Exception {
        UncaughtErrors h = app.errors();
        fxRun(h::uninstall);
        if (h.log() != null) Files.deleteIfExists(h.log());
        app.window().dispose();
    }

    private static List<DialogPane> dialogs() {
        return fx(() -> Window.getWindows().stream().filter(Window::isShowing).map(w -> w.getScene().getRoot())
                .filter(r -> r instanceof DialogPane d && "uncaught-error".equals(d.getId())).map(DialogPane.class::cast).toList());
    }

    private static void throwOnFx(RuntimeException e) {
        Platform.runLater(() -> { throw e; });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void aFailureOnTheFxThreadShowsOneDialogAndTheAppGoesOn() throws Exception {
        assertSame(app.errors(), fx(() -> Thread.currentThread().getUncaughtExceptionHandler()), "installed by start()");
        assertEquals(List.of(), dialogs());
        throwOnFx(new IllegalStateException("a test failure from a runLater"));
        List<DialogPane> shown = dialogs();
        assertEquals(1, shown.size(), "one dialog");
        DialogPane d = shown.getFirst();
        String text = fx(() -> ((Label) d.lookup("#uncaught-error-text")).getText());
        assertTrue(text.contains("What failed: IllegalStateException: a test failure from a runLater"), text);
        assertTrue(text.contains("(in UncaughtErrorsUiTest.aFailureOnTheFxThreadShowsOneDialogAndTheAppGoesOn"), text);
        assertTrue(fx(d::getHeaderText).contains("the app goes on"), fx(d::getHeaderText));
        Path log = app.errors().log();
        assertNotNull(log, "a log was written");
        assertTrue(text.contains("The details were written to " + log), text);
        assertTrue(Files.readString(log).contains("java.lang.IllegalStateException: a test failure from a runLater"));
        assertTrue(fx(() -> d.getWidth()) <= 600, "the dialog wraps its text: " + fx(() -> d.getWidth()));

        throwOnFx(new IllegalArgumentException("a second one"));
        assertEquals(1, dialogs().size(), "no second dialog while the first is open");
        assertEquals("1 more failure since this one, logged the same way.", fx(() -> ((Label) d.lookup("#uncaught-error-more")).getText()));
        assertTrue(Files.readString(log).contains("java.lang.IllegalArgumentException: a second one"));

        fxRun(() -> ((Button) d.lookupButton(ButtonType.OK)).fire());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), dialogs(), "closed");
        // the window still responds: its Step button executes a reader instruction
        long before = fx(() -> app.window().session().position());
        fxRun(() -> ((Button) app.window().scene().lookup("#step")).fire());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before + 1, (long) fx(() -> app.window().session().position()));
        // and a later failure opens a dialog again
        throwOnFx(new IllegalStateException("a third one"));
        assertEquals(1, dialogs().size());
        fxRun(() -> ((Button) dialogs().getFirst().lookupButton(ButtonType.OK)).fire());
    }

    @Test
    void wordsNameTheFailureAndWhereItHappened() {
        String oom = UncaughtErrors.words(new OutOfMemoryError("Java heap space"));
        assertTrue(oom.startsWith("the app ran out of memory (OutOfMemoryError): Java heap space (in UncaughtErrorsUiTest."), oom);
        String longMessage = UncaughtErrors.words(new RuntimeException("x".repeat(1000)));
        assertTrue(longMessage.length() < 400, longMessage);
    }
}

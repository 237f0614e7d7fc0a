package org.vdsoexplorer.app.lesson;

import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import javafx.event.Event;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Button;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.code.CodePane;
import org.vdsoexplorer.app.code.CodeView;
import org.vdsoexplorer.app.seqlock.SeqlockView;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.lesson.ClickTarget;
import org.vdsoexplorer.session.Action;

/**
 * Tests: what a student does in the views, done as the views see it: mouse clicks delivered to the code
 * listing's canvas at a row, to a vvar slot of the pages view and to the seqlock timeline at a reader step;
 * picks in the toolbar's pickers and Enter (the window's call action).
 */
final class Student {
    private Student() {}

    /** A primary click at {@code (x, y)} of {@code n}'s own coordinates, delivered through the scene like a real one. */
    static void click(Node n, double x, double y) {
        Point2D s = n.localToScene(x, y);
        Point2D sc = n.localToScreen(x, y) == null ? s : n.localToScreen(x, y);
        for (javafx.event.EventType<MouseEvent> t : java.util.List.of(MouseEvent.MOUSE_PRESSED, MouseEvent.MOUSE_RELEASED,
                MouseEvent.MOUSE_CLICKED)) {
            Event.fireEvent(n, new MouseEvent(t, s.getX(), s.getY(), sc.getX(), sc.getY(), MouseButton.PRIMARY, 1, false, false,
                    false, false, true, false, false, true, false, true, null));
        }
    }

    static CodeView codeView(MainWindow w) {
        return (CodeView) w.viewNodes().stream().map(v -> v.lookup("#code-view")).filter(x -> x != null).findFirst().orElseThrow();
    }

    static SeqlockView seqlockView(MainWindow w) {
        return (SeqlockView) w.viewNodes().stream().map(v -> v.lookup("#seqlock-view")).filter(x -> x != null).findFirst().orElseThrow();
    }

    /** Clicks the listing row of {@code insn} (scrolled into view first). */
    static void clickInstruction(MainWindow w, Instruction insn) {
        // the pane may scroll back to the current line on its next layout pass: scroll, let a pulse run, look again
        for (int attempt = 1; ; attempt++) {
            int row = fx(() -> {
                CodeView cv = codeView(w);
                CodePane pane = cv.listingPane();
                int r0 = -1;
                for (int r = 0; r < pane.rows().size(); r++) if (cv.listingItem(r) == insn) r0 = r;
                if (r0 < 0) throw new AssertionError("no listing row shows " + insn);
                pane.scrollTo(Math.max(0, r0 - 2));
                pane.layout();
                return r0;
            });
            WaitForAsyncUtils.waitForFxEvents();
            boolean clicked = fx(() -> {
                CodePane pane = codeView(w).listingPane();
                Canvas canvas = (Canvas) pane.getChildrenUnmodifiable().stream().filter(c -> c instanceof Canvas).findFirst().orElseThrow();
                double y = -1;
                for (double t = 1; t < canvas.getHeight() && y < 0; t += 1) if (pane.rowAt(t) == row) y = t + 2;
                if (y < 0) return false;
                click(canvas, 30, y);
                return true;
            });
            if (clicked) break;
            if (attempt == 5) throw new AssertionError("row " + row + " of the listing never came on screen");
        }
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents(); // the host reads the selected row after the view handled the click
    }

    /** Clicks the running task's vvar slot {@code slot} in the pages view. */
    static void clickSlot(MainWindow w, int slot) {
        fxRun(() -> {
            Node n = w.viewNodes().stream().map(v -> v.lookup("#slot-" + slot)).filter(x -> x != null).findFirst().orElseThrow();
            click(n, 5, 5);
        });
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Clicks the row of {@code insn} in the Your kernel tab's listing (scrolled into view first). */
    static void clickKernelInstruction(MainWindow w, Instruction insn) {
        fxRun(() -> {
            @SuppressWarnings("unchecked")
            javafx.scene.control.ListView<Object> list = (javafx.scene.control.ListView<Object>) w.kernelView().lookup("#kernel-listing");
            int row = -1;
            for (int r = 0; r < list.getItems().size(); r++) {
                if (list.getItems().get(r).toString().contains("insn=" + insn)) row = r;
            }
            if (row < 0) throw new AssertionError("no kernel listing row shows " + insn);
            list.scrollTo(Math.max(0, row - 2));
            list.layout();
        });
        WaitForAsyncUtils.waitForFxEvents();
        fxRun(() -> {
            Node cell = w.kernelView().lookup("#kernel-listing").lookupAll(".list-cell").stream()
                    .filter(c -> c instanceof javafx.scene.control.ListCell<?> lc && lc.getItem() != null
                            && lc.getItem().toString().contains("insn=" + insn))
                    .findFirst().orElseThrow(() -> new AssertionError("the row of " + insn + " is not on screen"));
            click(cell, 10, 5);
        });
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents(); // the host reads the click after the view handled it
    }

    /** Places update_vsyscall() in the Your kernel tab's call before reader instruction {@code k} (held open or not) with its own controls, and runs the call to its end. */
    static void placeInKernel(MainWindow w, long k, boolean held) {
        fxRun(() -> {
            var v = w.kernelView();
            ((javafx.scene.control.CheckBox) v.lookup("#kernel-hold")).setSelected(held);
            v.stepper().seek(k);
            ((javafx.scene.control.Button) v.lookup("#kernel-place")).fire();
            v.stepper().toEnd();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Gives the answer to a click question the way a student does. */
    static void clickAnswer(MainWindow w, ClickTarget t) {
        if (t.view() == org.vdsoexplorer.lesson.View.KERNEL) clickKernelInstruction(w, t.insn());
        else if (t.insn() == null) clickSlot(w, t.slot());
        else clickInstruction(w, t.insn());
    }

    /** Clicks the seqlock timeline at reader step {@code k} of the call shown: a writer update is placed before it. */
    static void placeOnTimeline(MainWindow w, long k) {
        fxRun(() -> {
            SeqlockView v = seqlockView(w);
            v.applyCss();
            v.layout();
            click(v.timeline(), v.stepX((int) k), v.readerY());
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Picks scenario, variant and clock in the toolbar and runs one call (Enter). */
    static void pickAndRun(MainWindow w, Setup s) {
        fxRun(() -> {
            w.variantPicker().setValue(s.variant());
            w.scenarioPicker().setValue(s.scenario());
            w.clockPicker().setValue(s.clock());
            w.model().perform(Action.CALL);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    static void fire(LessonPane pane, String id) {
        fxRun(() -> ((Button) pane.lookup(id)).fire());
    }

    static String text(LessonPane pane, String id) {
        return fx(() -> pane.lookup(id) instanceof javafx.scene.control.Labeled l ? l.getText() : null);
    }
}

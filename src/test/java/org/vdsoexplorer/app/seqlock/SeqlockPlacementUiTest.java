package org.vdsoexplorer.app.seqlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.vdsoexplorer.app.HeadlessStage;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.sim.SeqlockTrace.Mark;
import org.vdsoexplorer.sim.SeqlockTrace.Placed;
import org.vdsoexplorer.sim.SeqlockTrace.Retry;
import org.vdsoexplorer.sim.SeqlockTrace.SeqLoad;
import org.vdsoexplorer.sim.SeqlockTrace.Writer;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.session.Session;

/**
 * Placing writer updates on the seqlock timeline with the mouse and the keyboard: the marks the view
 * shows follow the session's events (the placed update's writer steps, the retry it causes), and
 * removing the update restores the original call.
 */
@ExtendWith(ApplicationExtension.class)
class SeqlockPlacementUiTest {

    private MainWindow w;

    @Start
    void start(Stage stage) {
        w = HeadlessStage.show(stage, Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(0));
        w.views().bringIn(org.vdsoexplorer.lesson.View.SEQLOCK); // a 1000 px window shows two views
    }

    @Stop
    void stop() {
        w.dispose();
    }

    private static void mouse(Node n, javafx.event.EventType<MouseEvent> type, double x, double y) {
        // the event's x and y are scene coordinates; delivery makes them local to the canvas again
        javafx.geometry.Point2D c = n.localToScene(x, y), s = n.localToScreen(x, y);
        javafx.event.Event.fireEvent(n, new MouseEvent(type, c.getX(), c.getY(), s.getX(), s.getY(), MouseButton.PRIMARY, 1,
                false, false, false, false, type != MouseEvent.MOUSE_MOVED, false, false, true, false, true, null));
    }

    private static void key(Node n, KeyCode k) {
        javafx.event.Event.fireEvent(n, new KeyEvent(KeyEvent.KEY_PRESSED, "", "", k, false, false, false, false));
    }

    /** Reader step (in the call) right after the reader's first seq load of the real data page, from the marks. */
    private static int afterBeginLoad(List<Mark> marks) {
        return marks.stream().filter(m -> m instanceof SeqLoad l && !l.namespacePage()).findFirst().orElseThrow().at() + 1;
    }

    /** The marks the events of the session's current call call for, placement markers aside. */
    private static void assertMarksFollowEvents(Session s, List<Mark> marks) {
        List<String> writerEvents = new ArrayList<>(), writerMarks = new ArrayList<>();
        int retries = 0;
        for (Event e : s.callLog()) {
            if (e instanceof Event.WriterStep ws) writerEvents.add(ws.update() + "/" + ws.step() + "/" + ws.seq() + "/" + ws.injected());
            if (e instanceof Event.SeqRetry) retries++;
        }
        for (Mark m : marks) if (m instanceof Writer wr) writerMarks.add(wr.update() + "/" + wr.step() + "/" + wr.seq() + "/" + wr.placed());
        assertEquals(writerEvents, writerMarks, "writer lane");
        assertEquals(retries, marks.stream().filter(m -> m instanceof Retry).count(), "retries");
        Map<Long, Integer> placed = s.writerUpdates();
        List<Placed> expected = new ArrayList<>();
        long start = s.callStart();
        int steps = (int) s.callLog().stream().filter(e -> e instanceof Event.Retired).count();
        placed.forEach((p, n) -> {
            if (p >= start && p <= start + steps) expected.add(new Placed((int) (p - start), n));
        });
        assertEquals(expected, marks.stream().filter(m -> m instanceof Placed).toList(), "placed markers");
    }

    /** Runs two whole calls; the machine's digest after them. */
    private static String twoCalls(Session s) {
        fxRun(() -> {
            s.runCall();
            s.runCall();
        });
        return fx(() -> s.machine().digest());
    }

    @Test
    void clickPlacesAnUpdateThatCausesARetryAndClickingItsMarkerRemovesIt() throws Exception {
        SeqlockView v = w.seqlock();
        Session s = w.session();
        String original = twoCalls(s);
        long end = fx(s::position);
        long start = fx(s::callStart);
        assertEquals(0, fx(() -> v.marks().stream().filter(m -> m instanceof Retry).count()));
        int k = fx(() -> afterBeginLoad(v.marks()));

        // hover says what a click would do
        fxRun(() -> mouse(v.timeline(), MouseEvent.MOUSE_MOVED, v.stepX(k), v.readerY()));
        String hint = fx(v::hintText);
        assertTrue(hint.startsWith("click: place update_vsyscall() before reader step " + k + " ("), hint);

        fxRun(() -> mouse(v.timeline(), MouseEvent.MOUSE_CLICKED, v.stepX(k), v.readerY()));
        assertEquals(Map.of(start + k, 1), fx(s::writerUpdates));
        assertFalse(fx(() -> s.machine().inCall()), "the whole call re-ran");
        assertTrue(fx(s::position) > end, "with a retry the call is longer");
        List<Mark> marks = fx(v::marks);
        fxRun(() -> assertMarksFollowEvents(s, v.marks()));
        assertTrue(marks.contains(new Placed(k, 1)), marks.toString());
        Writer first = (Writer) marks.stream().filter(m -> m instanceof Writer wr && wr.placed()).findFirst().orElseThrow();
        assertEquals(k, first.at(), "the placed update's first step lands before reader step k");
        assertEquals(1, first.seq() & 1, "and makes seq odd");
        Retry r = (Retry) marks.stream().filter(m -> m instanceof Retry).findFirst().orElseThrow();
        assertTrue(r.placedUpdate(), "the retry is caused by the placed update");
        assertEquals(first.update(), r.update());
        assertTrue(r.at() > k);
        String why = fx(v::whyText);
        assertTrue(why.contains("straddled update #" + first.update() + " (placed by you)"), why);
        assertTrue(fx(v::countsText).contains("retries 1"), fx(v::countsText));

        // hovering the marker offers removal; clicking it removes the update and restores the call
        fxRun(() -> mouse(v.timeline(), MouseEvent.MOUSE_MOVED, v.stepX(k), v.placedY()));
        hint = fx(v::hintText);
        assertTrue(hint.startsWith("click: remove the update_vsyscall() placed before reader step " + k), hint);
        java.nio.file.Files.createDirectories(java.nio.file.Path.of("target/screenshots"));
        fxRun(() -> org.vdsoexplorer.app.common.Snapshots.shot(v, java.nio.file.Path.of("target/screenshots/seqlock-hover-remove.png")));
        fxRun(() -> mouse(v.timeline(), MouseEvent.MOUSE_CLICKED, v.stepX(k), v.placedY()));
        assertEquals(Map.of(), fx(s::writerUpdates));
        assertEquals(end, fx(s::position));
        assertEquals(original, fx(() -> s.machine().digest()));
        fxRun(() -> assertMarksFollowEvents(s, v.marks()));
        assertFalse(fx(() -> v.marks().stream().anyMatch(m -> m instanceof Retry || m instanceof Placed)));
    }

    @Test
    void theKeyboardMovesACursorPlacesAndDeletes() throws Exception {
        SeqlockView v = w.seqlock();
        Session s = w.session();
        String original = twoCalls(s);
        long end = fx(s::position);
        int k = fx(() -> afterBeginLoad(v.marks()));
        Node timeline = fx(() -> w.scene().lookup("#seqlock-timeline"));
        fxRun(timeline::requestFocus);
        int steps = fx(() -> (int) s.callLog().stream().filter(e -> e instanceof Event.Retired).count());
        assertEquals(steps, fx(v::cursor), "the cursor starts at the next step");
        fxRun(() -> {
            key(timeline, KeyCode.HOME);
            for (int i = 0; i < k; i++) key(timeline, KeyCode.RIGHT);
        });
        assertEquals(k, fx(v::cursor));
        assertEquals(end, fx(s::position), "the arrows move the cursor, not the reader");
        assertTrue(fx(v::hintText).startsWith("Enter: place update_vsyscall() before reader step " + k), fx(v::hintText));
        fxRun(() -> key(timeline, KeyCode.ENTER));
        assertEquals(Map.of(fx(s::callStart) + k, 1), fx(s::writerUpdates));
        assertTrue(fx(() -> v.marks().stream().anyMatch(m -> m instanceof Retry rr && rr.placedUpdate())));
        fxRun(() -> assertMarksFollowEvents(s, v.marks()));
        assertTrue(fx(v::hintText).contains("Delete: remove"), fx(v::hintText));
        fxRun(() -> key(timeline, KeyCode.DELETE));
        assertEquals(Map.of(), fx(s::writerUpdates));
        assertEquals(original, fx(() -> s.machine().digest()));
        fxRun(() -> key(timeline, KeyCode.DELETE));
        assertTrue(fx(v::hintText).startsWith("No writer update is placed"), fx(v::hintText));
    }

    /** Prints what a refresh (per step) and a placement (a re-run call) cost on the FX thread. */
    @Test
    void refreshAndPlacementCost() throws Exception {
        SeqlockView v = w.seqlock();
        Session s = w.session();
        long[] r = fx(() -> {
            s.runCall();
            s.runCall();
            int k = afterBeginLoad(v.marks());
            long start = s.callStart();
            // per step: the session's step with every listener, and this view's refresh alone
            long[] t = new long[2];
            int n = 0;
            for (int c = 0; c < 20; c++) {
                while (true) {
                    long a = System.nanoTime();
                    v.refresh();
                    t[0] += System.nanoTime() - a;
                    n++;
                    if (s.step() != null) break;
                }
            }
            long a = System.nanoTime();
            for (int i = 0; i < 20; i++) {
                s.seek(start + 60);
                s.runCall();
                s.placeWriterUpdate(start + k);
                s.removeWriterUpdate(start + k);
            }
            t[1] = (System.nanoTime() - a) / 40;
            return new long[] {t[0] / n, t[1], n};
        });
        System.out.printf("seqlock view: refresh %.3f ms per step (%d steps); place or remove (call re-run, all views) %.2f ms%n",
                r[0] / 1e6, r[2], r[1] / 1e6);
        assertTrue(r[0] < 5_000_000, "refresh " + r[0] + " ns");
    }
}

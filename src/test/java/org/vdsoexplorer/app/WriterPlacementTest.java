package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.session.DemoState;
import org.vdsoexplorer.session.Session;

/**
 * Placing a writer update at reader step k of a call already run (no JavaFX): the session re-executes
 * the call with it, reaching exactly the state of stepping to k, pressing K and running on; removing it
 * restores the original run; other placements are kept; placements survive save and open.
 */
class WriterPlacementTest {

    static final Setup SETUP = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(0);

    /** Reader step (within the call) just after the first seq load of the real data page. */
    static int afterFirstSeqLoad(List<Event> log) {
        int at = 0;
        for (Event e : log) {
            if (e instanceof Event.Retired) at++;
            if (e instanceof Event.MemRead r && r.where() instanceof org.vdsoexplorer.sim.kernel.VvarLocation v && v.isSeq()
                    && r.size() == 4 && v.kind() != org.vdsoexplorer.sim.kernel.PageKind.TIMENS) return at + 1;
        }
        throw new AssertionError("no seq load of the real data page in " + log.size() + " events");
    }

    private static List<String> log(Session s) { return s.callLog().stream().map(Object::toString).toList(); }

    @Test
    void placingInAFinishedCallReRunsItLikeKThere() {
        Session s = new Session(SETUP);
        s.runCall();
        s.runCall();
        long start = s.callStart();
        long end = s.position();
        String original = s.machine().digest();
        List<String> originalLog = log(s);
        int k = afterFirstSeqLoad(s.callLog());
        s.placeWriterUpdate(start + k);
        assertEquals(Map.of(start + k, 1), s.writerUpdates());
        assertFalse(s.machine().inCall(), "the whole call re-ran to its end");
        assertTrue(s.position() > end, "the retry made the call longer");
        assertEquals(start, s.callStart());
        assertTrue(s.callLog().stream().anyMatch(e -> e instanceof Event.SeqRetry), "the read straddled the update");
        assertEquals(1, s.machine().retries());

        // the same as stepping to k, pressing K and running on
        Session t = new Session(SETUP);
        t.runCall();
        for (int i = 0; i < k; i++) t.step();
        t.injectWriterUpdate();
        t.runCall();
        assertEquals(t.position(), s.position());
        assertEquals(t.machine().digest(), s.machine().digest());
        assertEquals(log(t), log(s));
        assertEquals(t.writerUpdates(), s.writerUpdates());

        // removing it restores the original run
        s.removeWriterUpdate(start + k);
        assertEquals(Map.of(), s.writerUpdates());
        assertEquals(end, s.position());
        assertEquals(original, s.machine().digest());
        assertEquals(originalLog, log(s));
        assertEquals(0, s.machine().retries());
    }

    @Test
    void midCallThePositionIsKept() {
        Session s = new Session(SETUP);
        s.runCall();
        Session r = new Session(SETUP);
        r.runCall();
        r.runCall();
        int k = afterFirstSeqLoad(r.callLog());
        for (int i = 0; i < k + 3; i++) s.step();
        long here = s.position();
        long start = s.callStart();
        s.placeWriterUpdate(start + k);
        assertEquals(here, s.position());
        assertTrue(s.machine().inCall());
        Session t = new Session(SETUP);
        t.runCall();
        for (int i = 0; i < k; i++) t.step();
        t.injectWriterUpdate();
        for (int i = 0; i < 3; i++) t.step();
        assertEquals(t.position(), s.position());
        assertEquals(t.machine().digest(), s.machine().digest());
        assertEquals(log(t), log(s));
    }

    @Test
    void placingEarlierKeepsALaterPlacementAndBothSurviveSaveAndOpen(@TempDir Path dir) throws Exception {
        Session s = new Session(SETUP);
        s.runCall();
        s.runCall();
        long start = s.callStart();
        int k = afterFirstSeqLoad(s.callLog());
        s.placeWriterUpdate(start + k + 2);
        s.placeWriterUpdate(start + 1);
        assertEquals(Map.of(start + 1, 1, start + k + 2, 1), s.writerUpdates());
        assertFalse(s.machine().inCall());
        Session t = new Session(SETUP);
        t.runCall();
        for (int i = 0; t.machine().inCall() || i == 0; i++) {
            if (i == 1 || i == k + 2) t.injectWriterUpdate();
            t.step();
        }
        assertEquals(t.machine().digest(), s.machine().digest());

        Path file = dir.resolve("placed.vdso-demo");
        DemoState.of(s).write(file);
        Session u = new Session(Setup.of(Scenario.HOST, Variant.BEFORE, Clock.REALTIME));
        DemoState.read(file).applyTo(u);
        assertEquals(s.writerUpdates(), u.writerUpdates());
        assertEquals(s.machine().digest(), u.machine().digest());
        assertEquals(log(s), log(u));
        assertEquals(start, u.callStart());
    }

    @Test
    void removingWhatIsNotPlacedIsRefused() {
        Session s = new Session(SETUP);
        s.runCall();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.removeWriterUpdate(3));
        assertTrue(e.getMessage().contains("no writer update is placed before reader step 3"), e.getMessage());
        String before = s.machine().digest();
        s.placeWriterUpdate(s.position()); // at "now": the same as K, nothing re-runs
        assertNotEquals(before, s.machine().digest());
        assertFalse(s.machine().inCall());
        s.removeWriterUpdate(s.position());
        assertEquals(before, s.machine().digest());
    }
}

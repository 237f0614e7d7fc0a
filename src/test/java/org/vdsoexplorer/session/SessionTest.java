package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.dispatch.Dispatch.Node;
import org.vdsoexplorer.sim.dispatch.Dispatch;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/** The session (no JavaFX): event log rebuilt exactly after stepping back, dispatch paths and their counts. */
class SessionTest {

    private static Session timens() {
        return new Session(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
    }

    @Test
    void theLastFinishedCallIsKeptWhileTheNextOneRuns() {
        Session s = timens();
        assertTrue(s.lastCallLog().isEmpty());
        s.runCall();
        List<String> first = s.callLog().stream().map(Object::toString).toList();
        assertEquals(first, s.lastCallLog().stream().map(Object::toString).toList(), "between calls: the call just ended");
        for (int i = 0; i < 10; i++) s.step();
        assertEquals(first, s.lastCallLog().stream().map(Object::toString).toList(), "mid-call: still the finished one");
        assertTrue(s.lastCallLog().getFirst() instanceof Event.CallStart && s.lastCallLog().getLast() instanceof Event.CallEnd);
        assertFalse(s.callLog().getLast() instanceof Event.CallEnd);
        s.runCall();
        assertEquals(s.callLog(), s.lastCallLog());
        s.back(3);
        assertTrue(s.lastCallLog().isEmpty(), "after a seek nothing is claimed about the previous call");
    }

    @Test
    void backRebuildsTheCallLogExactly() {
        Session s = timens();
        s.runCall();
        for (int i = 0; i < 40; i++) s.step();
        List<String> at40 = s.callLog().stream().map(Object::toString).toList();
        long pos = s.position();
        for (int i = 0; i < 15; i++) s.step();
        s.back(15);
        assertEquals(pos, s.position());
        assertEquals(at40, s.callLog().stream().map(Object::toString).toList());
    }

    @Test
    void backAcrossACallBoundaryShowsThePreviousCall() {
        Session s = timens();
        s.runCall();
        long end = s.position();
        s.step();
        s.step();
        s.back(2);
        assertEquals(end, s.position());
        assertFalse(s.machine().inCall());
        assertTrue(s.callLog().getLast() instanceof Event.CallEnd, "log ends with the finished call");
        assertEquals(s.machine().callCyclesMilli(), ((Event.CallEnd) s.callLog().getLast()).costMilli());
    }

    @Test
    void timensPathGoesThroughTheNamespacePage() {
        Session s = timens();
        s.runCall();
        List<Node> path = Dispatch.of(s.setup(), s.callLog());
        assertEquals(List.of(Node.CLOCK, Node.MASK_HRES, Node.DO_HRES, Node.TIMENS_PAGE, Node.DO_HRES_TIMENS,
                Node.HW_TSC, Node.RESULT), path);
    }

    @Test
    void hyperv513FallsBackAndEdgeCountsFollowSteppingBack() {
        Session s = new Session(Setup.of(Scenario.HYPERV_5_13, Variant.TIMENS_INLINE, Clock.REALTIME));
        for (int i = 0; i < 3; i++) s.runCall();
        assertEquals(List.of(Node.CLOCK, Node.MASK_HRES, Node.DO_HRES, Node.HW_NONE, Node.FALLBACK),
                Dispatch.of(s.setup(), s.callLog()));
        assertEquals(3L, s.paths().edgeCounts().get(new Dispatch.Edge(Node.HW_NONE, Node.FALLBACK)));
        assertEquals(s.machine().fallbacks(), 3);
        s.back(5);
        assertEquals(2L, s.paths().edgeCounts().get(new Dispatch.Edge(Node.HW_NONE, Node.FALLBACK)));
        s.runCall();
        assertEquals(3L, s.paths().edgeCounts().get(new Dispatch.Edge(Node.HW_NONE, Node.FALLBACK)));
    }

    @Test
    void coarseAndLegacyPaths() {
        Session c = new Session(Setup.of(Scenario.HOST, Variant.BEFORE, Clock.MONOTONIC_COARSE));
        c.runCall();
        assertEquals(List.of(Node.CLOCK, Node.MASK_COARSE, Node.DO_COARSE, Node.RESULT), Dispatch.of(c.setup(), c.callLog()));
        Session l = new Session(Setup.of(Scenario.PARAVIRT_2007, Variant.LEGACY, Clock.REALTIME));
        l.runCall();
        assertEquals(List.of(Node.CLOCK, Node.LEGACY, Node.FALLBACK), Dispatch.of(l.setup(), l.callLog()));
    }

    @Test
    void injectedUpdateCausesARetryThatSurvivesStepBack() {
        Session s = timens();
        s.runCall();
        s.step(); // into the second call (its log starts empty)
        // up to the first seq load of the real data page (slot 3)
        while (s.callLog().stream().noneMatch(e -> e instanceof Event.MemRead r && r.where() instanceof org.vdsoexplorer.sim.kernel.VvarLocation v && v.slot() == 3)) s.step();
        s.injectWriterUpdate();
        s.runCall();
        assertTrue(s.machine().lastCall().retries() + s.machine().lastCall().oddSpins() > 0);
        long retries = s.machine().retries();
        assertTrue(retries > 0, "a retry");
        long end = s.position();
        s.back(30);
        s.seek(end);
        assertEquals(retries, s.machine().retries());
        assertTrue(s.callLog().stream().anyMatch(e -> e instanceof Event.SeqRetry));
    }

    @Test
    void invalidSetupIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new Session(Setup.of(Scenario.TIMENS, Variant.BEFORE, Clock.MONOTONIC)));
    }

    @Test
    void stepLineStopsAtAnotherCLine() {
        Session s = timens();
        s.step(); // into the call
        int line = s.machine().next().source().line();
        s.stepLine();
        assertTrue(!s.machine().inCall() || s.machine().next().source().line() != line);
        long p = s.position();
        s.stepLine();
        s.backLine();
        assertEquals(p, s.position());
    }
}

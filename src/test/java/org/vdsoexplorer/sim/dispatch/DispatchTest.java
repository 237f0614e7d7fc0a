package org.vdsoexplorer.sim.dispatch;

import static org.junit.jupiter.api.Assertions.*;
import static org.vdsoexplorer.sim.dispatch.Dispatch.Node.*;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.dispatch.Dispatch.Node;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/** The dispatch path of a call, from its events, for each kind of path; partial logs give a prefix. */
class DispatchTest {

    private static void check(Setup setup, List<Node> expected) {
        Machine m = new Machine(setup);
        m.runCall();
        List<Event> log = new ArrayList<>();
        m.setSink(log::add);
        List<Node> last = List.of();
        CallResult r = null;
        while (r == null) {
            r = m.step();
            List<Node> now = Dispatch.of(setup, log);
            assertEquals(last, now.subList(0, Math.min(last.size(), now.size())), "a partial path grows: " + now);
            last = now;
        }
        assertEquals(expected, last, setup.toString());
        assertEquals(r.fallback(), last.contains(FALLBACK));
        PathStats stats = new PathStats();
        stats.record(1, last);
        stats.record(2, last);
        stats.record(2, List.of(CLOCK)); // already recorded: ignored
        assertEquals(2L, stats.nodeCounts().get(CLOCK));
        assertEquals(2L, stats.edgeCounts().get(new Dispatch.Edge(last.get(0), last.get(1))));
        stats.truncate(1);
        assertEquals(1L, stats.nodeCounts().get(CLOCK));
        assertEquals(last, stats.lastPath());
    }

    @Test
    void eachKindOfPath() {
        check(Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC), List.of(CLOCK, MASK_HRES, DO_HRES, HW_TSC, RESULT));
        check(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC),
                List.of(CLOCK, MASK_HRES, DO_HRES, TIMENS_PAGE, DO_HRES_TIMENS, HW_TSC, RESULT));
        check(Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC_COARSE), List.of(CLOCK, MASK_COARSE, DO_COARSE, RESULT));
        check(Setup.of(Scenario.HYPERV, Variant.TIMENS_INLINE, Clock.MONOTONIC), List.of(CLOCK, MASK_HRES, DO_HRES, HW_HVCLOCK, RESULT));
        check(Setup.of(Scenario.HYPERV_5_13, Variant.TIMENS_INLINE, Clock.MONOTONIC),
                List.of(CLOCK, MASK_HRES, DO_HRES, HW_NONE, FALLBACK));
        check(Setup.of(Scenario.SYSENTER_2007, Variant.LEGACY, Clock.REALTIME), List.of(CLOCK, LEGACY, FALLBACK));
    }
}

package org.vdsoexplorer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.model.kernel.Clock;
import org.vdsoexplorer.model.kernel.Scenario;

/** Going back N steps and forward N again reproduces the identical state, writer injections included. */
class StepBackTest {

    @Test
    void backThenForwardReproducesEveryState() {
        for (Scenario s : List.of(Scenario.HOST, Scenario.TIMENS, Scenario.HYPERV_5_13, Scenario.PARAVIRT_2007)) {
            Variant v = s.legacy() ? Variant.LEGACY : Variant.TIMENS_INLINE;
            Timeline t = new Timeline(new Machine(Setup.of(s, v, Clock.MONOTONIC).withTick(3_000)));
            List<String> digests = new ArrayList<>();
            digests.add(t.machine().digest());
            for (int i = 1; i <= 1500; i++) {
                if (i % 97 == 0) t.injectWriterUpdate();
                t.step();
                digests.add(t.machine().digest());
            }
            assertNotEquals(digests.get(0), digests.get(1500));
            for (long n : new long[] {1, 2, 17, 255, 256, 257, 700, 1500}) {
                t.back(n);
                assertEquals(1500 - n, t.position());
                assertEquals(digests.get((int) (1500 - n)), t.machine().digest(), s + ": back " + n);
                for (long i = 0; i < n; i++) {
                    t.step();
                    assertEquals(digests.get((int) t.position()), t.machine().digest(),
                            s + ": forward to " + t.position() + " after back " + n);
                }
            }
        }
    }

    @Test
    void theFastCallLoopReachesTheSameStateAsSingleSteps() {
        for (Scenario s : List.of(Scenario.TIMENS, Scenario.HYPERV_5_13)) {
            Setup setup = Setup.of(s, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(2_000);
            Machine fast = new Machine(setup), slow = new Machine(setup);
            for (int i = 0; i < 300; i++) {
                fast.runCall(); // the interpreter's own loop between writer steps
                CallResult r;
                do {
                    r = slow.step();
                } while (r == null);
            }
            assertTrue(fast.kernel().updateCount() > 3, "writer steps were crossed");
            assertEquals(slow.digest(), fast.digest(), s.cliName());
        }
    }

    @Test
    void aNewInjectionAfterGoingBackReplacesTheOldFuture() {
        Timeline t = new Timeline(new Machine(Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC).withTick(0)));
        for (int i = 0; i < 40; i++) t.step();
        t.injectWriterUpdate();
        for (int i = 0; i < 40; i++) t.step();
        String withLateUpdate = t.machine().digest();
        t.back(60);
        t.injectWriterUpdate(); // at step 20 now, not 40
        t.seek(80);
        assertNotEquals(withLateUpdate, t.machine().digest());
        assertEquals(1, t.injections().size());
        assertEquals(20L, t.injections().keySet().iterator().next());
    }
}

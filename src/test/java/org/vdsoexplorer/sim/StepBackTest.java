package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/** Going back N steps and forward N again reproduces the identical state, writer injections included. */
class StepBackTest {

    @Test
    void backThenForwardReproducesEveryState() {
        for (Scenario s : List.of(Scenario.HOST, Scenario.TIMENS, Scenario.HYPERV_5_13, Scenario.PARAVIRT_2007)) {
            Variant v = s.legacy() ? Variant.LEGACY : Variant.TIMENS_INLINE;
            // snapshots every 256 steps, so going back crosses several (the app's interval is longer)
            Timeline t = new Timeline(new Machine(Setup.of(s, v, Clock.MONOTONIC).withTick(3_000)), 256);
            List<String> digests = new ArrayList<>();
            digests.add(t.machine().digest());
            for (int i = 1; i <= 1500; i++) {
                if (i % 97 == 0) {
                    t.injectWriterUpdate(); // part of the state at this step from now on
                    digests.set(i - 1, t.machine().digest());
                }
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

    /** The fallback's kernel result is state: going back before a syscall forgets it (the digest sees it). */
    @Test
    void theLastSyscallResultIsRestored() {
        Timeline t = new Timeline(new Machine(Setup.of(Scenario.HYPERV_5_13, Variant.TIMENS_INLINE, Clock.MONOTONIC)));
        String start = t.machine().digest();
        CallResult first = t.runCall();
        assertTrue(first.fallback(), "every hres call falls back on v5.13-rc1");
        long[] afterFirst = t.machine().kernel().lastKernelResult();
        assertArrayEquals(new long[] {first.sec(), first.nsec()}, afterFirst);
        long end = t.position();
        t.runCall();
        t.seek(0);
        assertNull(t.machine().kernel().lastKernelResult(), "no syscall has happened at step 0");
        assertEquals(start, t.machine().digest());
        t.seek(end);
        assertArrayEquals(afterFirst, t.machine().kernel().lastKernelResult());
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
    void aNewInjectionAfterGoingBackKeepsTheLaterOnes() {
        Setup setup = Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC).withTick(0);
        Timeline t = new Timeline(new Machine(setup));
        for (int i = 0; i < 40; i++) t.step();
        t.injectWriterUpdate();
        for (int i = 0; i < 40; i++) t.step();
        String onlyLate = t.machine().digest();
        t.back(60);
        t.injectWriterUpdate(); // at step 20 now, and the one at 40 stays
        assertEquals(java.util.Map.of(20L, 1, 40L, 1), t.injections());
        t.seek(80);
        assertNotEquals(onlyLate, t.machine().digest());
        // the same as placing both while running forward
        Timeline u = new Timeline(new Machine(setup));
        for (int i = 0; i < 80; i++) {
            if (i == 20 || i == 40) u.injectWriterUpdate();
            u.step();
        }
        assertEquals(u.machine().digest(), t.machine().digest());
    }

    @Test
    void anUpdatePlacedAtTheCurrentStepSurvivesBackAndForward() {
        Timeline t = new Timeline(new Machine(Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC).withTick(0)));
        for (int i = 0; i < 40; i++) t.step();
        t.injectWriterUpdate(); // no step taken after it
        String atInject = t.machine().digest();
        t.back(10);
        t.seek(40);
        assertEquals(atInject, t.machine().digest(), "the state at step 40 includes the update placed there");
        for (int i = 0; i < 30; i++) t.step();
        Timeline u = new Timeline(new Machine(t.machine().setup()));
        for (int i = 0; i < 70; i++) {
            if (i == 40) u.injectWriterUpdate();
            u.step();
        }
        assertEquals(u.machine().digest(), t.machine().digest());
        assertEquals(1, t.machine().kernel().updateCount());
    }

    @Test
    void placingInThePastIsTheSameAsInjectingThereAndRemovingRestores() {
        Setup setup = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(3_000);
        Timeline t = new Timeline(new Machine(setup));
        List<String> digests = new ArrayList<>();
        digests.add(t.machine().digest());
        for (int i = 0; i < 700; i++) {
            t.step();
            digests.add(t.machine().digest());
        }
        t.place(300); // in the past: the timeline goes back there, update applied
        assertEquals(300, t.position());
        t.place(650); // in the future: logged, applied on arrival
        assertEquals(300, t.position());
        t.seek(700);
        Timeline u = new Timeline(new Machine(setup));
        for (int i = 0; i < 700; i++) {
            if (i == 300 || i == 650) u.injectWriterUpdate();
            u.step();
        }
        assertEquals(u.machine().digest(), t.machine().digest());
        t.remove(300);
        t.remove(650);
        assertEquals(java.util.Map.of(), t.injections());
        assertEquals(300, t.position());
        assertEquals(digests.get(300), t.machine().digest());
        t.seek(700);
        assertEquals(digests.get(700), t.machine().digest(), "removing both restores the original run");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> t.remove(5));
        assertTrue(e.getMessage().contains("no writer update"), e.getMessage());
    }
}

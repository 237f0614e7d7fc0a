package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/** The comparison's lockstep on two sessions, without a scene, against machines stepped by hand. */
class CompareLockstepTest {
    private final Setup sa = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);
    private final Setup sb = sa.with(Variant.TIMENS_NOINLINE);
    private final Session a = new Session(sa), b = new Session(sb);
    private final CompareLockstep lock = new CompareLockstep(() -> a, () -> b);

    private static long callLength(Setup s) {
        Machine m = new Machine(s);
        long n = 0;
        do {
            n++;
        } while (m.step() == null);
        return n;
    }

    @Test
    void theShorterCallWaitsForTheLongerAndEachStepNotifiesOnce() {
        long na = callLength(sa), nb = callLength(sb);
        assertTrue(na != nb, "the variants' first calls differ in length: " + na + " vs " + nb);
        int[] fired = {0, 0};
        a.addListener(() -> fired[0]++);
        b.addListener(() -> fired[1]++);
        long shorter = Math.min(na, nb);
        for (long i = 0; i < shorter; i++) lock.step();
        assertEquals(shorter, fired[0]);
        assertEquals(shorter, fired[1]);
        assertTrue(lock.waiting());
        lock.step(); // only the pane still in its call moves
        assertEquals(shorter, (na < nb ? a : b).position());
        assertEquals(shorter + 1, (na < nb ? b : a).position());
        lock.runCall();
        assertFalse(lock.waiting());
        assertEquals(na, a.position());
        assertEquals(nb, b.position());
        lock.runCalls(2);
        assertEquals(3, a.machine().calls());
        assertEquals(3, b.machine().calls());
    }
}

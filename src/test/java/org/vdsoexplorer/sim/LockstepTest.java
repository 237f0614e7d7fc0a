package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/** The lockstep of two machines against stepping them by hand by the rule in the compare view's help. */
class LockstepTest {
    // calls of different lengths: the vDSO's HVCLOCK read beside v5.13-rc1's syscall fallback
    static final Setup A = Setup.of(Scenario.HYPERV, Variant.TIMENS_INLINE, Clock.MONOTONIC);
    static final Setup B = Setup.of(Scenario.HYPERV_5_13, Variant.TIMENS_INLINE, Clock.MONOTONIC);

    static Lockstep.Pane pane(Machine m) {
        return new Lockstep.Pane() {
            @Override public boolean inCall() { return m.inCall(); }
            @Override public void step() { m.step(); }
            @Override public void stepLine() {
                int line = m.inCall() ? m.next().source().line() : -1;
                while (m.step() == null && m.next().source().line() == line) { }
            }
            @Override public void runCall() { m.runCall(); }
        };
    }

    @Test
    void stepsMatchTwoMachinesSteppedByHand() {
        Machine a = new Machine(A), b = new Machine(B), ha = new Machine(A), hb = new Machine(B);
        Lockstep.Pane pa = pane(a), pb = pane(b);
        boolean waited = false;
        for (int i = 0; i < 3_000; i++) {
            Lockstep.step(pa, pb);
            // by hand: both move unless exactly one is between calls, which then waits
            boolean ia = ha.inCall(), ib = hb.inCall();
            if (ia || !ib) ha.step();
            if (ib || !ia) hb.step();
            assertEquals(ha.digest(), a.digest(), "A after " + (i + 1));
            assertEquals(hb.digest(), b.digest(), "B after " + (i + 1));
            waited |= Lockstep.waiting(pa, pb);
            assertTrue(Math.abs(a.calls() - b.calls()) <= 1, "the panes stay within one call");
            if (!a.inCall() && !b.inCall()) assertEquals(a.calls(), b.calls(), "both between calls: the same call count");
        }
        assertTrue(waited, "one pane's call ends first and waits for the other's");
        assertTrue(a.calls() >= 2, "several calls were stepped: " + a.calls());
    }

    @Test
    void runCallFinishesTheCallThatIsBehindAndRunCallsAddsWholeCalls() {
        Machine a = new Machine(A), b = new Machine(B);
        Lockstep.Pane pa = pane(a), pb = pane(b);
        while (!Lockstep.waiting(pa, pb)) Lockstep.step(pa, pb);
        Machine done = a.inCall() ? b : a, behind = a.inCall() ? a : b;
        String before = done.digest();
        Lockstep.runCall(pa, pb); // only the one still in its call moves: it finishes call 1
        assertEquals(before, done.digest(), "the pane that finished first waited");
        assertEquals(1, behind.calls());
        assertFalse(behind.inCall());
        Lockstep.runCall(pa, pb); // both between calls: one whole call each
        assertEquals(2, a.calls());
        assertEquals(2, b.calls());
        Lockstep.step(pa, pb);
        Lockstep.runCalls(pa, pb, 3); // the current call first, then three more
        assertEquals(6, a.calls());
        assertEquals(6, b.calls());
        assertFalse(a.inCall() || b.inCall());
        Lockstep.stepLine(pa, pb);
        assertTrue(a.inCall() && b.inCall(), "a line step starts the next call in both");
    }
}

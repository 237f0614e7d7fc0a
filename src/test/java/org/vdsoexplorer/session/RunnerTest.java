package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/** The run loop without a scene: frames are calls of pulse() with made-up times. */
class RunnerTest {
    private static final long MS = 1_000_000;
    private final Setup setup = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);
    private final Session session = new Session(setup);
    private final List<String> reports = new ArrayList<>();
    /** A nanosecond clock that moves 1 ms each time it is read: the model's slice ends after a few checks. */
    private long fakeNanos;
    private final Runner r = new Runner(session, reports::add, () -> fakeNanos += MS);

    @Test
    void stepsFollowTheRateAndTheFirstFrameStepsOnce() {
        r.speedProperty().set(0.5); // 10^3 steps per second
        assertEquals(1000, r.stepsPerSecond(), 1e-9);
        assertEquals(0, r.pulse(0), "not running: nothing");
        r.setRunning(true);
        assertEquals(1, r.pulse(5 * MS));
        assertEquals(100, r.pulse(105 * MS));
        assertEquals(30, r.pulse(135 * MS));
        assertEquals(131, session.position());
        r.setRunning(false);
        r.setRunning(true);
        assertEquals(1, r.pulse(10_000 * MS), "a new run starts with one step, owing nothing for the pause");
    }

    @Test
    void aBreakpointStopsTheRunBeforeItsInstruction() {
        Machine probe = new Machine(setup);
        for (int i = 0; i < 40; i++) probe.step();
        int target = probe.next().index();
        session.toggleInstructionBreakpoint(target);
        r.speedProperty().set(1);
        r.setRunning(true);
        r.pulse(0);
        assertFalse(r.isRunning());
        assertEquals(target, session.machine().next().index());
        assertEquals(1, reports.size());
        assertTrue(reports.getFirst().startsWith("stopped at a breakpoint: "), reports.getFirst());
    }

    @Test
    void atFullSpeedTheViewsTakeTurnsAtTheirRates() {
        int[] counts = new int[3];
        r.addLiveView(() -> counts[0]++, Runner.COUNTERS_HZ);
        r.addLiveView(() -> counts[1]++, Runner.VIEW_HZ);
        r.addLiveView(() -> counts[2]++, Runner.VIEW_HZ);
        int[] fired = {0};
        session.addListener(() -> fired[0]++);
        r.speedProperty().set(1);
        r.setRunning(true);
        long frame = 1_000_000_000L / 60;
        long seconds = 3;
        int frames = (int) (seconds * 60);
        for (int f = 0; f < frames; f++) r.pulse(1_000_000_000L + f * frame);
        assertTrue(r.fastProperty().get());
        assertEquals(0, fired[0], "at full speed no frame redraws every view");
        // each gets its turn when due, or a frame or two later when another view is more overdue
        int[] hz = {Runner.COUNTERS_HZ, Runner.VIEW_HZ, Runner.VIEW_HZ};
        for (int v = 0; v < 3; v++) {
            assertTrue(counts[v] <= hz[v] * seconds + 1 && counts[v] >= hz[v] * seconds * 2 / 3,
                    "view " + v + ": " + counts[v] + " refreshes in " + seconds + " s at " + hz[v] + " Hz");
        }
        assertTrue(counts[0] + counts[1] + counts[2] <= frames, "at most one view per frame");
        r.setRunning(false);
        assertFalse(r.fastProperty().get());
        assertEquals(1, fired[0], "pausing lets every view catch up once");
    }

    @Test
    void slowRunsRedrawEveryStep() {
        int[] fired = {0};
        session.addListener(() -> fired[0]++);
        r.speedProperty().set(0);
        r.setRunning(true);
        r.pulse(0);
        r.pulse(1000 * MS);
        assertEquals(2, session.position());
        assertEquals(2, fired[0]);
        assertFalse(r.fastProperty().get());
        assertEquals(1, r.stepsPerSecond(), 1e-12);
        r.speedProperty().set(1);
        assertEquals(Double.POSITIVE_INFINITY, r.stepsPerSecond());
    }
}

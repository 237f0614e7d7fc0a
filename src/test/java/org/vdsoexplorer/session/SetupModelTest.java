package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/** The chosen setup as one value, without a scene: choices, refusals, the tick. */
class SetupModelTest {
    private final Setup start = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);
    private final Session session = new Session(start);
    private final SetupModel m = new SetupModel(session);

    @Test
    void anUnrunnableChoiceIsKeptWithItsReasonAndTheSessionStays() {
        session.step();
        m.choose(Variant.BEFORE);
        Setup bad = start.with(Variant.BEFORE);
        assertEquals(bad, m.chosen(), "the pickers show what was picked");
        assertFalse(m.runnable());
        assertTrue(m.problemProperty().get().contains(bad.problem()), m.problemProperty().get());
        assertSame(start, session.setup(), "the views keep the last valid setup");
        assertEquals(1, session.position());
        m.choose(Variant.TIMENS_NOINLINE);
        assertTrue(m.runnable());
        assertEquals(start.with(Variant.TIMENS_NOINLINE), session.setup());
        assertEquals(0, session.position(), "a new setup starts over");
    }

    @Test
    void eachChoiceChangesTheValueOnceAndChoosingItAgainDoesNothing() {
        List<Setup> seen = new ArrayList<>();
        m.chosenProperty().addListener((o, a, b) -> seen.add(b));
        m.choose(Scenario.HOST);
        m.choose(Scenario.HOST);
        m.choose(Clock.REALTIME);
        assertEquals(List.of(start.with(Scenario.HOST), start.with(Scenario.HOST).with(Clock.REALTIME)), seen);
        session.step();
        m.choose(start.with(Scenario.HOST).with(Clock.REALTIME));
        assertEquals(1, session.position(), "the same choice does not start over");
    }

    @Test
    void theTickIsPartOfTheChoice() {
        m.choose(Tick.HZ_250);
        assertEquals(Setup.tickCycles(start.ghz(), 250), session.setup().tickCycles());
        assertEquals(Tick.HZ_250, Tick.of(m.chosen()));
        m.choose(Tick.NONE);
        assertEquals(0, session.setup().tickCycles());
        // a lesson's setup carries its tick: choosing it moves the tick with the rest
        Setup lesson = Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC);
        m.start(lesson);
        assertEquals(Tick.HZ_1000, Tick.of(m.chosen()));
        assertEquals(lesson, session.setup());
    }

    @Test
    void startBeginsAgainEvenOnTheSameSetup() {
        session.runCall();
        m.start(start);
        assertEquals(0, session.position());
        assertEquals(0, session.machine().calls());
    }

    @Test
    void ticksRoundTripAndAnOddPeriodIsNone() {
        for (Tick t : Tick.values()) assertEquals(t, Tick.of(t.applyTo(start)), t.label());
        assertNull(Tick.of(start.withTick(Setup.tickCycles(start.ghz(), 300))));
    }

    @Test
    void theVariantMarksFollowTheChosenScenario() {
        assertEquals(start.with(Variant.BEFORE).problem(), m.problemWith(Variant.BEFORE));
        m.choose(Scenario.HOST);
        assertNull(m.problemWith(Variant.BEFORE));
    }
}

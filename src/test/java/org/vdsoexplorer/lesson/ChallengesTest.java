package org.vdsoexplorer.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Timeline;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * Challenge solutions checked independently: placements replayed on a {@link Timeline} the way the app's
 * session places them (then the call run on), setups run on a fresh machine; clicks against the listing.
 */
class ChallengesTest {
    static StepSetup setup(Scenario s, Variant v, Clock c, String runTo) {
        return new StepSetup(1, org.vdsoexplorer.sim.Setup.of(s, v, c), runTo == null ? null : Target.parse(runTo, false), List.of(), List.of(), null, null, null, Map.of());
    }

    @Test
    void retriesTwiceByTwoPlacementsTheTimelineConfirms() throws Exception {
        StepSetup s = setup(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC, "call_end");
        Goal g = new Goal(Map.of("retries", "2"));
        assertFalse(g.unmet(Challenges.shown(s).facts()).isEmpty(), "not met without the student");
        Challenges.Solution sol = Challenges.solve(s, g, Question.Act.UPDATES);
        assertNotNull(sol);
        assertEquals(2, sol.placements().size());
        Timeline t = new Timeline(new Machine(s.modelSetup()));
        t.runCall();
        for (long p : sol.placements()) t.place(p);
        assertTrue(t.machine().inCall(), "placing in the past moved the timeline back into the call");
        CallResult r = t.runCall();
        assertEquals(2, r.retries());
        assertEquals(1, r.number());
        assertTrue(sol.text(0).contains("reader steps " + sol.placements().get(0) + " and " + sol.placements().get(1)), sol.text(0));
    }

    @Test
    void aRealSeqlockNeverReturnsAWrongTimeSoTheSearchFindsNoSolution() throws Exception {
        StepSetup s = setup(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC, "call_end");
        assertNull(Challenges.solve(s, new Goal(Map.of("wrong-time", "yes")), Question.Act.UPDATES));
    }

    @Test
    void fallbackByPickingASetup() throws Exception {
        StepSetup s = setup(Scenario.HOST, Variant.ALWAYS_INLINE_ALL, Clock.REALTIME, null);
        Challenges.Solution sol = Challenges.solve(s, new Goal(Map.of("fallback", "yes")), Question.Act.SETUP);
        assertNotNull(sol);
        assertTrue(new Machine(sol.setup()).runCall().fallback(), sol.setup().toString());
        assertEquals(Variant.ALWAYS_INLINE_ALL, sol.setup().variant(), "the step's variant first");
    }

    @Test
    void clickTargetsAreTheInstructionsTheAnchorsName() throws Exception {
        StepSetup s = setup(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC, null);
        Question q = new Question(1, Question.Type.CLICK, "p", List.of(), null, null, Double.NaN, "", "", Map.of(), 3, null,
                Question.Act.UPDATES, "counter-read");
        ClickTarget t = new Evaluator().click(s, q);
        assertTrue(t.insn().mnemonic().startsWith("rdtsc"), t.insn().toString());
        assertTrue(t.accepts(new ClickTarget.Click(ClickTarget.Click.Kind.INSTRUCTION, t.insn().address())));
        assertTrue(t.accepts(new ClickTarget.Click(ClickTarget.Click.Kind.C_LINE, t.insn().source().line())));
        assertFalse(t.accepts(new ClickTarget.Click(ClickTarget.Click.Kind.INSTRUCTION, t.insn().address() + t.insn().length())));
        Question fn = new Question(1, Question.Type.CLICK, "p", List.of(), null, null, Double.NaN, "", "", Map.of(), 3, null,
                Question.Act.UPDATES, "fn:vdso_read_retry");
        ClickTarget f = new Evaluator().click(s, fn);
        long others = new Machine(s.modelSetup()).listing().instructions().stream()
                .filter(i -> i.source().function().equals("vdso_read_retry")).count();
        assertEquals(others, f.addresses().size());
        Question slot = new Question(1, Question.Type.CLICK, "p", List.of(), null, null, Double.NaN, "", "", Map.of(), 3, null,
                Question.Act.UPDATES, Question.NEXT_SLOT);
        ClickTarget sl = new Evaluator().click(setup(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC, "fn:do_hres_timens"), slot);
        assertEquals(3, sl.slot(), "v5.6's real data page, after the namespace page");
        assertTrue(sl.accepts(new ClickTarget.Click(ClickTarget.Click.Kind.SLOT, 3)));
    }

    @Test
    void numbersInDecimalOrHex() {
        Answer a = new Answer(PredictKind.INSTRUCTIONS_THIS_CALL, "42", 42, 0, "");
        assertTrue(a.accepts("42"));
        assertTrue(a.accepts("0x2a"));
        assertTrue(a.accepts("0X2A"));
        assertFalse(a.accepts("0x2b"));
        assertFalse(a.accepts("4 2"));
        assertTrue(new Answer(PredictKind.INSTRUCTIONS_DIFFERENCE, "-3", -3, 0, "").accepts("-0x3"));
    }
}

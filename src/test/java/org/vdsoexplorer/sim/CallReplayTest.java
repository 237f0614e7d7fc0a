package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.vdsoexplorer.report.Report;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.TimingModel;

/**
 * {@link Machine#runCallFast()} replays steady calls (sim.cpu.CallTrace); this checks that the machine it leaves is
 * the machine {@link Machine#runCall()} leaves, call by call, for every setup a report measures on every compiler's
 * listings: each call's result (returned time, reference, instructions, cycles, retries, counter value), and after
 * every call the registers, flags, counters, categories and seqlock probe; every 50 calls and at the end the whole
 * state's digest (every holder: registers, flags, predictor, retirement counts, pages, stack, writer). The writer
 * ticks every 10 us here, so each run crosses a few updates (calls that retry, calls recorded again). A second test
 * takes the counter across a second boundary, where the replayed slice's division loop runs once more than recorded:
 * the replay must notice, put everything back and run that call in full.
 */
class CallReplayTest {
    static final int CALLS = 700;

    static Stream<Setup> setups() {
        CostTable costs = CostTable.defaults();
        List<Setup> out = new ArrayList<>();
        for (Compiler c : Compiler.values()) {
            out.addAll(Report.setups(null, null, null, costs, costs.ghz(), c, TimingModel.ADDITIVE, 100_000));
        }
        // the pipeline replays a call only where its own steady state replays the call's unit
        out.addAll(Report.setups(null, null, null, costs, costs.ghz(), Compiler.GCC_12, TimingModel.pipeline(org.vdsoexplorer.sim.timing.TimingTable.defaults().defaultCore()), 100_000));
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("setups")
    void aReplayedCallLeavesTheMachineAFullCallLeaves(Setup s) {
        Machine plain = new Machine(s), fast = new Machine(s);
        for (int i = 0; i < CALLS; i++) {
            CallResult a = plain.runCall(), b = fast.runCallFast();
            String at = s + " call " + (i + 1);
            assertEquals(a.number(), b.number(), at);
            assertEquals(a.ret(), b.ret(), at);
            assertEquals(a.sec(), b.sec(), at);
            assertEquals(a.nsec(), b.nsec(), at);
            assertArrayEquals(a.expected(), b.expected(), at);
            assertEquals(a.instructions(), b.instructions(), at);
            assertEquals(a.costMilli(), b.costMilli(), at);
            assertEquals(a.retries(), b.retries(), at);
            assertEquals(a.oddSpins(), b.oddSpins(), at);
            assertEquals(a.fallback(), b.fallback(), at);
            assertEquals(a.tsc(), b.tsc(), at);
            assertEquals(plain.cpu().cpu.save(), fast.cpu().cpu.save(), at);
            assertEquals(plain.cyclesMilli(), fast.cyclesMilli(), at);
            assertEquals(plain.instructions(), fast.instructions(), at);
            for (Category c : Category.values()) assertEquals(plain.cpu().categoryMilli(c), fast.cpu().categoryMilli(c), at + " " + c);
            assertArrayEquals(plain.kernel().callProbe(), fast.kernel().callProbe(), at);
            if (i % 50 == 49 || i == CALLS - 1) assertEquals(plain.digest(), fast.digest(), at + ": whole state");
        }
        long[] stats = fast.replayStatistics();
        // the pipeline's steady state may alternate between units (a call is then recorded each time, never replayed)
        if (!s.timing().isPipeline() && replays(s)) assertTrue(stats[0] > CALLS / 2, s + ": only " + stats[0] + " of " + CALLS + " calls replayed");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("setups")
    void callsTakenTogetherLeaveTheMachineCallByCallLeaves(Setup s) {
        Machine plain = new Machine(s), fast = new Machine(s);
        long until = 3 * s.tickCycles() * 1000 + 7; // three writer updates, and an end inside a call
        long wrong = 0;
        do {
            if (!plain.runCall().correct()) wrong++;
        } while (plain.cyclesMilli() < until);
        assertEquals(wrong, fast.runCallsUntil(until), s + ": calls that returned a wrong time");
        assertEquals(plain.calls(), fast.calls(), s.toString());
        assertEquals(plain.lastCall().number(), fast.lastCall().number(), s.toString());
        assertEquals(plain.lastCall().costMilli(), fast.lastCall().costMilli(), s.toString());
        assertEquals(plain.callCyclesMilli(), fast.callCyclesMilli(), s.toString());
        assertEquals(plain.callInstructions(), fast.callInstructions(), s.toString());
        assertEquals(plain.digest(), fast.digest(), s + ": whole state");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("boundarySetups")
    void aCallThatCrossesASecondBoundaryIsNotReplayedWrong(Setup s) {
        Machine plain = new Machine(s), fast = new Machine(s);
        CallResult first = plain.runCall();
        fast.runCallFast();
        // skip the simulated time to ~300 calls before the clock's next second (no writer: the base stays put)
        long toBoundary = Math.round((1_000_000_000L - first.nsec()) * s.ghz()) - 300 * first.costMilli() / 1000;
        plain.cpu().charge(toBoundary * 1000, Category.HARNESS);
        fast.cpu().charge(toBoundary * 1000, Category.HARNESS);
        long crossed = 0;
        for (int i = 0; i < 600; i++) {
            CallResult a = plain.runCall(), b = fast.runCallFast();
            String at = s + " call " + (i + 2);
            assertEquals(a.sec(), b.sec(), at);
            assertEquals(a.nsec(), b.nsec(), at);
            assertEquals(a.costMilli(), b.costMilli(), at);
            assertEquals(a.instructions(), b.instructions(), at);
            assertTrue(b.correct(), at);
            if (a.sec() != first.sec()) crossed++;
        }
        assertEquals(plain.digest(), fast.digest(), s + ": whole state");
        // the same calls taken together: the run of replays stops at the crossing call, which runs in full
        Machine together = new Machine(s);
        together.runCallFast();
        together.cpu().charge(toBoundary * 1000, Category.HARNESS);
        assertEquals(0, together.runCallsUntil(plain.cyclesMilli()), s + ": wrong times");
        assertEquals(plain.calls(), together.calls(), s.toString());
        assertEquals(plain.digest(), together.digest(), s + ": whole state, calls taken together");
        assertTrue(crossed > 0 && crossed < 600, s + ": the run did not cross the second (" + crossed + " calls after it)");
        assertTrue(fast.replayStatistics()[0] > 400, s + ": replayed " + fast.replayStatistics()[0]);
    }

    static Stream<Setup> boundarySetups() {
        CostTable costs = CostTable.defaults();
        return Stream.of(Clock.REALTIME, Clock.MONOTONIC, Clock.BOOTTIME, Clock.MONOTONIC_RAW)
                .flatMap(c -> Stream.of(Variant.BEFORE, Variant.UNLIKELY, Variant.TIMENS_NOINLINE)
                        .map(v -> new Setup(Scenario.HOST, v, c, costs, costs.ghz(), 0)));
    }

    /** Setups whose calls are steady: everything but the ones that always fall back to the system call. */
    private static boolean replays(Setup s) {
        Machine m = new Machine(s);
        for (int i = 0; i < 100; i++) m.runCall();
        return m.fallbacks() == 0;
    }
}

package org.vdsoexplorer.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/** Steady-state rows kept per setup, and the speed comparison of two of them, against fresh report measurements. */
class SpeedupTest {
    private static final Setup INLINE = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);
    private static final Setup NOINLINE = INLINE.with(Variant.TIMENS_NOINLINE);

    @Test
    void steadyIsTheReportRowMeasuredOnce() {
        SteadyFigures figures = new SteadyFigures();
        Row kept = figures.of(INLINE);
        assertEquals(Report.measure(INLINE), kept, "the kept row is what a fresh measurement gives");
        assertSame(kept, figures.of(INLINE));
        assertSame(kept, figures.cached(INLINE));
        // a setup without writer ticks is measured as the report measures it: with the report's 1000 Hz tick
        assertSame(kept, figures.of(INLINE.withTick(0)));
        // keyed by value: the same cost table read again (another object) finds the kept row
        var again = org.vdsoexplorer.sim.cost.CostTable.parse("again.yaml",
                org.vdsoexplorer.util.Resources.text("/assets/costs.yaml"));
        assertSame(kept, figures.cached(INLINE.with(again)), "a setup equal in value, its table parsed anew");
        assertEquals(1, figures.size());
    }

    @Test
    void twoOwnersDoNotSeeEachOthersRows() {
        SteadyFigures one = new SteadyFigures(), other = new SteadyFigures();
        one.of(INLINE);
        assertEquals(null, other.cached(INLINE), "another owner's figures have not measured it");
        assertEquals(0, other.size());
    }

    @Test
    void theFiguresStayWithinTheirBoundOverManySetups() {
        int bound = 3;
        SteadyFigures figures = new SteadyFigures(bound);
        java.util.List<Setup> setups = new java.util.ArrayList<>();
        for (Scenario sc : Scenario.values()) {
            Setup s = INLINE.with(sc);
            if (s.problem() == null) setups.add(s);
        }
        assertTrue(setups.size() > bound, "more setups than the bound: " + setups.size());
        for (Setup s : setups) {
            figures.of(s);
            assertTrue(figures.size() <= bound, "kept " + figures.size());
        }
        assertEquals(bound, figures.size());
        Setup last = setups.getLast(), first = setups.getFirst();
        assertEquals(Report.measure(last), figures.cached(last), "the most recent is kept");
        assertEquals(null, figures.cached(first), "the least recently used went");
        assertTrue(SteadyFigures.CAPACITY >= Report.setups(null, null, null, INLINE.costs(), INLINE.ghz()).size(),
                "a window's figures hold a whole report");
    }

    @Test
    void percentAndSentenceFollowTheCallsIn3s() {
        Row a = Report.measure(INLINE), b = Report.measure(NOINLINE);
        Speedup s = new Speedup(a, b);
        boolean aFaster = a.callsIn3s() > b.callsIn3s();
        assertEquals(aFaster, s.aFaster());
        double hi = Math.max(a.callsIn3s(), b.callsIn3s()), lo = Math.min(a.callsIn3s(), b.callsIn3s());
        String pct = String.format(Locale.ROOT, "%.1f", (hi / lo - 1) * 100);
        assertEquals(pct, String.format(Locale.ROOT, "%.1f", s.percent()));
        assertEquals((aFaster ? "A" : "B") + " makes " + pct + " % more calls in 3 s than " + (aFaster ? "B" : "A"),
                s.sentence("A", "B"));
        assertEquals(new Speedup(b, a).percent(), s.percent(), "symmetric");
        assertTrue(new Speedup(a, a).same());
        assertEquals("A and B make the same number of calls in 3 s", new Speedup(a, a).sentence("A", "B"));
    }

    @Test
    void aFactorFromTwiceAsManyCalls() {
        // hyperv-5.13-rc1 falls back to the syscall: several times slower than hyperv's vDSO read
        Row fast = Report.measure(Setup.of(Scenario.HYPERV, Variant.TIMENS_INLINE, Clock.MONOTONIC));
        Row slow = Report.measure(Setup.of(Scenario.HYPERV_5_13, Variant.TIMENS_INLINE, Clock.MONOTONIC));
        Speedup s = new Speedup(slow, fast);
        assertTrue(s.ratio() >= 2, "ratio " + s.ratio());
        String f = String.format(Locale.ROOT, "%.1f", (double) fast.callsIn3s() / slow.callsIn3s());
        assertEquals("B makes " + f + "\u00d7 the calls in 3 s of A", s.sentence("A", "B"));
    }
}

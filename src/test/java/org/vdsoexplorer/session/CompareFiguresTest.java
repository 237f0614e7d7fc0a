package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.report.Report;
import org.vdsoexplorer.report.Row;
import org.vdsoexplorer.session.CompareFigures.Line;
import org.vdsoexplorer.session.CompareFigures.Section;

/** The compare tab's figures on two sessions in lockstep, without a scene, against the machines and fresh report rows. */
class CompareFiguresTest {
    private final Setup sa = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);
    private final Setup sb = sa.with(Variant.TIMENS_NOINLINE);
    private final Session a = new Session(sa), b = new Session(sb);
    private final CompareLockstep lock = new CompareLockstep(() -> a, () -> b);
    private final List<String> changed = new ArrayList<>();
    /** Measured on the calling thread: the test sees the steady state at once. */
    private final CompareFigures figures = new CompareFigures(Runnable::run, Runnable::run, () -> changed.add("changed"),
            new org.vdsoexplorer.report.SteadyFigures());

    private static Line line(List<Line> lines, String id) {
        return lines.stream().filter(l -> l.id().equals(id)).findFirst().orElse(null);
    }

    @Test
    void theSpeedIsTheSteadyStateFromTheFirstCallOnAndTheLessonsAnswerAgrees() throws Exception {
        lock.runCall();
        String afterOne = figures.speed(sa, sb, false);
        Machine ma = a.machine(), mb = b.machine();
        // the first call is cold: its own cycles say something else than the steady state
        double coldRatio = (double) mb.lastCall().costMilli() / ma.lastCall().costMilli();
        lock.runCalls(100);
        assertEquals(afterOne, figures.speed(sa, sb, false), "the percentage does not drift as the panes run");
        double warmRatio = (double) mb.lastCall().costMilli() / ma.lastCall().costMilli();
        assertTrue(Math.abs(coldRatio - warmRatio) > 0.005, "cold and warm calls differ: " + coldRatio + " vs " + warmRatio);
        Row ra = Report.measure(sa), rb = Report.measure(sb);
        boolean aFaster = ra.callsIn3s() > rb.callsIn3s();
        double hi = Math.max(ra.callsIn3s(), rb.callsIn3s()), lo = Math.min(ra.callsIn3s(), rb.callsIn3s());
        String pct = String.format(Locale.ROOT, "%.1f", (hi / lo - 1) * 100);
        assertEquals("Steady state: " + (aFaster ? "A" : "B") + " makes " + pct + " % more calls in 3 s than "
                + (aFaster ? "B" : "A"), afterOne);
        // a lesson asking how many percent more calls gets the same figure
        var step = new org.vdsoexplorer.lesson.StepSetup(1, Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), null,
                List.of(), List.of(), Setup.of(Scenario.TIMENS, Variant.TIMENS_NOINLINE, Clock.MONOTONIC),
                org.vdsoexplorer.lesson.View.COMPARE, "", java.util.Map.of());
        var q = new org.vdsoexplorer.lesson.Question(1, org.vdsoexplorer.lesson.Question.Type.PREDICT,
                "How many percent more calls?", List.of(), null, org.vdsoexplorer.lesson.PredictKind.SPEEDUP_PERCENT,
                Double.NaN, "", "", java.util.Map.of(), 1, null, null, null);
        assertEquals(pct, new org.vdsoexplorer.lesson.Evaluator().answer(step, q).value());
    }

    @Test
    void sectionsSayWhatEachFigureIsWithItsUnit() {
        lock.runCalls(2);
        for (int i = 0; i < 20; i++) lock.step();
        List<Line> lines = figures.lines(a, b, false);
        Machine ma = a.machine(), mb = b.machine();
        // in order: counts, then this call's cycles, then the steady state
        List<Section> order = lines.stream().map(Line::section).distinct().toList();
        assertEquals(List.of(Section.COUNTS, Section.CYCLES, Section.STEADY), order);
        for (Line l : lines) {
            String expected = switch (l.section()) {
                case COUNTS -> l.id().equals("calls") ? "calls" : "insns";
                case CYCLES -> l.id().equals("ns") ? "ns" : "cyc";
                case STEADY -> l.id().equals("steady-ns") ? "ns" : "M calls";
            };
            assertEquals(expected, l.unit(), l.toString());
        }
        assertEquals(String.format(Locale.ROOT, "%,d", ma.callInstructions()), line(lines, "instructions").a());
        assertEquals(String.format(Locale.ROOT, "%,.2f", mb.callCyclesMilli() / 1000.0), line(lines, "cycles").b());
        long d = mb.callCyclesMilli() - ma.callCyclesMilli();
        assertEquals(d == 0 ? "0" : (d > 0 ? "+" : "\u2212") + String.format(Locale.ROOT, "%,.2f", Math.abs(d) / 1000.0),
                line(lines, "cycles").delta());
        // the ns row names the clock rate with all its digits (the cost table's 2.67, not 2.7)
        String ghz = java.math.BigDecimal.valueOf(sa.ghz()).toPlainString();
        assertEquals("ns @ " + ghz + " GHz", line(lines, "ns").name());
        for (Category c : Category.values()) {
            Line l = line(lines, c.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            long va = a.callCategoryMilli(c), vb = b.callCategoryMilli(c);
            assertEquals(va != 0 || vb != 0, l != null, c.label());
        }
        Row ra = Report.measure(sa);
        assertEquals(String.format(Locale.ROOT, "%,.2f", ra.callsIn3s() / 1e6), line(lines, "steady-calls").a());
        assertEquals(String.format(Locale.ROOT, "%,.2f", ra.ns()), line(lines, "steady-ns").a());
        // fewer calls in 3 s is worse, more cycles is worse
        Line calls = line(lines, "steady-calls");
        assertEquals(-Long.signum(Report.measure(sb).callsIn3s() - ra.callsIn3s()), calls.sign());
        assertEquals(Long.signum(d), line(lines, "cycles").sign());
    }

    @Test
    void theCallIsLabelledWarmUpThenWarm() {
        lock.runCall();
        assertTrue(CompareFigures.title(Section.CYCLES, a.snapshot(), b.snapshot()).endsWith("call 1: warm-up"),
                CompareFigures.title(Section.CYCLES, a.snapshot(), b.snapshot()));
        lock.runCalls(Report.WARMUP_CALLS);
        lock.step();
        String t = CompareFigures.title(Section.CYCLES, a.snapshot(), b.snapshot());
        assertTrue(t.endsWith("call " + (Report.WARMUP_CALLS + 2) + ": warm"), t);
        assertTrue(t.contains("additive"), "names the timing model: " + t);
    }

    @Test
    void aMaskedSpeedShowsQuestionMarksAndMeasuringIsSaid() {
        CompareFigures later = new CompareFigures(r -> {}, Runnable::run, () -> {}, new org.vdsoexplorer.report.SteadyFigures());
        assertTrue(figures.speed(sa, sb, false).contains("more calls"), "measured in this test's own figures");
        // another window's figures (its own) have not measured A and B: it says so, whatever ran before
        assertEquals("measuring the steady state of A and B\u2026", later.speed(sa, sb, false));
        lock.runCall();
        for (Line l : figures.lines(a, b, true)) {
            if (l.section() == Section.COUNTS) assertNotNull(l.a());
            else assertEquals("?", l.a(), l.toString());
        }
        assertEquals("? (hidden until you reveal)", figures.speed(sa, sb, true));
    }
}

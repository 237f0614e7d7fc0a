package org.vdsoexplorer.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.report.Report;
import org.vdsoexplorer.report.Row;
import org.vdsoexplorer.report.Speedup;
import org.vdsoexplorer.report.SteadyFigures;

/**
 * What the compare tab's table, bars and speed line say about panes A and B, each figure with its unit and
 * what it is: this call's counts (instructions, pushes and pops) and this call's cycles (total, ns at the
 * clock rate with the digits it has, by category), labelled warm-up or warm; then the steady state of each
 * setup (the report's figure, {@link SteadyFigures}), from which the bars and the "% more calls" sentence come,
 * so they do not drift as the panes run (a first call is cold: its predictor has not been trained).
 * Steady-state rows are measured off the UI thread on {@code background}; {@code changed} runs on {@code ui}
 * when one arrives.
 */
public final class CompareFigures {
    /** The table's sections, in order. */
    public enum Section {
        COUNTS, CYCLES, STEADY
    }

    /**
     * One table row: B − A in {@code delta}; {@code sign} +1 when B is worse (more cycles, fewer calls), -1
     * when it is better, 0 when equal or neither (a count of calls done).
     */
    public record Line(Section section, String id, String name, String unit, String a, String b, String delta, int sign,
                       String tip) {}

    private final Executor background, ui;
    private final Runnable changed;
    private final SteadyFigures figures;
    private final Map<Setup, Boolean> pending = new ConcurrentHashMap<>();
    private final Map<Setup, String> failed = new ConcurrentHashMap<>();

    /** Steady states come from {@code figures} (the window's, shared with its counters bar). */
    public CompareFigures(Executor background, Executor ui, Runnable changed, SteadyFigures figures) {
        this.background = background;
        this.ui = ui;
        this.changed = changed;
        this.figures = figures;
    }

    /** The steady-state row of {@code s}, or null while it is being measured (the measurement starts here). */
    public Row steady(Setup s) {
        Row r = figures.cached(s);
        Setup key = SteadyFigures.measured(s);
        if (r != null || failed.containsKey(key) || pending.putIfAbsent(key, true) != null) return r;
        background.execute(() -> {
            try {
                figures.of(s);
            } catch (RuntimeException e) {
                failed.put(key, String.valueOf(e.getMessage()));
            } finally {
                pending.remove(key);
                ui.execute(changed);
            }
        });
        return figures.cached(s);
    }

    /** Why the steady state of {@code s} could not be measured, or null. */
    public String steadyProblem(Setup s) { return failed.get(SteadyFigures.measured(s)); }

    /** The clock rate with the digits it has ("2.67 GHz", not "2.7 GHz"). */
    public static String ghz(double ghz) {
        return java.math.BigDecimal.valueOf(ghz).stripTrailingZeros().toPlainString() + " GHz";
    }

    /** The title of {@code s}'s section for panes showing {@code a} and {@code b}. */
    public static String title(Section s, ModelSnapshot a, ModelSnapshot b) {
        return switch (s) {
            case COUNTS -> "this call: counts";
            case CYCLES -> {
                long call = Math.max(a.callNumber(), b.callNumber());
                yield "this call: cycles (" + a.setup().timing().shortLabel() + "), call " + call
                        + (call <= Report.WARMUP_CALLS ? ": warm-up" : ": warm");
            }
            case STEADY -> "steady state (after " + Report.WARMUP_CALLS + " warm-up calls)";
        };
    }

    /** The table's rows for sessions {@code a} and {@code b}; {@code hideRate} shows "?" where a speed answer would show. */
    public List<Line> lines(Session a, Session b, boolean hideRate) {
        ModelSnapshot sa = a.snapshot(), sb = b.snapshot();
        ModelSnapshot.Counters ma = sa.counters(), mb = sb.counters();
        List<Line> out = new ArrayList<>();
        out.add(count("calls", "calls done", "calls", ma.calls(), mb.calls(), false,
                "clock_gettime() calls each pane has finished since reset"));
        out.add(count("instructions", "instructions", "insns", ma.callInstructions(), mb.callInstructions(), true,
                "Reader instructions retired in this call"));
        out.add(count("spills", "push + pop", "insns", sa.spills().push() + sa.spills().pop(),
                sb.spills().push() + sb.spills().pop(), true,
                "Register spills: pushes and pops of general registers in this call"));
        long ca = ma.callCyclesMilli(), cb = mb.callCyclesMilli();
        out.add(cycles("cycles", "total", ca, cb, hideRate, "Cycles of the current call (the last one between calls)"));
        double nsA = ca / 1000.0 / sa.setup().ghz(), nsB = cb / 1000.0 / sb.setup().ghz();
        String nsName = "ns @ " + ghz(sa.setup().ghz());
        out.add(hideRate ? hidden(Section.CYCLES, "ns", nsName, "ns") : decimal(Section.CYCLES, "ns", nsName, "ns", nsA, nsB, 1,
                "This call's cycles at " + ghz(sa.setup().ghz()) + (sa.setup().ghz() == sb.setup().ghz() ? ""
                        : " (A) and " + ghz(sb.setup().ghz()) + " (B)")));
        for (Category c : Category.values()) {
            long va = sa.callCategoryMilli(c), vb = sb.callCategoryMilli(c);
            if (va == 0 && vb == 0) continue;
            out.add(cycles(c.name().toLowerCase(Locale.ROOT).replace('_', '-'), c.label(), va, vb, hideRate,
                    "Cycles of this call spent in: " + c.label()));
        }
        Row ra = steady(sa.setup()), rb = steady(sb.setup());
        if (hideRate) {
            out.add(hidden(Section.STEADY, "steady-ns", "ns per call", "ns"));
            out.add(hidden(Section.STEADY, "steady-calls", "M calls in 3 s", "M calls"));
        } else {
            String tip = "The report command's figure for this setup: " + Report.WARMUP_CALLS + " warm-up calls, then the "
                    + "average over " + Report.WINDOW_TICKS + " writer ticks of calls";
            out.add(ra == null || rb == null ? pendingLine("steady-ns", "ns per call", "ns", ra, rb, true)
                    : decimal(Section.STEADY, "steady-ns", "ns per call", "ns", ra.ns(), rb.ns(), 1, tip));
            out.add(ra == null || rb == null ? pendingLine("steady-calls", "M calls in 3 s", "M calls", ra, rb, false)
                    : decimal(Section.STEADY, "steady-calls", "M calls in 3 s", "M calls", ra.callsIn3s() / 1e6,
                    rb.callsIn3s() / 1e6, -1, tip));
        }
        return out;
    }

    /** The speed sentence from the steady state of A and B ("A makes 2.3 % more calls in 3 s than B"), or why not yet. */
    public String speed(Setup a, Setup b, boolean hideRate) {
        if (hideRate) return "? (hidden until you reveal)";
        Row ra = steady(a), rb = steady(b);
        String bad = steadyProblem(a) != null ? steadyProblem(a) : steadyProblem(b);
        if (bad != null) return "the steady state could not be measured: " + bad;
        if (ra == null || rb == null) return "measuring the steady state of A and B\u2026";
        return "Steady state: " + new Speedup(ra, rb).sentence("A", "B");
    }

    private static Line count(String id, String name, String unit, long a, long b, boolean coloured, String tip) {
        return new Line(Section.COUNTS, id, name, unit, String.format(Locale.ROOT, "%,d", a), String.format(Locale.ROOT, "%,d", b),
                signed(b - a), coloured ? Long.signum(b - a) : 0, tip);
    }

    private static Line cycles(String id, String name, long a, long b, boolean hide, String tip) {
        if (hide) return hidden(Section.CYCLES, id, name, "cyc");
        return new Line(Section.CYCLES, id, name, "cyc", milli(a), milli(b), b == a ? "0" : (b > a ? "+" : "\u2212")
                + milli(Math.abs(b - a)), Long.signum(b - a), tip);
    }

    /** Two decimals; {@code worse} +1 when more is worse, -1 when more is better. */
    private static Line decimal(Section s, String id, String name, String unit, double a, double b, int worse, String tip) {
        String fa = String.format(Locale.ROOT, "%,.2f", a), fb = String.format(Locale.ROOT, "%,.2f", b);
        String d = String.format(Locale.ROOT, "%,.2f", Math.abs(b - a));
        boolean zero = fa.equals(fb) || d.equals("0.00");
        return new Line(s, id, name, unit, fa, fb, zero ? "0" : (b > a ? "+" : "\u2212") + d, zero ? 0 : worse * (b > a ? 1 : -1),
                tip);
    }

    private Line pendingLine(String id, String name, String unit, Row ra, Row rb, boolean ns) {
        String wait = "\u2026";
        return new Line(Section.STEADY, id, name, unit, ra == null ? wait : String.format(Locale.ROOT, "%,.2f",
                ns ? ra.ns() : ra.callsIn3s() / 1e6), rb == null ? wait : String.format(Locale.ROOT, "%,.2f",
                ns ? rb.ns() : rb.callsIn3s() / 1e6), "", 0, "measuring");
    }

    private static Line hidden(Section s, String id, String name, String unit) {
        return new Line(s, id, name, unit, "?", "?", "?", 0, "hidden until you reveal");
    }

    private static String milli(long m) { return String.format(Locale.ROOT, "%,.2f", m / 1000.0); }

    private static String signed(long n) { return n == 0 ? "0" : (n > 0 ? "+" : "\u2212") + String.format(Locale.ROOT, "%,d", Math.abs(n)); }
}

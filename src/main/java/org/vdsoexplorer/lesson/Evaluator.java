package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Timeline;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.event.EventSink;
import org.vdsoexplorer.sim.kernel.VvarLocation;
import org.vdsoexplorer.report.Row;
import org.vdsoexplorer.report.Speedup;

/**
 * Runs the model for lessons: {@link #runTo} brings a model (a fresh timeline, or the app's session) to a
 * step's setup point (writer updates placed at their reader steps), and {@link #answer} computes a predict
 * question's answer by running on from that point ({@link #runUntilAnswered}, which the app's reveal runs
 * too), or, for the comparisons, by measuring both setups as {@code report} does.
 * Every run is bounded, so a lesson can never make it spin. Headless; thread-safe (measurements cached).
 */
public final class Evaluator {
    /** run_to must be reached within this many reader steps. */
    public static final long MAX_SETUP_STEPS = 200_000;
    /** A predict question's answer must show up within this many further reader steps. */
    public static final long MAX_PREDICT_STEPS = 100_000;

    /** The steady-state rows this evaluator measured (its own, unless it was handed a window's). */
    private final org.vdsoexplorer.report.SteadyFigures figures;

    /** An evaluator that measures steady states into figures of its own. */
    public Evaluator() { this(new org.vdsoexplorer.report.SteadyFigures()); }

    /** An evaluator whose steady states are kept in {@code figures}. */
    public Evaluator(org.vdsoexplorer.report.SteadyFigures figures) { this.figures = figures; }

    /** The seed tables, read once (only their cells' rows and figures are used: no model run). */
    private volatile List<org.vdsoexplorer.report.SeedTables.Table> seeds;

    private List<org.vdsoexplorer.report.SeedTables.Table> seeds() {
        List<org.vdsoexplorer.report.SeedTables.Table> t = seeds;
        if (t == null) {
            org.vdsoexplorer.sim.cost.CostTable c = org.vdsoexplorer.sim.cost.CostTable.defaults();
            seeds = t = org.vdsoexplorer.report.SeedTables.load(c, c.ghz());
        }
        return t;
    }

    /** What the seeds measured for the comparison {@code a} against {@code b}, in the form of {@code k}'s answer. */
    private List<Answer.Measured> measured(PredictKind k, Setup a, Setup b, String la, String lb, boolean modelAFaster) {
        List<Answer.Measured> out = new ArrayList<>();
        for (var m : org.vdsoexplorer.report.MeasuredSpeedup.find(seeds(), a, b)) {
            String v = switch (k) {
                case SPEEDUP_PERCENT -> String.format(Locale.ROOT, "%.1f", m.percent());
                case SPEEDUP_FACTOR -> String.format(Locale.ROOT, "%.1f", m.factor());
                default -> m.aFaster() ? la : lb;
            };
            out.add(new Answer.Measured(v, m.aFaster() == modelAFaster, m.describe(), m.sourceEntry()));
        }
        return out;
    }

    /** A machine at a step's setup point, with the writer updates still to come (reader step numbers). */
    public record Staged(Machine machine, Timeline timeline, List<Long> pendingUpdates) {}

    /** Builds a fresh machine for {@code s} and runs it to the setup point (anchors resolved). */
    public Staged stage(StepSetup s) throws LessonException { return stage(s, null); }

    /** {@code s} with its anchors turned into reader steps ({@link Anchors#resolve}). */
    public static StepSetup concrete(StepSetup s) throws LessonException { return Anchors.resolve(s); }

    Staged stage(StepSetup s, EventSink sink) throws LessonException {
        s = concrete(s);
        Setup setup = s.modelSetup();
        String problem = setup.problem();
        if (problem != null) throw new LessonException(problem);
        Machine m = new Machine(setup);
        m.setSink(sink);
        Timeline t = new Timeline(m);
        runTo(t, s, MAX_SETUP_STEPS);
        List<Long> pending = new ArrayList<>();
        for (long u : s.writerUpdateAt()) if (u > t.position()) pending.add(u);
        return new Staged(m, t, pending);
    }

    /** {@link #runTo(Stepper, Target, List, long)} on {@code t} (at step 0 of a machine built from {@code s}). */
    public static long runTo(Timeline t, StepSetup s, long maxSteps) throws LessonException {
        s = concrete(s);
        return runTo(Stepper.of(t), s.runTo(), s.writerUpdateAt(), maxSteps);
    }

    /**
     * Runs on until {@code to} (a C line or address about to execute, a reader step count, or the end of the
     * current call; null: nowhere), injecting a writer update whenever the position reaches one of
     * {@code writerUpdateAt} (those at the stopping position included). Returns the position. Throws if
     * {@code to} is not reached within {@code maxSteps} (counted from reader step 0) or the model stops.
     */
    public static long runTo(Stepper st, Target to, List<Long> writerUpdateAt, long maxSteps) throws LessonException {
        boolean callEnded = false;
        try {
            while (true) {
                injectDue(st, writerUpdateAt);
                if (to == null) return st.position();
                boolean reached = switch (to.kind()) {
                    case STEP -> st.position() == to.value();
                    case CALL_END -> callEnded;
                    case C_LINE, ASM -> to.matches(st.next());
                    case FUNCTION, ANCHOR -> throw new LessonException("run_to " + to.text() + " must be resolved first (Evaluator.concrete)");
                };
                if (reached) return st.position();
                if (st.position() >= maxSteps) {
                    throw new LessonException("run_to " + to.text() + " is not reached within " + maxSteps + " reader steps");
                }
                callEnded = st.step() != null;
            }
        } catch (RuntimeException e) {
            throw new LessonException("the model stopped at reader step " + st.position() + ": " + e.getMessage());
        }
    }

    /** Injects the writer updates the setup places at the timeline's current position. */
    public static void injectDue(Timeline t, StepSetup s) { injectDue(Stepper.of(t), s.writerUpdateAt()); }

    /** Injects the writer updates of {@code writerUpdateAt} placed at the current position. */
    public static void injectDue(Stepper st, List<Long> writerUpdateAt) {
        for (long u : writerUpdateAt) if (u == st.position()) st.injectWriterUpdate();
    }

    /**
     * Steps on from the setup point (placing the setup's later writer updates) until {@code w}, which sees
     * the model's events, has {@code k}'s answer. Returns the call the last step finished, or null. Throws
     * if that takes more than {@link #MAX_PREDICT_STEPS} steps or the model stops.
     */
    public static CallResult runUntilAnswered(Stepper st, List<Long> writerUpdateAt, PredictKind k, AnswerWatch w)
            throws LessonException {
        long start = st.position();
        CallResult r = null;
        try {
            while (!w.answered(k, r)) {
                if (st.position() - start >= MAX_PREDICT_STEPS) {
                    throw new LessonException(switch (k) {
                        case NEXT_SEQ -> "the reader makes no seq load";
                        case NEXT_PAGE_SLOT, NEXT_PAGE_KIND -> "the reader makes no load from the vvar pages";
                        default -> "the call does not end";
                    } + " within " + MAX_PREDICT_STEPS + " steps of the setup point");
                }
                injectDue(st, writerUpdateAt);
                r = st.step();
            }
            return r;
        } catch (RuntimeException e) {
            throw new LessonException("the model stopped at reader step " + st.position() + ": " + e.getMessage());
        }
    }

    /** Why {@code a} cannot be toggled in build {@code v}. */
    static String toggleProblem(Annotation a, org.vdsoexplorer.sim.Variant v) {
        return "toggle " + a.lessonName() + ": variant '" + v.cliName() + "' is not one of its two builds ("
                + a.without().cliName() + " without " + a.description() + ", " + a.with().cliName() + " with it)";
    }

    /**
     * Computes a predict question's answer for a step whose setup (its own or inherited) is {@code s}; a modify question's
     * on the build with its annotation toggled ({@link Question#modified}).
     */
    public Answer answer(StepSetup s, Question q) throws LessonException {
        if (q == null || !q.predicts() || q.predict() == null) {
            throw new LessonException("not a predict question");
        }
        if (s == null) throw new LessonException("a predict question needs a setup (in this step or an earlier one)");
        if (q.type() == Question.Type.MODIFY) {
            StepSetup m = q.modified(s);
            if (m == null) throw new LessonException(toggleProblem(q.toggle(), s.variant()));
            s = m;
        }
        s = concrete(s);
        PredictKind k = q.predict();
        if (k.measured()) return compare(s, q);
        if (k.needsCompare()) return difference(s, q);
        AnswerWatch w = new AnswerWatch();
        Staged st = stage(s, w);
        Stepper stepper = Stepper.of(st.timeline());
        w.arm(stepper);
        CallResult r = runUntilAnswered(stepper, s.writerUpdateAt(), k, w);
        switch (k) {
            case NEXT_SEQ, SEQ_PARITY -> {
                Event.MemRead m = w.firstSeq;
                String d = "reader step " + w.firstSeqStep + " loads " + m.where().label() + " = " + m.value();
                return k == PredictKind.NEXT_SEQ ? new Answer(k, Long.toString(m.value()), m.value(), 0, d)
                        : new Answer(k, (m.value() & 1) == 0 ? "even" : "odd", Double.NaN, 0, d);
            }
            case NEXT_PAGE_SLOT, NEXT_PAGE_KIND -> {
                VvarLocation where = (VvarLocation) w.firstVvar.where();
                int slot = where.slot();
                String kind = where.kind() == null ? "unbacked" : where.kind().label();
                String detail = "reader step " + w.firstVvarStep + " loads " + where.label();
                return k == PredictKind.NEXT_PAGE_SLOT ? new Answer(k, Integer.toString(slot), slot, 0, detail)
                        : new Answer(k, kind, Double.NaN, 0, detail);
            }
            default -> { }
        }
        CallFacts f = w.facts(r);
        String call = "call " + r.number() + " (" + r.instructions() + " instructions, "
                + String.format(Locale.ROOT, "%.0f", r.costMilli() / 1000.0) + " cycles)";
        return switch (k) {
            case PUSHES_THIS_CALL -> new Answer(k, Integer.toString(f.pushes()), f.pushes(), 0,
                    call + " executes " + f.pushes() + " push instructions");
            case INSTRUCTIONS_THIS_CALL -> new Answer(k, Long.toString(r.instructions()), r.instructions(), 0, call);
            case RETRIES -> new Answer(k, Integer.toString(r.retries()), r.retries(), 0,
                    call + ": the retry check failed " + r.retries() + " time(s), seq was odd " + r.oddSpins() + " time(s)");
            case SPINS -> new Answer(k, Integer.toString(r.oddSpins()), r.oddSpins(), 0,
                    call + ": seq was odd " + r.oddSpins() + " time(s), the retry check failed " + r.retries() + " time(s)");
            case FALLBACK -> new Answer(k, r.fallback() ? "yes" : "no", Double.NaN, 0,
                    call + (r.fallback() ? " entered the kernel (the syscall fallback)" : " stayed in the vDSO"));
            case COUNTER -> new Answer(k, f.counter(), Double.NaN, 0, call + " read the clock via " + f.counterWords());
            default -> throw new LessonException("unsupported predict kind " + k.lessonName());
        };
    }

    /**
     * The facts of the call that runs from {@code s}'s setup point (the current call, or the next one if the
     * model is between calls), writer updates placed: what {@code expect:} is checked against.
     */
    public CallFacts facts(StepSetup s) throws LessonException {
        s = concrete(s);
        AnswerWatch w = new AnswerWatch();
        Staged st = stage(s, w);
        Stepper stepper = Stepper.of(st.timeline());
        CallResult r = runUntilAnswered(stepper, s.writerUpdateAt(), PredictKind.RETRIES, w);
        return w.facts(r);
    }

    /** A difference question: this setup's call (from its setup point) against the compared setup's first call. */
    private Answer difference(StepSetup s, Question q) throws LessonException {
        PredictKind k = q.predict();
        if (s.compare() == null) throw new LessonException("it needs a 'compare' in the step's setup");
        if (s.compareSetup().problem() != null) throw new LessonException("compare: " + s.compareSetup().problem());
        CallFacts a = facts(s);
        StepSetup other = new StepSetup(s.line(), s.compare(), null, List.of(), List.of(), null, null, null, java.util.Map.of());
        CallFacts b = facts(other);
        long va = k == PredictKind.PUSHES_DIFFERENCE ? a.pushes() : a.call().instructions();
        long vb = k == PredictKind.PUSHES_DIFFERENCE ? b.pushes() : b.call().instructions();
        String what = k == PredictKind.PUSHES_DIFFERENCE ? "push instructions" : "instructions";
        long d = va - vb;
        return new Answer(k, Long.toString(d), d, 0, s.label() + ": " + va + " " + what + "; " + s.compareLabel() + ": " + vb
                + " " + what + " (its first call)");
    }

    /** The instruction (or vvar slot) a click question asks for, found by running on from the setup point. */
    public ClickTarget click(StepSetup s, Question q) throws LessonException {
        if (q == null || q.type() != Question.Type.CLICK) throw new LessonException("not a click question");
        if (s == null) throw new LessonException("a click question needs a setup (in this step or an earlier one)");
        s = concrete(s);
        if (Question.KERNEL_COUNTER_READ.equals(q.click())) {
            try {
                var c = org.vdsoexplorer.sim.real.CaptureFile.example();
                var code = org.vdsoexplorer.sim.real.RealCode.listing(c);
                ClickTarget t = ClickTarget.kernelCounterRead(org.vdsoexplorer.sim.real.RealTrace.record(c, code, null,
                        Challenges.KERNEL_TASK, Challenges.KERNEL_CLOCK, -1, -1), code);
                if (t == null) throw new LessonException("the shipped capture's call reads no counter");
                return t;
            } catch (RuntimeException e) {
                throw new LessonException("the shipped capture does not open: " + e.getMessage());
            }
        }
        if (Question.NEXT_SLOT.equals(q.click())) {
            Answer a = answer(s, new Question(q.line(), Question.Type.PREDICT, q.prompt(), List.of(), null, PredictKind.NEXT_PAGE_SLOT,
                    Double.NaN, "", "", java.util.Map.of(), 1, null, Question.Act.UPDATES, null));
            return new ClickTarget(q.click(), null, (int) a.number(), a.detail());
        }
        Staged st = stage(s, null);
        List<Long> later = st.pendingUpdates();
        Target a = q.clickAnchor();
        Anchors.Hit h = Anchors.find(st.timeline(), a, later, MAX_PREDICT_STEPS, "click");
        String detail = "reader step " + h.before() + " runs " + h.insn().addressHex() + ": " + h.insn().text().strip() + " ("
                + h.insn().source() + (h.insn().source().function().isEmpty() ? "" : ", in " + h.insn().source().function() + "()") + ")";
        if (a.kind() != Target.Kind.FUNCTION) return new ClickTarget(q.click(), h.insn(), -1, detail);
        java.util.Set<Long> addrs = new java.util.HashSet<>();
        java.util.Set<Integer> lines = new java.util.HashSet<>();
        for (org.vdsoexplorer.sim.asm.Instruction i : st.machine().listing().instructions()) {
            if (!i.source().function().equals(a.name())) continue;
            addrs.add(i.address());
            if (i.source().isKnown()) lines.add(i.source().line());
        }
        return new ClickTarget(q.click(), h.insn(), -1, detail, addrs, lines);
    }

    /** The report row of a setup, measured once per evaluator's figures. */
    public Row measure(Setup s) throws LessonException {
        String p = s.problem();
        if (p != null) throw new LessonException(p);
        String key = s.scenario().cliName() + "/" + s.variant().cliName() + "/" + s.clock().cliName();
        try {
            // the steady state the compare tab and the counters show for the same setup (the same measurement)
            return figures.of(s);
        } catch (RuntimeException e) {
            throw new LessonException("measuring " + key + " stopped: " + e.getMessage());
        }
    }

    private Answer compare(StepSetup s, Question q) throws LessonException {
        PredictKind k = q.predict();
        if (s.compare() == null) throw new LessonException("it needs a 'compare' in the step's setup");
        Row a = measure(s.modelSetup()), b = measure(s.compareSetup());
        String la = s.label(), lb = s.compareLabel();
        if (la.isEmpty()) throw new LessonException("compare names the same setup as the step");
        String detail = String.format(Locale.ROOT, "%s: %d calls in 3 s (%.2f ns/call); %s: %d calls in 3 s (%.2f ns/call)",
                la, a.callsIn3s(), a.ns(), lb, b.callsIn3s(), b.ns());
        if (a.callsIn3s() == b.callsIn3s()) {
            throw new LessonException(la + " and " + lb + " are equally fast (" + a.callsIn3s()
                    + " calls in 3 s): nothing to predict");
        }
        Speedup sp = new Speedup(a, b); // the compare tab's sentence comes from the same record
        List<Answer.Measured> seen = measured(k, s.modelSetup(), s.compareSetup(), la, lb, sp.aFaster());
        return switch (k) {
            case FASTER_VARIANT -> new Answer(k, sp.aFaster() ? la : lb, Double.NaN, 0, detail, seen);
            case SPEEDUP_PERCENT -> {
                double pct = sp.percent();
                double tol = Double.isNaN(q.tolerance()) ? Math.max(0.1, Math.round(pct * 10) / 100.0) : q.tolerance();
                yield new Answer(k, String.format(Locale.ROOT, "%.1f", pct), pct, tol, detail, seen);
            }
            case SPEEDUP_FACTOR -> {
                double f = sp.factor();
                double tol = Double.isNaN(q.tolerance()) ? Math.max(0.1, Math.round(f * 10) / 100.0) : q.tolerance();
                yield new Answer(k, String.format(Locale.ROOT, "%.1f", f), f, tol, detail, seen);
            }
            default -> throw new LessonException("unsupported predict kind " + k.lessonName());
        };
    }
}

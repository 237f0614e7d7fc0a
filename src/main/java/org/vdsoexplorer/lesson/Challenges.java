package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.util.Lru;

/**
 * Challenges on the model: the goal is a {@link Goal} on one finished call the student makes in the live
 * views. {@link #solve} searches for one solution, the give-up answer and check-lessons' proof that the
 * challenge can be met: for {@code act: updates}, writer updates placed in the call the setup shows (every
 * single reader step, then every pair, as the exhaustive interleaving test places them); for
 * {@code act: setup}, the scenarios and clocks (the step's variant first, then the others). Bounded; pure.
 */
public final class Challenges {
    /** Placements tried at most (pairs are cut off beyond this). */
    static final int MAX_TRIES = 40_000;

    private Challenges() {}

    /**
     * A solution: the writer updates to place (global reader steps, as the timeline counts them), or the
     * setup to pick, and the call it makes.
     */
    public record Solution(List<Long> placements, Setup setup, CallFacts facts, boolean held) {
        public Solution {
            placements = List.copyOf(placements);
        }

        public Solution(List<Long> placements, Setup setup, CallFacts facts) { this(placements, setup, facts, false); }

        /** In words, e.g. "place writer updates before reader steps 25 and 71 (call 1: ...)". */
        public String text(long callStart) {
            String what;
            if (setup != null) {
                what = "pick scenario " + setup.scenario().cliName() + ", variant " + setup.variant().cliName() + " and clock "
                        + setup.clock().cliName() + ", then run a call";
            } else if (placements.isEmpty()) {
                what = "nothing to do: the call already meets the goal";
            } else {
                List<String> ks = placements.stream().map(p -> Long.toString(p - callStart)).toList();
                what = "place " + (ks.size() == 1 ? "a writer update before reader step " : "writer updates before reader steps ")
                        + String.join(" and ", ks) + " of the call" + (held ? ", held open" : "");
            }
            return what + " (" + facts.summary() + ")";
        }
    }

    /** The capture a lesson's Your kernel steps start on (the shipped one), and the call they start on: host, CLOCK_MONOTONIC. */
    public static final String KERNEL_TASK = "host";
    public static final int KERNEL_CLOCK = org.vdsoexplorer.sim.real.RealTime.MONOTONIC;

    /**
     * {@code act: kernel}: one update_vsyscall() placed in the shipped capture's host CLOCK_MONOTONIC call (at once before
     * each reader instruction, then held open) until the call meets {@code goal} (RealTrace.findUpdate).
     */
    private static Solution solveInKernel(Goal goal) throws LessonException {
        org.vdsoexplorer.sim.real.Capture c;
        org.vdsoexplorer.sim.asm.Listing code;
        try {
            c = org.vdsoexplorer.sim.real.CaptureFile.example();
            code = org.vdsoexplorer.sim.real.RealCode.listing(c);
        } catch (RuntimeException e) {
            throw new LessonException("the shipped capture does not open: " + e.getMessage());
        }
        return solution(org.vdsoexplorer.sim.real.RealTrace.findUpdate(c, code, KERNEL_TASK, KERNEL_CLOCK,
                t -> goal.unmet(CallFacts.of(t)).isEmpty()));
    }

    /** A found kernel call as a solution (null: none). */
    public static Solution solution(org.vdsoexplorer.sim.real.RealTrace t) {
        if (t == null) return null;
        return new Solution(t.updateAt() < 0 ? List.of() : List.of(t.updateAt()), null, CallFacts.of(t), t.updateEnd() > t.updateAt());
    }

    /** The call a challenge is about, from the step's setup point: where it starts and its facts now. */
    public record ShownCall(long callStart, long callNumber, CallFacts facts) {}

    /** The call the setup shows (the current call, or the one just ended) and what it does without the student. */
    public static ShownCall shown(StepSetup s) throws LessonException {
        s = Evaluator.concrete(s);
        Run r = new Run(s);
        return new ShownCall(r.callStart, r.callNumber, r.play(List.of()));
    }

    /**
     * Searches done, keyed by the value of (concrete setup, goal, act), all records of values: the search is a pure
     * function of them (the model is deterministic), so a kept answer is the one a new search would give. At most
     * this many, the least recently used dropped (the shipped course has a few dozen challenges).
     */
    static final int CAPACITY = 512;
    private record Key(StepSetup setup, Goal goal, Question.Act act) {}
    private static final Lru<Key, Optional<Solution>> SOLVED = new Lru<>(CAPACITY);

    /** One solution of {@code goal} from {@code s}'s setup point, or null if the search finds none. */
    public static Solution solve(StepSetup s, Goal goal, Question.Act act) throws LessonException {
        s = Evaluator.concrete(s);
        Key key = new Key(s, goal, act);
        Optional<Solution> known = SOLVED.get(key);
        if (known != null) return known.orElse(null);
        return SOLVED.putIfAbsent(key, Optional.ofNullable(search(s, goal, act))).orElse(null);
    }

    private static Solution search(StepSetup s, Goal goal, Question.Act act) throws LessonException {
        if (act == Question.Act.SETUP) return solveBySetup(s, goal);
        if (act == Question.Act.KERNEL) return solveInKernel(goal);
        Run r = new Run(s);
        CallFacts base = r.play(List.of());
        if (goal.unmet(base).isEmpty()) return new Solution(List.of(), null, base);
        long end = r.callStart + base.call().instructions();
        int tries = 0;
        for (long k = r.callStart; k <= end; k++) {
            CallFacts f = r.play(List.of(k));
            tries++;
            if (goal.unmet(f).isEmpty()) return new Solution(List.of(k), null, f);
        }
        for (long k1 = r.callStart; k1 <= end && tries < MAX_TRIES; k1++) {
            long end1 = r.callStart + r.play(List.of(k1)).call().instructions();
            for (long k2 = k1 + 1; k2 <= end1 && tries < MAX_TRIES; k2++, tries++) {
                CallFacts f = r.play(List.of(k1, k2));
                if (goal.unmet(f).isEmpty()) return new Solution(List.of(k1, k2), null, f);
            }
        }
        return null;
    }

    private static Solution solveBySetup(StepSetup s, Goal goal) {
        List<Variant> variants = new ArrayList<>(List.of(s.variant()));
        for (Variant v : Variant.values()) if (v != s.variant()) variants.add(v);
        for (Variant v : variants) {
            for (Scenario sc : Scenario.values()) {
                for (Clock c : Clock.reportClocks()) {
                    Setup setup = Setup.of(sc, v, c);
                    if (setup.problem() != null) continue;
                    List<Event> events = new ArrayList<>();
                    Machine m = new Machine(setup);
                    m.setSink(events::add);
                    CallResult r;
                    try {
                        r = m.runCall();
                    } catch (RuntimeException e) {
                        continue;
                    }
                    CallFacts f = CallFacts.of(r, events);
                    if (goal.unmet(f).isEmpty()) return new Solution(List.of(), setup, f);
                }
            }
        }
        return null;
    }

    /** The step's machine at the start of the call shown, replayed with extra writer updates. */
    private static final class Run {
        final long callStart, callNumber;
        final List<Long> updates;
        final Machine machine;
        final Machine.Snapshot start;
        final List<Event> events = new ArrayList<>();

        Run(StepSetup s) throws LessonException {
            Evaluator.Staged st = new Evaluator().stage(s);
            Machine m = st.machine();
            long pos = st.timeline().position();
            // the call shown: the current one, or the one just ended (the first one at step 0)
            long number = m.inCall() || m.calls() == 0 ? m.calls() + 1 : m.calls();
            updates = s.writerUpdateAt();
            // find where that call starts, on a fresh machine
            machine = new Machine(s.modelSetup());
            long p = 0;
            try {
                while (true) {
                    if (!machine.inCall() && machine.calls() == number - 1) break;
                    for (long u : updates) if (u == p) machine.injectWriterUpdate();
                    machine.step();
                    p++;
                    if (p > pos + Machine.MAX_CALL_INSTRUCTIONS) throw new LessonException("the call shown never starts");
                }
            } catch (RuntimeException e) {
                throw new LessonException("the model stopped at reader step " + p + ": " + e.getMessage());
            }
            callStart = p;
            callNumber = number;
            start = machine.save();
            machine.setSink(events::add);
        }

        /** The call shown, replayed from its start with the setup's updates and {@code extra} placed. */
        CallFacts play(List<Long> extra) throws LessonException {
            machine.restore(start);
            events.clear();
            long p = callStart;
            try {
                while (true) {
                    for (long u : updates) if (u == p) machine.injectWriterUpdate();
                    for (long u : extra) if (u == p) machine.injectWriterUpdate();
                    CallResult r = machine.step();
                    p++;
                    if (r != null) return CallFacts.of(r, events);
                }
            } catch (RuntimeException e) {
                throw new LessonException("the model stopped at reader step " + p + ": " + e.getMessage());
            }
        }
    }
}

package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Timeline;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.event.EventSink;
import org.vdsoexplorer.sim.kernel.VvarLocation;
import org.vdsoexplorer.util.Lru;

/**
 * Symbolic anchors, resolved by the model: a lesson names a point of the read ({@code first-load-seq},
 * {@code after:retry-check}, {@code fn:do_hres}) and the model finds the reader step where it happens by
 * running the step's setup, so lessons survive changes to the C model's line numbers, the listings and
 * the cost table. {@link #resolve} turns a setup's symbolic run_to and writer updates into reader steps
 * (each writer-update anchor is found in a run with the updates written before it placed; run_to in a
 * run with all of them); {@link #find} locates an anchor from wherever a timeline stands (click
 * questions). Occurrences ({@code seq-load#2}) count from the start of the scan.
 */
public final class Anchors {
    /**
     * Setups resolved, keyed by the setup's value (a record of enums, numbers, strings and value lists): resolving
     * is a pure function of it (the model is deterministic), so a kept resolution is the one a new run would find.
     * At most this many, the least recently used dropped: the shipped course has about 250 steps, and a check of
     * a lesson folder resolves each step once.
     */
    static final int CAPACITY = 2048;
    private static final Lru<StepSetup, StepSetup> RESOLVED = new Lru<>(CAPACITY);

    private Anchors() {}

    /** Where an anchor happens: the reader step just before its instruction runs, and that instruction. */
    public record Hit(long before, Instruction insn) {
        public long at(boolean after) { return after ? before + 1 : before; }
    }

    /** What an anchor name means (for messages and the README). */
    public static String describe(String name) {
        return switch (name) {
            case "first-load-seq" -> "the first load of seq (the same as seq-load#1)";
            case "seq-load" -> "a load of a vdso_data seq field (vdso_read_begin or the retry check)";
            case "retry-load" -> "the load of seq in vdso_read_retry(), the retry check";
            case "retry-check" -> "the conditional branch after the retry check's load (taken or not)";
            case "counter-read" -> "rdtscp or rdtsc, the read of the CPU's time-stamp counter";
            case "syscall" -> "the syscall instruction (the fallback into the kernel)";
            case "push" -> "a push of a register (a prologue saving a callee-saved register or the frame pointer)";
            case "call-start" -> "the first instruction of a clock_gettime() call";
            default -> name;
        };
    }

    /** {@code s} with its symbolic run_to and writer updates replaced by reader steps (cached). */
    public static StepSetup resolve(StepSetup s) throws LessonException {
        if (!s.symbolic()) return s;
        StepSetup done = RESOLVED.get(s);
        if (done != null) return done;
        List<Long> ups = new ArrayList<>(s.writerUpdateAt());
        for (Target u : s.updateAnchors()) {
            ups.sort(null);
            Hit h = find(fresh(s), u, ups, Evaluator.MAX_SETUP_STEPS, "writer_update_at");
            ups.add(h.at(u.after()));
        }
        ups.sort(null);
        Target to = s.runTo();
        if (to != null && to.symbolic()) {
            Hit h = find(fresh(s), to, ups, Evaluator.MAX_SETUP_STEPS, "run_to");
            to = new Target(Target.Kind.STEP, h.at(to.after()), to.text());
        }
        done = new StepSetup(s.line(), s.setup(), to, ups, s.breakpoints(), s.compare(),
                s.focus(), s.highlight(), s.lines(), List.of(), s.expect());
        return RESOLVED.putIfAbsent(s, done);
    }

    private static Timeline fresh(StepSetup s) throws LessonException {
        String p = s.modelSetup().problem();
        if (p != null) throw new LessonException(p);
        return new Timeline(new Machine(s.modelSetup()));
    }

    /**
     * Steps {@code t} on from its position (placing {@code updates}, reader step numbers, as they fall due)
     * until {@code a} is about to happen for the {@code a.value()}-th time; returns where. The timeline is left
     * just after that instruction. Throws if that takes more than {@code maxSteps} steps or the model stops.
     */
    public static Hit find(Timeline t, Target a, List<Long> updates, long maxSteps, String what) throws LessonException {
        Machine m = t.machine();
        EventSink sink = m.sink();
        List<Event> events = new ArrayList<>();
        m.setSink(events::add);
        long start = t.position();
        int seen = 0;
        boolean retryLoaded = false;
        String prevFunction = null;
        try {
            while (true) {
                if (t.position() - start >= maxSteps) {
                    throw new LessonException(what + " " + a.text() + ": " + describe(a.name()) + " does not happen within "
                            + maxSteps + " reader steps");
                }
                Evaluator.injectDue(Stepper.of(t), updates);
                long before = t.position();
                boolean callStart = !m.inCall();
                Instruction next = m.next();
                events.clear();
                t.step();
                boolean hit = switch (a.kind()) {
                    case FUNCTION -> next.source().function().equals(a.name()) && !a.name().equals(prevFunction);
                    case C_LINE, ASM -> a.matches(next);
                    case ANCHOR -> switch (a.name()) {
                        case "first-load-seq", "seq-load" -> loadsSeq(events);
                        case "retry-load" -> loadsSeq(events) && next.source().function().equals("vdso_read_retry");
                        case "retry-check" -> retryLoaded && events.stream().anyMatch(e -> e instanceof Event.Branch);
                        case "counter-read" -> events.stream().anyMatch(e -> e instanceof Event.Retired r
                                && r.insn().mnemonic().startsWith("rdtsc"));
                        case "syscall" -> events.stream().anyMatch(e -> e instanceof Event.Syscall);
                        case "push" -> events.stream().anyMatch(e -> e instanceof Event.Push p && p.reg() >= 0);
                        case "call-start" -> callStart;
                        default -> false;
                    };
                    default -> throw new LessonException(a.text() + " is not an anchor");
                };
                prevFunction = next.source().function();
                if (a.name().equals("retry-check") && hit) retryLoaded = false;
                else if (loadsSeq(events) && next.source().function().equals("vdso_read_retry")) retryLoaded = true;
                long need = a.name().equals("first-load-seq") ? 1 : a.value();
                if (hit && ++seen == need) return new Hit(before, next);
            }
        } catch (RuntimeException e) {
            throw new LessonException("the model stopped at reader step " + t.position() + ": " + e.getMessage());
        } finally {
            m.setSink(sink);
        }
    }

    private static boolean loadsSeq(List<Event> events) {
        for (Event e : events) {
            if (e instanceof Event.MemRead r && r.size() == 4 && r.where() instanceof VvarLocation v && v.isSeq()) return true;
        }
        return false;
    }
}

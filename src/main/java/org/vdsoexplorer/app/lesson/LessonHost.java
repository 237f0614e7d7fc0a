package org.vdsoexplorer.app.lesson;

import java.util.List;
import javafx.scene.Node;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.event.EventSink;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.LessonException;
import org.vdsoexplorer.lesson.StepSetup;
import org.vdsoexplorer.lesson.Stepper;
import org.vdsoexplorer.lesson.Target;
import org.vdsoexplorer.lesson.View;

/**
 * What the lesson player drives: the app's one model instance and its views. The primitives are
 * "quiet" (no view refresh); the player calls {@link #refresh()} once after a batch. The default
 * methods put the model exactly where {@link Evaluator#runTo} puts its own fresh timeline, so what the
 * views show after a setup (or a reveal) is what the evaluator computed the answer from.
 */
public interface LessonHost {

    /** Starts over with a fresh machine for {@code setup} (reader step 0). */
    void load(Setup setup);

    /** Reader steps since the last load. */
    long position();

    /** The instruction about to execute. */
    Instruction next();

    /** One reader instruction, without refreshing the views; the finished call or null. */
    CallResult stepQuiet();

    /** update_vsyscall() starts before the reader's next instruction (no refresh). */
    void injectWriterUpdateQuiet();

    /** Events of the current call (or of the last finished call), oldest first. */
    List<Event> callLog();

    /** Replaces the breakpoints (C lines and instruction addresses of the current listing). */
    void setBreakpoints(List<Target> breakpoints);

    /**
     * Prepares the comparison of {@code s} with its {@code compare} setup (null: none). Returns false if
     * the app cannot show this comparison (then {@link #focus} on the compare view marks nothing).
     */
    boolean showComparison(StepSetup s);

    /**
     * The setup's writer updates still to come (reader steps after its run_to): placed when the student
     * steps on to them. The default does nothing (a reveal places them itself).
     */
    default void scheduleWriterUpdates(List<Long> steps) { }

    /**
     * Brings {@code view} to the front and marks {@code element} (a name from {@link View#elements()}, or
     * c:LINE / asm:ADDR in the code view; null: the whole view). Returns the node marked, or null if it
     * cannot be found (nothing visible happens then).
     */
    Node focus(View view, String element);

    /** Removes the mark placed by {@link #focus}. */
    void clearFocus();

    /** The node {@link #focus} marked last (for the presenter's spotlight), or null. */
    /** While a predict question is open: the values it would give away are masked in the views (none: shown). */
    default void mask(java.util.Set<org.vdsoexplorer.lesson.Shown> values) {}

    Node focused();

    /** The Your kernel tab's call's facts once it has returned, else null (null too where there is no such tab). */
    default org.vdsoexplorer.lesson.CallFacts kernelFacts() { return null; }

    /** {@code click: kernel-counter-read} on the Your kernel tab's call, or null. */
    default org.vdsoexplorer.lesson.ClickTarget kernelCounterRead() { return null; }

    /**
     * The search of the Your kernel tab's call for an update meeting {@code goal}: made on the FX thread, run on any
     * (it gives null when it finds none); null where there is no such tab.
     */
    default java.util.function.Supplier<org.vdsoexplorer.session.KernelStepper.Placement> kernelSearch(org.vdsoexplorer.lesson.Goal goal) {
        return null;
    }

    /** Shows a placement {@link #kernelSearch} found in the Your kernel tab. */
    default void kernelApply(org.vdsoexplorer.session.KernelStepper.Placement p) { }

    /** Redraws every view from the model. */
    void refresh();

    /**
     * This host as the model {@link Evaluator#runTo} and {@link Evaluator#runUntilAnswered} drive (quiet
     * steps); the events of each step from now on go to {@code watch} (null: none).
     */
    default Stepper stepper(EventSink watch) {
        List<Event> now = callLog(); // the watch sees only what happens from here on
        return new Stepper() {
            private Event first = now.isEmpty() ? null : now.getFirst();
            private int seen = now.size();

            @Override public long position() { return LessonHost.this.position(); }
            @Override public Instruction next() { return LessonHost.this.next(); }
            @Override public void injectWriterUpdate() { injectWriterUpdateQuiet(); }

            @Override public CallResult step() {
                CallResult r = stepQuiet();
                if (watch != null) {
                    List<Event> log = callLog();
                    if (log.isEmpty() || log.getFirst() != first) seen = 0; // a new call's log
                    first = log.isEmpty() ? null : log.getFirst();
                    for (Event e : log.subList(seen, log.size())) watch.accept(e);
                    seen = log.size();
                }
                return r;
            }
        };
    }

    /** {@link Evaluator#runTo} on this host. */
    default long runTo(Target to, List<Long> writerUpdateAt, long maxSteps) throws LessonException {
        return Evaluator.runTo(stepper(null), to, writerUpdateAt, maxSteps);
    }

    /**
     * Applies a step's setup: fresh machine, run to {@code run_to} with the writer updates placed,
     * breakpoints, comparison, focus. Mirrors {@link Evaluator#runTo}. Throws if the target is not
     * reached within {@link Evaluator#MAX_SETUP_STEPS}.
     */
    default void apply(StepSetup written) throws LessonException {
        StepSetup s = Evaluator.concrete(written);
        load(s.modelSetup());
        setBreakpoints(List.of());
        try {
            runTo(s.runTo(), s.writerUpdateAt(), Evaluator.MAX_SETUP_STEPS);
        } finally {
            List<Long> later = new java.util.ArrayList<>();
            for (long u : s.writerUpdateAt()) if (u > position()) later.add(u);
            scheduleWriterUpdates(later);
            setBreakpoints(s.breakpoints());
            showComparison(s.compare() == null ? null : s);
            clearFocus();
            if (s.focus() != null) focus(s.focus(), s.highlight());
            refresh();
        }
    }

    /** The last finished call, or null, and its events: what a challenge judges. */
    CallResult lastCall();

    /** The events of the last finished call (empty if none). */
    List<Event> lastCallLog();

    /** The setup the model runs now (the student may have picked another). */
    Setup runningSetup();

    /** Global reader step where the call shown starts. */
    long callStart();

    /** Places a writer update before global reader step {@code at}, as a click on the seqlock timeline does (views refresh). */
    void placeWriterUpdate(long at);

    /** Whether the model is in the middle of a call. */
    boolean inCall();

    /** Runs to the end of the current call, or one whole call (views refresh). */
    void runCall();

    /**
     * While a modify question is open, the annotation the student toggles in the C pane goes to {@code listener} (null:
     * stop listening). Returns false if the app has no toggles.
     */
    default boolean listenForToggles(java.util.function.Consumer<org.vdsoexplorer.lesson.Annotation> listener) { return false; }

    /** Toggles {@code a} in the C pane as the student would ("Show me"); false if it does not apply to the build shown. */
    default boolean toggle(org.vdsoexplorer.lesson.Annotation a) { return false; }

    /** While a click question is open, clicks in the views go to {@code listener} (null: stop listening). */
    default void listenForClicks(java.util.function.Consumer<org.vdsoexplorer.lesson.ClickTarget.Click> listener) {}

    /** The values the step's open predict question masks (empty: none); the window gives their views room. Not called at the reveal. */
    default void questionShows(java.util.Set<org.vdsoexplorer.lesson.Shown> values) {}
}

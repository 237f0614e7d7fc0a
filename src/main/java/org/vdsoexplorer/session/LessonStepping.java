package org.vdsoexplorer.session;

import java.util.List;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.lesson.Target;

/**
 * The model side of playing a lesson in the window: a step's setup becomes the chosen setup (so every picker,
 * the tick included, shows what the lesson runs), quiet stepping for {@code Evaluator.runTo}, the step's
 * breakpoints, and the writer updates it schedules after its run_to (placed when the student steps onto
 * them). The lesson panel's host adds the scene side (focus, highlight, the comparison tab).
 */
public final class LessonStepping {
    private final WindowModel window;
    private Setup scheduledFor;
    private List<Long> scheduled = List.of();

    public LessonStepping(WindowModel window) {
        this.window = window;
        window.session().addListener(this::placeScheduled);
    }

    private Session s() { return window.session(); }

    /** Stops a run and starts over on {@code setup} (reader step 0), which becomes the chosen setup. */
    public void load(Setup setup) {
        window.runner().setRunning(false);
        window.setup().start(setup);
    }

    public long position() { return s().position(); }

    public Instruction next() { return s().machine().next(); }

    /** One reader instruction without notifying the views. */
    public CallResult stepQuiet() { return s().stepQuiet(); }

    public void injectWriterUpdateQuiet() { s().injectQuiet(); }

    public List<Event> callLog() { return s().callLog(); }

    /** The last finished call (null if none) and its events: what a challenge judges. */
    public CallResult lastCall() { return s().machine().lastCall(); }

    public List<Event> lastCallLog() { return s().lastCallLog(); }

    /** Whether the model is between calls. */
    public boolean betweenCalls() { return !s().machine().inCall(); }

    /** The running setup (the student may have picked another one). */
    public Setup setup() { return s().setup(); }

    /** Global reader step of the start of the call shown. */
    public long callStart() { return s().callStart(); }

    /** Places a writer update before global reader step {@code at}, as a click on the seqlock timeline does. */
    public void placeWriterUpdate(long at) { s().placeWriterUpdate(at); }

    /** Runs to the end of the current call (or one whole call), as Enter does. */
    public void runCall() { s().runCall(); }

    /** Replaces the breakpoints with {@code breakpoints} (C lines and addresses of the current listing). */
    public void setBreakpoints(List<Target> breakpoints) {
        s().breakInstructions().clear();
        s().breakLines().clear();
        for (Target t : breakpoints) {
            switch (t.kind()) {
                case C_LINE -> s().breakLines().add((int) t.value());
                case ASM -> {
                    int i = s().machine().listing().indexOf(t.value());
                    if (i >= 0) s().breakInstructions().add(i);
                }
                default -> { }
            }
        }
        s().fire();
    }

    /** Writer updates at these reader steps of the current setup, placed when the position reaches them. */
    public void scheduleWriterUpdates(List<Long> steps) {
        scheduled = List.copyOf(steps);
        scheduledFor = s().setup();
    }

    /** After each change: a scheduled update at this step that is not placed yet is placed now. */
    private void placeScheduled() {
        if (scheduled.isEmpty()) return;
        if (s().setup() != scheduledFor) { // the student picked another setup: the lesson's plan is void
            scheduled = List.of();
            return;
        }
        long p = s().position();
        if (scheduled.contains(p) && !s().writerUpdates().containsKey(p)) s().injectWriterUpdate();
    }
}

package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.Stepper;
import org.vdsoexplorer.lesson.Target;

/** A lesson step's model side in the window's view-model, without a scene. */
class LessonSteppingTest {
    private final WindowModel w = new WindowModel(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
    private final LessonStepping ls = new LessonStepping(w);

    private Stepper stepper() {
        return new Stepper() {
            @Override public long position() { return ls.position(); }
            @Override public Instruction next() { return ls.next(); }
            @Override public void injectWriterUpdate() { ls.injectWriterUpdateQuiet(); }
            @Override public CallResult step() { return ls.stepQuiet(); }
        };
    }

    @Test
    void aStepsSetupBecomesTheChoiceTickIncludedAndRunsWhereAFreshMachineDoes() throws Exception {
        w.setup().choose(Tick.NONE); // the student turned the ticks off before opening the lesson
        w.runner().setRunning(true);
        Setup lesson = Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.REALTIME);
        ls.load(lesson);
        assertEquals(lesson, w.setup().chosen());
        assertEquals(Tick.HZ_1000, Tick.of(w.setup().chosen()), "the tick picker shows what the lesson runs");
        assertEquals(false, w.runner().isRunning());
        long at = Evaluator.runTo(stepper(), new Target(Target.Kind.STEP, 40, "40"), List.of(12L), 1000);
        assertEquals(40, at);
        // the reference: a fresh machine stepped by hand, the update placed before step 12
        Machine m = new Machine(lesson);
        var t = new org.vdsoexplorer.sim.Timeline(m);
        for (int i = 0; i < 40; i++) {
            if (i == 12) t.injectWriterUpdate();
            t.step();
        }
        assertEquals(m.digest(), w.session().machine().digest());
    }

    @Test
    void scheduledUpdatesArePlacedWhenTheStudentStepsOntoThem() {
        ls.scheduleWriterUpdates(List.of(3L));
        for (int i = 0; i < 5; i++) w.session().step();
        assertEquals(java.util.Map.of(3L, 1), w.session().writerUpdates());
        w.session().back(4); // stepping back and forth does not place it twice
        for (int i = 0; i < 4; i++) w.session().step();
        assertEquals(java.util.Map.of(3L, 1), w.session().writerUpdates());
        w.setup().choose(Variant.TIMENS_NOINLINE); // another setup voids the plan
        for (int i = 0; i < 5; i++) w.session().step();
        assertTrue(w.session().writerUpdates().isEmpty());
    }

    @Test
    void breakpointsAreReplaced() {
        w.session().toggleLineBreakpoint(1);
        Instruction second = w.session().machine().listing().instructions().get(1);
        ls.setBreakpoints(List.of(new Target(Target.Kind.C_LINE, 366, "c:397"),
                new Target(Target.Kind.ASM, second.address(), "asm")));
        assertEquals(Set.of(366), w.session().breakLines());
        assertEquals(Set.of(1), w.session().breakInstructions());
    }
}

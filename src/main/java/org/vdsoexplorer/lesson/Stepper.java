package org.vdsoexplorer.lesson;

import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Timeline;
import org.vdsoexplorer.sim.asm.Instruction;

/**
 * A model that run-to and the answer watch drive one reader step at a time: the evaluator's own
 * {@link Timeline}, or the app's session (which steps without refreshing its views).
 */
public interface Stepper {
    /** Reader steps since the start. */
    long position();

    /** The instruction about to execute. */
    Instruction next();

    /** One reader instruction; the finished call or null. */
    CallResult step();

    /** update_vsyscall() starts before the reader's next instruction. */
    void injectWriterUpdate();

    static Stepper of(Timeline t) {
        return new Stepper() {
            @Override public long position() { return t.position(); }
            @Override public Instruction next() { return t.machine().next(); }
            @Override public CallResult step() { return t.step(); }
            @Override public void injectWriterUpdate() { t.injectWriterUpdate(); }
        };
    }
}

package org.vdsoexplorer.archfixture.sim;

import org.vdsoexplorer.archfixture.lesson.LessonStep;

/** A "simulator" class that reaches up into the lessons layer. */
public final class SimulatorUsingALesson {
    public String step() { return new LessonStep("up").name(); }
}

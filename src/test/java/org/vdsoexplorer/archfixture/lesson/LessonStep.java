package org.vdsoexplorer.archfixture.lesson;

/** A "lesson" type, which the simulator must not know. */
public record LessonStep(String name) {}

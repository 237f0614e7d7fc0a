package org.vdsoexplorer.lesson;

/** The model cannot do what a step asks (a target never reached, an answer that cannot be computed). */
public final class LessonException extends Exception {
    private static final long serialVersionUID = 1L;

    public LessonException(String message) { super(message); }
}

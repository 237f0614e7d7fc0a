package org.vdsoexplorer.app.lesson;

import org.vdsoexplorer.lesson.Draw;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.session.ProgressStore;
import org.vdsoexplorer.util.BadInputException;

/**
 * An assessment as one student takes it (issue 26 item 3): drawn from the student's seed, which is drawn at random
 * the first time and kept in their progress (so reopening the app shows the same questions, and a reset draws new
 * ones). The panel then offers no hint, "Show me" or "Give up", and every answer counts once.
 */
final class Assessing {
    private Assessing() {}

    /** {@code l} drawn for this student ({@code l} itself if it is no assessment, or its file cannot be read again). */
    static Lesson forStudent(Lesson l, ProgressStore progress) {
        if (!l.assessment()) return l;
        ProgressStore.Entry e = progress.peek(l.id());
        long seed = e != null && e.seed() != null ? e.seed() : Draw.newSeed(new java.security.SecureRandom());
        try {
            Lesson drawn = Draw.drawn(l, seed);
            if (e == null || e.seed() == null) {
                progress.seed(l.id(), seed);
                progress.save();
            }
            return drawn;
        } catch (BadInputException x) {
            return l;
        }
    }

    /** The header's title: an assessment's with its seed, which the student quotes to the teacher. */
    static String title(Lesson l) { return l.assessment() && l.seed() != 0 ? l.title() + "  \u00b7  seed " + l.seed() : l.title(); }
}

package org.vdsoexplorer.lesson.guide;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.Step;

/**
 * A 50-minute lab session built from a lesson's step minutes (issue 26 item 2): 5 minutes to open (the objectives,
 * and asking the class what it believes about the misconceptions), the steps in order at their minutes, and 5 minutes to
 * close (back to the misconceptions, what changed); steps that do not fit before the close go to the next session.
 */
public final class LabPlan {
    public static final int SESSION = 50;
    public static final int OPENING = 5;
    public static final int CLOSING = 5;

    /** One slot: from and to in minutes of the session ({@code step} null for the opening and the close); {@code later}: after this session. */
    public record Slot(double from, double to, String what, Step step, boolean later) {}

    private LabPlan() {}

    public static List<Slot> of(Lesson l) {
        List<Slot> out = new ArrayList<>();
        out.add(new Slot(0, OPENING, "Open: state the objectives; ask the class what it believes (the misconceptions below)", null, false));
        double t = OPENING;
        boolean later = false;
        for (Step s : l.steps()) {
            double m = Double.isNaN(s.minutes()) ? 0 : s.minutes();
            if (!later && t + m > SESSION - CLOSING) later = true;
            if (later) {
                out.add(new Slot(0, m, s.title(), s, true));
            } else {
                out.add(new Slot(t, t + m, s.title(), s, false));
                t += m;
            }
        }
        out.add(new Slot(t, t + CLOSING, "Close: the misconceptions again; what would the class now say?", null, false));
        if (t + CLOSING < SESSION) {
            out.add(new Slot(t + CLOSING, SESSION, "Spare: a challenge again with other settings, the worksheet, questions", null, false));
        }
        return out;
    }

    /** A minute of the session as the plan prints it: 5, 12.5. */
    public static String clock(double minutes) { return AnswerKey.fmt(minutes); }
}

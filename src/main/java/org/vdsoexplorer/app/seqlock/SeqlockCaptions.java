package org.vdsoexplorer.app.seqlock;

import java.util.List;
import org.vdsoexplorer.sim.SeqlockTrace.Mark;
import org.vdsoexplorer.sim.SeqlockTrace.Odd;
import org.vdsoexplorer.sim.SeqlockTrace.Retry;
import org.vdsoexplorer.sim.SeqlockTrace.SeqLoad;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.session.ModelSnapshot;

/**
 * The seqlock view's lines of text, worded from the machine and the call's trace: the counts line under the
 * seq badge, the writer line and the explanation under the timeline. Values an open predict question masks
 * show as "?".
 */
final class SeqlockCaptions {
    private SeqlockCaptions() {}

    /** The hint line's text while nothing is hovered or selected. */
    static final String HINT = "Click a reader step: place update_vsyscall() before it \u00b7 "
            + "click \u25bc: remove it";
    /** Over the timeline while the call has no steps yet: what to press. */
    static final String EMPTY = "No reader steps yet: press Step \u25b6 (\u2192) or Call \u21e5 (Enter).";
    /** The timeline's tooltip. */
    static final String TIP = "Click the reader lane at a reader step to place update_vsyscall() "
            + "before that step; the call re-runs with it. Click a \u25bc (a placed update) to remove it. "
            + "Keyboard, with the timeline focused (Tab or click): \u2190 \u2192 Home End move the cursor, "
            + "Enter places, Delete removes, Esc leaves.";

    /** The seq badge: "seq = 2  even", "seq = 3  odd: writer active", "seq = ?". */
    static String seq(long s, boolean hide) {
        return hide ? "seq = ?" : "seq = " + s + ((s & 1) != 0 ? "  odd: writer active" : "  even");
    }

    /** What is masked: the seq value, the retries, the odd spins, the call's step count. */
    record Masks(boolean seq, boolean retries, boolean spins, boolean steps) {
        boolean any() { return seq || retries || spins; }
    }

    /**
     * "step 49 of this call · retries 1 · odd spins 0 · total retries 1 · writer updates 1 (placed 1) · tick every
     * 1.0 ms"; {@code whole}: the timeline shows the last finished call of a run.
     */
    static String counts(ModelSnapshot m, int steps, boolean whole, int placed, Masks hide) {
        String stepsText = hide.steps() ? "?" : Integer.toString(steps);
        return (whole ? "running; the last finished call: " + stepsText + " steps" : "step " + stepsText + " of this call")
                + " \u00b7 retries " + (hide.retries() ? "?" : m.seqlock().callRetries()) + " \u00b7 odd spins "
                + (hide.spins() ? "?" : m.seqlock().callOddSpins())
                + " \u00b7 total retries " + (hide.retries() ? "?" : m.counters().retries() + (m.inCall() ? m.seqlock().callRetries() : 0))
                + " \u00b7 writer updates " + m.seqlock().updateCount() + " (placed " + placed + ")"
                + (m.seqlock().tickMilli() > 0
                ? String.format(java.util.Locale.ROOT, " \u00b7 tick every %.1f ms",
                        m.seqlock().tickMilli() / 1000.0 / (m.setup().ghz() * 1e6))
                : " \u00b7 no ticks");
    }

    /** The writer's update in this call and where it is, or that there was none (a "?" while seq is masked). */
    static String writer(ModelSnapshot m, Event.WriterStep last, Masks hide) {
        // always a line (a line that came and went moved the timeline under it at every refresh while running)
        if (hide.seq()) return "writer: ? (hidden until you reveal)";
        if (last == null) return "writer: no update during this call";
        String which = "writer: update #" + last.update() + (last.injected() ? " (placed)" : " (tick)");
        return m.seqlock().writerActive() ? which + " step " + (last.step() + 1) + "/" + last.steps() + ": " + last.what()
                : which + " finished in this call (" + last.what() + ")";
    }

    /** Why the reader did what it did in this call (the last retry, an odd seq, the namespace page), or what to try. */
    static String why(List<Mark> marks, Retry lastRetry, Masks hide) {
        if (hide.any()) return "Predict first: the values that would answer the lesson's question show as ? until you reveal.";
        if (lastRetry != null) {
            String cause = lastRetry.update() == 0 ? "a kernel update"
                    : "update #" + lastRetry.update() + (lastRetry.placedUpdate() ? " (placed by you)" : " (the tick's)");
            return "Retry: the reader began at seq " + lastRetry.begin() + " but the check read " + lastRetry.now()
                    + ": the read straddled " + cause + ", so its values may be torn; the loop runs again.";
        }
        if (marks.stream().anyMatch(k -> k instanceof Odd)) {
            return "The reader found seq odd on the real data page: a writer is between vdso_write_begin() and "
                    + "vdso_write_end(); it spins with cpu_relax() until seq is even.";
        }
        if (marks.stream().anyMatch(k -> k instanceof SeqLoad l && l.namespacePage())) {
            return "The namespace page's seq is 1 forever: the odd seq sends the reader into the slow path, "
                    + "where clock_mode VCLOCK_TIMENS leads to do_hres_timens() and the real page in slot 3.";
        }
        return "Place a writer update between the reader's two seq loads (click the timeline there, or K "
                + "at that moment) to make a retry happen.";
    }
}

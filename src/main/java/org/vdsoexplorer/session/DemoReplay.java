package org.vdsoexplorer.session;

import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import org.vdsoexplorer.sim.cpu.ExecutionException;

/**
 * Replays a {@link DemoState} into a fresh {@link Session} with no listeners, so it can run off the UI
 * thread: reports progress, stops when asked, and lands exactly at the saved step with every placement
 * kept (those before the step are applied on the way, later ones are placed ahead and applied when
 * stepping reaches them). The caller hands the result to the window's session with
 * {@link Session#adopt(Session)}. No JavaFX.
 */
public final class DemoReplay {
    /** How often (reader steps) progress is reported and cancellation checked. */
    static final int CHUNK = 1 << 16;

    /** Progress: {@code done} of {@code total} reader steps replayed. */
    @FunctionalInterface
    public interface Progress {
        void update(long done, long total);
    }

    private DemoReplay() {}

    /**
     * The session {@code d} describes. Throws {@link CancellationException} if {@code cancelled} becomes
     * true, and {@link IllegalArgumentException} (in words) if the model cannot run the demo.
     */
    public static Session replay(DemoState d, Progress progress, BooleanSupplier cancelled) {
        Session s = new Session(d.setup());
        s.breakInstructions().addAll(d.breakInstructions());
        s.breakLines().addAll(d.breakLines());
        java.util.NavigableMap<Long, Integer> updates = new java.util.TreeMap<>(d.writerUpdates());
        long target = d.position();
        progress.update(0, target);
        try {
            for (long p = 0; p < target; p++) {
                Integer n = updates.get(p);
                if (n != null) for (int i = 0; i < n; i++) s.injectQuiet();
                s.stepQuiet();
                if ((p & (CHUNK - 1)) == CHUNK - 1) {
                    if (cancelled.getAsBoolean()) throw new CancellationException("cancelled at reader step " + (p + 1));
                    progress.update(p + 1, target);
                }
            }
            Integer here = updates.get(target);
            if (here != null) for (int i = 0; i < here; i++) s.injectQuiet();
            // later placements: logged ahead, applied when stepping reaches them
            for (Map.Entry<Long, Integer> e : updates.tailMap(target, false).entrySet()) {
                for (int i = 0; i < e.getValue(); i++) s.placeWriterUpdate(e.getKey());
            }
        } catch (ExecutionException e) {
            throw new IllegalArgumentException("the model cannot replay it: " + e.getMessage(), e);
        }
        s.seek(target); // rebuilds the current call's events
        progress.update(target, target);
        return s;
    }
}

package org.vdsoexplorer.app.common;

import java.util.HashMap;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.scene.Node;

/**
 * A short highlight: the node gets pseudo-class {@code :fresh} for a moment (styled in CSS, e.g. a
 * stronger colour), then loses it. Not an opacity fade: in software rendering a node whose opacity
 * animates makes the whole window repaint on every frame of the fade.
 * <p>
 * A caller whose CSS shows {@code :fresh} only together with another state ({@code .field:lit:fresh}), or
 * that hides the node, calls {@link #off} when that state goes: clearing {@code :fresh} later would change
 * CSS state without changing a pixel, and a frame whose only change is such a CSS change is painted by
 * JavaFX (26) as a whole-window repaint (its painter finds no dirty region and repaints everything), up to
 * 9 ms in software rendering.
 * <p>
 * Each view owns its flashes (one instance per view, not a map shared by every window) and times them on its
 * window's {@link FrameClock}: a highlight ends on the first frame at or after its end.
 */
public final class Flash {
    public static final PseudoClass FRESH = PseudoClass.getPseudoClass("fresh");
    private final FrameClock clock;
    private final Map<Node, Long> until = new HashMap<>();
    private final FrameClock.Ticker clear;

    public Flash(FrameClock clock) {
        this.clock = clock;
        clear = clock.ticker(this::clear);
    }

    private void clear(long now) {
        until.entrySet().removeIf(e -> {
            if (now < e.getValue()) return false;
            e.getKey().pseudoClassStateChanged(FRESH, false);
            return true;
        });
        if (until.isEmpty()) clear.stop();
    }

    /** Ends {@code n}'s highlight now, if it has one (FX thread). */
    public void off(Node n) {
        if (until.remove(n) != null) n.pseudoClassStateChanged(FRESH, false);
    }

    /** Marks {@code n} fresh for {@code millis} ms (FX thread). */
    public void on(Node n, long millis) {
        n.pseudoClassStateChanged(FRESH, true);
        until.put(n, clock.now() + millis * 1_000_000L);
        clear.start();
    }

    /** Nodes highlighted now (for tests). */
    public int lit() { return until.size(); }
}

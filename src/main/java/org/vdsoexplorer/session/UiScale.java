package org.vdsoexplorer.session;

import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;

/**
 * The window's one scale, in percent of the 16 px base font: Ctrl +/- step through {@link #STEPS}, Z cycles
 * the presenter's 100-250 %. The controller turns it into the root's font size; canvas views follow that
 * font (app.FontScale), so everything scales together.
 */
public final class UiScale {
    /** The scales Ctrl +/- step through. */
    public static final int[] STEPS = {75, 90, 100, 125, 150, 175, 200, 250};
    /** The font size at 100 %. */
    public static final double BASE_PX = 16;

    private final ReadOnlyIntegerWrapper percent = new ReadOnlyIntegerWrapper(this, "percent", 100);

    public ReadOnlyIntegerProperty percentProperty() { return percent.getReadOnlyProperty(); }

    public int percent() { return percent.get(); }

    /** Sets the scale, clamped to the first and last of {@link #STEPS}. */
    public void set(int p) { percent.set(Math.max(STEPS[0], Math.min(STEPS[STEPS.length - 1], p))); }

    /** One step up ({@code dir > 0}) or down from the current scale. */
    public void step(int dir) {
        int p = percent();
        if (dir > 0) {
            for (int s : STEPS) if (s > p) { set(s); return; }
        } else {
            for (int i = STEPS.length - 1; i >= 0; i--) if (STEPS[i] < p) { set(STEPS[i]); return; }
        }
    }

    /** Z: the next scale of 100-250 %, after 250 % (or below 100 %) back to 100 %. */
    public void cycle() {
        int p = percent();
        for (int s : STEPS) if (s >= 100 && s > p) { set(s); return; }
        set(100);
    }

    /** The root font size in px, or "" at 100 % (the stylesheet's own size). */
    public static String rootStyle(int percent) {
        return percent == 100 ? "" : String.format(java.util.Locale.ROOT, "-fx-font-size: %.1fpx;", BASE_PX * percent / 100.0);
    }
}

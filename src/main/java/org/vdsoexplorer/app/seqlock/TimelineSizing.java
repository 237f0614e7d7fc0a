package org.vdsoexplorer.app.seqlock;

import java.util.List;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import org.vdsoexplorer.app.common.FontScale;

/**
 * The seqlock timeline's text sizes and rows for its canvas: lane names and marks at {@link #LABEL_PX} and
 * {@link #SMALL_PX} at 100 %, scaled with the window's text ({@link FontScale}), and shrunk so the rows fit a
 * canvas too short for them at full size, down to half their size and never under {@link #SQUEEZED_PX} (a
 * shorter view scrolls: {@link SeqlockView}).
 */
final class TimelineSizing {
    /** Lane names' and marks' sizes at 100 %. */
    static final double LABEL_PX = 15, SMALL_PX = 14;
    /** The least size of the timeline's text (the type scale's smallest step: nothing under 12 px). */
    static final double SQUEEZED_PX = 12;
    private final FontScale scale;
    private List<Double> fitKey;
    private double fitValue = 1;

    TimelineSizing(FontScale scale) { this.scale = scale; }

    /** The geometry of a {@code w} x {@code h} canvas for {@code steps} reader steps, its text fitted to {@code h}. */
    TimelineGeometry geometry(double w, double h, int steps) { return geometry(w, h, steps, fit(w, h, steps)); }

    /** The same with the text at {@code fit} times its size. */
    TimelineGeometry geometry(double w, double h, int steps, double fit) {
        return TimelineGeometry.of(w, h, steps, smallFont(fit).getSize(), labelFont(fit));
    }

    /**
     * How much the text shrinks so the rows fit a canvas {@code h} high (1: not at all; {@link #leastFit} at
     * most): a short view (a laptop's grid) gets smaller text rather than rows drawn over one another.
     */
    double fit(double w, double h, int steps) {
        List<Double> key = List.of(h, w, scale.scale(), (double) steps);
        if (key.equals(fitKey)) return fitValue; // (a refresh asks several times; measuring text is not free)
        double full = geometry(w, 0, steps, 1).needed();
        fitKey = key;
        fitValue = h <= 0 || h >= full ? 1 : Math.max(leastFit(), h / full);
        return fitValue;
    }

    /** The most the text shrinks: to half its size, never under {@link #SQUEEZED_PX}. */
    double leastFit() { return Math.min(1, Math.max(0.5, SQUEEZED_PX / (SMALL_PX * scale.scale()))); }

    Font labelFont(double fit) {
        return Font.font("DejaVu Sans", FontWeight.BOLD, Math.max(SQUEEZED_PX, LABEL_PX * scale.scale() * fit));
    }

    Font smallFont(double fit) {
        return Font.font("DejaVu Sans", FontWeight.NORMAL, Math.max(SQUEEZED_PX, SMALL_PX * scale.scale() * fit));
    }
}

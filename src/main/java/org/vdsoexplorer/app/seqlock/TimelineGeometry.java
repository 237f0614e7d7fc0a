package org.vdsoexplorer.app.seqlock;

import javafx.scene.text.Font;
import org.vdsoexplorer.app.common.DrawnText;

/**
 * Where things are on the seqlock timeline's canvas for its size, the call's length and the text size: rows
 * from the top, each as high as its text (retry labels, reader labels, the reader lane, spin labels, placed
 * markers, the writer lane, its labels, the seq band, the axis' numbers and its title), stretched when the canvas is taller and
 * squeezed when it is shorter (then {@link TimelineLabels} leaves out what has no room); columns, one per
 * reader step (at least 40), between the lane names and the right edge. The marks' sizes follow the text as far as
 * their rows have room: {@code mark} is the small text's size over its size at 100 %, at most the rows' stretch and never
 * under 1, so at 250 % a load's circle keeps its proportion to its label and to the legend's swatch where it fits.
 */
record TimelineGeometry(double left, double right, double dx, double yRetry, double yReaderLabel, double yReader,
                        double ySpin, double yPin, double yWriter, double yWriterLabel, double ySeqTop, double ySeqBot,
                        double yAxis, double yAxisTitle, double needed, double mark) {
    /** The geometry of a {@code w} x {@code h} canvas for {@code steps} reader steps, small text of {@code smallPx}. */
    static TimelineGeometry of(double w, double h, int steps, double smallPx, Font laneFont) {
        double lh = Math.ceil(smallPx * 1.3);
        double left = DrawnText.measure("reader", laneFont)[0] + 20;
        double right = Math.max(left + 10, w - 16);
        int span = Math.max(steps + 1, 40);
        double dx = (right - left) / span;
        // the rows at their least height, top to bottom
        double[] rows = {lh + 4, lh, 24, lh, 20, 24, lh, Math.max(28, lh + 8), lh + 2, lh + 2};
        double needed = 0;
        for (double r : rows) needed += r;
        double f = h / needed;
        // the marks grow with the text as far as their rows are stretched (never so far that the text must shrink)
        double m = Math.max(1, Math.min(smallPx / TimelineSizing.SMALL_PX, f));
        double y = 0;
        double[] mid = new double[rows.length];
        double[] top = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            top[i] = y;
            mid[i] = y + rows[i] * f / 2;
            y += rows[i] * f;
        }
        return new TimelineGeometry(left, right, dx, mid[0], mid[1], mid[2], mid[3], mid[4], mid[5], mid[6], top[7],
                top[7] + rows[7] * f, mid[8], mid[9], needed + 4, m);
    }

    /** The middle of reader step {@code k}'s column. */
    double x(int k) { return left + (k + 0.5) * dx; }

    /** The column under canvas x, or -1 left of the first. */
    int column(double x) { return x < left ? -1 : (int) Math.floor((x - left) / dx); }

    /** Whether canvas y is on the placed-update markers' row (a click there removes one). */
    boolean onPin(double y) { return y > yPin - 16 * mark && y < yWriter + 12 * mark; }
}

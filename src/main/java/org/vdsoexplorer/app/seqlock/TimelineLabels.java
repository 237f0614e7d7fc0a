package org.vdsoexplorer.app.seqlock;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import org.vdsoexplorer.app.common.DrawnText;

/**
 * The text of one drawing of the seqlock timeline, placed so no two pieces overlap and none leaves the
 * canvas: a mark's label stays in its own lane and slides sideways to a free place, tied to its mark by a leader
 * line ({@link #lane}); other text goes where it is asked, else one line below or above, else half its width to
 * either side ({@link #place}). A label that finds no free place is left out (and, if it must be shown, reported
 * as cut so the layout check counts it).
 */
final class TimelineLabels {
    private static final double PAD = 2;
    private final List<DrawnText.Box> drawn = new ArrayList<>();
    private final List<DrawnText.Box> obstacles = new ArrayList<>();
    private double width, height;

    /** Starts a drawing of a canvas of {@code w} x {@code h}. */
    void start(double w, double h) {
        drawn.clear();
        obstacles.clear();
        width = w;
        height = h;
    }

    List<DrawnText.Box> drawn() { return List.copyOf(drawn); }

    /** Draws {@code t} centred vertically at y (aligned to x as {@code a}) where there is room; returns whether it was drawn. */
    boolean place(GraphicsContext g, Font f, String t, double x, double y, TextAlignment a, boolean required) {
        DrawnText.Box want = DrawnText.Box.of(t, f, x, y, a, VPos.CENTER, false);
        double lh = want.height();
        double[][] moves = {{0, 0}, {0, lh}, {0, -lh}, {want.width() / 2 + 4, 0}, {-want.width() / 2 - 4, 0}};
        for (double[] m : moves) {
            double x0 = Math.max(0, Math.min(width - want.width(), want.x() + m[0]));
            DrawnText.Box b = new DrawnText.Box(t, x0, want.y() + m[1], want.width(), want.height(), f.getSize(), false);
            if (b.y() < 0 || b.y() + b.height() > height || collides(b)) continue;
            draw(g, f, b);
            return true;
        }
        if (required) drawn.add(new DrawnText.Box(t, want.x(), want.y(), want.width(), want.height(), f.getSize(), true));
        return false;
    }

    /**
     * Draws {@code t} in its label lane (centred vertically on {@code lane}): over its mark at {@code x} if free, else
     * slid sideways along the lane to the nearest free place (up to a few label widths either way), never into
     * another lane; a label that moved is tied to its mark by a leader line from the mark's edge ({@code x},
     * {@code anchorY}). Returns whether it was drawn (one that finds no room is left out, reported cut if required).
     */
    boolean lane(GraphicsContext g, Font f, String t, double x, double lane, double anchorY, javafx.scene.paint.Paint ink,
                 boolean required) {
        DrawnText.Box want = DrawnText.Box.of(t, f, x, lane, TextAlignment.CENTER, VPos.CENTER, false);
        double stepX = Math.max(6, want.width() / 3);
        for (int k = 0; k <= 12; k++) {
            for (int side : k == 0 ? new int[] {0} : new int[] {1, -1}) {
                double x0 = want.x() + side * k * stepX;
                if (x0 < 0 || x0 + want.width() > width) continue;
                DrawnText.Box b = new DrawnText.Box(t, x0, want.y(), want.width(), want.height(), f.getSize(), false);
                if (b.y() < 0 || b.y() + b.height() > height || collides(b)) continue;
                if (k > 0) { // the leader: from the mark up or down to the label's near edge, then along to its middle
                    double edge = anchorY < b.y() ? b.y() : b.y() + b.height();
                    double cx = Math.max(b.x() + 3, Math.min(b.x() + b.width() - 3, x));
                    g.setStroke(javafx.scene.paint.Color.web("#767676"));
                    g.setLineWidth(1);
                    g.strokeLine(x, anchorY, cx, edge);
                }
                g.setFill(ink);
                draw(g, f, b);
                return true;
            }
        }
        if (required) drawn.add(new DrawnText.Box(t, want.x(), want.y(), want.width(), want.height(), f.getSize(), true));
        return false;
    }

    /** Draws {@code t} where asked (lane names, the seq band's value): recorded, not moved. */
    void fixed(GraphicsContext g, Font f, String t, double x, double y, TextAlignment a) {
        DrawnText.Box b = DrawnText.Box.of(t, f, x, y, a, VPos.CENTER, false);
        boolean cut = b.x() < -PAD || b.y() < -PAD || b.x() + b.width() > width + PAD || b.y() + b.height() > height + PAD;
        draw(g, f, new DrawnText.Box(t, b.x(), b.y(), b.width(), b.height(), f.getSize(), cut));
    }

    /** Whether {@code t} would fit at x (centred) without touching drawn text. */
    boolean free(Font f, String t, double x, double y) {
        DrawnText.Box b = DrawnText.Box.of(t, f, x, y, TextAlignment.CENTER, VPos.CENTER, false);
        return b.x() >= 0 && b.x() + b.width() <= width && !collides(b);
    }

    /** A drawn line no label may sit on (a retry's dashed line), for this drawing. */
    void obstacle(double x, double y, double w, double h) {
        obstacles.add(new DrawnText.Box("", x, y, w, h, 0, false));
    }

    private boolean collides(DrawnText.Box b) {
        for (DrawnText.Box d : obstacles) {
            if (b.x() < d.x() + d.width() && d.x() < b.x() + b.width() && b.y() < d.y() + d.height() && d.y() < b.y() + b.height()) {
                return true;
            }
        }
        for (DrawnText.Box d : drawn) {
            if (b.x() < d.x() + d.width() + PAD && d.x() < b.x() + b.width() + PAD
                    && b.y() < d.y() + d.height() && d.y() < b.y() + b.height()) return true;
        }
        return false;
    }

    private void draw(GraphicsContext g, Font f, DrawnText.Box b) {
        g.setFont(f);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.CENTER);
        g.fillText(b.text(), b.x(), b.y() + b.height() / 2);
        drawn.add(b);
    }
}

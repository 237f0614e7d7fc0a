package org.vdsoexplorer.app.seqlock;

import javafx.geometry.Orientation;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;

/**
 * The seq badge with the counts line beside it, or under it when the view is too narrow to give the counts
 * {@link #COUNTS_EM} em beside the badge (a laptop's grid, presenter mode at 250 %): the counts wrap in the
 * width they get and are never squeezed to a sliver. The badge wraps too ("seq = 3" over "odd: writer active") in a
 * view narrower than it, so it never makes the view's content wider than the view (whose sides would cut it).
 */
final class Headline extends Region {
    /** The least width of the counts line beside the badge, in em of its font. */
    static final double COUNTS_EM = 16;
    static final double GAP = 12;
    private final Label badge, counts;

    Headline(Label badge, Label counts) {
        this.badge = badge;
        this.counts = counts;
        badge.setWrapText(true);
        badge.setMinWidth(0);
        getChildren().addAll(badge, counts);
    }

    @Override public Orientation getContentBias() { return Orientation.HORIZONTAL; }

    /** Whether the counts go under the badge at width {@code w}. */
    boolean stacked(double w) {
        return w >= 0 && w < badge.prefWidth(-1) + GAP + COUNTS_EM * counts.getFont().getSize();
    }

    private double countsWidth(double w) {
        return stacked(w) ? w : w - badge.prefWidth(-1) - GAP;
    }

    /** The badge's width at {@code w}: its one line, or {@code w} when narrower (it wraps). */
    private double badgeWidth(double w) {
        return w < 0 ? badge.prefWidth(-1) : Math.min(badge.prefWidth(-1), w);
    }

    /**
     * The badge and the least width the counts get beside it: the counts wrap in whatever width the view gives, so their
     * one-line width (which grows with every digit while running) is not asked for. Asking for it made the view's content
     * wider than the view for a layout pass at each refresh (1091 px in a 603 px view), moving everything in it, and the
     * renderer then repainted the whole window (55-75 ms in software).
     */
    @Override protected double computePrefWidth(double h) {
        return badge.prefWidth(-1) + GAP + COUNTS_EM * counts.getFont().getSize();
    }

    @Override protected double computeMinWidth(double h) { return 0; }

    @Override protected double computePrefHeight(double w) {
        if (w < 0) w = computePrefWidth(-1);
        double bh = badge.prefHeight(badgeWidth(w)), ch = counts.prefHeight(countsWidth(w));
        return stacked(w) ? bh + 2 + ch : Math.max(bh, ch);
    }

    @Override protected double computeMinHeight(double w) { return computePrefHeight(w); }

    @Override protected void layoutChildren() {
        double w = getWidth(), bw = badgeWidth(w), bh = badge.prefHeight(bw);
        double cw = countsWidth(w), ch = counts.prefHeight(cw);
        if (stacked(w)) {
            badge.resizeRelocate(0, 0, bw, bh);
            counts.resizeRelocate(0, bh + 2, cw, ch);
        } else { // both from the top: when the counts rewrap into fewer lines, neither moves
            badge.resizeRelocate(0, 0, bw, bh);
            counts.resizeRelocate(bw + GAP, 0, cw, ch);
        }
    }
}

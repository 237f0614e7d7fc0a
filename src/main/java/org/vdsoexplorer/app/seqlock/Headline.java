package org.vdsoexplorer.app.seqlock;

import javafx.geometry.Orientation;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;

/**
 * The seq badge with the counts line beside it, or under it when the view is too narrow to give the counts
 * {@link #COUNTS_EM} em beside the badge (a laptop's grid, presenter mode at 250 %): the counts wrap in the
 * width they get and are never squeezed to a sliver.
 */
final class Headline extends Region {
    /** The least width of the counts line beside the badge, in em of its font. */
    static final double COUNTS_EM = 16;
    static final double GAP = 12;
    private final Label badge, counts;

    Headline(Label badge, Label counts) {
        this.badge = badge;
        this.counts = counts;
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

    @Override protected double computePrefWidth(double h) { return badge.prefWidth(-1) + GAP + counts.prefWidth(-1); }

    @Override protected double computeMinWidth(double h) { return badge.minWidth(-1); }

    @Override protected double computePrefHeight(double w) {
        if (w < 0) w = computePrefWidth(-1);
        double bh = badge.prefHeight(-1), ch = counts.prefHeight(countsWidth(w));
        return stacked(w) ? bh + 2 + ch : Math.max(bh, ch);
    }

    @Override protected double computeMinHeight(double w) { return computePrefHeight(w); }

    @Override protected void layoutChildren() {
        double w = getWidth(), bw = badge.prefWidth(-1), bh = badge.prefHeight(-1);
        double cw = countsWidth(w), ch = counts.prefHeight(cw);
        if (stacked(w)) {
            badge.resizeRelocate(0, 0, Math.min(bw, w), bh);
            counts.resizeRelocate(0, bh + 2, cw, ch);
        } else {
            double hh = Math.max(bh, ch);
            badge.resizeRelocate(0, (hh - bh) / 2, bw, bh);
            counts.resizeRelocate(bw + GAP, (hh - ch) / 2, cw, ch);
        }
    }
}

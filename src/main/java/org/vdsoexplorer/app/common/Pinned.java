package org.vdsoexplorer.app.common;

import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.scene.control.Labeled;
import javafx.scene.layout.Region;

/**
 * Holds a node whose size does not follow what it shows (a figure as wide as a fixed number of characters, a bar of a
 * fixed width) as an unmanaged child, which makes the node a layout root: a new figure lays out that label alone, not
 * the strip, toolbar and window around it. At full speed each counters refresh otherwise re-measured the whole strip
 * (its flow of 68 nodes) and the window's root: beside another busy process about 0.4 ms of the 3.3 ms of FX thread
 * work that followed a counters refresh (docs/benchmarks.md).
 *
 * <p>The holder is as large as the node's own preferred size. It is measured again when what sets that size changes:
 * the node's size settings, padding and (for a label) font, and whatever {@link #resizeOn} names; a change of text
 * alone does not reach the holder, so only pin a node whose size does not depend on its text.
 */
public final class Pinned extends Region {
    private final Region content;
    private final InvalidationListener resize = o -> requestLayout();

    public Pinned(Region content) {
        this.content = content;
        content.setManaged(false);
        getChildren().add(content);
        resizeOn(content.minWidthProperty(), content.prefWidthProperty(), content.maxWidthProperty(),
                content.minHeightProperty(), content.prefHeightProperty(), content.maxHeightProperty(),
                content.paddingProperty());
        if (content instanceof Labeled l) resizeOn(l.fontProperty(), l.labelPaddingProperty(), l.graphicProperty());
    }

    /** The holder is measured again when any of {@code sizes} changes (what the pinned node's size is computed from). */
    public Pinned resizeOn(Observable... sizes) {
        for (Observable o : sizes) o.addListener(resize);
        return this;
    }

    public Region content() { return content; }

    @Override protected void layoutChildren() { content.resizeRelocate(0, 0, getWidth(), getHeight()); }

    @Override protected double computeMinWidth(double height) { return content.minWidth(height); }

    @Override protected double computePrefWidth(double height) { return content.prefWidth(height); }

    @Override protected double computeMaxWidth(double height) { return content.maxWidth(height); }

    @Override protected double computeMinHeight(double width) { return content.minHeight(width); }

    @Override protected double computePrefHeight(double width) { return content.prefHeight(width); }

    @Override protected double computeMaxHeight(double width) { return content.maxHeight(width); }

    @Override public double getBaselineOffset() { return content.getBaselineOffset(); }
}

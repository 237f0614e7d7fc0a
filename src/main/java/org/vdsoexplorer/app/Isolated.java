package org.vdsoexplorer.app;

import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.scene.control.Labeled;
import javafx.scene.layout.Region;

/**
 * Holds one view as an unmanaged child, which makes the view a layout root: when a label in it changes,
 * only the view is laid out again, not the split panes, tabs and toolbar around it (JavaFX otherwise
 * re-measures every ancestor and its other children, about 16 ms per refresh in the main window).
 * The holder gives the view its whole area; its own preferred size is the view's, measured when the
 * holder itself is laid out.
 *
 * <p>{@link #pinned} holds a node whose size does not follow what it shows (a figure as wide as a fixed number of
 * characters, a bar of a fixed width) the same way, so a new figure lays out that label alone, not the counters strip
 * (its flow of 68 nodes) and the window's root: beside another busy process about 0.4 ms of the 3.3 ms of FX thread
 * work that followed a counters refresh (docs/benchmarks.md). A pinned holder is as large as the node's own size and
 * is measured again when what sets that size changes: the node's size settings, padding and (for a label) font, and
 * whatever {@link #resizeOn} names; a change of text alone does not reach it, so only pin a node whose size does not
 * depend on its text.
 */
public final class Isolated extends Region {
    private final Region content;
    /** Pinned: min, max and baseline are the content's, and the holder follows the content's size settings. */
    private final boolean pinned;

    public Isolated(Region content) {
        this(content, false);
        setMinSize(0, 0);
    }

    private Isolated(Region content, boolean pinned) {
        this.content = content;
        this.pinned = pinned;
        content.setManaged(false);
        getChildren().add(content);
    }

    /** {@code content} held as a layout root, as large as its own size (see the class comment). */
    public static Isolated pinned(Region content) {
        Isolated h = new Isolated(content, true);
        h.resizeOn(content.minWidthProperty(), content.prefWidthProperty(), content.maxWidthProperty(),
                content.minHeightProperty(), content.prefHeightProperty(), content.maxHeightProperty(),
                content.paddingProperty());
        if (content instanceof Labeled l) h.resizeOn(l.fontProperty(), l.labelPaddingProperty(), l.graphicProperty());
        return h;
    }

    /** The holder is measured again when any of {@code sizes} changes (what the held node's size is computed from). */
    public Isolated resizeOn(Observable... sizes) {
        InvalidationListener resize = o -> requestLayout();
        for (Observable o : sizes) o.addListener(resize);
        return this;
    }

    public Region content() { return content; }

    @Override protected void layoutChildren() { content.resizeRelocate(0, 0, getWidth(), getHeight()); }

    @Override protected double computePrefWidth(double height) { return content.prefWidth(height); }

    @Override protected double computePrefHeight(double width) { return content.prefHeight(width); }

    @Override protected double computeMinWidth(double height) { return pinned ? content.minWidth(height) : super.computeMinWidth(height); }

    @Override protected double computeMinHeight(double width) { return pinned ? content.minHeight(width) : super.computeMinHeight(width); }

    @Override protected double computeMaxWidth(double height) { return pinned ? content.maxWidth(height) : super.computeMaxWidth(height); }

    @Override protected double computeMaxHeight(double width) { return pinned ? content.maxHeight(width) : super.computeMaxHeight(width); }

    @Override public double getBaselineOffset() { return pinned ? content.getBaselineOffset() : super.getBaselineOffset(); }
}

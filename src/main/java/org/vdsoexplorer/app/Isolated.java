package org.vdsoexplorer.app;

import javafx.scene.layout.Region;

/**
 * Holds one view as an unmanaged child, which makes the view a layout root: when a label in it changes,
 * only the view is laid out again, not the split panes, tabs and toolbar around it (JavaFX otherwise
 * re-measures every ancestor and its other children, about 16 ms per refresh in the main window).
 * The holder gives the view its whole area; its own preferred size is the view's, measured when the
 * holder itself is laid out.
 */
public final class Isolated extends Region {
    private final Region content;

    public Isolated(Region content) {
        this.content = content;
        content.setManaged(false);
        getChildren().add(content);
        setMinSize(0, 0);
    }

    public Region content() { return content; }

    @Override protected void layoutChildren() { content.resizeRelocate(0, 0, getWidth(), getHeight()); }

    @Override protected double computePrefWidth(double height) { return content.prefWidth(height); }

    @Override protected double computePrefHeight(double width) { return content.prefHeight(width); }
}

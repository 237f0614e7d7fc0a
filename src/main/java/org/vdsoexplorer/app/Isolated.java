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

    /**
     * Holds {@code content} as {@link #Isolated(Region)} does, for content whose preferred height can change by itself
     * (a strip of figures that wraps at a large UI scale): when the content asks for a layout and its preferred height
     * at the holder's width is no longer the holder's height, the holder asks its own parent for a layout too. The
     * holder's parent measures that height again only then, not at each of the content's changes.
     */
    public static Isolated followingHeight(Region content) {
        Isolated h = new Isolated(content);
        boolean[] pending = {false};
        content.needsLayoutProperty().addListener((o, was, needs) -> {
            if (!needs || pending[0]) return;
            pending[0] = true;
            // not here: this may run inside a layout pass, and JavaFX drops a layout request to a parent that is laying
            // out; the holder would then need a layout that no pass reaches, and its content would never be laid out
            // again (its figures frozen on screen)
            javafx.application.Platform.runLater(() -> {
                pending[0] = false;
                if (Math.abs(content.prefHeight(h.getWidth()) - h.getHeight()) > 0.5) h.requestLayout();
            });
        });
        return h;
    }

    public Region content() { return content; }

    @Override protected void layoutChildren() { content.resizeRelocate(0, 0, getWidth(), getHeight()); }

    /** The content's: a strip that wraps is measured at the width it is given, not at its preferred wrap length. */
    @Override public javafx.geometry.Orientation getContentBias() { return content.getContentBias(); }

    @Override protected double computePrefWidth(double height) { return content.prefWidth(height); }

    @Override protected double computePrefHeight(double width) { return content.prefHeight(width); }
}

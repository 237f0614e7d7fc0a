package org.vdsoexplorer.app.common;

import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.layout.StackPane;
import javafx.scene.shape.Rectangle;

/**
 * A container that may be smaller than its content and clips it, so a tall view never forces its
 * neighbours in a split pane off screen. (A ScrollPane would do, but its viewport caches the content as
 * a bitmap, which Node.snapshot can render stale.)
 */
public final class Clipped extends StackPane {
    public Clipped(Node content) {
        super(content);
        setAlignment(Pos.TOP_LEFT);
        setMinSize(0, 0);
        clip(this);
    }

    /** Clips {@code r} to its own bounds (content wider than it is cut off, not drawn over its neighbours). */
    public static void clip(javafx.scene.layout.Region r) {
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(r.widthProperty());
        clip.heightProperty().bind(r.heightProperty());
        r.setClip(clip);
    }
}

package org.vdsoexplorer.app;

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
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(widthProperty());
        clip.heightProperty().bind(heightProperty());
        setClip(clip);
    }
}

package org.vdsoexplorer.app.common;

import javafx.scene.Node;
import javafx.scene.control.ScrollPane;

/**
 * A view's content that scrolls vertically when the view is shorter than the content's minimum height (its
 * texts' lines and its least rows), and otherwise fills the view: a short view (a laptop beside the lesson
 * panel, presenter mode at 250 %) scrolls instead of drawing text over text or cutting it. The viewport is not
 * cached as a bitmap (Node.snapshot could render the cache stale: see {@link Clipped}).
 */
public final class Scrolling {
    private Scrolling() {}

    /** {@code content} in a vertical scroll pane with the id {@code id} (no horizontal bar: it fits the width). */
    public static ScrollPane vertical(Node content, String id) {
        ScrollPane scroll = new ScrollPane(content);
        scroll.setId(id);
        scroll.getStyleClass().add("view-scroll");
        scroll.setFitToWidth(true);
        scroll.setFitToHeight(true); // the content fills the view, and is never shorter than its minimum height
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setMinSize(0, 0);
        scroll.skinProperty().addListener((o, a, skin) -> {
            Node viewport = scroll.lookup(".viewport");
            if (viewport != null) viewport.setCache(false);
        });
        return scroll;
    }
}

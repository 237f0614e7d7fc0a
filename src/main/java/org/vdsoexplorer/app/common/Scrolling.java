package org.vdsoexplorer.app.common;

import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.ScrollPane.ScrollBarPolicy;

/**
 * A view's content that scrolls vertically when the view is shorter than the content's minimum height (its
 * texts' lines and its least rows), and otherwise fills the view: a short view (a laptop beside the lesson
 * panel, presenter mode at 250 %) scrolls instead of drawing text over text or cutting it. The viewport is not
 * cached as a bitmap (Node.snapshot could render the cache stale: see {@link Clipped}).
 */
public final class Scrolling {
    private Scrolling() {}

    /**
     * A border pane for {@link #vertical}'s content whose least height follows its width: its wrapped labels (least
     * height their height at the width they get) count with all their lines, not one, so the content scrolls
     * rather than squeezing them.
     */
    public static javafx.scene.layout.BorderPane content() {
        return new javafx.scene.layout.BorderPane() {
            @Override public javafx.geometry.Orientation getContentBias() { return javafx.geometry.Orientation.HORIZONTAL; }

            // (the scroll pane decides on its bar with the least height at no width: the width it has then)
            @Override protected double computeMinHeight(double width) {
                return super.computeMinHeight(width < 0 && getWidth() > 0 ? getWidth() : width);
            }
        };
    }

    /** {@code content} in a vertical scroll pane with the id {@code id} (no horizontal bar: it fits the width). */
    public static ScrollPane vertical(Node content, String id) {
        ScrollPane scroll = new ScrollPane(content) {
            // the bar shows exactly when the content's least height at the width it has without one is more than
            // the view's height (the skin alone asks for the least height at no width, too little for wrapped text)
            @Override protected void layoutChildren() {
                if (content instanceof javafx.scene.layout.Region r && getWidth() > 0) {
                    double w = getWidth() - snappedLeftInset() - snappedRightInset();
                    double h = getHeight() - snappedTopInset() - snappedBottomInset();
                    ScrollBarPolicy want = r.minHeight(w) > h + 0.5 ? ScrollBarPolicy.ALWAYS : ScrollBarPolicy.NEVER;
                    if (getVbarPolicy() != want) setVbarPolicy(want);
                }
                super.layoutChildren();
            }
        };
        scroll.setId(id);
        scroll.getStyleClass().add("view-scroll");
        scroll.setFitToWidth(true);
        scroll.setFitToHeight(true); // the content fills the view, and is never shorter than its minimum height
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setMinSize(0, 0);
        uncached(scroll);
        return scroll;
    }

    /** Keeps {@code scroll}'s viewport from caching its content as a bitmap, which Node.snapshot can render stale. */
    public static void uncached(ScrollPane scroll) {
        scroll.skinProperty().addListener((o, a, skin) -> {
            Node viewport = scroll.lookup(".viewport");
            if (viewport != null) viewport.setCache(false);
        });
    }
}

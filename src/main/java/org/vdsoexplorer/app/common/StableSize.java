package org.vdsoexplorer.app.common;

import javafx.scene.control.Labeled;
import javafx.scene.layout.Region;

/**
 * Nodes whose content changes while the model runs keep the largest size they have needed, so the views around them
 * do not move from one refresh to the next. A label (a field's value, the next instruction) keeps its widest width:
 * it grows with its text but does not shrink back until {@link #reset} (the view shows other fields) or its font
 * changes (the text scale), so a flow of such labels wraps the same way every refresh instead of moving fields
 * between lines as digits come and go, which redrew the whole view each time (7-10 ms of the software renderer's
 * frame for the pages view at full speed). A block whose lines change within a call ("not yet" until the call reads
 * a value) keeps its tallest height at its width.
 */
public final class StableSize {
    private final Region node;
    private final boolean height;
    /** The node's own least size, restored by {@link #reset}. */
    private final double least;
    private double most;

    private StableSize(Region node, boolean height) {
        this.node = node;
        this.height = height;
        this.least = height ? node.getMinHeight() : node.getMinWidth();
        if (height) {
            node.heightProperty().addListener(o -> grow());
            node.widthProperty().addListener(o -> reset()); // another width wraps its lines another way
        } else {
            Labeled l = (Labeled) node;
            l.textProperty().addListener(o -> grow());
            l.fontProperty().addListener(o -> reset());
        }
    }

    /** {@code label} keeps its widest width; returns the handle that {@link #reset resets} it. */
    public static StableSize width(Labeled label) { return new StableSize(label, false); }

    /** {@code block} keeps its tallest height while its width stays the same. */
    public static StableSize height(Region block) { return new StableSize(block, true); }

    /** Forgets the widest width (tallest height): the node is as large as its content again. */
    public void reset() {
        most = 0;
        if (height) node.setMinHeight(least);
        else node.setMinWidth(least);
        grow();
    }

    private void grow() {
        double v;
        if (height) {
            // the tallest it has been given or needs at its width: a block squeezed to its minimum (a scroll pane
            // fitting a tall view, presenter mode at 250 %) would otherwise keep the squeezed height as its least,
            // its lines drawn over each other and over what follows
            double w = node.getWidth();
            v = Math.max(node.getHeight(), w > 0 ? node.prefHeight(w) : 0);
        } else {
            Labeled l = (Labeled) node;
            String t = l.getText();
            if (t == null || t.isEmpty()) return;
            v = Math.ceil(DrawnText.measure(t, l.getFont())[0] + l.snappedLeftInset() + l.snappedRightInset()
                    + l.getLabelPadding().getLeft() + l.getLabelPadding().getRight()) + 1;
        }
        if (v > most) {
            most = v;
            if (height) node.setMinHeight(v);
            else node.setMinWidth(v);
        }
    }
}

package org.vdsoexplorer.app.common;

import javafx.scene.control.Labeled;

/**
 * A label whose text changes while the model runs (a field's value, the next instruction) keeps the widest width it
 * has needed: it grows with its text but does not shrink back until {@link #reset} (the view shows other fields) or
 * its font changes (the text scale). So a flow of such labels wraps the same way from one refresh to the next instead
 * of moving fields between lines as digits come and go, which redrew the whole view each time (7-10 ms of the
 * software renderer's frame for the pages view at full speed).
 */
public final class SteadyWidth {
    private final Labeled label;
    private double widest;

    private SteadyWidth(Labeled label) {
        this.label = label;
        label.textProperty().addListener(o -> grow());
        label.fontProperty().addListener(o -> reset());
    }

    /** Makes {@code label}'s width steady; returns the handle that {@link #reset resets} it. */
    public static SteadyWidth of(Labeled label) { return new SteadyWidth(label); }

    /** Forgets the widest width: the label is as wide as its current text again. */
    public void reset() {
        widest = 0;
        label.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        grow();
    }

    private void grow() {
        String t = label.getText();
        if (t == null || t.isEmpty()) return;
        double w = Math.ceil(DrawnText.measure(t, label.getFont())[0] + label.snappedLeftInset() + label.snappedRightInset()
                + label.getLabelPadding().getLeft() + label.getLabelPadding().getRight()) + 1;
        if (w > widest) {
            widest = w;
            label.setMinWidth(w);
        }
    }
}

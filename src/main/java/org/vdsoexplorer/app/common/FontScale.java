package org.vdsoexplorer.app.common;

import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;

/**
 * The text scale of a canvas-drawn view as one property: the view's CSS font size over the 16 px base,
 * read through an unmanaged, invisible probe label, so whatever sets the window's font size (Ctrl +/-,
 * presenter mode's scale) scales the canvas text with the rest. Fonts are asked for in px at 100 %.
 */
public final class FontScale {
    /** The window's font size at 100 % (app.css). */
    public static final double BASE_PX = 16;
    /** No canvas text is drawn smaller than this at 100 %. */
    public static final double MIN_PX = 14;
    private final Label probe = new Label("M");
    private final ReadOnlyDoubleWrapper scale = new ReadOnlyDoubleWrapper(1);

    /** A scale read in {@code owner} (the probe is added to its children, unmanaged and invisible). */
    public FontScale(Pane owner) {
        probe.setManaged(false);
        probe.setVisible(false);
        probe.getStyleClass().add("font-probe");
        probe.fontProperty().addListener(o -> scale.set(probe.getFont().getSize() / BASE_PX));
        owner.getChildren().add(probe);
    }

    /** 1 at the default 16 px, 1.5 at 150 %... */
    public ReadOnlyDoubleProperty scaleProperty() { return scale.getReadOnlyProperty(); }

    public double scale() { return scale.get(); }

    /** DejaVu Sans at {@code px} (at 100 %, never under {@link #MIN_PX}) times the scale. */
    public Font font(FontWeight weight, double px) {
        return Font.font("DejaVu Sans", weight, Math.max(MIN_PX, px) * scale());
    }
}

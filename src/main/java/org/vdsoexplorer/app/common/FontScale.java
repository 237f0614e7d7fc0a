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
 * <p>
 * The same probe carries the canvases' line weight, {@code -vdso-line-weight} in CSS (1; the projector theme's
 * {@code .projector .font-probe} in app.css sets it thicker): each canvas view multiplies its strokes by
 * {@link #lineWeight()}, so one setting thickens the timeline, the dispatch edges and the pipeline's outlines.
 */
public final class FontScale {
    /** The window's font size at 100 % (app.css). */
    public static final double BASE_PX = 16;
    /** No canvas text is drawn smaller than this at 100 %. */
    public static final double MIN_PX = 14;
    private final Probe probe = new Probe();
    private final ReadOnlyDoubleWrapper scale = new ReadOnlyDoubleWrapper(1);

    /** A scale read in {@code owner} (the probe is added to its children, unmanaged and invisible). */
    public FontScale(Pane owner) {
        probe.setManaged(false);
        probe.setVisible(false);
        probe.getStyleClass().add("font-probe");
        probe.fontProperty().addListener(o -> scale.set(probe.getFont().getSize() / BASE_PX));
        owner.getChildren().add(probe);
    }

    /** How much thicker than drawn at 1 the canvas's lines are: 1, or the projector theme's weight (CSS). */
    public javafx.beans.value.ObservableDoubleValue lineWeightProperty() { return probe.weight; }

    public double lineWeight() { return Math.max(1, probe.weight.get()); }

    /** The probe label: its font is the view's text size, its {@code -vdso-line-weight} the canvas's line weight. */
    private static final class Probe extends Label {
        private static final javafx.css.CssMetaData<Probe, Number> WEIGHT = new javafx.css.CssMetaData<>("-vdso-line-weight",
                javafx.css.StyleConverter.getSizeConverter(), 1.0) {
            @Override public boolean isSettable(Probe p) { return !p.weight.isBound(); }

            @Override public javafx.css.StyleableProperty<Number> getStyleableProperty(Probe p) { return p.weight; }
        };
        private static final java.util.List<javafx.css.CssMetaData<? extends javafx.css.Styleable, ?>> META;

        static {
            java.util.List<javafx.css.CssMetaData<? extends javafx.css.Styleable, ?>> m = new java.util.ArrayList<>(Label.getClassCssMetaData());
            m.add(WEIGHT);
            META = java.util.List.copyOf(m);
        }

        final javafx.css.StyleableDoubleProperty weight = new javafx.css.SimpleStyleableDoubleProperty(WEIGHT, this, "lineWeight", 1.0);

        Probe() { super("M"); }

        @Override public java.util.List<javafx.css.CssMetaData<? extends javafx.css.Styleable, ?>> getControlCssMetaData() { return META; }
    }

    /** 1 at the default 16 px, 1.5 at 150 %... */
    public ReadOnlyDoubleProperty scaleProperty() { return scale.getReadOnlyProperty(); }

    public double scale() { return scale.get(); }

    /** DejaVu Sans at {@code px} (at 100 %, never under {@link #MIN_PX}) times the scale. */
    public Font font(FontWeight weight, double px) {
        return Font.font("DejaVu Sans", weight, Math.max(MIN_PX, px) * scale());
    }
}

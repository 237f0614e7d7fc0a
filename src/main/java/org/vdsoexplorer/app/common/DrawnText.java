package org.vdsoexplorer.app.common;

import java.util.List;
import javafx.scene.Node;

/**
 * A view that draws text on a canvas reports where, so {@link LayoutCheck} counts its clipped and
 * overlapping text like any label's. Boxes are in the local coordinates of {@link #drawnOn()}.
 */
public interface DrawnText {
    /**
     * One piece of drawn text: its box, its font size in px, and whether it was cut or left out because it
     * did not fit ({@code clipped}).
     */
    record Box(String text, double x, double y, double width, double height, double fontSize, boolean clipped) {
        /** A box for {@code text} drawn with {@code font} and the canvas's text alignment and baseline. */
        public static Box of(String text, javafx.scene.text.Font font, double x, double y,
                             javafx.scene.text.TextAlignment align, javafx.geometry.VPos baseline, boolean clipped) {
            double[] wh = measure(text, font);
            double x0 = switch (align) {
                case CENTER -> x - wh[0] / 2;
                case RIGHT -> x - wh[0];
                default -> x;
            };
            double y0 = switch (baseline) {
                case CENTER -> y - wh[1] / 2;
                case TOP -> y;
                case BOTTOM -> y - wh[1];
                default -> y - wh[1] * 0.8;
            };
            return new Box(text, x0, y0, wh[0], wh[1], font.getSize(), clipped);
        }
    }

    /** The text drawn now. */
    List<Box> drawnText();

    /** The node whose coordinates the boxes are in (the canvas, by default this node). */
    default Node drawnOn() { return (Node) this; }

    /** Width and height of {@code text} (every line) in {@code font}, as a Text node lays it out. */
    static double[] measure(String text, javafx.scene.text.Font font) {
        javafx.scene.text.Text t = MEASURE.get();
        t.setFont(font);
        t.setText(text);
        return new double[] {t.getLayoutBounds().getWidth(), t.getLayoutBounds().getHeight()};
    }

    /** One measuring Text per thread (text measurement happens on the FX thread). */
    ThreadLocal<javafx.scene.text.Text> MEASURE = ThreadLocal.withInitial(javafx.scene.text.Text::new);
}

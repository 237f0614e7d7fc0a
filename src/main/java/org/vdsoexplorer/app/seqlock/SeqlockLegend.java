package org.vdsoexplorer.app.seqlock;

import java.util.function.DoubleFunction;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.scene.shape.Shape;
import org.vdsoexplorer.app.common.Palette;

/**
 * The key to the seqlock timeline's marks (for {@link SeqlockView}), under it: each mark drawn as {@link TimelineDrawing}
 * draws it (the odd load's second ring, the seq bump's "+": nothing told by colour alone), beside its meaning in words.
 * A flow of labels, so it wraps in a narrow view; each swatch is sized in em of its label's font (remade when the font
 * changes), so it keeps its proportion to the words at every scale (presenter mode at 250 % included).
 */
final class SeqlockLegend {
    private SeqlockLegend() {}

    /** The legend's text size the swatches' sizes below are drawn for (0.85 em of the 16 px root, seqlock.css). */
    private static final double DESIGN_PX = 13.6;

    static FlowPane make() {
        FlowPane p = new FlowPane(14, 2);
        p.setId("seqlock-legend");
        p.getStyleClass().add("seqlock-legend");
        p.getChildren().addAll(
                item(k -> circle(Palette.INK, false, k), "seq load, even"),
                item(k -> circle(Palette.VERMILLION, true, k), "seq load, odd (writer active)"),
                item(SeqlockLegend::diamond, "namespace page's seq"),
                item(k -> bump(k), "writer: seq++"),
                item(k -> new Rectangle(9 * k, 13 * k, Palette.GREY), "writer: data store"),
                item(SeqlockLegend::triangle, "placed update"),
                item(SeqlockLegend::dashed, "retry"));
        return p;
    }

    /** A label with the swatch {@code graphic} makes at the scale of its font to {@link #DESIGN_PX}. */
    private static Label item(DoubleFunction<Node> graphic, String text) {
        Label l = new Label(text);
        l.getStyleClass().add("seqlock-legend-item");
        l.setGraphicTextGap(5);
        javafx.beans.InvalidationListener remake = o -> {
            double k = l.getFont().getSize() / DESIGN_PX;
            l.setGraphic(graphic.apply(k));
            l.setGraphicTextGap(5 * k);
        };
        l.fontProperty().addListener(remake);
        remake.invalidated(null);
        return l;
    }

    private static Node circle(Color c, boolean ring, double k) {
        Circle s = new Circle((ring ? 5 : 6) * k, c); // (the ringed one a little smaller: no taller than a line of text)
        s.setStroke(c);
        if (!ring) return s;
        Circle outer = new Circle(7.5 * k, Color.TRANSPARENT);
        outer.setStroke(c);
        outer.setStrokeWidth(1.25 * k);
        return new Group(outer, s);
    }

    private static Shape diamond(double k) {
        Polygon s = new Polygon(7 * k, 0, 14 * k, 7 * k, 7 * k, 14 * k, 0, 7 * k);
        s.setFill(Palette.PAPER);
        s.setStroke(Palette.INK);
        s.setStrokeWidth(2 * k);
        return s;
    }

    private static Node bump(double k) {
        Rectangle r = new Rectangle(10 * k, 14 * k, Palette.VERMILLION);
        Line h = new Line(2 * k, 7 * k, 8 * k, 7 * k), v = new Line(5 * k, 4 * k, 5 * k, 10 * k);
        for (Line x : new Line[] {h, v}) {
            x.setStroke(Palette.PAPER);
            x.setStrokeWidth(1.5 * k);
        }
        return new Group(r, h, v);
    }

    private static Shape triangle(double k) {
        Polygon s = new Polygon(0, 0, 14 * k, 0, 7 * k, 12 * k);
        s.setFill(Palette.YELLOW);
        s.setStroke(Palette.INK);
        s.setStrokeWidth(1.5 * k);
        return s;
    }

    private static Shape dashed(double k) {
        Line s = new Line(0, 0, 0, 14 * k);
        s.setStroke(Palette.VERMILLION);
        s.setStrokeWidth(3 * k);
        s.getStrokeDashArray().addAll(5.0 * k, 3.0 * k);
        return s;
    }
}

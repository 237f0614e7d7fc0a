package org.vdsoexplorer.app.seqlock;

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
 * draws it, beside its meaning in words. A flow of labels, so it wraps in a narrow view and scales with the text.
 */
final class SeqlockLegend {
    private SeqlockLegend() {}

    static FlowPane make() {
        FlowPane p = new FlowPane(14, 2);
        p.setId("seqlock-legend");
        p.getStyleClass().add("seqlock-legend");
        p.getChildren().addAll(
                item(circle(Palette.INK), "seq load, even"),
                item(circle(Palette.VERMILLION), "seq load, odd (writer active)"),
                item(diamond(), "namespace page's seq"),
                item(rect(Palette.VERMILLION), "writer: seq++"),
                item(rect(Palette.GREY), "writer: data store"),
                item(triangle(), "placed update"),
                item(dashed(), "retry"));
        return p;
    }

    private static Label item(Node graphic, String text) {
        Label l = new Label(text, graphic);
        l.getStyleClass().add("seqlock-legend-item");
        l.setGraphicTextGap(5);
        return l;
    }

    private static Shape circle(Color c) {
        Circle s = new Circle(6, c);
        s.setStroke(c);
        return s;
    }

    private static Shape diamond() {
        Polygon s = new Polygon(7, 0, 14, 7, 7, 14, 0, 7);
        s.setFill(Palette.PAPER);
        s.setStroke(Palette.INK);
        s.setStrokeWidth(2);
        return s;
    }

    private static Shape rect(Color c) { return new Rectangle(9, 13, c); }

    private static Shape triangle() {
        Polygon s = new Polygon(0, 0, 14, 0, 7, 12);
        s.setFill(Palette.YELLOW);
        s.setStroke(Palette.INK);
        s.setStrokeWidth(1.5);
        return s;
    }

    private static Shape dashed() {
        Line s = new Line(0, 0, 0, 14);
        s.setStroke(Palette.VERMILLION);
        s.setStrokeWidth(3);
        s.getStrokeDashArray().addAll(5.0, 3.0);
        return s;
    }
}

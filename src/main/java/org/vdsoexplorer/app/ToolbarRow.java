package org.vdsoexplorer.app;

import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.layout.Pane;

/**
 * The toolbar's row: its groups (setup, stepping, the rest) on one line when they fit, the first at the left, the last at
 * the right and the middle one centred in the window (or as near the centre as the others leave room for); when they do
 * not fit (a large UI scale on a small screen) they wrap, each group on a line of its own as needed, never cut.
 */
public final class ToolbarRow extends Pane {
    /** The gap between groups, in em of the row's font (the 4 px grid: 8 px at 100 %). */
    private static final double GAP_EM = 0.5;

    public ToolbarRow() { getStyleClass().add("toolbar-row"); }

    /** Its height depends on its width (the groups wrap). */
    @Override public javafx.geometry.Orientation getContentBias() { return javafx.geometry.Orientation.HORIZONTAL; }

    /** A group's width: its minimum (every picker as wide as its longest name, every button as its text and icon). */
    private static double width(Node g) { return g.minWidth(-1); }

    private double gap() {
        javafx.scene.text.Font f = javafx.scene.text.Font.getDefault();
        for (Node n : getChildren()) if (n instanceof javafx.scene.Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) if (c instanceof javafx.scene.control.Labeled l) return GAP_EM * l.getFont().getSize();
        }
        return GAP_EM * f.getSize();
    }

    private List<Node> groups() { return getManagedChildren(); }

    /** The lines the groups take at {@code width} (inner width): each line a list of groups. */
    private List<List<Node>> lines(double width) {
        List<List<Node>> out = new java.util.ArrayList<>();
        double gap = gap(), x = 0;
        List<Node> line = new java.util.ArrayList<>();
        double all = -gap;
        for (Node g : groups()) all += width(g) + gap;
        if (all <= width) {
            out.add(List.copyOf(groups()));
            return out;
        }
        for (Node g : groups()) {
            double w = width(g);
            if (!line.isEmpty() && x + gap + w > width) {
                out.add(line);
                line = new java.util.ArrayList<>();
                x = 0;
            }
            x += (line.isEmpty() ? 0 : gap) + w;
            line.add(g);
        }
        if (!line.isEmpty()) out.add(line);
        return out;
    }

    private double lineHeight(List<Node> line) {
        double h = 0;
        for (Node g : line) h = Math.max(h, g.prefHeight(-1));
        return h;
    }

    @Override protected double computeMinWidth(double height) {
        double w = 0;
        for (Node g : groups()) w = Math.max(w, g.minWidth(-1));
        Insets in = getInsets();
        return w + in.getLeft() + in.getRight();
    }

    @Override protected double computePrefWidth(double height) {
        double w = -gap();
        for (Node g : groups()) w += width(g) + gap();
        Insets in = getInsets();
        return Math.max(0, w) + in.getLeft() + in.getRight();
    }

    @Override protected double computePrefHeight(double width) {
        Insets in = getInsets();
        double inner = (width < 0 ? computePrefWidth(-1) : width) - in.getLeft() - in.getRight();
        List<List<Node>> lines = lines(inner);
        double h = 0;
        for (List<Node> l : lines) h += lineHeight(l);
        return h + Math.max(0, lines.size() - 1) * gap() / 2 + in.getTop() + in.getBottom();
    }

    @Override protected double computeMinHeight(double width) { return computePrefHeight(width); }

    @Override protected void layoutChildren() {
        Insets in = getInsets();
        double width = getWidth() - in.getLeft() - in.getRight(), gap = gap();
        List<List<Node>> lines = lines(width);
        double y = in.getTop();
        if (lines.size() == 1 && lines.getFirst().size() == 3) {
            List<Node> l = lines.getFirst();
            double h = lineHeight(l);
            double lw = width(l.get(0)), cw = width(l.get(1)), rw = width(l.get(2));
            // the middle group centred in the window, pushed aside by the others when they leave less room
            double cx = Math.max(lw + gap, Math.min((width - cw) / 2, width - rw - gap - cw));
            place(l.get(0), in.getLeft(), y, lw, h);
            place(l.get(1), in.getLeft() + cx, y, cw, h);
            place(l.get(2), in.getLeft() + width - rw, y, rw, h);
            return;
        }
        for (List<Node> l : lines) {
            double h = lineHeight(l), x = in.getLeft();
            for (Node g : l) {
                double w = Math.min(width(g), width);
                place(g, x, y, w, h);
                x += w + gap;
            }
            y += h + gap / 2;
        }
    }

    private static void place(Node g, double x, double y, double w, double h) {
        double ph = g.prefHeight(-1);
        g.resizeRelocate(Math.round(x), Math.round(y + (h - ph) / 2), Math.round(w), Math.round(ph));
    }
}

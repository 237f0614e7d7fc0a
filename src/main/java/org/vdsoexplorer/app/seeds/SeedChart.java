package org.vdsoexplorer.app.seeds;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.vdsoexplorer.app.common.DrawnText;
import org.vdsoexplorer.app.common.FontScale;
import org.vdsoexplorer.app.common.Palette;
import org.vdsoexplorer.report.SeedTables.Both;

/**
 * The seed tables as one diverging dot chart (for {@link SeedTablesView}): a row per seed cell, every cell of every
 * table, sorted by how far the pipeline model misses the seed; on each row the additive model's difference from the
 * seed (an open circle) and the pipeline model's (a filled diamond, both in ink) in percentage points on a shared axis centred on the seed (0),
 * with the ±2 pp band a cell must fall in shaded and each difference written at the row's end. The axis' reach comes
 * from the largest difference measured, so a 0.5 pp miss is as many pixels as it is points, not a sliver of a 0-125 %
 * scale. A click on a row selects it in the table; the table's selection is outlined here. Flat fills, no gradients.
 */
final class SeedChart extends Pane implements DrawnText {
    /** Text sizes at 100 %: labels and values; the axis' numbers and titles. */
    static final double LABEL_PX = 14, AXIS_PX = 13;
    /** A cell's difference within this many points is a cell the model meets (SeedTables.WITHIN_PP). */
    static final double BAND_PP = org.vdsoexplorer.report.SeedTables.WITHIN_PP;
    private static final Color BAND = Color.web("#DCEFE7");
    private static final Color RULE = Color.web("#767676");
    private final Canvas canvas = new Canvas(10, 10);
    private final FontScale scale = new FontScale(this);
    private final List<DrawnText.Box> drawn = new ArrayList<>();
    private List<Both> rows = List.of();
    /** Each row's top and bottom on the canvas (after the last draw). */
    private double[] tops = new double[0];
    private Both selected;
    private Consumer<Both> onPick = b -> {};

    SeedChart() {
        setId("seed-chart");
        getChildren().add(canvas);
        canvas.setOnMouseClicked(e -> {
            int i = rowAt(e.getY());
            if (i >= 0) onPick.accept(rows.get(i));
        });
        scale.scaleProperty().addListener(o -> requestLayout());
        widthProperty().addListener(o -> requestLayout());
    }

    /** The rows, sorted as drawn: the pipeline's miss (largest first), then the additive's; ties in table order. */
    static List<Both> sorted(List<Both> all) {
        return all.stream().sorted(Comparator.comparingDouble((Both b) -> -Math.abs(b.pipeline().differencePp()))
                .thenComparingDouble(b -> -Math.abs(b.additive().differencePp()))).toList();
    }

    void setRows(List<Both> all) {
        rows = sorted(all);
        requestLayout();
    }

    List<Both> rows() { return rows; }

    void setOnPick(Consumer<Both> c) { onPick = c; }

    void select(Both b) {
        if (b == selected) return;
        selected = b;
        draw();
    }

    @Override public List<DrawnText.Box> drawnText() { return List.copyOf(drawn); }

    @Override public javafx.scene.Node drawnOn() { return canvas; }

    private Font label() { return Font.font("DejaVu Sans", FontWeight.NORMAL, LABEL_PX * scale.scale()); }

    private Font bold() { return Font.font("DejaVu Sans", FontWeight.BOLD, LABEL_PX * scale.scale()); }

    private Font mono() { return Font.font("DejaVu Sans Mono", FontWeight.NORMAL, LABEL_PX * scale.scale()); }

    private Font axis() { return Font.font("DejaVu Sans", FontWeight.NORMAL, AXIS_PX * scale.scale()); }

    private double lineH() { return Math.ceil(DrawnText.measure("Mg", label())[1]); }

    /** Rows above the plot: the legend, the axis title and the axis' numbers. */
    private double headH() { return 3 * (Math.ceil(DrawnText.measure("Mg", axis())[1]) + 4) + 6; }

    /** The label column: as wide as the longest label, at most 40 % of the chart (a longer label takes two lines). */
    private double labelW(double w) {
        double longest = 0;
        for (Both b : rows) longest = Math.max(longest, DrawnText.measure(name(b), label())[0]);
        return Math.min(longest + 12, Math.max(120, w * 0.4));
    }

    /** The value column: "add +12.3  pipe −45.6". */
    private double valueW() { return DrawnText.measure(values(rows.isEmpty() ? null : widest()), mono())[0] + 16; }

    private Both widest() {
        Both best = rows.getFirst();
        for (Both b : rows) if (values(b).length() > values(best).length()) best = b;
        return best;
    }

    private static String name(Both b) { return b.additive().table().id() + ": " + b.additive().cell().label(); }

    private static String pp(double v) { return String.format(Locale.ROOT, "%+.1f", v).replace('-', '\u2212'); }

    /** An axis number: "0", "+5", "−10". */
    private static String tick(double v) {
        long r = Math.round(v);
        return r == 0 ? "0" : (r > 0 ? "+" : "\u2212") + Math.abs(r);
    }

    private static String values(Both b) {
        return b == null ? "add +00.0  pipe +00.0" : "add " + pp(b.additive().differencePp()) + "  pipe " + pp(b.pipeline().differencePp());
    }

    /** The lines a label takes in {@code width}: one, or two broken at the last space that fits. */
    private List<String> lines(String t, double width) {
        Font f = label();
        if (DrawnText.measure(t, f)[0] <= width) return List.of(t);
        int cut = -1;
        for (int i = t.indexOf(' '); i > 0; i = t.indexOf(' ', i + 1)) {
            if (DrawnText.measure(t.substring(0, i), f)[0] <= width) cut = i;
        }
        return cut < 0 ? List.of(t) : List.of(t.substring(0, cut), t.substring(cut + 1));
    }

    private double rowH(Both b, double labelW) { return lines(name(b), labelW - 12).size() * lineH() + 8; }

    @Override protected double computePrefHeight(double width) {
        double w = width > 0 ? width : getWidth() > 0 ? getWidth() : 900;
        double h = headH() + lineH() + 8;
        double lw = labelW(w);
        for (Both b : rows) h += rowH(b, lw);
        return h;
    }

    @Override protected double computeMinHeight(double width) { return computePrefHeight(width); }

    @Override protected double computePrefWidth(double height) { return 600; }

    @Override protected void layoutChildren() {
        canvas.setWidth(Math.max(1, getWidth()));
        canvas.setHeight(Math.max(1, getHeight()));
        draw();
    }

    /** The axis' reach in pp: past the largest difference, on a step of 1, 2, 5, 10, 20, 50... and at least 5. */
    static double[] axis(List<Both> rows) {
        double max = BAND_PP * 2;
        for (Both b : rows) max = Math.max(max, Math.max(Math.abs(b.additive().differencePp()), Math.abs(b.pipeline().differencePp())));
        double step = 1;
        for (double s : new double[] {1, 2, 5, 10, 20, 50, 100, 200, 500}) {
            step = s;
            if (max / s <= 5) break;
        }
        return new double[] {Math.ceil(max / step) * step, step};
    }

    private int rowAt(double y) {
        for (int i = 0; i < rows.size(); i++) if (y >= tops[2 * i] && y < tops[2 * i + 1]) return i;
        return -1;
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth(), h = canvas.getHeight();
        drawn.clear();
        g.setFill(Palette.PAPER);
        g.fillRect(0, 0, w, h);
        tops = new double[2 * rows.size()];
        if (rows.isEmpty() || w < 200) return;
        double lw = labelW(w), vw = valueW();
        double[] ax = axis(rows);
        double reach = ax[0], step = ax[1];
        double half = DrawnText.measure(tick(-reach), axis())[0] / 2 + 2;
        double x0 = lw + 8 + half, x1 = w - vw - 8 - half;
        if (x1 - x0 < 80) return;
        java.util.function.DoubleUnaryOperator x = v -> x0 + (v + reach) / (2 * reach) * (x1 - x0);
        Font af = axis(), lf = label();
        double ah = Math.ceil(DrawnText.measure("Mg", af)[1]) + 4;
        g.setTextBaseline(VPos.CENTER);
        // the legend: the two shapes, each with its model's name (shape and word, not colour alone)
        double ly = ah / 2 + 2;
        double lx = x0;
        g.setFont(af);
        dot(g, lx + 6, ly, true);
        g.setFill(Palette.INK);
        lx = text(g, af, "additive model", lx + 16, ly, TextAlignment.LEFT) + 18;
        dot(g, lx + 6, ly, false);
        g.setFill(Palette.INK);
        lx = text(g, af, "pipeline model", lx + 16, ly, TextAlignment.LEFT) + 18;
        g.setFill(BAND);
        g.fillRect(lx, ly - ah / 2 + 3, 18, ah - 6);
        g.setFill(Palette.INK);
        text(g, af, "within \u00b1" + (int) BAND_PP + " pp of the seed", lx + 24, ly, TextAlignment.LEFT);
        // the axis title and its numbers
        g.setFill(Palette.INK);
        text(g, af, "model \u2212 seed, percentage points (0 = the seed's figure; right = the model is faster)", (x0 + x1) / 2,
                ly + ah, TextAlignment.CENTER);
        double yNum = ly + 2 * ah, top = headH(), bottom = h - 4;
        // the band and the grid
        g.setFill(BAND);
        g.fillRect(x.applyAsDouble(-BAND_PP), top, x.applyAsDouble(BAND_PP) - x.applyAsDouble(-BAND_PP), bottom - top);
        for (double v = -reach; v <= reach + 1e-9; v += step) {
            double xv = x.applyAsDouble(v);
            g.setStroke(v == 0 ? Palette.INK : Color.web("#D0D0D0"));
            g.setLineWidth(v == 0 ? 2 : 1);
            g.strokeLine(xv, top, xv, bottom);
            g.setFill(Palette.INK);
            text(g, af, tick(v), xv, yNum, TextAlignment.CENTER);
        }
        g.setLineWidth(1);
        g.setFill(Palette.INK);
        text(g, af, "largest miss first", 4, yNum, TextAlignment.LEFT);
        double y = top;
        for (int i = 0; i < rows.size(); i++) {
            Both b = rows.get(i);
            List<String> ls = lines(name(b), lw - 12);
            double rh = ls.size() * lineH() + 8;
            tops[2 * i] = y;
            tops[2 * i + 1] = y + rh;
            double cy = y + rh / 2;
            g.setStroke(Color.web("#E4E4E4"));
            g.strokeLine(0, y + rh, w, y + rh);
            if (b == selected) {
                g.setStroke(Palette.BLUE);
                g.setLineWidth(2.5);
                g.strokeRect(1.5, y + 1.5, w - 3, rh - 3);
                g.setLineWidth(1);
            }
            // a thin rule from the additive to the pipeline dot: how far the two models are apart
            double xa = x.applyAsDouble(b.additive().differencePp()), xp = x.applyAsDouble(b.pipeline().differencePp());
            g.setStroke(RULE);
            g.strokeLine(Math.min(xa, xp), cy, Math.max(xa, xp), cy);
            dot(g, xa, cy, true);
            dot(g, xp, cy, false);
            boolean miss = !b.pipeline().within() || !b.additive().within();
            g.setFill(Palette.INK);
            double ty = cy - (ls.size() - 1) * lineH() / 2;
            for (String l : ls) {
                text(g, lf, l, 4, ty, TextAlignment.LEFT);
                ty += lineH();
            }
            g.setFill(miss ? Palette.DEEP_VERMILLION : Palette.INK);
            text(g, miss ? Font.font("DejaVu Sans Mono", FontWeight.BOLD, LABEL_PX * scale.scale()) : mono(), values(b), w - 4, cy,
                    TextAlignment.RIGHT);
            y += rh;
        }
    }

    /**
     * The additive model's open circle or the pipeline model's filled diamond, in ink: the two models differ by shape
     * (and the legend's words), so no hue takes a second meaning here (app.common.Palette's roles).
     */
    private void dot(GraphicsContext g, double cx, double cy, boolean additive) {
        double r = 6 * Math.max(1, scale.scale() * 0.8);
        g.setLineWidth(2);
        g.setStroke(Palette.INK);
        if (additive) {
            g.setFill(Palette.PAPER);
            g.fillOval(cx - r, cy - r, 2 * r, 2 * r);
            g.strokeOval(cx - r, cy - r, 2 * r, 2 * r);
        } else {
            double[] xs = {cx, cx + r + 1, cx, cx - r - 1}, ys = {cy - r - 1, cy, cy + r + 1, cy};
            g.setFill(Palette.INK);
            g.fillPolygon(xs, ys, 4);
            g.strokePolygon(xs, ys, 4);
        }
        g.setLineWidth(1);
    }

    /** Draws {@code t} and records its box; returns its right edge. */
    private double text(GraphicsContext g, Font f, String t, double x, double y, TextAlignment a) {
        g.setFont(f);
        g.setTextAlign(a);
        g.fillText(t, x, y);
        DrawnText.Box b = DrawnText.Box.of(t, f, x, y, a, VPos.CENTER, false);
        boolean cut = b.x() < -1 || b.x() + b.width() > canvas.getWidth() + 1;
        drawn.add(cut ? new DrawnText.Box(t, b.x(), b.y(), b.width(), b.height(), b.fontSize(), true) : b);
        return b.x() + b.width();
    }
}

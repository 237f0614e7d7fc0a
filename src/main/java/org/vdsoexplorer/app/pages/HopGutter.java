package org.vdsoexplorer.app.pages;

import java.util.Arrays;
import java.util.function.IntToDoubleFunction;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.vdsoexplorer.app.common.Palette;

/**
 * The pointer the code follows, drawn beside the running task's slots: one numbered marker per run of
 * reads from one slot (1 = the first slot the call read, ...), and an arrow from each run to the next
 * (a namespace task: 1 at slot 0, the TIMENS page, then 2 at slot 3, the real data page). Redraws only
 * when the runs or the rows' positions change. The slot numbers are drawn at the left. The numbers are
 * reported as drawn text (for the layout check).
 */
final class HopGutter extends Region implements org.vdsoexplorer.app.common.DrawnText {
    /** At most this many runs get a marker; a longer trail shows its last ones. */
    static final int MAX_RUNS = 6;

    private final Canvas canvas = new Canvas();
    /** The y of slot {@code s}'s marker, relative to this gutter (from the running cells' layout). */
    private final IntToDoubleFunction slotY;
    private final IntToDoubleFunction fontSize;
    private int[] runs = new int[0];
    private int firstRun;
    private String drawn = "";
    private final java.util.List<Box> text = new java.util.ArrayList<>();

    @Override public java.util.List<Box> drawnText() { return java.util.List.copyOf(text); }

    @Override public javafx.scene.Node drawnOn() { return canvas; }

    private void text(GraphicsContext g, String t, double x, double y) {
        g.fillText(t, x, y);
        text.add(Box.of(t, g.getFont(), x, y, g.getTextAlign(), g.getTextBaseline(), false));
    }

    HopGutter(IntToDoubleFunction slotY, IntToDoubleFunction fontSize) {
        this.slotY = slotY;
        this.fontSize = fontSize;
        getChildren().add(canvas);
        setMinWidth(USE_PREF_SIZE);
        setMaxWidth(USE_PREF_SIZE);
    }

    @Override
    protected double computePrefWidth(double height) { return Math.ceil(digitWidth() + 2.4 * size()) + 2; }

    private double digitWidth() { return Math.ceil(size() * 0.75); }

    private double size() { return Math.max(12, Math.round(fontSize.applyAsDouble(0) * 1.05)); }

    /** The slots of this call's runs of reads, in order; {@code first} is the number of runs[0] minus 1. */
    void setRuns(int[] slots, int first) {
        if (Arrays.equals(slots, runs) && first == firstRun) return;
        runs = slots.clone();
        firstRun = first;
        redraw();
    }

    /** The rows were laid out again: redraws if the markers' places changed. */
    void rowsMoved() { redraw(); }

    @Override
    protected void layoutChildren() {
        canvas.setWidth(Math.ceil(getWidth()));
        canvas.setHeight(Math.ceil(getHeight()));
        redraw();
    }

    private void redraw() {
        double w = canvas.getWidth(), h = canvas.getHeight(), sz = size();
        StringBuilder key = new StringBuilder().append(w).append('x').append(h).append('/').append(sz).append('/')
                .append(firstRun).append(Arrays.toString(runs));
        double[] ys = new double[4];
        for (int s = 0; s < 4; s++) {
            ys[s] = slotY.applyAsDouble(s);
            key.append('/').append(Math.round(ys[s]));
        }
        String k = key.toString();
        if (k.equals(drawn)) return;
        drawn = k;
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, w, h);
        text.clear();
        if (w <= 0 || h <= 0) return;
        // the slot numbers, left
        g.setFont(Font.font("DejaVu Sans", FontWeight.BOLD, sz * 0.95));
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.CENTER);
        g.setFill(Palette.INK);
        for (int s = 0; s < 4; s++) text(g, Integer.toString(s), 0, ys[s] + sz / 2 + 0.5);
        if (runs.length == 0) return;
        // markers sit against the cells; several runs on one slot stack downwards
        double mx = w - sz - 1;
        double[] my = new double[runs.length];
        int[] onSlot = new int[4];
        for (int i = 0; i < runs.length; i++) my[i] = ys[runs[i]] + onSlot[runs[i]]++ * (sz + 2);
        // arrows from each run to the next, each in its own lane left of the markers
        g.setStroke(Palette.INK);
        g.setFill(Palette.INK);
        g.setLineWidth(2);
        for (int i = 0; i + 1 < runs.length; i++) {
            double lane = mx - 4 - (i % 3) * Math.max(3, (mx - 6 - digitWidth()) / 3);
            double y0 = my[i] + sz / 2, y1 = my[i + 1] + sz / 2;
            g.strokeLine(mx, y0, lane, y0);
            g.strokeLine(lane, y0, lane, y1);
            g.strokeLine(lane, y1, mx - 5, y1);
            g.fillPolygon(new double[] {mx - 6, mx, mx - 6}, new double[] {y1 - 4, y1, y1 + 4}, 3);
        }
        // one digit as large as the slot numbers; two fit the square
        g.setFont(Font.font("DejaVu Sans", FontWeight.BOLD, sz * (firstRun + runs.length < 10 ? 0.95 : 0.7)));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        for (int i = 0; i < runs.length; i++) {
            boolean last = i == runs.length - 1;
            g.setFill(last ? Palette.YELLOW : Palette.INK);
            g.fillRect(mx, my[i], sz, sz);
            g.setStroke(Palette.INK);
            g.setLineWidth(1.5);
            g.strokeRect(mx, my[i], sz, sz);
            g.setFill(last ? Palette.INK : Palette.PAPER);
            text(g, Integer.toString(firstRun + i + 1), mx + sz / 2, my[i] + sz / 2 + 0.5);
        }
    }
}

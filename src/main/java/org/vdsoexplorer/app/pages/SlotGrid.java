package org.vdsoexplorer.app.pages;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.layout.Region;

/**
 * The two tasks' slots, row by row: a label column, the hop gutter (as wide as its heading), the running
 * task's column and the other task's column, each row as tall as its tallest cell at the column's actual width (the cells
 * wrap, which GridPane does not account for), with a frame behind each task column.
 */
final class SlotGrid extends Region {
    private static final double HGAP = 4, VGAP = 2, FRAME = 3;
    /** The other task's share of the two task columns; less below {@link #COMPACT} px, none without another task. */
    private static final double OTHER_SHARE = 0.36, OTHER_SHARE_COMPACT = 0.31;
    static final double COMPACT = 560;
    private boolean other = true;

    private final Region runFrame, otherFrame;
    private final HopGutter gutter;
    private final List<Node[]> rows = new ArrayList<>(); // {head (row 0 only, over the gutter), running, other}

    SlotGrid(Region runFrame, Region otherFrame, HopGutter gutter) {
        this.runFrame = runFrame;
        this.otherFrame = otherFrame;
        this.gutter = gutter;
        getChildren().addAll(runFrame, otherFrame, gutter);
        setPadding(new Insets(FRAME, FRAME, FRAME, 0));
    }

    /** Adds a row: the running task's cell and the other task's; the first row is the heading, with {@code head} over the gutter. */
    void addRow(Node head, Node running, Node other) {
        rows.add(new Node[] {head, running, other});
        if (head != null) getChildren().add(head);
        getChildren().addAll(running, other);
    }

    /** Shows or hides the other task's column (the running task's takes its room). */
    void setOther(boolean on) {
        if (on == other) return;
        other = on;
        otherFrame.setVisible(on);
        for (Node[] r : rows) r[2].setVisible(on);
        requestLayout();
    }

    /** The y of row {@code i}'s top (after layout), relative to this grid. */
    double rowY(int i) { return rows.get(i)[1].getLayoutY(); }

    @Override
    public Orientation getContentBias() { return Orientation.HORIZONTAL; }

    @Override
    protected double computeMinWidth(double height) { return 0; }

    @Override
    protected double computeMinHeight(double width) { return computePrefHeight(width); }

    @Override
    protected double computePrefWidth(double height) { return 480; }

    @Override
    protected double computePrefHeight(double width) {
        double[] c = columns(width < 0 ? computePrefWidth(-1) : width);
        double h = snappedTopInset() + snappedBottomInset();
        for (Node[] r : rows) h += rowHeight(r, c) + VGAP;
        return h - VGAP;
    }

    /** {x0, w0, x1, w1, x2, w2, x3, w3}: (no label column), the gutter, the running task's, the other's. */
    private double[] columns(double width) {
        double w0 = -HGAP;
        // the gutter's column is as wide as its heading ("slot", at any scale) too
        double w1 = gutter.prefWidth(-1);
        for (Node[] r : rows) if (r[0] != null) w1 = Math.max(w1, Math.ceil(r[0].prefWidth(-1)));
        double left = snappedLeftInset();
        double rest = Math.max(0, width - left - snappedRightInset() - w0 - w1 - (other ? 3 * HGAP + 3 * FRAME : 2 * HGAP + FRAME));
        double share = !other ? 0 : width < COMPACT ? OTHER_SHARE_COMPACT : OTHER_SHARE;
        double w3 = !other ? 0 : Math.min(rest, Math.max(Math.floor(rest * share), widestOtherPiece())), w2 = rest - w3;
        double x0 = left, x1 = x0 + w0 + HGAP, x2 = x1 + w1 + HGAP + FRAME, x3 = x2 + w2 + HGAP + 2 * FRAME;
        return new double[] {x0, w0, x1, w1, x2, w2, x3, w3};
    }

    /**
     * The widest piece of the other task's cells that does not wrap ("offset[MONOTONIC]" at 250 %), with the cell's
     * insets: the other column is never narrower (its share of a narrow grid would cut it).
     */
    private double widestOtherPiece() {
        double w = 0;
        for (Node[] r : rows) {
            if (!(r[2] instanceof javafx.scene.layout.Pane cell) || !cell.isVisible()) continue;
            for (Node c : cell.getChildren()) {
                if (!c.isManaged() || !c.isVisible() || c instanceof javafx.scene.control.Labeled l && l.isWrapText()) continue;
                w = Math.max(w, c.prefWidth(-1) + cell.snappedLeftInset() + cell.snappedRightInset());
            }
        }
        return Math.ceil(w);
    }

    private static double rowHeight(Node[] r, double[] c) {
        double o = c[7] > 0 && r[2].isVisible() ? r[2].prefHeight(c[7]) : 0;
        double h0 = r[0] == null ? 0 : r[0].prefHeight(c[3]);
        return Math.ceil(Math.max(h0, Math.max(r[1].prefHeight(c[5]), o)));
    }

    @Override
    protected void layoutChildren() {
        double[] c = columns(getWidth());
        double y = snappedTopInset(), top = y, firstRow = y;
        for (int i = 0; i < rows.size(); i++) {
            Node[] r = rows.get(i);
            double h = rowHeight(r, c);
            if (r[0] != null) r[0].resizeRelocate(c[2], y, c[3], r[0].prefHeight(c[3]));
            r[1].resizeRelocate(c[4], y, c[5], h);
            r[2].resizeRelocate(c[6], y, c[7], h);
            if (!other && i == 0) r[2].resizeRelocate(c[6], y, 0, h);
            if (i == 0) firstRow = y + h + VGAP;
            y += h + VGAP;
        }
        double bottom = y - VGAP;
        runFrame.resizeRelocate(c[4] - FRAME, top - FRAME, c[5] + 2 * FRAME, bottom - top + 2 * FRAME);
        otherFrame.resizeRelocate(c[6] - FRAME, top - FRAME, c[7] + 2 * FRAME, bottom - top + 2 * FRAME);
        gutter.resizeRelocate(c[2], firstRow, c[3], Math.max(0, bottom - firstRow));
        gutter.rowsMoved(); // the cells may have moved without the gutter changing size
    }
}

package org.vdsoexplorer.app.seqlock;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import org.vdsoexplorer.app.common.Palette;
import org.vdsoexplorer.sim.SeqlockTrace.Mark;
import org.vdsoexplorer.sim.SeqlockTrace.Odd;
import org.vdsoexplorer.sim.SeqlockTrace.Placed;
import org.vdsoexplorer.sim.SeqlockTrace.Retry;
import org.vdsoexplorer.sim.SeqlockTrace.SeqLoad;
import org.vdsoexplorer.sim.SeqlockTrace.Writer;

/**
 * One drawing of the seqlock timeline (for {@link SeqlockView}): lanes, the seq band, the axis of reader steps (major
 * ticks every 10 with their numbers, its title) and the marks, their labels in lanes with leader lines placed by
 * {@link TimelineLabels}. Colours keep their one meaning (app.common.Palette): vermillion odd seq, retries and the
 * writer's seq bumps; blue the current position; yellow a placed update; ink and grey the rest. None is told by colour
 * alone: an odd seq load has a second ring, a writer's seq bump a "+", the odd seq band a hatch and its word. Values an
 * open predict question asks for are
 * drawn as "?" ({@code hideSeq}), retries and spins left out ({@code hideRetries}, {@code hideSpins}).
 */
final class TimelineDrawing {
    /** The axis' minor ticks, the grid lines at its major ones, and the even seq band's fill (neutral: even is normal). */
    private static final Color MINOR = Color.web("#9A9A9A"), GRID = Color.web("#EBEBEB"), EVEN_BAND = Color.web("#EFEFEF");
    private final GraphicsContext g;
    private final double w, h;
    private final TimelineGeometry geo;
    private final TimelineLabels labels;
    private final Font label, small;
    private final boolean hideSeq, hideRetries, hideSpins;
    /** The strokes' weight (1; the projector theme's thicker lines: FontScale.lineWeight). */
    private final double weight;
    /** Whether a "placed" marker's label is drawn yet. */
    private boolean placedLabelled;
    /** Whether a writer's "seq=N" label is drawn yet. */
    private boolean seqLabelled;

    TimelineDrawing(GraphicsContext g, double w, double h, TimelineGeometry geo, TimelineLabels labels, Font label,
                    Font small, boolean hideSeq, boolean hideRetries, boolean hideSpins, double weight) {
        this.g = g;
        this.w = w;
        this.h = h;
        this.geo = geo;
        this.labels = labels;
        this.label = label;
        this.small = small;
        this.hideSeq = hideSeq;
        this.hideRetries = hideRetries;
        this.hideSpins = hideSpins;
        this.weight = weight;
        this.m = geo.mark();
    }

    /** The marks' size over their size at 100 % (TimelineGeometry.mark: they grow with the text). */
    private final double m;

    /** Sets the stroke to {@code px} at weight 1. */
    private void line(double px) { g.setLineWidth(px * weight); }

    void draw(List<Mark> marks, int steps, long now) {
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        labels.start(w, h);
        if (w < 50 || h < 50) return;
        double left = geo.left(), dx = geo.dx();
        double yReader = geo.yReader(), yWriter = geo.yWriter(), ySeqTop = geo.ySeqTop(), ySeqBot = geo.ySeqBot();
        double right = left + steps * dx;
        g.setFill(Palette.INK);
        labels.fixed(g, label, "reader", 6, yReader, TextAlignment.LEFT);
        labels.fixed(g, label, "writer", 6, yWriter, TextAlignment.LEFT);
        labels.fixed(g, label, "seq", 6, (ySeqTop + ySeqBot) / 2, TextAlignment.LEFT);
        g.setStroke(Palette.GREY);
        line(1);
        g.strokeLine(left, yReader, geo.right(), yReader);
        g.strokeLine(left, yWriter, geo.right(), yWriter);
        // the axis under the seq band: a minor tick per reader step where they are far enough apart to read, a major
        // tick with its number every 10 steps (every 20, 50... when the numbers would not fit), a faint grid line
        // through the lanes at each major tick; its title under the numbers
        double numberW = org.vdsoexplorer.app.common.DrawnText.measure(Integer.toString(Math.max(10, steps)), small)[0] + 8;
        int every = 10;
        while (dx * every < numberW) every = every == 10 ? 20 : every == 20 ? 50 : every * 2;
        double axisY = ySeqBot + 1;
        g.setStroke(Palette.GREY);
        g.strokeLine(left, axisY, geo.right(), axisY);
        for (int i = 0; i <= Math.max(steps, 0); i++) {
            double x = geo.x(i);
            if (i % every == 0) {
                g.setStroke(GRID);
                g.strokeLine(x, geo.yReaderLabel(), x, ySeqTop);
                g.setStroke(Palette.INK);
                g.strokeLine(x, axisY, x, axisY + 7);
            } else if (dx >= 5 && i < steps) {
                g.setStroke(MINOR);
                g.strokeLine(x, axisY, x, axisY + 3);
            }
        }
        // seq over time (real data page): reconstruct from loads and writer steps
        List<double[]> pts = new ArrayList<>();
        for (Mark k : marks) {
            if (k instanceof Writer wr) pts.add(new double[] {k.at(), wr.seq()});
            if (k instanceof SeqLoad l && !l.namespacePage()) pts.add(new double[] {k.at(), l.value()});
        }
        long first = pts.isEmpty() ? now : (long) pts.getFirst()[1];
        if (!pts.isEmpty() && marks.stream().filter(k -> k instanceof Writer).findFirst().orElse(null) instanceof Writer fw
                && (fw.step() == 0 || fw.step() == fw.steps() - 1) && fw.at() <= pts.getFirst()[0]) {
            first = fw.seq() - 1;
        }
        double x0 = left;
        long v = first;
        for (double[] p : pts) {
            if ((long) p[1] == v) continue;
            double x = left + p[0] * dx;
            seqSegment(x0, x, hideSeq ? -1 : v, ySeqTop, ySeqBot);
            x0 = x;
            v = (long) p[1];
        }
        seqSegment(x0, right, hideSeq ? -1 : v, ySeqTop, ySeqBot);
        // marks: the ones that tell what happened (retry, spin, the writer's seq bumps, placed) first, so a
        // crowded timeline drops a load's value label rather than one of them
        for (Mark k : marks) if (!(k instanceof SeqLoad)) drawMark(k);
        for (Mark k : marks) if (k instanceof SeqLoad) drawMark(k);
        // the step numbers (their own row: no mark's label is there) and the axis' title
        g.setFill(Palette.INK);
        for (int i = 0; i <= steps; i += every) {
            labels.place(g, small, Integer.toString(i), geo.x(i), geo.yAxis(), TextAlignment.CENTER, false);
        }
        labels.fixed(g, small, "reader step (instructions of this call) \u2192", (left + geo.right()) / 2, geo.yAxisTitle(),
                TextAlignment.CENTER);
        // now: the current position, in the colour of what is current
        g.setStroke(Palette.BLUE);
        line(2.5);
        g.strokeLine(right, geo.yReaderLabel(), right, ySeqBot);
        line(1);
    }

    /** One mark's shape and its label. */
    private void drawMark(Mark k) {
        double x = geo.x(k.at());
        double yReader = geo.yReader(), yWriter = geo.yWriter();
        switch (k) {
            case SeqLoad l -> {
                // shape for the page (circle: the real data page; diamond: the namespace page), colour for parity
                // (ink: even; vermillion: odd, a writer is in update_vsyscall()), as the legend under the timeline says
                boolean odd = !hideSeq && (l.value() & 1) != 0;
                double r = 8 * m;
                g.setFill(odd ? Palette.VERMILLION : l.namespacePage() ? Palette.PAPER : Palette.INK);
                g.setStroke(odd ? Palette.VERMILLION : Palette.INK);
                line(2);
                if (l.namespacePage()) {
                    double[] xs = {x, x + r + 1, x, x - r - 1}, ys = {yReader - r - 1, yReader, yReader + r + 1, yReader};
                    g.fillPolygon(xs, ys, 4);
                    g.strokePolygon(xs, ys, 4);
                } else {
                    g.fillOval(x - r, yReader - r, 2 * r, 2 * r);
                }
                double o = r + (2 + 2.5 * weight) * m; // the ring's radius: clear of the mark's own (weighted) stroke
                if (odd) { // a second ring around it: odd told by shape too, not by colour alone
                    line(1.5);
                    if (l.namespacePage()) {
                        g.strokePolygon(new double[] {x, x + o + 1, x, x - o - 1}, new double[] {yReader - o - 1, yReader, yReader + o + 1, yReader}, 4);
                    } else {
                        g.strokeOval(x - o, yReader - o, 2 * o, 2 * o);
                    }
                }
                line(1);
                labels.lane(g, small, (l.check() ? "check " : l.namespacePage() ? "ns " : "") + (hideSeq ? "?" : l.value()), x,
                        geo.yReaderLabel(), odd ? yReader - o - 1 : yReader - r - 1, Palette.INK, false);
            }
            case Writer wr -> {
                boolean bump = wr.step() == 0 || wr.step() == wr.steps() - 1;
                g.setFill(bump ? Palette.VERMILLION : Palette.GREY);
                g.fillRect(x - 7 * m, yWriter - 10 * m, 14 * m, 20 * m);
                if (bump) { // a "+" on it: seq++ told by shape too, not by colour alone
                    g.setStroke(Palette.PAPER);
                    line(2);
                    g.strokeLine(x - 4 * m, yWriter, x + 4 * m, yWriter);
                    g.strokeLine(x, yWriter - 4 * m, x, yWriter + 4 * m);
                    line(1);
                }
                if (wr.placed()) {
                    g.setStroke(Palette.INK);
                    line(2.5);
                    g.strokeRect(x - 7 * m, yWriter - 10 * m, 14 * m, 20 * m);
                    line(1);
                }
                // the first bump's value must show; the next ones' where the lane has room (the seq band shows each value)
                if (bump) seqLabelled |= labels.lane(g, small, "seq=" + (hideSeq ? "?" : wr.seq()), x, geo.yWriterLabel(),
                        yWriter + 10 * m, Palette.INK, !seqLabelled);
            }
            case Retry r when hideRetries -> { }
            case Odd o when hideSpins -> { }
            case Retry r -> {
                g.setStroke(Palette.VERMILLION);
                line(3 * m);
                g.setLineDashes(8 * m, 5 * m);
                g.setLineCap(javafx.scene.shape.StrokeLineCap.BUTT); // square caps would close the gaps of a thick line
                double below = (geo.yRetry() + geo.yReaderLabel()) / 2; // the retry lane's bottom: the line starts under its label
                g.strokeLine(x, below, x, geo.ySeqBot());
                labels.obstacle(x - 3 * m, below, 6 * m, geo.ySeqTop() - below);
                g.setLineDashes();
                g.setLineCap(javafx.scene.shape.StrokeLineCap.SQUARE);
                line(1);
                labels.lane(g, small, "retry: " + r.begin() + "\u2192" + r.now(), x, geo.yRetry(), below,
                        Palette.DEEP_VERMILLION, true);
            }
            case Odd o -> labels.lane(g, small, "spin", x, geo.ySpin(), yReader + 9 * m, Palette.DEEP_VERMILLION, true);
            case Placed p -> {
                // a triangle pointing down at the writer lane: "an update dropped in here"
                double yp = geo.yPin();
                double[] xs = {x - 9 * m, x + 9 * m, x};
                double[] ys = {yp - 9 * m, yp - 9 * m, yp + 9 * m};
                g.setFill(Palette.YELLOW); // the colour of the toolbar's "Kernel update now": an update you started
                g.fillPolygon(xs, ys, 3);
                g.setStroke(Palette.INK);
                line(1.5);
                g.strokePolygon(xs, ys, 3);
                line(1);
                g.setFill(Palette.INK);
                String t = p.count() > 1 ? "placed \u00d7" + p.count() : "placed";
                // beside the marker, on the side with room (never cut at the canvas's right edge)
                double tw = org.vdsoexplorer.app.common.DrawnText.measure(t, small)[0];
                boolean rightSide = x + 12 * m + tw <= w;
                // the first marker's word must show; the next ones' only where there is room (the ▼ tells)
                boolean drawn = labels.place(g, small, t, rightSide ? x + 12 * m : x - 12 * m, yp,
                        rightSide ? TextAlignment.LEFT : TextAlignment.RIGHT, !placedLabelled);
                placedLabelled |= drawn;
            }
        }
    }

    private void seqSegment(double x0, double x1, long v, double top, double bot) {
        if (x1 <= x0) return;
        boolean odd = v >= 0 && (v & 1) != 0; // v < 0: masked
        g.setFill(odd ? Palette.tint(Palette.VERMILLION, 0.45) : EVEN_BAND);
        g.fillRect(x0, top, x1 - x0, bot - top);
        if (odd) { // a hatch: odd told by pattern too, not by colour alone (and by its word where it fits)
            g.save();
            g.beginPath();
            g.rect(x0, top, x1 - x0, bot - top);
            g.clip();
            g.setStroke(Palette.VERMILLION);
            line(1);
            for (double x = x0 - (bot - top); x < x1; x += 8) g.strokeLine(x, bot, x + (bot - top), top);
            g.restore();
        }
        g.setStroke(odd ? Palette.VERMILLION : Palette.GREY);
        line(2);
        g.strokeRect(x0, top, x1 - x0, bot - top);
        line(1);
        String t = v < 0 ? "?" : v + (odd ? " odd" : " even");
        double[] tw = org.vdsoexplorer.app.common.DrawnText.measure(t, small);
        if (x1 - x0 > tw[0] + 8) {
            if (odd) { // the word on the plain tint, not on the hatch
                g.setFill(Palette.tint(Palette.VERMILLION, 0.45));
                double th = Math.min(tw[1], bot - top - 2);
                g.fillRect((x0 + x1 - tw[0]) / 2 - 3, (top + bot - th) / 2, tw[0] + 6, th);
            }
            g.setFill(Palette.INK);
            labels.fixed(g, small, t, (x0 + x1) / 2, (top + bot) / 2, TextAlignment.CENTER);
        }
    }
}

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
 * One drawing of the seqlock timeline (for {@link SeqlockView}): lanes, reader steps, the seq band and
 * the marks, their text placed by {@link TimelineLabels}; values an open predict question asks for are
 * drawn as "?" ({@code hideSeq}), retries and spins left out ({@code hideRetries}, {@code hideSpins}).
 */
final class TimelineDrawing {
    private final GraphicsContext g;
    private final double w, h;
    private final TimelineGeometry geo;
    private final TimelineLabels labels;
    private final Font label, small;
    private final boolean hideSeq, hideRetries, hideSpins;
    /** Whether a "placed" marker's label is drawn yet. */
    private boolean placedLabelled;

    TimelineDrawing(GraphicsContext g, double w, double h, TimelineGeometry geo, TimelineLabels labels, Font label,
                    Font small, boolean hideSeq, boolean hideRetries, boolean hideSpins) {
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
    }

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
        g.setLineWidth(1);
        g.strokeLine(left, yReader, geo.right(), yReader);
        g.strokeLine(left, yWriter, geo.right(), yWriter);
        // reader step ticks, numbered every 10 steps (every 20, 50... when the numbers would not fit)
        g.setStroke(Color.web("#999999"));
        double numberW = org.vdsoexplorer.app.common.DrawnText.measure(Integer.toString(Math.max(10, steps)), small)[0] + 8;
        int every = 10;
        while (dx * every < numberW) every = every == 10 ? 20 : every == 20 ? 50 : every * 2;
        for (int i = 0; i < steps; i++) {
            double x = geo.x(i);
            g.strokeLine(x, yReader - 5, x, yReader + 5);
            if (i % every == 0) g.strokeLine(x, ySeqBot, x, ySeqBot + 4); // (numbered after the marks)
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
        // the step numbers last: where a mark's label took the room, a number is left out
        g.setFill(Palette.GREY);
        for (int i = 0; i < steps; i += every) {
            labels.place(g, small, Integer.toString(i), geo.x(i), geo.yAxis(), TextAlignment.CENTER, false);
        }
        // now
        g.setStroke(Palette.INK);
        g.setLineWidth(2.5);
        g.strokeLine(right, geo.yReaderLabel(), right, ySeqBot + 4);
        g.setLineWidth(1);
    }

    /** One mark's shape and its label. */
    private void drawMark(Mark k) {
        double x = geo.x(k.at());
        double yReader = geo.yReader(), yWriter = geo.yWriter();
        switch (k) {
            case SeqLoad l -> {
                Color c = l.namespacePage() ? Palette.ORANGE : (l.value() & 1) != 0 ? Palette.VERMILLION : Palette.BLUE;
                g.setFill(c);
                double r = 9;
                if (l.namespacePage()) {
                    g.fillPolygon(new double[] {x, x + r, x, x - r}, new double[] {yReader - r, yReader, yReader + r, yReader}, 4);
                } else {
                    g.fillOval(x - r, yReader - r, 2 * r, 2 * r);
                }
                g.setFill(Palette.INK);
                labels.place(g, small, (l.check() ? "check " : l.namespacePage() ? "ns " : "") + (hideSeq ? "?" : l.value()), x,
                        geo.yReaderLabel(), TextAlignment.CENTER, false);
            }
            case Writer wr -> {
                boolean bump = wr.step() == 0 || wr.step() == wr.steps() - 1;
                g.setFill(bump ? Palette.VERMILLION : Palette.PURPLE);
                g.fillRect(x - 8, yWriter - 10, 16, 20);
                if (wr.placed()) {
                    g.setStroke(Palette.INK);
                    g.setLineWidth(2.5);
                    g.strokeRect(x - 8, yWriter - 10, 16, 20);
                    g.setLineWidth(1);
                }
                g.setFill(Palette.INK);
                if (bump) labels.place(g, small, "seq=" + (hideSeq ? "?" : wr.seq()), x, geo.yWriterLabel(), TextAlignment.CENTER, true);
            }
            case Retry r when hideRetries -> { }
            case Odd o when hideSpins -> { }
            case Retry r -> {
                g.setStroke(Palette.VERMILLION);
                g.setLineWidth(3);
                g.setLineDashes(8, 5);
                g.strokeLine(x, geo.yRetry() + 8, x, geo.ySeqBot());
                g.setLineDashes();
                g.setLineWidth(1);
                g.setFill(Palette.VERMILLION);
                labels.place(g, small, "retry: " + r.begin() + "\u2192" + r.now(), x, geo.yRetry(), TextAlignment.CENTER, true);
            }
            case Odd o -> {
                g.setFill(Palette.VERMILLION);
                labels.place(g, small, "spin", x, geo.ySpin(), TextAlignment.CENTER, true);
            }
            case Placed p -> {
                // a triangle pointing down at the writer lane: "an update dropped in here"
                double yp = geo.yPin();
                double[] xs = {x - 9, x + 9, x};
                double[] ys = {yp - 9, yp - 9, yp + 9};
                g.setFill(Palette.GREEN);
                g.fillPolygon(xs, ys, 3);
                g.setStroke(Palette.INK);
                g.setLineWidth(1.5);
                g.strokePolygon(xs, ys, 3);
                g.setLineWidth(1);
                g.setFill(Palette.INK);
                String t = p.count() > 1 ? "placed \u00d7" + p.count() : "placed";
                // beside the marker, on the side with room (never cut at the canvas's right edge)
                double tw = org.vdsoexplorer.app.common.DrawnText.measure(t, small)[0];
                boolean rightSide = x + 12 + tw <= w;
                // the first marker's word must show; the next ones' only where there is room (the ▼ tells)
                boolean drawn = labels.place(g, small, t, rightSide ? x + 12 : x - 12, yp,
                        rightSide ? TextAlignment.LEFT : TextAlignment.RIGHT, !placedLabelled);
                placedLabelled |= drawn;
            }
        }
    }

    private void seqSegment(double x0, double x1, long v, double top, double bot) {
        if (x1 <= x0) return;
        boolean odd = v >= 0 && (v & 1) != 0; // v < 0: masked
        g.setFill(odd ? Palette.tint(Palette.VERMILLION, 0.45) : Palette.tint(Palette.BLUE, 0.2));
        g.fillRect(x0, top, x1 - x0, bot - top);
        g.setStroke(odd ? Palette.VERMILLION : Palette.BLUE);
        g.setLineWidth(2);
        g.strokeRect(x0, top, x1 - x0, bot - top);
        g.setLineWidth(1);
        g.setFill(Palette.INK);
        String t = v < 0 ? "?" : v + (odd ? " odd" : " even");
        if (x1 - x0 > org.vdsoexplorer.app.common.DrawnText.measure(t, small)[0] + 8) {
            labels.fixed(g, small, t, (x0 + x1) / 2, (top + bot) / 2, TextAlignment.CENTER);
        }
    }
}

package org.vdsoexplorer.app.dispatch;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.scene.canvas.GraphicsContext;
import org.vdsoexplorer.sim.dispatch.Dispatch.Edge;
import org.vdsoexplorer.sim.dispatch.Dispatch.Node;

/**
 * The geometry of the dispatch graph (for {@link DispatchView}): its nodes in seven columns (clock id, mask,
 * do_hres/do_coarse, the namespace page, the timens functions, the counter, the result), every edge the
 * code can take, each node's box for a canvas size and text scale, and each edge's route between them.
 */
final class DispatchGraph {
    static final Node[][] COLUMNS = {
        {Node.CLOCK},
        {Node.MASK_HRES, Node.MASK_COARSE, Node.MASK_RAW, Node.MASK_INVALID, Node.LEGACY},
        {Node.DO_HRES, Node.DO_COARSE},
        {Node.TIMENS_PAGE},
        {Node.DO_HRES_TIMENS, Node.DO_COARSE_TIMENS},
        {Node.HW_TSC, Node.HW_PVCLOCK, Node.HW_HVCLOCK, Node.HW_NONE},
        {Node.RESULT, Node.FALLBACK},
    };
    /** The edges, as fans: from the first node of each row to each of the others. */
    private static final Node[][] FANS = {
        {Node.CLOCK, Node.MASK_HRES, Node.MASK_COARSE, Node.MASK_RAW, Node.MASK_INVALID, Node.LEGACY},
        {Node.MASK_HRES, Node.DO_HRES}, {Node.MASK_RAW, Node.DO_HRES}, {Node.MASK_COARSE, Node.DO_COARSE},
        {Node.MASK_INVALID, Node.FALLBACK}, {Node.LEGACY, Node.FALLBACK},
        {Node.DO_HRES, Node.TIMENS_PAGE, Node.HW_TSC, Node.HW_PVCLOCK, Node.HW_HVCLOCK, Node.HW_NONE},
        {Node.DO_COARSE, Node.TIMENS_PAGE, Node.RESULT},
        {Node.TIMENS_PAGE, Node.DO_HRES_TIMENS, Node.DO_COARSE_TIMENS},
        {Node.DO_HRES_TIMENS, Node.HW_TSC, Node.HW_PVCLOCK, Node.HW_HVCLOCK, Node.HW_NONE},
        {Node.DO_COARSE_TIMENS, Node.RESULT},
        {Node.HW_TSC, Node.RESULT}, {Node.HW_PVCLOCK, Node.RESULT}, {Node.HW_HVCLOCK, Node.RESULT},
        {Node.HW_NONE, Node.FALLBACK},
    };
    /** Every edge of the graph, whether or not a call took it. */
    static final List<Edge> STATIC = new ArrayList<>();

    static {
        for (Node[] fan : FANS) for (int i = 1; i < fan.length; i++) STATIC.add(new Edge(fan[0], fan[i]));
    }

    /** A node's box on the canvas. */
    record Box(double x, double y, double w, double h) {
        double cx() { return x + w / 2; }

        double cy() { return y + h / 2; }
    }

    private final Map<Node, Box> boxes = new EnumMap<>(Node.class);
    private double height;

    /** The boxes laid out last (empty before the first layout). */
    Map<Node, Box> boxes() { return boxes; }

    /**
     * The box of each node for a canvas of {@code w} x {@code h} at text scale {@code k}: as wide as the
     * column allows after a gap for the edge counts (a quarter of the column at most), at most 150 px x 64 px (three lines of a broken label)
     * times the scale.
     */
    void layout(double w, double h, double k) {
        boxes.clear();
        height = h;
        double colW = w / COLUMNS.length;
        double bw = Math.max(70, Math.min(150 * k, colW - Math.min(32 * k, colW / 4)));
        for (int c = 0; c < COLUMNS.length; c++) {
            Node[] col = COLUMNS[c];
            double rowH = h / col.length;
            double bh = Math.min(64 * k, rowH - 6);
            for (int r = 0; r < col.length; r++) {
                boxes.put(col[r], new Box(c * colW + (colW - bw) / 2, r * rowH + (rowH - bh) / 2, bw, bh));
            }
        }
    }

    private static int column(Node n) {
        for (int c = 0; c < COLUMNS.length; c++) for (Node m : COLUMNS[c]) if (m == n) return c;
        throw new IllegalArgumentException(n.toString());
    }

    /**
     * The way an edge goes: from the right side of its source box to the left side of its target, and
     * through every column it passes in a horizontal run along the free gap (between boxes, or above or
     * below them) nearest to the straight line, so a long edge never crosses a box.
     */
    List<double[]> route(Edge e) {
        Box a = boxes.get(e.from()), b = boxes.get(e.to());
        double x1 = a.x() + a.w(), y1 = a.cy(), x2 = b.x(), y2 = b.cy();
        List<double[]> pts = new ArrayList<>();
        pts.add(new double[] {x1, y1});
        int c1 = column(e.from()), c2 = column(e.to());
        for (int c = c1 + 1; c < c2; c++) {
            Box first = boxes.get(COLUMNS[c][0]);
            double want = y1 + (y2 - y1) * (first.cx() - x1) / Math.max(1, x2 - x1);
            List<Double> gaps = new ArrayList<>();
            gaps.add(first.y() / 2);
            for (int r = 0; r + 1 < COLUMNS[c].length; r++) {
                Box u = boxes.get(COLUMNS[c][r]), d = boxes.get(COLUMNS[c][r + 1]);
                gaps.add((u.y() + u.h() + d.y()) / 2);
            }
            Box last = boxes.get(COLUMNS[c][COLUMNS[c].length - 1]);
            gaps.add((last.y() + last.h() + height) / 2);
            double best = gaps.getFirst();
            for (double g : gaps) if (Math.abs(g - want) < Math.abs(best - want)) best = g;
            pts.add(new double[] {first.x() - 6, best});
            pts.add(new double[] {first.x() + first.w() + 6, best});
        }
        pts.add(new double[] {x2, y2});
        return pts;
    }

    /** The point at {@code f} (0..1) along a route: S-curves between columns, straight runs through them. */
    static double[] along(List<double[]> route, double f) {
        int segs = route.size() - 1;
        double u = Math.max(0, Math.min(1, f)) * segs;
        int i = Math.min(segs - 1, (int) u);
        double t = u - i;
        double[] p = route.get(i), q = route.get(i + 1);
        double cx = (p[0] + q[0]) / 2;
        return new double[] {bezier(t, p[0], cx, cx, q[0]), bezier(t, p[1], p[1], q[1], q[1])};
    }

    /** Strokes {@code route} up to {@code upTo} (0..1) of its length. */
    static void strokeRoute(GraphicsContext g, List<double[]> route, double upTo) {
        g.beginPath();
        g.moveTo(route.getFirst()[0], route.getFirst()[1]);
        if (upTo < 1) {
            int n = 24 * (route.size() - 1);
            for (int k = 1; k <= n; k++) {
                double[] p = along(route, upTo * k / n);
                g.lineTo(p[0], p[1]);
            }
        } else {
            for (int i = 0; i + 1 < route.size(); i++) {
                double[] p = route.get(i), q = route.get(i + 1);
                double cx = (p[0] + q[0]) / 2;
                if (p[1] == q[1]) g.lineTo(q[0], q[1]);
                else g.bezierCurveTo(cx, p[1], cx, q[1], q[0], q[1]);
            }
        }
        g.stroke();
    }

    private static double bezier(double f, double a, double b, double c, double d) {
        double u = 1 - f;
        return u * u * u * a + 3 * u * u * f * b + 3 * u * f * f * c + f * f * f * d;
    }
}

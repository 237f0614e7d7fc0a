package org.vdsoexplorer.app.dispatch;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import javafx.scene.canvas.GraphicsContext;
import org.vdsoexplorer.sim.dispatch.Dispatch.Edge;
import org.vdsoexplorer.sim.dispatch.Dispatch.Node;

/**
 * The geometry of the dispatch graph (for {@link DispatchView}): its nodes in seven columns (clock id, mask,
 * do_hres/do_coarse, the namespace page, the timens functions, the counter, the result), every edge the code can
 * take, each node's box for a canvas size and its labels' widths, and each edge's orthogonal route between them.
 *
 * <p>Columns are as wide as their longest label line ({@link DispatchView} shrinks the text until they fit); the
 * rest of the width is shared out as the gaps the edges run in. An edge leaves its source's right side, runs
 * horizontally, turns vertically in a channel of its own in a gap (so no two edges share a vertical stretch), passes a
 * column in the free space between its boxes, and enters its target's left side. Its count badge sits on the
 * longest stretch of its route that no other edge shares, nearest its target ({@link #badge}).
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

    /** The least room per vertical channel in a gap, at 100 %. */
    static final double CHANNEL = 6;

    /** A node's box on the canvas. */
    record Box(double x, double y, double w, double h) {
        double cx() { return x + w / 2; }

        double cy() { return y + h / 2; }
    }

    private final Map<Node, Box> boxes = new EnumMap<>(Node.class);
    private final Map<Edge, List<double[]>> routes = new HashMap<>();
    /** (while routing) the trunk each edge turns on in a gap. */
    private final Map<String, String> keyOf = new HashMap<>();
    private double height;

    /** The boxes laid out last (empty before the first layout). */
    Map<Node, Box> boxes() { return boxes; }

    static int column(Node n) {
        for (int c = 0; c < COLUMNS.length; c++) for (Node m : COLUMNS[c]) if (m == n) return c;
        throw new IllegalArgumentException(n.toString());
    }

    /** The widest label line of each column ({@code width} measures a node's label as drawn). */
    static double[] columnWidths(ToDoubleFunction<Node> width) {
        double[] out = new double[COLUMNS.length];
        for (int c = 0; c < COLUMNS.length; c++) for (Node n : COLUMNS[c]) out[c] = Math.max(out[c], width.applyAsDouble(n));
        return out;
    }

    /** The least width the graph needs with columns of {@code cols} (label widths) and boxes padded by {@code pad}. */
    static double needed(double[] cols, double pad, double k) {
        double w = 0;
        for (double c : cols) w += c + 2 * pad;
        return w + COLUMNS.length * gapNeeded(k); // six gaps between the columns, half a gap at each side
    }

    /**
     * The least gap between two columns: a few trunks and room for a badge's run; above 150 % (text scale {@code k}),
     * room for a small count's badge ("×3", {@link #SMALL_BADGE} px at 100 %) on either side of a trunk with
     * {@link #BADGE_GAP} to spare.
     */
    private static double gapNeeded(double k) {
        double trunks = 4 * CHANNEL * Math.min(k, 1.5) + 8;
        // up to 150 % the trunks' room already takes a count beside its trunk (DispatchBadgeUiTest); above, a count's
        // badge grows past it, so the gap makes room for one on either side of a trunk
        return k <= 1.5 ? trunks : Math.max(trunks, 2 * (SMALL_BADGE * k + BADGE_GAP + 3));
    }

    /** A one- or two-digit count's badge width at 100 %, px (the 0.95 em bold "×3" with its padding and frame). */
    static final double SMALL_BADGE = 22;

    /**
     * Lays out the boxes for a canvas of {@code w} x {@code h} at text scale {@code k}: column {@code c} as wide as
     * {@code cols[c]} plus {@code pad} each side, boxes {@code boxH} high (at most a row's height), the gaps shared out
     * evenly; then routes every edge of {@code edges}.
     */
    void layout(double w, double h, double k, double[] cols, double pad, double boxH, Iterable<Edge> edges) {
        boxes.clear();
        routes.clear();
        height = h;
        double used = 0;
        for (double c : cols) used += c + 2 * pad;
        double gap = Math.max(gapNeeded(k), (w - used) / COLUMNS.length);
        double x = gap / 2;
        for (int c = 0; c < COLUMNS.length; c++) {
            Node[] col = COLUMNS[c];
            double bw = cols[c] + 2 * pad;
            double rowH = h / col.length;
            double bh = Math.min(boxH, rowH - 8);
            for (int r = 0; r < col.length; r++) boxes.put(col[r], new Box(x, r * rowH + (rowH - bh) / 2, bw, bh));
            x += bw + gap;
        }
        route(edges);
    }

    /** The route of {@code e} (after {@link #layout}): its corner points, orthogonal, source to target. */
    List<double[]> route(Edge e) {
        List<double[]> r = routes.get(e);
        return r != null ? r : List.of(new double[] {0, 0}, new double[] {0, 0});
    }

    /** Routes every edge: a run through each column it passes, a channel of its own in each gap where it turns. */
    private void route(Iterable<Edge> edges) {
        // first the rows each edge runs at: its source's centre, the free space of each column it passes, its target's centre
        Map<Edge, double[]> levels = new LinkedHashMap<>();
        for (Edge e : edges) {
            int c1 = column(e.from()), c2 = column(e.to());
            if (c2 <= c1 || levels.containsKey(e)) continue;
            Box a = boxes.get(e.from()), b = boxes.get(e.to());
            double[] y = new double[c2 - c1 + 1];
            y[0] = a.cy();
            y[y.length - 1] = b.cy();
            for (int c = c1 + 1; c < c2; c++) {
                double want = a.cy() + (b.cy() - a.cy()) * (c - c1) / (double) (c2 - c1);
                y[c - c1] = freeRow(c, want);
            }
            levels.put(e, y);
        }
        // then a channel in each gap for each edge that turns there, spread across the gap in order of the rows they join
        Map<Integer, List<Edge>> turning = new HashMap<>();
        for (Map.Entry<Edge, double[]> en : levels.entrySet()) {
            int c1 = column(en.getKey().from());
            double[] y = en.getValue();
            for (int i = 0; i + 1 < y.length; i++) {
                if (Math.abs(y[i] - y[i + 1]) > 0.5) turning.computeIfAbsent(c1 + i, g -> new ArrayList<>()).add(en.getKey());
            }
        }
        // a fan out of one source turns on one trunk (nearest the source), a fan into one target on one trunk (nearest
        // the target), a lone edge on a channel of its own between them: a tree's branches, not a knot of parallel lines
        Map<String, Double> channel = new HashMap<>();
        for (Map.Entry<Integer, List<Edge>> en : turning.entrySet()) {
            int g = en.getKey();
            List<Edge> list = en.getValue();
            Map<String, Double> keys = new LinkedHashMap<>(); // key -> its order (group, then row)
            for (Edge e : list) {
                double[] y = levels.get(e);
                double from = y[g - column(e.from())];
                long out = list.stream().filter(o -> o.from() == e.from()).count(), in = list.stream().filter(o -> o.to() == e.to()).count();
                String k = out > 1 ? "s:" + e.from() : in > 1 ? "t:" + e.to() : "e:" + e;
                double order = (k.startsWith("s:") ? 0 : k.startsWith("e:") ? 1e6 : 2e6) + from;
                keys.merge(k, order, Math::min);
                channel.put(e + "@" + g, (double) 0); // placeholder, set below
                keyOf.put(e + "@" + g, k);
            }
            List<String> ordered = new ArrayList<>(keys.keySet());
            ordered.sort(java.util.Comparator.comparingDouble(keys::get));
            Box left = boxes.get(COLUMNS[g][0]), right = boxes.get(COLUMNS[g + 1][0]);
            double x0 = left.x() + left.w(), x1 = right.x();
            Map<String, Double> at = new HashMap<>();
            for (int i = 0; i < ordered.size(); i++) at.put(ordered.get(i), x0 + (x1 - x0) * (i + 1) / (ordered.size() + 1));
            for (Edge e : list) channel.put(e + "@" + g, at.get(keyOf.get(e + "@" + g)));
        }
        keyOf.clear();
        for (Map.Entry<Edge, double[]> en : levels.entrySet()) {
            Edge e = en.getKey();
            double[] y = en.getValue();
            int c1 = column(e.from());
            List<double[]> pts = new ArrayList<>();
            Box a = boxes.get(e.from()), b = boxes.get(e.to());
            pts.add(new double[] {a.x() + a.w(), y[0]});
            for (int i = 0; i + 1 < y.length; i++) {
                Double cx = channel.get(e + "@" + (c1 + i));
                if (cx != null) {
                    pts.add(new double[] {cx, y[i]});
                    pts.add(new double[] {cx, y[i + 1]});
                }
            }
            pts.add(new double[] {b.x(), y[y.length - 1]});
            routes.put(e, pts);
        }
    }

    /** The middle of the free space between column {@code c}'s boxes (or above or below them) nearest to {@code want}. */
    private double freeRow(int c, double want) {
        Node[] col = COLUMNS[c];
        List<Double> gaps = new ArrayList<>();
        gaps.add(boxes.get(col[0]).y() / 2);
        for (int r = 0; r + 1 < col.length; r++) {
            Box u = boxes.get(col[r]), d = boxes.get(col[r + 1]);
            gaps.add((u.y() + u.h() + d.y()) / 2);
        }
        Box last = boxes.get(col[col.length - 1]);
        gaps.add((last.y() + last.h() + height) / 2);
        double best = gaps.getFirst();
        for (double g : gaps) if (Math.abs(g - want) < Math.abs(best - want)) best = g;
        // not level with a neighbouring column's box centre, where its own edges run: that would read as one line
        for (int n : new int[] {c - 1, c + 1}) {
            if (n < 0 || n >= COLUMNS.length) continue;
            for (Node m : COLUMNS[n]) if (Math.abs(boxes.get(m).cy() - best) < 4) best += 3 * CHANNEL;
        }
        return best;
    }

    /**
     * Where {@code e}'s badge ({@code room} wide, {@code tall} high) goes: on a stretch of its route that no other routed
     * edge runs along, preferring the stretches nearest its target, at the first spot of one (its middle, then towards
     * either end; on the line, then just beside it) where the badge keeps {@link #BADGE_GAP} px clear of every box, so it
     * is not read as a node's; if no
     * stretch has such a spot, the middle of the first stretch at least {@code room} long, else of the longest.
     */
    double[] badge(Edge e, double room, double tall) {
        List<double[]> r = route(e);
        double[] best = null, firstLong = null;
        double bestLen = -1;
        for (int i = r.size() - 2; i >= 0; i--) {
            double[] p = r.get(i), q = r.get(i + 1);
            for (double[] s : own(e, p, q)) {
                boolean horizontal = Math.abs(s[1] - s[3]) < 0.5;
                double len = Math.abs(s[2] - s[0]) + Math.abs(s[3] - s[1]);
                double half = (horizontal ? room : tall) / 2;
                // on the line, then just beside it (right of a vertical stretch, above a horizontal one, then the other side)
                double side = (horizontal ? tall : room) / 2 + 3;
                for (double off : new double[] {0, side, -side}) {
                    for (double t : SPOTS) {
                        if (t * len < half || (1 - t) * len < half) continue; // the badge stays along its own stretch
                        double x = s[0] + (s[2] - s[0]) * t + (horizontal ? 0 : off), y = s[1] + (s[3] - s[1]) * t - (horizontal ? off : 0);
                        if (clear(x, y, room - ROOM_PAD, tall)) return new double[] {x, y};
                    }
                }
                double[] mid = {(s[0] + s[2]) / 2, (s[1] + s[3]) / 2};
                if (len >= room && firstLong == null) firstLong = mid;
                if (len > bestLen) {
                    bestLen = len;
                    best = mid;
                }
            }
        }
        if (firstLong != null) return firstLong;
        if (best != null) return best;
        double[] q = r.getLast();
        return new double[] {q[0] - room / 2, q[1]};
    }

    /** The spots of a stretch a badge is tried at, as fractions of it: the middle first. */
    private static final double[] SPOTS = {0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9};
    /** The least space between a badge and a box, px. */
    static final double BADGE_GAP = 3;
    /** What the view adds to a badge's width for the stretch it needs ({@code room}); the badge itself is that much less. */
    static final double ROOM_PAD = 8;

    /** Whether a {@code w} x {@code h} badge centred at (x, y) keeps {@link #BADGE_GAP} clear of every box. */
    private boolean clear(double x, double y, double w, double h) {
        double x0 = x - w / 2 - BADGE_GAP, x1 = x + w / 2 + BADGE_GAP, y0 = y - h / 2 - BADGE_GAP, y1 = y + h / 2 + BADGE_GAP;
        for (Box b : boxes.values()) {
            if (x0 < b.x() + b.w() && x1 > b.x() && y0 < b.y() + b.h() && y1 > b.y()) return false;
        }
        return true;
    }

    /** The parts of segment p-q of {@code e}'s route that no other edge's route runs along: {x0, y0, x1, y1} each. */
    private List<double[]> own(Edge e, double[] p, double[] q) {
        boolean horizontal = Math.abs(p[1] - q[1]) < 0.5;
        double lo = horizontal ? Math.min(p[0], q[0]) : Math.min(p[1], q[1]);
        double hi = horizontal ? Math.max(p[0], q[0]) : Math.max(p[1], q[1]);
        double at = horizontal ? p[1] : p[0];
        List<double[]> free = new ArrayList<>();
        free.add(new double[] {lo, hi});
        for (Map.Entry<Edge, List<double[]>> en : routes.entrySet()) {
            if (en.getKey().equals(e)) continue;
            List<double[]> o = en.getValue();
            for (int i = 0; i + 1 < o.size(); i++) {
                double[] a = o.get(i), b = o.get(i + 1);
                boolean h = Math.abs(a[1] - b[1]) < 0.5;
                if (h != horizontal || Math.abs((h ? a[1] : a[0]) - at) > 2) continue;
                double l = h ? Math.min(a[0], b[0]) : Math.min(a[1], b[1]), u = h ? Math.max(a[0], b[0]) : Math.max(a[1], b[1]);
                List<double[]> next = new ArrayList<>();
                for (double[] f : free) {
                    if (u <= f[0] || l >= f[1]) {
                        next.add(f);
                        continue;
                    }
                    if (l > f[0]) next.add(new double[] {f[0], l});
                    if (u < f[1]) next.add(new double[] {u, f[1]});
                }
                free = next;
            }
        }
        List<double[]> out = new ArrayList<>();
        for (double[] f : free) {
            out.add(horizontal ? new double[] {f[0], at, f[1], at} : new double[] {at, f[0], at, f[1]});
        }
        return out;
    }

    /** The point at {@code f} (0..1) of a route's length. */
    static double[] along(List<double[]> route, double f) {
        double total = 0;
        for (int i = 0; i + 1 < route.size(); i++) total += dist(route.get(i), route.get(i + 1));
        double want = Math.max(0, Math.min(1, f)) * total;
        for (int i = 0; i + 1 < route.size(); i++) {
            double[] p = route.get(i), q = route.get(i + 1);
            double d = dist(p, q);
            if (want <= d || i + 2 == route.size()) {
                double t = d == 0 ? 1 : Math.min(1, want / d);
                return new double[] {p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t};
            }
            want -= d;
        }
        return route.getLast();
    }

    private static double dist(double[] p, double[] q) { return Math.abs(q[0] - p[0]) + Math.abs(q[1] - p[1]); }

    /** Strokes {@code route} up to {@code upTo} (0..1) of its length. */
    static void strokeRoute(GraphicsContext g, List<double[]> route, double upTo) {
        g.beginPath();
        g.moveTo(route.getFirst()[0], route.getFirst()[1]);
        double total = 0;
        for (int i = 0; i + 1 < route.size(); i++) total += dist(route.get(i), route.get(i + 1));
        double left = Math.max(0, Math.min(1, upTo)) * total;
        for (int i = 0; i + 1 < route.size() && left > 0; i++) {
            double[] p = route.get(i), q = route.get(i + 1);
            double d = dist(p, q);
            double t = d == 0 ? 1 : Math.min(1, left / d);
            g.lineTo(p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t);
            left -= d;
        }
        g.stroke();
    }
}

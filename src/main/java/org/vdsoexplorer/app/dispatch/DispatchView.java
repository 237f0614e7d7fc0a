package org.vdsoexplorer.app.dispatch;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.geometry.Insets;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.app.common.Palette;
import org.vdsoexplorer.model.Machine;
import org.vdsoexplorer.model.cpu.Category;
import org.vdsoexplorer.model.dispatch.Dispatch.Edge;
import org.vdsoexplorer.model.dispatch.Dispatch.Node;
import org.vdsoexplorer.model.dispatch.Dispatch;
import org.vdsoexplorer.viewmodel.Session;

/**
 * The clock_mode dispatch: clock id mask, do_hres/do_coarse (and the timens detour), the hardware
 * counter by clock mode, and the result or the syscall fallback. The current call's path (derived from
 * its events by {@link Dispatch}) is lit; every edge carries the number of finished calls that took it.
 */
public final class DispatchView extends BorderPane implements org.vdsoexplorer.app.common.DrawnText {
    private static final Node[][] COLUMNS = {
        {Node.CLOCK},
        {Node.MASK_HRES, Node.MASK_COARSE, Node.MASK_RAW, Node.MASK_INVALID, Node.LEGACY},
        {Node.DO_HRES, Node.DO_COARSE},
        {Node.TIMENS_PAGE},
        {Node.DO_HRES_TIMENS, Node.DO_COARSE_TIMENS},
        {Node.HW_TSC, Node.HW_PVCLOCK, Node.HW_HVCLOCK, Node.HW_NONE},
        {Node.RESULT, Node.FALLBACK},
    };
    private static final List<Edge> STATIC = new ArrayList<>();

    static {
        for (Node m : List.of(Node.MASK_HRES, Node.MASK_COARSE, Node.MASK_RAW, Node.MASK_INVALID, Node.LEGACY)) {
            STATIC.add(new Edge(Node.CLOCK, m));
        }
        STATIC.add(new Edge(Node.MASK_HRES, Node.DO_HRES));
        STATIC.add(new Edge(Node.MASK_RAW, Node.DO_HRES));
        STATIC.add(new Edge(Node.MASK_COARSE, Node.DO_COARSE));
        STATIC.add(new Edge(Node.MASK_INVALID, Node.FALLBACK));
        STATIC.add(new Edge(Node.LEGACY, Node.FALLBACK));
        STATIC.add(new Edge(Node.DO_HRES, Node.TIMENS_PAGE));
        STATIC.add(new Edge(Node.DO_COARSE, Node.TIMENS_PAGE));
        STATIC.add(new Edge(Node.TIMENS_PAGE, Node.DO_HRES_TIMENS));
        STATIC.add(new Edge(Node.TIMENS_PAGE, Node.DO_COARSE_TIMENS));
        for (Node hw : List.of(Node.HW_TSC, Node.HW_PVCLOCK, Node.HW_HVCLOCK, Node.HW_NONE)) {
            STATIC.add(new Edge(Node.DO_HRES, hw));
            STATIC.add(new Edge(Node.DO_HRES_TIMENS, hw));
        }
        STATIC.add(new Edge(Node.DO_COARSE, Node.RESULT));
        STATIC.add(new Edge(Node.DO_COARSE_TIMENS, Node.RESULT));
        STATIC.add(new Edge(Node.HW_TSC, Node.RESULT));
        STATIC.add(new Edge(Node.HW_PVCLOCK, Node.RESULT));
        STATIC.add(new Edge(Node.HW_HVCLOCK, Node.RESULT));
        STATIC.add(new Edge(Node.HW_NONE, Node.FALLBACK));
    }

    private final Session session;
    private final Canvas canvas = new Canvas(600, 300);
    /**
     * The per-edge counts as small labels over the graph: at full speed only they change from call to call,
     * and a label repaints only its own few pixels (a canvas layer would repaint the whole view).
     */
    private final Pane countLayer = new Pane();
    private final Map<Edge, Label> countLabels = new java.util.HashMap<>();
    private static final javafx.css.PseudoClass LIT = javafx.css.PseudoClass.getPseudoClass("lit");
    private static final javafx.css.PseudoClass BAD = javafx.css.PseudoClass.getPseudoClass("bad");
    /** What each layer shows, so a refresh redraws a layer only when its picture changed. */
    private Object drawnGraph, drawnCounts;
    private final Map<Node, Box> boxes = new EnumMap<>(Node.class);
    private final Label path = new Label();
    private final Label banner = new Label();
    private List<Node> current = List.of();
    private boolean reducedMotion;
    /** 0..1: how much of the newest live edge is drawn (it grows over GROW_NANOS when the path extends). */
    private double growth = 1;
    private long growStart;
    private static final long GROW_NANOS = 250_000_000L;
    private final javafx.animation.AnimationTimer grow = new javafx.animation.AnimationTimer() {
        @Override public void handle(long now) {
            if (growStart == 0) growStart = now;
            growth = Math.min(1, (now - growStart) / (double) GROW_NANOS);
            draw();
            if (growth >= 1) stop();
        }
    };
    private Map<Edge, Long> counts = Map.of();
    /** The path is masked while a predict question would be answered by it. */
    private boolean hidden;
    /** The node labels' size at 100 % (scaled with the window's text, never under 14 px). */
    static final double NODE_PX = 15, MIN_SQUEEZED_PX = 10;
    private final org.vdsoexplorer.app.common.FontScale scale = new org.vdsoexplorer.app.common.FontScale(this);
    /** The node labels as drawn (for {@link org.vdsoexplorer.app.LayoutCheck}). */
    private final List<org.vdsoexplorer.app.common.DrawnText.Box> drawnText = new ArrayList<>();

    public DispatchView(Session session) {
        this.session = session;
        getStyleClass().add("view");
        setId("dispatch-view");
        Label title = new Label("clock_mode dispatch: clock id \u2192 do_hres/do_coarse \u2192 counter \u2192 result or syscall");
        title.getStyleClass().add("view-title");
        path.setId("dispatch-path");
        path.getStyleClass().add("view-status");
        path.setWrapText(true);
        banner.setId("dispatch-banner");
        banner.getStyleClass().add("banner");
        banner.setWrapText(true);
        banner.managedProperty().bind(banner.visibleProperty());
        setTop(new VBox(2, title, path, banner));
        Pane holder = new Pane(canvas, countLayer);
        holder.setMinHeight(120);
        setMinHeight(0);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener(o -> draw());
        canvas.heightProperty().addListener(o -> draw());
        countLayer.setMouseTransparent(true);
        countLayer.setManaged(false);
        setCenter(holder);
        BorderPane.setMargin(holder, new Insets(4, 0, 0, 0));
        scale.scaleProperty().addListener(o -> {
            drawnGraph = null;
            drawnCounts = null;
            fitted.clear();
            draw();
        });
        session.addListener(this::refresh);
        refresh();
    }

    @Override public List<org.vdsoexplorer.app.common.DrawnText.Box> drawnText() { return List.copyOf(drawnText); }

    @Override public javafx.scene.Node drawnOn() { return canvas; }

    /** The text scale the node labels follow (the window's font size over 16 px). */
    public org.vdsoexplorer.app.common.FontScale fontScale() { return scale; }

    /** The lit path of the current call. */
    public List<Node> currentPath() { return current; }

    /** The count labels shown now, by edge ("×3"). */
    public Map<Edge, String> drawnCounts() {
        Map<Edge, String> m = new java.util.HashMap<>();
        countLabels.forEach((e, l) -> {
            if (l.isVisible()) m.put(e, l.getText());
        });
        return m;
    }

    /** Finished calls per edge. */
    public Map<Edge, Long> edgeCounts() { return counts; }

    public String bannerText() { return banner.isVisible() ? banner.getText() : ""; }

    public void setReducedMotion(boolean reduced) { this.reducedMotion = reduced; }

    private boolean running;

    /**
     * While the model runs fast the graph lights the last finished call's path (a refresh lands anywhere in
     * a call, and a half-lit path that changes at every refresh tells nothing); stepping shows the live one.
     */
    public void setRunning(boolean fast) { this.running = fast; }

    public void refresh() {
        Machine m = session.machine();
        List<Node> before = current;
        current = running && m.inCall() && !session.paths().lastPath().isEmpty() ? session.paths().lastPath()
                : Dispatch.of(m.setup(), session.callLog());
        // an open predict question about the path (fallback, counter, page): nothing lit or counted (PredictKind.masks)
        hidden = session.masked(org.vdsoexplorer.model.lesson.Shown.DISPATCH_PATH);
        if (hidden) current = List.of();
        boolean extended = current.size() == before.size() + 1 && current.subList(0, before.size()).equals(before);
        if (extended && !reducedMotion && current.size() > 1) {
            growth = 0;
            growStart = 0;
            grow.start();
        } else if (!extended) {
            grow.stop();
            growth = 1;
        }
        counts = hidden ? Map.of() : session.paths().edgeCounts();
        boolean live = m.inCall() && current != session.paths().lastPath();
        StringBuilder sb = new StringBuilder(hidden ? "path: ? (hidden until you reveal)" : live ? "this call: "
                : current.isEmpty() ? "no call yet"
                : running ? "running; the last finished call: " : "last call: ");
        for (int i = 0; i < current.size(); i++) {
            if (i > 0) sb.append(" \u2192 ");
            sb.append(current.get(i).label.replace("\n", " "));
        }
        Fmt.setText(path, sb.toString());
        long sys = session.callCategoryMilli(Category.SYSCALL);
        if (!hidden && current.contains(Node.FALLBACK)) {
            long cost = session.machine().callCyclesMilli();
 Fmt.setText(banner, "SYSCALL FALLBACK: " + Fmt.cycles(sys) + " of " + Fmt.cycles(cost) + " cycles in the kernel \u00b7 "
                    + m.fallbacks() + "/" + m.calls() + " calls fell back");
            banner.setVisible(true);
        } else {
            banner.setVisible(false);
        }
        draw();
    }

    private final Map<String, Font> fitted = new java.util.HashMap<>();

    /**
     * The largest bold font from {@code size} down to the smallest readable one at which every line of
     * {@code text} fits {@code width} x {@code height}; the smallest if none does. At 1920 x 1080 every box
     * fits its label at 14 px or more; a smaller window goes down to {@link #MIN_SQUEEZED_PX}.
     */
    private Font fit(String text, double width, double height, double size) {
        double min = MIN_SQUEEZED_PX * scale.scale();
        return fitted.computeIfAbsent(text + "@" + Math.round(width) + "@" + Math.round(height) + "@" + Math.round(size * 2), k -> {
            for (double sz = Math.max(min, size); sz > min; sz -= 0.5) {
                Font f = Font.font("DejaVu Sans", FontWeight.BOLD, sz);
                if (fits(text, f, width, height)) return f;
            }
            return Font.font("DejaVu Sans", FontWeight.BOLD, min);
        });
    }

    private static boolean fits(String text, Font f, double width, double height) {
        double[] wh = org.vdsoexplorer.app.common.DrawnText.measure(text, f);
        return wh[0] <= width && wh[1] <= height;
    }

    private record Box(double x, double y, double w, double h) {
        double cx() { return x + w / 2; }

        double cy() { return y + h / 2; }
    }

    /** The box of each node for a canvas of {@code w} x {@code h}. */
    private void layoutBoxes(double w, double h) {
        boxes.clear();
        double colW = w / COLUMNS.length;
        double k = scale.scale();
        double bw = Math.max(70, Math.min(150 * k, colW - 32 * k)); // leave gaps for the edge counts
        for (int c = 0; c < COLUMNS.length; c++) {
            Node[] col = COLUMNS[c];
            double rowH = h / col.length;
            double bh = Math.min(52 * k, rowH - 6);
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
            gaps.add((last.y() + last.h() + canvas.getHeight()) / 2);
            double best = gaps.getFirst();
            for (double g : gaps) if (Math.abs(g - want) < Math.abs(best - want)) best = g;
            pts.add(new double[] {first.x() - 6, best});
            pts.add(new double[] {first.x() + first.w() + 6, best});
        }
        pts.add(new double[] {x2, y2});
        return pts;
    }

    /** The point at {@code f} (0..1) along a route: S-curves between columns, straight runs through them. */
    private static double[] along(List<double[]> route, double f) {
        int segs = route.size() - 1;
        double u = Math.max(0, Math.min(1, f)) * segs;
        int i = Math.min(segs - 1, (int) u);
        double t = u - i;
        double[] p = route.get(i), q = route.get(i + 1);
        double cx = (p[0] + q[0]) / 2;
        return new double[] {bezier(t, p[0], cx, cx, q[0]), bezier(t, p[1], p[1], q[1], q[1])};
    }

    private static void strokeRoute(GraphicsContext g, List<double[]> route, double upTo) {
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

    /** Both layers, each only if what it shows changed. */
    private void draw() {
        double w = canvas.getWidth(), h = canvas.getHeight();
        Set<Edge> all = new LinkedHashSet<>(STATIC);
        all.addAll(counts.keySet());
        List<Edge> live = Dispatch.edges(current);
        Map<Node, Long> nodeCounts = hidden ? Map.of() : session.paths().nodeCounts();
        // the graph's picture: size, lit path, how far the newest edge has grown, which edges and nodes were used
        Set<Edge> usedEdges = new java.util.HashSet<>();
        for (Map.Entry<Edge, Long> e : counts.entrySet()) if (e.getValue() > 0) usedEdges.add(e.getKey());
        Set<Node> usedNodes = new java.util.HashSet<>();
        for (Map.Entry<Node, Long> e : nodeCounts.entrySet()) if (e.getValue() > 0) usedNodes.add(e.getKey());
        List<Object> graphKey = List.of(w, h, current, growth, usedEdges, usedNodes);
        // never draw on a canvas with a zero side: what is drawn then can be lost when it is resized
        if (w > 0 && h > 0 && !graphKey.equals(drawnGraph)) {
            drawnGraph = graphKey;
            drawGraph(w, h, all, live, usedEdges, usedNodes);
        }
        List<Object> countKey = List.of(w, h, Map.copyOf(counts), live);
        if (w > 0 && h > 0 && !countKey.equals(drawnCounts)) {
            drawnCounts = countKey;
            drawCounts(w, h, all, live);
        }
    }

    private void drawGraph(double w, double h, Set<Edge> all, List<Edge> live, Set<Edge> usedEdges, Set<Node> usedNodes) {
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        if (w < 100 || h < 80) return;
        layoutBoxes(w, h);
        // edges: grey, then counted, then live on top
        for (int pass = 0; pass < 2; pass++) {
            for (Edge e : all) {
                boolean on = live.contains(e);
                if ((pass == 1) != on) continue;
                boolean used = usedEdges.contains(e);
                Color col = edgeColour(e, on, used);
                g.setStroke(col);
                g.setLineWidth(on ? 5 : used ? 2.5 : 1.2);
                List<double[]> route = route(e);
                boolean newest = on && growth < 1 && e.equals(live.getLast());
                strokeRoute(g, route, newest ? growth : 1);
                if (newest) continue;
                double x2 = route.getLast()[0], y2 = route.getLast()[1];
                g.setFill(col); // arrow head
                g.fillPolygon(new double[] {x2, x2 - 9, x2 - 9}, new double[] {y2, y2 - 5, y2 + 5}, 3);
            }
        }
        drawnText.clear();
        double nodePx = NODE_PX * scale.scale();
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        for (Map.Entry<Node, Box> en : boxes.entrySet()) {
            Node n = en.getKey();
            Box b = en.getValue();
            boolean on = current.contains(n) && (growth >= 1 || n != current.getLast());
            boolean bad = n == Node.FALLBACK || n == Node.HW_NONE || n == Node.MASK_INVALID;
            boolean used = usedNodes.contains(n);
            // square boxes: a frame of ink (thicker when lit) and the fill inside it
            double line = on ? 3 : 1.5;
            g.setFill(on ? Palette.INK : used ? Palette.GREY : Color.web("#BBBBBB"));
            g.fillRect(b.x(), b.y(), b.w(), b.h());
            g.setFill(on ? (bad ? Palette.VERMILLION : Palette.BLUE) : used ? Palette.SHADE : Color.WHITE);
            g.fillRect(b.x() + line, b.y() + line, b.w() - 2 * line, b.h() - 2 * line);
            g.setFill(on ? Color.WHITE : used ? Palette.INK : Palette.GREY);
            Font f = fit(n.label, b.w() - 8, b.h() - 2, nodePx);
            g.setFont(f);
            g.fillText(n.label, b.cx(), b.cy());
            drawnText.add(org.vdsoexplorer.app.common.DrawnText.Box.of(n.label, f, b.cx(), b.cy(), TextAlignment.CENTER, VPos.CENTER,
                    !fits(n.label, f, b.w() - 2, b.h() + 2)));
        }
    }

    private static Color edgeColour(Edge e, boolean on, boolean used) {
        boolean bad = e.to() == Node.FALLBACK || e.to() == Node.HW_NONE;
        return on ? (bad ? Palette.VERMILLION : Palette.BLUE) : used ? Palette.GREY : Color.web("#CCCCCC");
    }

    /** The count of each used edge, just before its arrow head (in the gap before the target's column). */
    private void drawCounts(double w, double h, Set<Edge> all, List<Edge> live) {
        Set<Edge> shown = new java.util.HashSet<>();
        if (w >= 100 && h >= 80 && !boxes.isEmpty()) {
            for (Edge e : all) {
                long n = counts.getOrDefault(e, 0L);
                if (n <= 0) continue;
                // on the last S-curve, about 24 px left of the target
                List<double[]> route = route(e);
                double x2 = route.getLast()[0];
                double[] p = route.getLast();
                for (int k = 0; k <= 60; k++) {
                    double[] q = along(route.subList(route.size() - 2, route.size()), k / 60.0);
                    if (q[0] >= x2 - 24 * scale.scale() || k == 60) {
                        p = q;
                        break;
                    }
                }
                Label l = countLabels.get(e);
                if (l == null) { // (not computeIfAbsent: applyCss may redraw, and so come back here, re-entrantly)
                    l = new Label();
                    l.getStyleClass().add("edge-count");
                    l.setManaged(false);
                    countLabels.put(e, l);
                    countLayer.getChildren().add(l);
                    l.applyCss();
                }
                Fmt.setText(l, "\u00d7" + Fmt.big(n).replace(" ", ""));
                boolean on = live.contains(e);
                l.pseudoClassStateChanged(LIT, on);
                boolean bad = on && (e.to() == Node.FALLBACK || e.to() == Node.HW_NONE);
                l.pseudoClassStateChanged(BAD, bad);
                l.setVisible(true);
                double lw = l.prefWidth(-1), lh = l.prefHeight(lw);
                l.resizeRelocate(Math.round(p[0] - lw / 2), Math.round(p[1] - lh / 2), lw, lh);
                shown.add(e);
            }
        }
        for (Map.Entry<Edge, Label> en : countLabels.entrySet()) if (!shown.contains(en.getKey())) en.getValue().setVisible(false);
    }
}

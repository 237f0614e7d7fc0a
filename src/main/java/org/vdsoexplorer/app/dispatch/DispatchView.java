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
import org.vdsoexplorer.app.Fmt;
import org.vdsoexplorer.app.Palette;
import org.vdsoexplorer.app.Session;
import org.vdsoexplorer.app.dispatch.Dispatch.Edge;
import org.vdsoexplorer.app.dispatch.Dispatch.Node;
import org.vdsoexplorer.model.Machine;
import org.vdsoexplorer.model.cpu.Category;

/**
 * The clock_mode dispatch: clock id mask, do_hres/do_coarse (and the timens detour), the hardware
 * counter by clock mode, and the result or the syscall fallback. The current call's path (derived from
 * its events by {@link Dispatch}) is lit; every edge carries the number of finished calls that took it.
 */
public final class DispatchView extends BorderPane {
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
    /** The per-edge counts, on their own layer: at full speed only they change from call to call. */
    private final Canvas countLayer = new Canvas(600, 300);
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
        for (Canvas c : List.of(canvas, countLayer)) {
            c.widthProperty().bind(holder.widthProperty());
            c.heightProperty().bind(holder.heightProperty());
            c.widthProperty().addListener(o -> draw());
            c.heightProperty().addListener(o -> draw());
        }
        countLayer.setMouseTransparent(true);
        setCenter(holder);
        BorderPane.setMargin(holder, new Insets(4, 0, 0, 0));
        session.addListener(this::refresh);
        refresh();
    }

    /** The lit path of the current call. */
    public List<Node> currentPath() { return current; }

    /** Finished calls per edge. */
    public Map<Edge, Long> edgeCounts() { return counts; }

    public String bannerText() { return banner.isVisible() ? banner.getText() : ""; }

    public void setReducedMotion(boolean reduced) { this.reducedMotion = reduced; }

    public void refresh() {
        Machine m = session.machine();
        List<Node> before = current;
        current = Dispatch.of(m.setup(), session.callLog());
        boolean extended = current.size() == before.size() + 1 && current.subList(0, before.size()).equals(before);
        if (extended && !reducedMotion && current.size() > 1) {
            growth = 0;
            growStart = 0;
            grow.start();
        } else if (!extended) {
            grow.stop();
            growth = 1;
        }
        counts = session.paths().edgeCounts();
        StringBuilder sb = new StringBuilder(m.inCall() ? "this call: " : current.isEmpty() ? "no call yet" : "last call: ");
        for (int i = 0; i < current.size(); i++) {
            if (i > 0) sb.append(" \u2192 ");
            sb.append(current.get(i).label.replace("\n", " "));
        }
        Fmt.setText(path, sb.toString());
        long sys = session.callCategoryMilli(Category.SYSCALL);
        if (current.contains(Node.FALLBACK)) {
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

    /** The largest bold font (down to 9 px) at which every line of {@code text} fits {@code width}. */
    private Font fit(String text, double width, double size) {
        return fitted.computeIfAbsent(text + "@" + Math.round(width) + "@" + Math.round(size * 2), k -> {
            javafx.scene.text.Text t = new javafx.scene.text.Text();
            for (double sz = Math.max(9, size); sz > 9; sz -= 0.5) {
                Font f = Font.font("DejaVu Sans", FontWeight.BOLD, sz);
                t.setFont(f);
                boolean ok = true;
                for (String line : text.split("\n")) {
                    t.setText(line);
                    if (t.getLayoutBounds().getWidth() > width) ok = false;
                }
                if (ok) return f;
            }
            return Font.font("DejaVu Sans", FontWeight.BOLD, 9);
        });
    }

    private record Box(double x, double y, double w, double h) {
        double cx() { return x + w / 2; }

        double cy() { return y + h / 2; }
    }

    /** The box of each node for a canvas of {@code w} x {@code h}. */
    private void layoutBoxes(double w, double h) {
        boxes.clear();
        double colW = w / COLUMNS.length;
        double bw = Math.max(70, Math.min(150, colW - 40)); // leave gaps for the edge counts
        for (int c = 0; c < COLUMNS.length; c++) {
            Node[] col = COLUMNS[c];
            double rowH = h / col.length;
            double bh = Math.min(52, rowH - 6);
            for (int r = 0; r < col.length; r++) {
                boxes.put(col[r], new Box(c * colW + (colW - bw) / 2, r * rowH + (rowH - bh) / 2, bw, bh));
            }
        }
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
        Map<Node, Long> nodeCounts = session.paths().nodeCounts();
        // the graph's picture: size, lit path, how far the newest edge has grown, which edges and nodes were used
        Set<Edge> usedEdges = new java.util.HashSet<>();
        for (Map.Entry<Edge, Long> e : counts.entrySet()) if (e.getValue() > 0) usedEdges.add(e.getKey());
        Set<Node> usedNodes = new java.util.HashSet<>();
        for (Map.Entry<Node, Long> e : nodeCounts.entrySet()) if (e.getValue() > 0) usedNodes.add(e.getKey());
        List<Object> graphKey = List.of(w, h, current, growth, usedEdges, usedNodes);
        if (!graphKey.equals(drawnGraph)) {
            drawnGraph = graphKey;
            drawGraph(w, h, all, live, usedEdges, usedNodes);
        }
        List<Object> countKey = List.of(w, h, Map.copyOf(counts), live);
        if (!countKey.equals(drawnCounts)) {
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
                Box a = boxes.get(e.from()), b = boxes.get(e.to());
                boolean used = usedEdges.contains(e);
                Color col = edgeColour(e, on, used);
                g.setStroke(col);
                g.setLineWidth(on ? 5 : used ? 2.5 : 1.2);
                double x1 = a.x() + a.w(), y1 = a.cy(), x2 = b.x(), y2 = b.cy();
                if (x2 < x1) x2 = b.cx(); // same column or backwards: never in this graph
                double cx = (x1 + x2) / 2;
                boolean newest = on && growth < 1 && e.equals(live.getLast());
                g.beginPath();
                g.moveTo(x1, y1);
                if (newest) {
                    for (int k = 1; k <= 24; k++) {
                        double f = growth * k / 24.0;
                        g.lineTo(bezier(f, x1, cx, cx, x2), bezier(f, y1, y1, y2, y2));
                    }
                    g.stroke();
                    continue;
                }
                g.bezierCurveTo(cx, y1, cx, y2, x2, y2);
                g.stroke();
                g.setFill(col); // arrow head
                g.fillPolygon(new double[] {x2, x2 - 9, x2 - 9}, new double[] {y2, y2 - 5, y2 + 5}, 3);
            }
        }
        Font nodeFont = Font.font("DejaVu Sans", FontWeight.BOLD, 14);
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
            g.setFont(fit(n.label, b.w() - 8, Math.min(nodeFont.getSize(), (b.h() - 2) / (1.25 * n.label.split("\n").length))));
            g.fillText(n.label, b.cx(), b.cy());
        }
    }

    private static Color edgeColour(Edge e, boolean on, boolean used) {
        boolean bad = e.to() == Node.FALLBACK || e.to() == Node.HW_NONE;
        return on ? (bad ? Palette.VERMILLION : Palette.BLUE) : used ? Palette.GREY : Color.web("#CCCCCC");
    }

    /** The count of each used edge, just before its arrow head (in the gap before the target's column). */
    private void drawCounts(double w, double h, Set<Edge> all, List<Edge> live) {
        GraphicsContext g = countLayer.getGraphicsContext2D();
        g.clearRect(0, 0, w, h);
        if (w < 100 || h < 80 || boxes.isEmpty()) return;
        g.setFont(Font.font("DejaVu Sans", FontWeight.BOLD, 14));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        for (Edge e : all) {
            long n = counts.getOrDefault(e, 0L);
            if (n <= 0) continue;
            Box a = boxes.get(e.from()), b = boxes.get(e.to());
            double x1 = a.x() + a.w(), y1 = a.cy(), x2 = b.x(), y2 = b.cy();
            if (x2 < x1) x2 = b.cx();
            double cx = (x1 + x2) / 2, mx = x2, my = y2;
            for (int k = 0; k <= 60; k++) { // the point of the curve about 24 px left of the target
                double f = k / 60.0, px = bezier(f, x1, cx, cx, x2);
                if (px >= x2 - 24 || k == 60) {
                    mx = px;
                    my = bezier(f, y1, y1, y2, y2);
                    break;
                }
            }
            Color col = live.contains(e) ? edgeColour(e, true, true) : Palette.INK;
            String t = "\u00d7" + Fmt.big(n).replace(" ", "");
            double tw = 9 * t.length() + 6;
            g.setFill(col);
            g.fillRect(mx - tw / 2, my - 10, tw, 20);
            g.setFill(Color.WHITE);
            g.fillRect(mx - tw / 2 + 1.5, my - 8.5, tw - 3, 17);
            g.setFill(col);
            g.fillText(t, mx, my);
        }
    }
}

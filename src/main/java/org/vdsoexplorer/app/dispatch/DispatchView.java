package org.vdsoexplorer.app.dispatch;

import java.util.ArrayList;
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
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.dispatch.Dispatch.Edge;
import org.vdsoexplorer.sim.dispatch.Dispatch.Node;
import org.vdsoexplorer.sim.dispatch.Dispatch;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.Session;

/**
 * The clock_mode dispatch: clock id mask, do_hres/do_coarse (and the timens detour), the hardware
 * counter by clock mode, and the result or the syscall fallback. The current call's path (derived from
 * its events by {@link Dispatch}) is lit; every edge carries the number of finished calls that took it.
 */
public final class DispatchView extends BorderPane implements org.vdsoexplorer.app.common.DrawnText {
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
    private final DispatchGraph graph = new DispatchGraph();
    private final Label path = new Label();
    private final Label banner = new Label();
    private List<Node> current = List.of();
    private boolean reducedMotion;
    /** 0..1: how much of the newest live edge is drawn (it grows over GROW_NANOS when the path extends). */
    private double growth = 1;
    private long growStart;
    private static final long GROW_NANOS = 250_000_000L;
    /** The newest edge's growth, one step a frame of the window's clock. */
    private final org.vdsoexplorer.app.common.FrameClock.Ticker grow;
    private Map<Edge, Long> counts = Map.of();
    /** The path is masked while a predict question would be answered by it. */
    private boolean hidden;
    /** The node labels' size at 100 % (scaled with the window's text), and the least they shrink to (the type scale's 12 px). */
    static final double NODE_PX = 15, MIN_SQUEEZED_PX = 12;
    /** Idle edges and the frames of nodes no call used: 3.5:1 on white (WCAG's 3:1 for graphics; #CCC had 1.6:1). */
    static final Color IDLE = Color.web("#8A8A8A");
    private final org.vdsoexplorer.app.common.FontScale scale = new org.vdsoexplorer.app.common.FontScale(this);
    /** The graph's scroll pane: sideways when the view is narrower than the graph at its text size. */
    private final javafx.scene.control.ScrollPane scroll;
    /** The node labels as drawn (for {@link org.vdsoexplorer.app.tools.LayoutCheck}). */
    private final List<org.vdsoexplorer.app.common.DrawnText.Box> drawnText = new ArrayList<>();

    /** The dispatch view of {@code session}; a new edge grows on the frames of the window's {@code clock}. */
    public DispatchView(Session session, org.vdsoexplorer.app.common.FrameClock clock) {
        this.session = session;
        this.grow = clock.ticker(this::grow);
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
        // a view narrower than the graph at its least text size (presenter mode at 250 % beside the lesson) scrolls
        // sideways rather than cutting the identifiers or breaking them at their underscores
        scroll = new javafx.scene.control.ScrollPane(holder);
        scroll.setId("dispatch-scroll");
        scroll.getStyleClass().add("view-scroll");
        scroll.setFitToWidth(true);
        scroll.setFitToHeight(true);
        scroll.setVbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.AS_NEEDED);
        scroll.setMinSize(0, 0);
        org.vdsoexplorer.app.common.Scrolling.uncached(scroll); // no bitmap cache: Node.snapshot could render it stale
        setCenter(scroll);
        BorderPane.setMargin(scroll, new Insets(4, 0, 0, 0));
        holder.setMinWidth(leastWidth());
        scale.lineWeightProperty().addListener(o -> { // the projector theme's thicker lines
            drawnGraph = null;
            draw();
        });
        scale.scaleProperty().addListener(o -> {
            drawnGraph = null;
            drawnCounts = null;
            labels.clear();
            holder.setMinWidth(leastWidth());
            draw();
        });
        session.addListener(this::refresh);
        refresh();
    }

    @Override public List<org.vdsoexplorer.app.common.DrawnText.Box> drawnText() { return List.copyOf(drawnText); }

    @Override public javafx.scene.Node drawnOn() { return canvas; }

    /** The text scale the node labels follow (the window's font size over 16 px). */
    public org.vdsoexplorer.app.common.FontScale fontScale() { return scale; }

    /** {@code n}'s box as laid out last, in canvas coordinates, or null (tests: what the view scrolls to). */
    DispatchGraph.Box box(Node n) { return graph.boxes().get(n); }

    /** The graph's scroll pane (tests). */
    javafx.scene.control.ScrollPane graphScroll() { return scroll; }

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

    /** Where each count label shown now lies, in the graph's coordinates (its boxes'), by edge (tests). */
    Map<Edge, javafx.geometry.Bounds> drawnCountBounds() {
        Map<Edge, javafx.geometry.Bounds> m = new java.util.HashMap<>();
        countLabels.forEach((e, l) -> {
            if (l.isVisible()) m.put(e, l.getBoundsInParent());
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

    private void grow(long now) {
        if (growStart < 0) growStart = now;
        growth = Math.min(1, (now - growStart) / (double) GROW_NANOS);
        draw();
        if (growth >= 1) grow.stop();
    }

    public void refresh() {
        ModelSnapshot m = session.snapshot();
        List<Node> before = current;
        current = running && m.inCall() && !m.paths().lastPath().isEmpty() ? m.paths().lastPath()
                : Dispatch.of(m.setup(), m.callLog());
        // an open predict question about the path (fallback, counter, page): nothing lit or counted (PredictKind.masks)
        hidden = session.masked(org.vdsoexplorer.lesson.Shown.DISPATCH_PATH);
        if (hidden) current = List.of();
        boolean extended = current.size() == before.size() + 1 && current.subList(0, before.size()).equals(before);
        if (extended && !reducedMotion && current.size() > 1) {
            growth = 0;
            growStart = -1;
            grow.start();
        } else if (!extended) {
            grow.stop();
            growth = 1;
        }
        counts = hidden ? Map.of() : m.paths().edgeCounts();
        boolean live = m.inCall() && current != m.paths().lastPath();
        StringBuilder sb = new StringBuilder(hidden ? "path: ? (hidden until you reveal)" : live ? "this call: "
                : current.isEmpty() ? "no call yet"
                : running ? "running; the last finished call: " : "last call: ");
        for (int i = 0; i < current.size(); i++) {
            if (i > 0) sb.append(" \u2192 ");
            sb.append(label(current.get(i)).replace("\n", " "));
        }
        Fmt.setText(path, sb.toString());
        long sys = m.callCategoryMilli(Category.SYSCALL);
        if (!hidden && current.contains(Node.FALLBACK)) {
            long cost = m.counters().callCyclesMilli();
 Fmt.setText(banner, "SYSCALL FALLBACK: " + Fmt.cycles(sys) + " of " + Fmt.cycles(cost) + " cycles in the kernel \u00b7 "
                    + m.counters().fallbacks() + "/" + m.counters().calls() + " calls fell back");
            banner.setVisible(true);
        } else {
            banner.setVisible(false);
        }
        draw();
    }

    private final NodeLabels labels = new NodeLabels();

    /**
     * The smallest node text: {@link #MIN_SQUEEZED_PX} at 100 % (a small window), times the scale: the graph's text grows
     * with the rest of the window's (at 150 % and 250 % its nodes are sized to their identifiers at that size, and a
     * view narrower than the graph scrolls sideways to the lit path, {@link #followPath}).
     */
    private double minPx() { return MIN_SQUEEZED_PX * Math.max(1, scale.scale()); }

    /** A node's label as drawn: its identifiers whole (the model's "do_hres_" / "timens()" break joined again). */
    static String label(Node n) { return n.label.replace("_\n", "_"); }

    /** The widest line of {@code n}'s label in {@code f}. */
    private static double lineWidth(Node n, Font f) {
        double w = 0;
        for (String line : label(n).split("\n")) w = Math.max(w, org.vdsoexplorer.app.common.DrawnText.measure(line, f)[0]);
        return w;
    }

    /**
     * The node font: the largest bold size from {@link #NODE_PX} (scaled) down to {@link #minPx} at which every column is
     * as wide as its longest line and the gaps keep room for the edges, for a canvas {@code w} wide.
     */
    private Font nodeFont(double w) {
        double k = scale.scale();
        for (double px = NODE_PX * k; px >= minPx(); px -= 0.5) {
            Font f = Font.font("DejaVu Sans", FontWeight.BOLD, px);
            if (DispatchGraph.needed(DispatchGraph.columnWidths(n -> lineWidth(n, f)), pad(f), k) <= w) return f;
        }
        return Font.font("DejaVu Sans", FontWeight.BOLD, minPx());
    }

    private static double pad(Font f) { return Math.ceil(f.getSize() * 0.45); }

    /** The graph's least width: every column and gap at the least text size. */
    private double leastWidth() {
        Font f = Font.font("DejaVu Sans", FontWeight.BOLD, minPx());
        return Math.ceil(DispatchGraph.needed(DispatchGraph.columnWidths(n -> lineWidth(n, f)), pad(f), scale.scale()));
    }

    /** Both layers, each only if what it shows changed. */
    private void draw() {
        double w = canvas.getWidth(), h = canvas.getHeight();
        Set<Edge> all = new LinkedHashSet<>(DispatchGraph.STATIC);
        all.addAll(counts.keySet());
        List<Edge> live = Dispatch.edges(current);
        Map<Node, Long> nodeCounts = hidden ? Map.of() : session.snapshot().paths().nodeCounts();
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
            followPath(w);
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
        Font nodeFont = nodeFont(w);
        double lineH = org.vdsoexplorer.app.common.DrawnText.measure("Mg", nodeFont)[1];
        graph.layout(w, h, scale.scale(), DispatchGraph.columnWidths(n -> lineWidth(n, nodeFont)), pad(nodeFont),
                2 * lineH + 2 * pad(nodeFont), all);
        // edges: grey, then counted, then live on top
        for (int pass = 0; pass < 2; pass++) {
            for (Edge e : all) {
                boolean on = live.contains(e);
                if ((pass == 1) != on) continue;
                boolean used = usedEdges.contains(e);
                Color col = edgeColour(e, on, used);
                g.setStroke(col);
                double lw = scale.lineWeight();
                g.setLineWidth((on ? 5 : used ? 2.5 : 1.5) * lw);
                // an edge into the slow path dashed: "falls back" told by pattern too, not by its colour alone
                // (butt caps while dashed: the canvas's square caps grow each dash by the line's width and close the gaps
                // of a lit, 5 px edge)
                if (bad(e)) {
                    g.setLineDashes(9 * lw, 5 * lw);
                    g.setLineCap(javafx.scene.shape.StrokeLineCap.BUTT);
                }
                List<double[]> route = graph.route(e);
                boolean newest = on && growth < 1 && e.equals(live.getLast());
                DispatchGraph.strokeRoute(g, route, newest ? growth : 1);
                g.setLineDashes();
                g.setLineCap(javafx.scene.shape.StrokeLineCap.SQUARE);
                if (newest) continue;
                double x2 = route.getLast()[0], y2 = route.getLast()[1];
                g.setFill(col); // arrow head
                g.fillPolygon(new double[] {x2, x2 - 9, x2 - 9}, new double[] {y2, y2 - 5, y2 + 5}, 3);
            }
        }
        drawnText.clear();
        double nodePx = nodeFont.getSize();
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        for (Map.Entry<Node, DispatchGraph.Box> en : graph.boxes().entrySet()) {
            Node n = en.getKey();
            DispatchGraph.Box b = en.getValue();
            boolean on = current.contains(n) && (growth >= 1 || n != current.getLast());
            boolean bad = n == Node.FALLBACK || n == Node.HW_NONE || n == Node.MASK_INVALID;
            boolean used = usedNodes.contains(n);
            // square boxes: a frame of ink (thicker when lit) and the fill inside it
            double line = (on ? 3 : 1.5) * scale.lineWeight();
            g.setFill(on ? Palette.INK : used ? Palette.GREY : IDLE);
            g.fillRect(b.x(), b.y(), b.w(), b.h());
            g.setFill(on ? (bad ? Palette.DEEP_VERMILLION : Palette.BLUE) : used ? Palette.SHADE : Color.WHITE); // white text on it
            g.fillRect(b.x() + line, b.y() + line, b.w() - 2 * line, b.h() - 2 * line);
            g.setFill(on ? Color.WHITE : used ? Palette.INK : Palette.GREY);
            NodeLabels.Fitted f = labels.fit(label(n), b.w() - 4, b.h() - 2, nodePx, Math.min(nodePx, minPx()));
            g.setFont(f.font());
            g.fillText(f.text(), b.cx(), b.cy());
            drawnText.add(org.vdsoexplorer.app.common.DrawnText.Box.of(f.text(), f.font(), b.cx(), b.cy(), TextAlignment.CENTER,
                    VPos.CENTER, !NodeLabels.fits(f.text(), f.font(), b.w() - 2, b.h() + 2)));
        }
    }

    /**
     * When the graph is wider than its view (a large UI scale), scrolls it sideways so the lit path's newest node shows
     * whole (left alone when it shows already: a teacher's own scrolling stays).
     */
    private void followPath(double w) {
        if (current.isEmpty() || scroll.getViewportBounds() == null) return;
        double view = scroll.getViewportBounds().getWidth();
        DispatchGraph.Box b = graph.boxes().get(current.getLast());
        if (b == null || view <= 0 || w <= view + 0.5) return;
        double left = scroll.getHvalue() * (w - view);
        double margin = Math.min(24 * scale.scale(), Math.max(0, (view - b.w()) / 2));
        if (b.x() - margin >= left && b.x() + b.w() + margin <= left + view) return;
        double want = Math.max(0, Math.min(w - view, b.cx() - view / 2));
        scroll.setHvalue(want / (w - view));
    }

    /** An edge into the slow path: the syscall fallback or the counter that cannot be read. */
    private static boolean bad(Edge e) { return e.to() == Node.FALLBACK || e.to() == Node.HW_NONE; }

    private static Color edgeColour(Edge e, boolean on, boolean used) {
        return on ? (bad(e) ? Palette.VERMILLION : Palette.BLUE) : used ? Palette.GREY : IDLE;
    }

    /** The count of each used edge, just before its arrow head (in the gap before the target's column). */
    private void drawCounts(double w, double h, Set<Edge> all, List<Edge> live) {
        Set<Edge> shown = new java.util.HashSet<>();
        if (w >= 100 && h >= 80 && !graph.boxes().isEmpty()) {
            for (Edge e : all) {
                long n = counts.getOrDefault(e, 0L);
                if (n <= 0) continue;
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
                l.pseudoClassStateChanged(BAD, on && bad(e));
                l.setVisible(true);
                double lw = l.prefWidth(-1), lh = l.prefHeight(lw);
                // on the edge itself: the middle of the longest stretch only this edge runs along, nearest its target
                double[] p = graph.badge(e, lw + DispatchGraph.ROOM_PAD, lh);
                l.resizeRelocate(Math.round(p[0] - lw / 2), Math.round(p[1] - lh / 2), lw, lh);
                shown.add(e);
            }
        }
        for (Map.Entry<Edge, Label> en : countLabels.entrySet()) if (!shown.contains(en.getKey())) en.getValue().setVisible(false);
    }
}

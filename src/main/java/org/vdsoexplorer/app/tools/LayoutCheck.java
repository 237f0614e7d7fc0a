package org.vdsoexplorer.app.tools;

import org.vdsoexplorer.app.common.DrawnText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * Checks a laid-out scene graph the way a reader would: counts the labels whose text is shown cut
 * (ellipsised by the label, or cut by a container's clip or the window's edge) and the pairs of visible
 * text boxes that overlap. Text is each {@link Labeled}'s rendered text, each {@link TextFlow} as a whole,
 * each other {@link Text}, and what {@link DrawnText} views report they drew on their canvases. Clips of
 * scrolling containers (scroll panes, lists, tables) hide text without counting it as cut: scrolled-away
 * text is not a layout fault. So a text is cut when the part of it inside its scrolling viewports reaches past
 * a container's clip or the window's edge (a list's last row, half scrolled out at a list's bottom that is the
 * window's bottom, is not cut; a row of a list that is itself cut by its container is).
 * <p>
 * With {@code contrast}, also the lowest contrast of any visible text against what is behind it, read from a snapshot
 * of the scene under each text's box ({@link TextContrast}: the rendered pixels have every parent's background, every
 * opacity and effect and a canvas's own drawing under its text applied): each label's text, each Text of a text flow on
 * its own, each canvas text box; a disabled control's text is exempt, as WCAG 2.1 exempts inactive components.
 */
public final class LayoutCheck {
    /** Text whose intersection with another is at most this many px in either direction is not overlapping. */
    static final double SLACK = 1.5;

    private LayoutCheck() {}

    /**
     * What was found: one description per clipped text and per overlapping pair, the smallest font size in px
     * (canvas text included) and which text has it; the lowest text contrast (NaN: not measured) and which text has
     * it, and one description per text under {@link TextContrast#AA}.
     */
    public record Result(List<String> clipped, List<String> overlaps, double smallestFont, String smallestText,
                         double lowestContrast, String lowestContrastText, List<String> lowContrast) {
        /** "3 clipped, 1 overlapping, smallest text 13.0 px, lowest contrast 4.6:1". */
        public String summary() {
            return String.format(Locale.ROOT, "%d clipped, %d overlapping, smallest text %.1f px", clipped.size(),
                    overlaps.size(), smallestFont) + (Double.isNaN(lowestContrast) ? ""
                    : String.format(Locale.ROOT, ", lowest contrast %.2f:1", lowestContrast));
        }

        /** The summary and every finding, one per line (for test failures). */
        public String details() {
            StringBuilder sb = new StringBuilder(summary());
            if (smallestText != null) sb.append("\n  smallest text: ").append(smallestText);
            for (String c : clipped) sb.append("\n  clipped: ").append(c);
            for (String o : overlaps) sb.append("\n  overlap: ").append(o);
            if (!Double.isNaN(lowestContrast) && lowestContrastText != null) {
                sb.append("\n  lowest contrast: ").append(lowestContrastText);
            }
            for (String c : lowContrast) sb.append("\n  contrast: ").append(c);
            return sb.toString();
        }
    }

    /** One visible piece of text: what it says, where it shows (in scene coordinates), whose it is. */
    private record Item(String text, Bounds shown, Node owner, double fontSize, double width, double height) {}

    /** A text whose contrast is measured: where it shows, its fill (null: a canvas's, read from the pixels), the node with its opacity. */
    private record Ink(String text, Bounds shown, Node owner, javafx.scene.paint.Color fill, Node painted) {}

    /** Checks everything visible under {@code root} (CSS and layout applied first), contrast not measured. */
    public static Result check(Node root) { return check(root, false); }

    /** Checks everything visible under {@code root} (CSS and layout applied first), with {@code contrast} that too. */
    public static Result check(Node root, boolean contrast) {
        settle(root);
        TextContrast pixels = contrast ? snapshot(root) : null;
        Bounds window = root.getScene() == null ? root.localToScene(root.getLayoutBounds())
                : new BoundingBox(0, 0, root.getScene().getWidth(), root.getScene().getHeight());
        List<Item> items = new ArrayList<>();
        List<Ink> inks = new ArrayList<>();
        List<String> clipped = new ArrayList<>();
        walk(root, window, window, null, items, inks, clipped);
        List<String> overlaps = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Item a = items.get(i);
            for (int j = i + 1; j < items.size(); j++) {
                Item b = items.get(j);
                if (!overlap(a.shown, b.shown)) continue;
                if (related(a.owner, b.owner)) continue;
                overlaps.add(quote(a.text) + " (" + name(a.owner) + ") / " + quote(b.text) + " (" + name(b.owner) + ")");
            }
        }
        Item smallest = items.stream().filter(i -> i.fontSize > 0).min(java.util.Comparator.comparingDouble(Item::fontSize))
                .orElse(null);
        double lowest = Double.NaN;
        String lowestText = null;
        List<String> low = new ArrayList<>();
        if (pixels != null) {
            for (Ink i : inks) {
                double c = pixels.of(i.shown, i.fill, opacity(i.painted));
                if (Double.isNaN(c)) continue;
                String what = String.format(Locale.ROOT, "%s (%s): %.2f:1", quote(i.text), name(i.owner), c);
                if (c < TextContrast.AA) low.add(what);
                if (Double.isNaN(lowest) || c < lowest) {
                    lowest = c;
                    lowestText = what;
                }
            }
        }
        return new Result(List.copyOf(clipped), List.copyOf(overlaps), smallest == null ? 0 : smallest.fontSize,
                smallest == null ? null : quote(smallest.text) + " (" + name(smallest.owner) + ")", lowest, lowestText,
                List.copyOf(low));
    }

    /** The product of the opacities of {@code n} and its parents: how much of its fill shows over what is behind it. */
    private static double opacity(Node n) {
        double o = 1;
        for (Node a = n; a != null; a = a.getParent()) o *= a.getOpacity();
        return o;
    }

    /** A text's fill as a colour, or null (none, or a gradient: its ink is then read from the pixels). */
    private static javafx.scene.paint.Color fill(Text t) {
        return t.getFill() instanceof javafx.scene.paint.Color c ? c : null;
    }

    /** The scene of {@code root} as rendered (the node alone when it has no scene), in scene coordinates. */
    private static TextContrast snapshot(Node root) {
        java.awt.image.BufferedImage img = org.vdsoexplorer.app.common.Snapshots.image(root, null,
                java.awt.image.BufferedImage.TYPE_INT_RGB);
        // the picture's extent, as Snapshots.image took it: the node's bounds in its parent, moved to the scene's coordinates
        Bounds b = root.getBoundsInParent();
        javafx.geometry.Point2D o = root.getParent() == null ? javafx.geometry.Point2D.ZERO : root.getParent().localToScene(0, 0);
        return new TextContrast(img, (int) Math.floor(b.getMinX()) + (int) Math.round(o.getX()),
                (int) Math.floor(b.getMinY()) + (int) Math.round(o.getY()));
    }

    /** The text of everything visible under {@code root} (labels, text flows, texts, canvas text), in scene order. */
    public static List<String> visibleTexts(Node root) {
        settle(root);
        Bounds window = root.getScene() == null ? root.localToScene(root.getLayoutBounds())
                : new BoundingBox(0, 0, root.getScene().getWidth(), root.getScene().getHeight());
        List<Item> items = new ArrayList<>();
        walk(root, window, window, null, items, null, new ArrayList<>());
        return items.stream().map(Item::text).toList();
    }

    /** CSS and layout applied, the scene's root at the scene's size (as a window or a snapshot would have it). */
    private static void settle(Node n) {
        if (n.getScene() == null) return;
        Parent r = n.getScene().getRoot();
        if (r.isResizable() && n.getScene().getWindow() == null) r.resize(n.getScene().getWidth(), n.getScene().getHeight());
        // twice, as the next pulse would: a layout may bring nodes in (the adaptive views) that need their CSS
        for (int i = 0; i < 2; i++) {
            r.applyCss();
            r.layout();
        }
    }

    /**
     * {@code hard}: what clips text visibly (containers, the window); {@code all}: that and the scrolling
     * viewports; {@code scroll}: the scrolling viewports only (null: none), in scene coordinates.
     */
    private static void walk(Node n, Bounds hard, Bounds all, Bounds scroll, List<Item> items, List<Ink> inks,
                             List<String> clipped) {
        if (!n.isVisible() || n.getOpacity() <= 0) return;
        if (n.getClip() != null) {
            Bounds c = n.localToScene(n.getClip().getBoundsInParent());
            all = intersect(all, c);
            if (!scrolling(n)) hard = intersect(hard, c);
            else {
                Bounds[] sc = viewport(n, c);
                scroll = scroll == null ? sc[0] : intersect(scroll, sc[0]);
                hard = intersect(hard, sc[1]);
                if (hard == null) return;
            }
            if (all == null || scroll == null && scrolling(n)) return;
        }
        DrawnText d = drawer(n);
        if (d != null) {
            for (DrawnText.Box b : d.drawnText()) {
                Bounds s = d.drawnOn().localToScene(new BoundingBox(b.x(), b.y(), b.width(), b.height()));
                // owned by the canvas: the view's other text (labels over or beside the canvas) is checked against it
                ink(inks, add(items, clipped, b.text(), s, d.drawnOn(), b.fontSize(), hard, all, scroll,
                        b.clipped() ? "not drawn whole" : null), null, d.drawnOn());
            }
        }
        if (n instanceof Labeled l) {
            Text shownText = labeledText(l);
            String want = expected(l);
            if (shownText != null && want != null && !want.isBlank()) {
                String why = shownText.getText() == null || !shownText.getText().equals(want) ? "shown as "
                        + quote(shownText.getText()) : null;
                ink(inks, add(items, clipped, want, shownText.localToScene(shownText.getBoundsInLocal()), l,
                        l.getFont().getSize(), hard, all, scroll, why), fill(shownText), shownText);
            }
        } else if (n instanceof TextFlow f) {
            StringBuilder sb = new StringBuilder();
            Bounds u = null;
            double font = Double.MAX_VALUE;
            for (Node c : f.getChildrenUnmodifiable()) {
                if (c instanceof Text t && t.isVisible() && t.getText() != null) {
                    sb.append(t.getText());
                    font = Math.min(font, t.getFont().getSize());
                    Bounds b = t.localToScene(t.getBoundsInLocal());
                    u = u == null ? b : union(u, b);
                    Bounds ink = t.getText().isBlank() ? null : intersect(b, all); // each run's own ink, for its contrast
                    if (ink != null && inks != null && !t.isDisabled() && ink.getHeight() >= b.getHeight() / 2) {
                        inks.add(new Ink(t.getText(), ink, f, fill(t), t));
                    }
                }
            }
            if (u != null) { // across, no wider than the flow: a line's trailing space may hang past its edge, unseen
                Bounds fb = f.localToScene(f.getLayoutBounds());
                double x0 = Math.max(u.getMinX(), fb.getMinX()), x1 = Math.min(u.getMaxX(), fb.getMaxX());
                if (x1 > x0) u = new BoundingBox(x0, u.getMinY(), x1 - x0, u.getHeight());
            }
            if (u != null && !sb.toString().isBlank()) add(items, clipped, sb.toString(), u, f, font, hard, all, scroll, null);
            // children that are not Text (inline labels) are walked below
        } else if (n instanceof Text t && !(n.getParent() instanceof Labeled) && !(n.getParent() instanceof TextFlow)) {
            if (t.getText() != null && !t.getText().isBlank()) {
                ink(inks, add(items, clipped, t.getText(), t.localToScene(t.getBoundsInLocal()), t, t.getFont().getSize(),
                        hard, all, scroll, null), fill(t), t);
            }
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                if (n instanceof Labeled && c instanceof Text && c.getStyleClass().contains("text")) continue;
                if (n instanceof TextFlow && c instanceof Text) continue;
                walk(c, hard, all, scroll, items, inks, clipped);
            }
        }
    }

    /** Adds a text found; returns it, or null when it does not show (scrolled away, outside the window). */
    private static Item add(List<Item> items, List<String> clipped, String text, Bounds b, Node owner,
                            double font, Bounds hard, Bounds all, Bounds scroll, String why) {
        Bounds shown = intersect(b, all);
        if (shown == null) return null; // scrolled away or outside the window
        // the part not scrolled away must fit the containers and the window
        if (why == null && !inside(scroll == null ? b : intersect(b, scroll), hard)) why = "cut by its container";
        if (why != null) clipped.add(quote(text) + " (" + name(owner) + "): " + why);
        items.add(new Item(text, shown, owner, font, b.getWidth(), b.getHeight()));
        return items.getLast();
    }

    /** {@code i} (null: not shown) as a text whose contrast is measured ({@code inks} null: none is). */
    private static void ink(List<Ink> inks, Item i, javafx.scene.paint.Color fill, Node painted) {
        // a disabled control's text is exempt (WCAG 2.1, 1.4.3: "part of an inactive user interface component")
        // a line mostly scrolled away (down or sideways: a wide canvas graph) shows a sliver of its background, not its text
        if (inks != null && i != null && !painted.isDisabled() && i.shown.getHeight() >= i.height / 2
                && i.shown.getWidth() >= i.width / 2) inks.add(new Ink(i.text, i.shown, i.owner, fill, painted));
    }

    /** The Text a label's skin draws its text with, or null (no skin yet, or no text shown). */
    private static Text labeledText(Labeled l) {
        for (Node c : l.getChildrenUnmodifiable()) if (c instanceof Text t && c.getStyleClass().contains("text")) return t;
        return null;
    }

    /** The text a label should show: its text with the mnemonic underscores removed when it parses them. */
    private static String expected(Labeled l) {
        String t = l.getText();
        if (t == null || !l.isMnemonicParsing()) return t;
        return t.replaceFirst("_(?=[^_])", "").replace("__", "_");
    }

    /**
     * Viewport {@code clip} as what text can be scrolled out of ([0]) and what cuts it ([1]): a scroll pane scrolls only
     * the ways it shows a bar for, so text running past its sides with no horizontal bar (or past its bottom with no
     * vertical one) is cut; a list's viewport scrolls both ways.
     */
    private static Bounds[] viewport(Node viewport, Bounds clip) {
        if (!(viewport.getParent() instanceof javafx.scene.control.ScrollPane sp)) return new Bounds[] {clip, band(clip, false, false)};
        boolean across = false, down = false;
        for (Node n : sp.lookupAll(".scroll-bar")) {
            if (n.getParent() != sp || !n.isVisible() || !(n instanceof javafx.scene.control.ScrollBar bar)) continue;
            if (bar.getOrientation() == javafx.geometry.Orientation.HORIZONTAL) across = true;
            else down = true;
        }
        return new Bounds[] {band(clip, across, down), band(clip, !across, !down)};
    }

    /** {@code b}'s extent across ({@code x}) and down ({@code y}), unbounded the other ways. */
    private static Bounds band(Bounds b, boolean x, boolean y) {
        double far = 1e7;
        double x0 = x ? b.getMinX() : -far, x1 = x ? b.getMaxX() : far, y0 = y ? b.getMinY() : -far, y1 = y ? b.getMaxY() : far;
        return new BoundingBox(x0, y0, x1 - x0, y1 - y0);
    }

    /**
     * Scroll panes and virtual flows clip their content to a viewport: text outside it is scrolled away. (A scroll
     * pane showing neither scroll bar cannot scroll: what its viewport cuts is cut.)
     */
    private static boolean scrolling(Node n) {
        if (n.getStyleClass().contains("viewport") && n.getParent() instanceof javafx.scene.control.ScrollPane sp) {
            return sp.lookupAll(".scroll-bar").stream().anyMatch(b -> b.isVisible() && b.getParent() == sp);
        }
        String c = n.getClass().getName();
        return c.endsWith("ClippedContainer") || c.endsWith("VirtualFlow") || n.getStyleClass().contains("viewport")
                || n.getStyleClass().contains("clipped-container");
    }

    /**
     * The view whose drawn text is checked at {@code n}: the one (n or an ancestor) that draws on n, so its text meets
     * the clips and scrolling viewports around the node it is drawn on (a canvas in the view's own scroll pane, whose
     * rows scrolled below the viewport are scrolled away, not cut); or n itself when it draws on a node outside it.
     * Null: none.
     */
    private static DrawnText drawer(Node n) {
        for (Node a = n; a != null; a = a.getParent()) if (a instanceof DrawnText d && d.drawnOn() == n) return d;
        if (!(n instanceof DrawnText d)) return null;
        for (Node a = d.drawnOn(); a != null; a = a.getParent()) if (a == n) return null; // checked at the node drawn on
        return d;
    }

    private static boolean related(Node a, Node b) {
        for (Node n = a; n != null; n = n.getParent()) if (n == b) return true;
        for (Node n = b; n != null; n = n.getParent()) if (n == a) return true;
        return false;
    }

    private static boolean overlap(Bounds a, Bounds b) {
        double w = Math.min(a.getMaxX(), b.getMaxX()) - Math.max(a.getMinX(), b.getMinX());
        double h = Math.min(a.getMaxY(), b.getMaxY()) - Math.max(a.getMinY(), b.getMinY());
        return w > SLACK && h > SLACK;
    }

    private static boolean inside(Bounds b, Bounds outer) {
        return b.getMinX() >= outer.getMinX() - SLACK && b.getMinY() >= outer.getMinY() - SLACK
                && b.getMaxX() <= outer.getMaxX() + SLACK && b.getMaxY() <= outer.getMaxY() + SLACK;
    }

    private static Bounds intersect(Bounds a, Bounds b) {
        double x0 = Math.max(a.getMinX(), b.getMinX()), y0 = Math.max(a.getMinY(), b.getMinY());
        double x1 = Math.min(a.getMaxX(), b.getMaxX()), y1 = Math.min(a.getMaxY(), b.getMaxY());
        return x1 <= x0 || y1 <= y0 ? null : new BoundingBox(x0, y0, x1 - x0, y1 - y0);
    }

    private static Bounds union(Bounds a, Bounds b) {
        double x0 = Math.min(a.getMinX(), b.getMinX()), y0 = Math.min(a.getMinY(), b.getMinY());
        return new BoundingBox(x0, y0, Math.max(a.getMaxX(), b.getMaxX()) - x0, Math.max(a.getMaxY(), b.getMaxY()) - y0);
    }

    private static String quote(String s) {
        if (s == null) return "null";
        String t = s.replace("\n", "\u23ce");
        return "'" + (t.length() > 48 ? t.substring(0, 47) + "\u2026" : t) + "'";
    }

    /**
     * "Label #status", "Label in #counters": the node's class and the nearest id; an id JavaFX gives its own parts
     * ("virtual-flow", every list's) is followed by the next id up, whose list it is ("Cell in #virtual-flow in #code-listing").
     */
    private static String name(Node n) {
        Class<?> k = n.getClass();
        while (k.getSimpleName().isEmpty()) k = k.getSuperclass(); // an anonymous cell: its kind
        StringBuilder sb = new StringBuilder(k.getSimpleName());
        for (Node x = n; x != null; x = x.getParent()) {
            if (x.getId() == null) continue;
            sb.append(x == n ? "" : " in").append(" #").append(x.getId());
            if (!x.getId().equals("virtual-flow")) break;
            n = x;
        }
        return sb.toString();
    }
}

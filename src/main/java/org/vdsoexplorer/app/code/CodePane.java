package org.vdsoexplorer.app.code;

import java.util.List;
import java.util.function.IntConsumer;
import javafx.geometry.Orientation;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.input.MouseButton;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;

/**
 * A read-only, virtualised code listing drawn on one canvas: each row a line of monospace text on paper, a
 * stripe in its gutter linking a C line and its instructions (lit together, in both panes, while the pointer is
 * over one of them), a breakpoint mark, and the current row as a bar that slides from the previous row. Only the visible rows are drawn, and only when what they show changed,
 * so following the running code costs a few text draws instead of a list relayout.
 *
 * <p>The font and text colour come from CSS through an unmanaged probe label (style class
 * {@code code-probe}), so zoom, the narrow layout and presenter mode apply as to any text. The pane is
 * never narrower than {@link #MIN_CHARS} characters; longer lines scroll sideways (a horizontal bar,
 * Shift + wheel), and the current line is kept in view both ways, also when the pane is resized. The line
 * numbers (addresses in a listing) stay put in their gutter while the code scrolls, as long as the current line's code
 * fits beside them (a projector's large text scrolled "306  while (...)" to "6  while (...)" before), and a row whose code
 * starts left of the gutter's edge shows an ellipsis there; in a pane too narrow for both they scroll away with the code,
 * which must show whole.
 *
 * <p>The rows in view are reported as drawn text ({@link #drawnText()}): the parts of rows scrolled out of
 * view sideways are scrolled, not cut, but the current row's code (after its line number) must show whole,
 * so a pane too narrow for the line it highlights is counted as clipped by the layout check.
 * <p>Over 450 lines on purpose: the virtualised drawing, the hit-testing, the C-to-asm link stripe and hover, and the
 * report of the rows on screen to the layout check share one row geometry; split, each would keep its own copy of it.
 */
public final class CodePane extends Region implements org.vdsoexplorer.app.common.DrawnText {
    /**
     * One line: its text, its link stripe in the gutter (null: none; the C line it belongs to, {@code group}, shared by
     * the C row and its instructions, which light together on hover), bold (symbol headers), breakpoint mark.
     */
    public record Row(String text, Color tint, int group, boolean bold, boolean breakpoint) {
        /** A row that links to nothing. */
        public Row(String text, Color tint, boolean bold, boolean breakpoint) { this(text, tint, -1, bold, breakpoint); }
    }

    /** The gutter stripe's width: a C line and its instructions are linked by it and by hover, not by whole-row fills. */
    static final double STRIPE = 4;
    /** The rows of the hovered C line (in this pane and the other), a pale neutral behind ink text (17:1). */
    static final Color LINKED = Color.web("#E6E6E6");

    static final Color CURRENT = Color.web("#0072B2");
    static final Color CURRENT_EDGE = Color.web("#111111");
    static final Color MARK = Color.web("#D55E00");
    static final Color PAPER = Color.WHITE;
    static final Color RULE = Color.web("#111111");
    /** Scroll and highlight movements take this long unless motion is reduced or the rows change faster. */
    static final long GLIDE_NANOS = 160_000_000L;
    /** Moves glide only when the previous one was at least this long ago: a person stepping, not a run. */
    static final long GLIDE_GAP_NANOS = 400_000_000L;
    /** The narrowest the pane gets, in characters of its font (line number and the start of the code). */
    static final int MIN_CHARS = 16;

    private final Canvas canvas = new Canvas();
    private final ScrollBar bar = new ScrollBar();
    private final ScrollBar hbar = new ScrollBar();
    /** Pixels the text is scrolled to the left; the widest row's width; one character's width. */
    private double left, widest, charW = 8;
    /** The widest line number or address, in characters: the gutter that does not scroll sideways. */
    private int gutterChars;
    /**
     * Whether the numbers keep their gutter when the code scrolls: yes while the current line's code fits beside it; in a
     * pane too narrow for both the numbers scroll away with the code (the code of the line being run matters more).
     */
    private boolean sticky = true, drawnSticky = true;
    /** Left of the text, in px. */
    private static final double PAD = 6;
    /** Drawn right of the gutter on a row whose code is scrolled out of view on the left. */
    private static final String ELLIPSIS = "\u2026";
    private final Label probe = new Label("M");
    private List<Row> rows = List.of();
    private int current = -1;
    /** The row at the top of the view, fractional while gliding. */
    private double top, topFrom, topTo;
    private double barY = -1, barFrom, barTo;
    private long glideStart = -1, lastChange;
    private boolean reducedMotion;
    private IntConsumer onRun = r -> {}, onBreakpoint = r -> {}, onHover = g -> {};
    /** The C line whose rows are lit as linked (-1: none). */
    private int linked = -1, drawnLinked = -1;
    private Font font, boldFont;
    private Color ink = Color.web("#111111");
    private double rowHeight = 18;
    private boolean dirty = true;
    /** What the canvas shows (redraw only when one of these changes). */
    private double drawnTop = Double.NaN, drawnBar = Double.NaN, drawnW, drawnH;
    private Object drawnRows;
    private int selected = -1;
    /** The window's clock: when the last move was, and the glide's frames. */
    private final org.vdsoexplorer.app.common.FrameClock clock;
    private final org.vdsoexplorer.app.common.FrameClock.Ticker glide;

    public CodePane(org.vdsoexplorer.app.common.FrameClock clock) {
        this.clock = clock;
        this.glide = clock.ticker(this::stepGlide);
        getStyleClass().add("code-pane");
        probe.getStyleClass().add("code-probe");
        probe.setManaged(false);
        probe.setVisible(false);
        bar.setOrientation(Orientation.VERTICAL);
        bar.setFocusTraversable(false);
        bar.valueProperty().addListener((o, a, b) -> {
            if (glideStart < 0 && Math.abs(b.doubleValue() - top) > 1e-9) scrollTo(b.doubleValue());
        });
        hbar.setOrientation(Orientation.HORIZONTAL);
        hbar.setFocusTraversable(false);
        hbar.valueProperty().addListener((o, a, b) -> {
            if (Math.abs(b.doubleValue() - left) > 0.5) {
                left = b.doubleValue();
                requestDraw();
            }
        });
        getChildren().addAll(canvas, bar, hbar, probe);
        probe.fontProperty().addListener(o -> fontChanged());
        probe.textFillProperty().addListener(o -> fontChanged());
        addEventHandler(ScrollEvent.SCROLL, e -> {
            if (e.isShiftDown() || Math.abs(e.getDeltaX()) > Math.abs(e.getDeltaY())) {
                double d = e.getDeltaX() != 0 ? e.getDeltaX() : e.getDeltaY();
                scrollLeft(left - Math.signum(d) * 4 * charW);
                e.consume();
                return;
            }
            scrollTo(topTo() - Math.signum(e.getDeltaY()) * 3);
            e.consume();
        });
        canvas.setOnMouseMoved(e -> {
            int r = rowAt(e.getY());
            onHover.accept(r < 0 ? -1 : rows.get(r).group());
        });
        canvas.setOnMouseExited(e -> onHover.accept(-1));
        canvas.setOnMouseClicked(e -> {
            int r = rowAt(e.getY());
            if (r < 0) return;
            selected = r;
            requestDraw();
            if (e.getButton() == MouseButton.SECONDARY) onBreakpoint.accept(r);
            else if (e.getClickCount() == 2) onRun.accept(r);
        });
        setMinHeight(0);
    }

    @Override public javafx.scene.Node drawnOn() { return canvas; }

    /**
     * The rows in view, each cut to the canvas (scrolled sideways, not clipped), the current row's code
     * reported as clipped when it does not show whole.
     */
    @Override public List<Box> drawnText() {
        List<Box> out = new java.util.ArrayList<>();
        double w = canvas.getWidth(), h = canvas.getHeight();
        if (font == null || w <= 0 || h <= 0) return out;
        int first = (int) Math.floor(top);
        double y0 = (first - top) * rowHeight;
        for (int r = Math.max(0, first); r < rows.size() && y0 + (r - first) * rowHeight < h; r++) {
            String t = rows.get(r).text().stripTrailing();
            if (t.isBlank()) continue;
            double y = Math.max(0, y0 + (r - first) * rowHeight), y1 = Math.min(h, y0 + (r - first + 1) * rowHeight);
            // a row mostly scrolled past an edge shows a sliver of paper, not text (as LayoutCheck judges a label's line)
            if (y1 - y < rowHeight / 2 || y1 - y < 1) continue;
            int ne = pinnedNumberEnd(t);
            double x1 = PAD + t.length() * charW - left;
            if (r == current) { // its code, which must show whole (right of the gutter when the numbers keep it)
                int from = codeStart(t);
                double x0 = PAD + from * charW - left, edge = ne > 0 ? gutterX() : 0;
                boolean cut = x0 < edge - 0.5 || x1 > w + 0.5;
                double a = Math.max(edge, x0), b = Math.min(w, x1);
                if (b - a >= 1) out.add(new Box(t.substring(from), a, y, b - a, y1 - y, font.getSize(), cut));
                continue;
            }
            // a row from its number, which keeps its place in the gutter, or from wherever it is scrolled to
            double a = ne > 0 ? PAD : Math.max(0, PAD - left), b = Math.min(w, x1);
            if (b - a >= 1) out.add(new Box(t, a, y, b - a, y1 - y, font.getSize(), false));
        }
        return out;
    }

    /** Where a row's code starts: after its indentation, breakpoint mark and line number or address. */
    private static int codeStart(String t) {
        int i = 0, n = t.length();
        while (i < n && (Character.isWhitespace(t.charAt(i)) || t.charAt(i) == '\u25cf')) i++;
        int j = numberEnd(t);
        if (j == 0) return i; // no number or address (a symbol header)
        while (j < n && Character.isWhitespace(t.charAt(j))) j++;
        return j;
    }

    /** Where a row's line number or address ends (after its indentation and breakpoint mark), 0 if it has none. */
    static int numberEnd(String t) {
        int i = 0, n = t.length();
        while (i < n && (Character.isWhitespace(t.charAt(i)) || t.charAt(i) == '\u25cf')) i++;
        int j = i;
        while (j < n && Character.digit(t.charAt(j), 16) >= 0) j++;
        return j == i || j == n || !Character.isWhitespace(t.charAt(j)) ? 0 : j;
    }

    /** Where a numbered row's code is cut off when scrolled sideways: one character right of the widest number (0: none). */
    private double gutterX() { return sticky ? PAD + (gutterChars + 1) * charW : 0; }

    /** Where a row's number ends if it keeps its gutter now (0: none, or the numbers scroll with the code). */
    private int pinnedNumberEnd(String t) { return sticky ? numberEnd(t) : 0; }

    /** Scrolls the text sideways so that {@code px} pixels are hidden at the left (clamped). */
    public void scrollLeft(double px) {
        double max = Math.max(0, widest - canvas.getWidth() + 12);
        left = Math.max(0, Math.min(max, px));
        hbar.setValue(left);
        requestDraw();
    }

    /** The width of one character of the pane's (monospace) font. */
    public double charWidth() {
        if (font == null) {
            probe.applyCss();
            fontChanged();
        }
        return charW;
    }

    /** The height of one row, in px. */
    public double rowHeight() {
        if (font == null) charWidth();
        return rowHeight;
    }

    /** Pixels scrolled off at the left. */
    public double scrolledLeft() { return left; }

    /** Keeps the start of {@code row}'s code (after its indentation) in view sideways. */
    private void showColumnOf(int row) {
        if (row < 0 || row >= rows.size() || canvas.getWidth() <= 0) return;
        String t = rows.get(row).text().stripTrailing();
        double x = PAD + codeStart(t) * charW, end = PAD + t.length() * charW + charW;
        sticky = numberEnd(t) == 0 || PAD + (gutterChars + 1) * charW + (t.length() - codeStart(t) + 1) * charW <= canvas.getWidth();
        // left >= lo: the end shows; left <= hi: the start shows (right of the gutter, where a numbered row's code is cut)
        double lo = end - canvas.getWidth(), hi = x - (numberEnd(t) > 0 && sticky ? gutterX() : charW);
        // the whole row fits: from the left edge (line numbers too); else as little scrolling as shows the code;
        // too long for the pane: its start
        double l = lo <= 0 ? 0 : lo <= hi ? Math.max(lo, Math.min(hi, left)) : hi;
        if (Math.abs(l - left) > 0.5) scrollLeft(l);
    }

    /** The pointer over a row: {@code action} gets the row's C line group (-1: none, or the pointer left). */
    public void setOnHover(IntConsumer action) { this.onHover = action; }

    /** Lights the rows of C line group {@code group} as linked (-1: none). */
    public void setLinked(int group) {
        if (group == linked) return;
        linked = group;
        requestDraw();
    }

    /** Double-click on a row: {@code action} gets the row index. */
    public void setOnRun(IntConsumer action) { this.onRun = action; }

    /** Right-click on a row: {@code action} gets the row index. */
    public void setOnBreakpoint(IntConsumer action) { this.onBreakpoint = action; }

    public void setReducedMotion(boolean reduced) { this.reducedMotion = reduced; }

    /** Replaces the rows (a new listing, or breakpoints changed). */
    public void setRows(List<Row> rows) {
        this.rows = List.copyOf(rows);
        int longest = 0, gutter = 0;
        for (Row r : this.rows) {
            longest = Math.max(longest, r.text().length());
            gutter = Math.max(gutter, numberEnd(r.text()));
        }
        widest = longest * charW + 12;
        gutterChars = gutter;
        if (current >= rows.size()) current = -1;
        if (selected >= rows.size()) selected = -1;
        updateBar();
        requestDraw();
    }

    public List<Row> rows() { return rows; }

    /** The highlighted row, -1 if none. */
    public int current() { return current; }

    /** The row at the top of the view (rounded). */
    public int firstVisible() { return (int) Math.floor(topTo()); }

    /** The last row at least partly visible. */
    public int lastVisible() { return Math.min(rows.size() - 1, (int) Math.floor(topTo() + visibleRows() - 1e-9)); }

    /** The row the user last clicked, -1 if none. */
    public int selected() { return selected; }

    /** Rows that fit in the view. */
    public double visibleRows() { return Math.max(1, canvas.getHeight() / rowHeight); }

    private double topTo() { return glideStart >= 0 ? topTo : top; }

    /**
     * Moves the highlight to {@code row} and scrolls so it is visible with some context (only when it is
     * not already well inside the view). Glides when steps are far enough apart to be watched.
     */
    public void setCurrent(int row) {
        long now = clock.now();
        double target = topTo();
        // context above the row: 6 rows, fewer in a short pane (a third of it), so the row itself stays in view
        double context = Math.min(6, Math.floor(visibleRows() / 3));
        if (row >= 0 && (row < target + Math.min(1, context) || row > target + visibleRows() - Math.min(3, context + 1))) {
            target = row - context;
        }
        target = clampTop(target);
        if (row == current && target == topTo()) return;
        boolean animate = !reducedMotion && now - lastChange > GLIDE_GAP_NANOS && current >= 0 && row >= 0 && barY >= 0
                && row != current;
        lastChange = now;
        current = row;
        showColumnOf(row);
        if (animate) {
            topFrom = top;
            topTo = target;
            barFrom = barY;
            barTo = row;
            glideStart = now;
            glide.start();
        } else {
            settle(target, row);
        }
        requestDraw();
    }

    /** Ends any glide with the top row at {@code t} and the highlight bar at row {@code b}. */
    private void settle(double t, double b) {
        stopGlide();
        top = t;
        barY = b;
        bar.setValue(top);
    }

    private double clampTop(double row) {
        return Math.max(0, Math.min(Math.max(0, rows.size() - visibleRows() + 1), row));
    }

    /** Scrolls so that {@code row} is the top row (clamped), at once. */
    public void scrollTo(double row) {
        settle(clampTop(row), current);
        requestDraw();
    }

    private void stopGlide() {
        if (glideStart >= 0) {
            glide.stop();
            glideStart = -1;
        }
    }

    private void stepGlide(long now) {
        double t = Math.min(1, (now - glideStart) / (double) GLIDE_NANOS);
        double e = 1 - Math.pow(1 - t, 3); // ease out
        top = topFrom + (topTo - topFrom) * e;
        barY = barFrom + (barTo - barFrom) * e;
        if (t >= 1) settle(topTo, current);
        requestDraw();
    }

    /** The row under y (canvas coordinates), or -1. */
    public int rowAt(double y) {
        int r = (int) Math.floor(top + y / rowHeight);
        return r >= 0 && r < rows.size() ? r : -1;
    }

    private void fontChanged() {
        Font f = probe.getFont();
        font = Font.font(f.getFamily(), FontWeight.NORMAL, f.getSize());
        boldFont = Font.font(f.getFamily(), FontWeight.BOLD, f.getSize());
        if (probe.getTextFill() instanceof Color c) ink = c;
        rowHeight = Math.ceil(f.getSize() * 1.3);
        charW = org.vdsoexplorer.app.common.DrawnText.measure("M", font)[0];
        int longest = 0;
        for (Row r : rows) longest = Math.max(longest, r.text().length());
        widest = longest * charW + 12;
        updateBar();
        requestDraw();
        requestLayout();
    }

    private void updateBar() {
        double max = Math.max(0, rows.size() - visibleRows() + 1);
        bar.setMin(0);
        bar.setMax(max);
        bar.setVisibleAmount(Math.min(max, visibleRows()));
        bar.setUnitIncrement(1);
        bar.setBlockIncrement(Math.max(1, visibleRows() - 2));
        if (top > max) scrollTo(max);
    }

    @Override protected void layoutChildren() {
        if (font == null) {
            probe.applyCss();
            fontChanged();
        }
        double w = getWidth(), h = getHeight();
        double bw = bar.prefWidth(-1);
        boolean sideways = widest > w - bw;
        double bh = sideways ? hbar.prefHeight(-1) : 0;
        hbar.setVisible(sideways);
        canvas.setWidth(Math.max(0, w - bw));
        canvas.setHeight(Math.max(0, h - bh));
        canvas.relocate(0, 0);
        bar.resizeRelocate(w - bw, 0, bw, h - bh);
        hbar.resizeRelocate(0, h - bh, w - bw, bh);
        double hmax = Math.max(0, widest - canvas.getWidth() + 12);
        hbar.setMin(0);
        hbar.setMax(hmax);
        hbar.setVisibleAmount(Math.min(hmax, canvas.getWidth()));
        hbar.setUnitIncrement(charW);
        if (left > hmax) scrollLeft(hmax);
        updateBar();
        // the current row stays in view when the pane is resized (a panel opened, the window shrank)
        if (current >= 0 && glideStart < 0) showColumnOf(current);
        if (current >= 0 && glideStart < 0 && (current < top || current > top + visibleRows() - 2)) {
            settle(clampTop(current - Math.floor(visibleRows() / 3)), current);
        }
        requestDraw();
    }

    @Override protected double computePrefWidth(double height) { return 300; }

    @Override protected double computeMinWidth(double height) {
        if (font == null) {
            probe.applyCss();
            fontChanged();
        }
        return Math.ceil(MIN_CHARS * charW) + bar.prefWidth(-1);
    }

    @Override protected double computePrefHeight(double width) { return 200; }

    private void requestDraw() {
        dirty = true;
        draw();
    }

    private void draw() {
        if (!dirty || font == null) return;
        double w = canvas.getWidth(), h = canvas.getHeight();
        if (w <= 0 || h <= 0) return;
        // and the font and ink: a zoom that keeps the canvas's size and scroll redraws (the old rows stayed: 1.00-1.69:1)
        if (top == drawnTop && barY == drawnBar && w == drawnW && h == drawnH && drawnRows == rows && selected == drawnSelected
                && left == drawnLeft && linked == drawnLinked && font == drawnFont && ink == drawnInk && sticky == drawnSticky) {
            dirty = false;
            return;
        }
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(PAPER);
        g.fillRect(0, 0, w, h);
        g.setTextBaseline(VPos.CENTER);
        int first = (int) Math.floor(top);
        double y0 = (first - top) * rowHeight;
        double pad = 6;
        for (int r = first, i = 0; r < rows.size() && y0 + i * rowHeight < h; r++, i++) {
            if (r < 0) continue;
            Row row = rows.get(r);
            double y = y0 + i * rowHeight;
            if (linked >= 0 && row.group() == linked) {
                g.setFill(LINKED);
                g.fillRect(0, y, w, rowHeight);
            }
            if (row.tint() != null) {
                g.setFill(linked >= 0 && row.group() == linked ? RULE : row.tint());
                g.fillRect(0, y, STRIPE, rowHeight);
            }
        }
        if (barY >= 0) {
            double y = (barY - top) * rowHeight;
            g.setFill(CURRENT_EDGE);
            g.fillRect(0, y, w, rowHeight);
            g.setFill(CURRENT);
            g.fillRect(8, y, w - 8, rowHeight);
        }
        double gx = gutterX();
        for (int r = first, i = 0; r < rows.size() && y0 + i * rowHeight < h; r++, i++) {
            if (r < 0) continue;
            Row row = rows.get(r);
            double y = y0 + i * rowHeight;
            boolean onBar = barY >= 0 && Math.abs(barY - r) < 0.5;
            if (row.breakpoint()) {
                g.setFill(MARK);
                g.fillRect(0, y, 6, rowHeight);
            }
            if (r == selected && !onBar) frame(g, 0, y, w, rowHeight);
            g.setFont(row.bold() || row.breakpoint() || onBar ? boldFont : font);
            g.setFill(onBar ? Color.WHITE : row.bold() ? CURRENT : ink);
            String t = row.text();
            int ne = pinnedNumberEnd(t);
            if (ne == 0 || left <= 0) {
                g.fillText(t, pad - left, y + rowHeight / 2);
                continue;
            }
            // scrolled sideways: the number stays in its gutter, the code scrolls and is cut at the gutter's edge; a row
            // whose code starts left of that edge shows an ellipsis in its first cell ("307 …e", not "307 se", for a
            // scrolled #else)
            g.fillText(t.substring(0, ne), pad, y + rowHeight / 2);
            int cs = codeStart(t);
            boolean hidden = cs < t.length() && pad + cs * charW - left < gx - 0.5;
            if (hidden) g.fillText(ELLIPSIS, gx, y + rowHeight / 2);
            double cx = hidden ? gx + charW : gx;
            g.save();
            g.beginPath();
            g.rect(cx, y, Math.max(0, w - cx), rowHeight);
            g.clip();
            g.fillText(t.substring(ne), pad + ne * charW - left, y + rowHeight / 2);
            g.restore();
        }
        frame(g, 0, 0, w, h);
        drawnTop = top;
        drawnBar = barY;
        drawnW = w;
        drawnH = h;
        drawnRows = rows;
        drawnSelected = selected;
        drawnLeft = left;
        drawnSticky = sticky;
        drawnLinked = linked;
        drawnFont = font;
        drawnInk = ink;
        dirty = false;
    }

    private Font drawnFont;
    private Color drawnInk;
    private int drawnSelected = -2;
    private double drawnLeft = -1;

    /** A 1 px frame as four fills (a stroked rectangle is rasterised over its whole area in software). */
    private static void frame(GraphicsContext g, double x, double y, double w, double h) {
        g.setFill(RULE);
        g.fillRect(x, y, w, 1);
        g.fillRect(x, y + h - 1, w, 1);
        g.fillRect(x, y, 1, h);
        g.fillRect(x + w - 1, y, 1, h);
    }
}

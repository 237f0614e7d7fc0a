package org.vdsoexplorer.app.code;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.app.common.Palette;
import org.vdsoexplorer.sim.Listings;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.Session;

/**
 * Code, registers and stack: the C source and the gcc listing side by side with the instruction to
 * C-line colour mapping, the next instruction highlighted, the register file with the registers the
 * last step changed flashing, the stack from the caller's return address down to rsp (pushes of this
 * call annotated), and the spill counter ({@link RegisterColumn}). Everything is read from the session's
 * machine on refresh. How the panes share the view's size: {@link #layoutChildren}.
 */
public final class CodeView extends BorderPane {
    /** A symbol header row of the listing ("do_hres:"). */
    public record SymbolRow(String symbol) {}

    /** The listing pane's usual and least width, in characters. */
    static final int LISTING_CHARS = 38, LISTING_MIN_CHARS = 30;
    /** Rows each code pane keeps at least when they are stacked (a narrow view, presenter mode at 250 %). */
    static final int STACKED_ROWS = 3;
    /** The C pane is stacked over the listing when beside it would get less than this share of its width. */
    static final double STACK_BELOW = 0.75;
    private final VBox lst, src;
    /** The registers, spills and stack ({@link RegisterColumn}). */
    private final RegisterColumn column;
    /** The code panes, and the register column under them when a lesson points at it in a narrow view. */
    private final VBox outer = new VBox(6);
    /** The title and the current line, over the code panes (they scroll with them: {@link #scroll}). */
    private final VBox head;
    private final javafx.scene.control.ScrollPane scroll;
    /** The share of the view's height the register column takes under the code panes. */
    static final double SIDE_BELOW_SHARE = 0.5;
    /** The C pane over the listing, in a narrow and tall view. */
    private final VBox codeColumn = new VBox(6);
    private final HBox body;
    private final javafx.scene.control.ScrollPane sideScroll;
    /** The longest code (after the line number, without indentation) of the C lines the listing has instructions for. */
    private int longestCode = 60;

    /** Run-to-cursor gives up after this many steps (the target may never execute). */
    static final int RUN_TO_LIMIT = 100_000;

    private final Session session;
    private final CodePane source, listing;
    /** What each listing row shows: a {@link SymbolRow} or an {@link Instruction}. */
    private final List<Object> listingItems = new ArrayList<>();
    private final Label sourceTitle = new Label();
    /** The source annotations the student can toggle (PRIMM's Modify), above the C pane. */
    private final AnnotationToggles toggles = new AnnotationToggles();
    private final Label listingTitle = new Label();
    private final Label current = new Label();
    private final Map<Integer, Integer> lineColour = new HashMap<>();
    private List<String> sourceLines = List.of();
    private Listing shownListing;

    private int[] rowOfInstruction = new int[0];
    private int breakpointsShown;
    private int currentIndex = -1;
    private int currentLine = -1;
    private String currentFile = "";

    /** The code view of {@code session}; its glides and register flashes are timed on the window's {@code clock}. */
    public CodeView(Session session, org.vdsoexplorer.app.common.FrameClock clock) {
        this.session = session;
        this.source = new CodePane(clock);
        this.listing = new CodePane(clock);
        this.column = new RegisterColumn(session, clock);
        getStyleClass().add("view");
        setId("code-view");

        Label title = new Label("Code, registers and stack");
        title.getStyleClass().add("view-title");
        current.getStyleClass().add("view-status");
        current.setId("code-current");
        current.setWrapText(true); // a narrow view shows the whole line on two lines rather than cut
        current.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        head = new VBox(2, title, current);

        toggles.setCurrent(() -> session.setup().variant());
        source.setId("code-source");
        listing.setId("code-listing");
        // double-click: run to here; right-click: toggle a breakpoint
        listing.setOnRun(r -> {
            if (listingItems.get(r) instanceof Instruction in) session.runToInstruction(in.index(), RUN_TO_LIMIT);
        });
        listing.setOnBreakpoint(r -> {
            if (listingItems.get(r) instanceof Instruction in) session.toggleInstructionBreakpoint(in.index());
        });
        source.setOnRun(r -> session.runToLine(r + 1, RUN_TO_LIMIT));
        source.setOnBreakpoint(r -> session.toggleLineBreakpoint(r + 1));
        org.vdsoexplorer.app.common.Tips.install(listing, "Double-click: run to this instruction. Right-click: breakpoint");
        org.vdsoexplorer.app.common.Tips.install(source, "Double-click: run to this C line. Right-click: breakpoint");
        for (Label t : List.of(sourceTitle, listingTitle)) { // a narrow pane's title takes two lines rather than cut
            t.getStyleClass().add("pane-title");
            t.setWrapText(true);
            t.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        VBox src = new VBox(4, sourceTitle, toggles, source);
        VBox lst = new VBox(4, listingTitle, listing);
        VBox.setVgrow(source, Priority.ALWAYS);
        VBox.setVgrow(listing, Priority.ALWAYS);
        // widths: see fitWidths (the C pane takes the spare width; the listing its usual instruction's width)
        HBox.setHgrow(src, Priority.ALWAYS);
        HBox.setHgrow(lst, Priority.NEVER);
        src.setPrefWidth(200);
        this.lst = lst;
        this.src = src;
        HBox.setHgrow(codeColumn, Priority.ALWAYS);
        VBox.setVgrow(src, Priority.ALWAYS);
        VBox.setVgrow(lst, Priority.ALWAYS);
        codeColumn.setMinWidth(0);
        codeColumn.setMinHeight(0);

        javafx.scene.control.ScrollPane sideScroll = column.scroll;
        src.setMinHeight(0);
        lst.setMinHeight(0);
        source.setMinHeight(0);
        listing.setMinHeight(0);
        setMinHeight(0);

        HBox body = new HBox(6, src, lst, sideScroll);
        this.body = body;
        this.sideScroll = sideScroll;
        outer.getChildren().add(body);
        VBox.setVgrow(body, Priority.ALWAYS);
        body.setMinHeight(0);
        // the code panes keep STACKED_ROWS rows: a shorter view scrolls (250 % on a small screen), its head with it
        // (presenter mode's explore screen at 250 % leaves the view less than its title and current line)
        VBox page = new VBox(6, head, outer);
        VBox.setVgrow(outer, Priority.ALWAYS);
        page.setMinHeight(javafx.scene.layout.Region.USE_COMPUTED_SIZE);
        scroll = org.vdsoexplorer.app.common.Scrolling.vertical(page, "code-scroll");
        setCenter(scroll);
        session.addListener(this::refresh);
        refresh();
    }

    /**
     * The panes' widths: the C pane as wide as its longest line with code (so the current line shows whole),
     * the listing {@link #LISTING_CHARS} characters (down to {@link #LISTING_MIN_CHARS}), and the register and
     * stack column only if it fits beside them or a lesson highlights something in it (else 1 maximises the view).
     * A view too narrow for the two panes side by side (the C pane would get less than {@link #STACK_BELOW} of its
     * width) but tall enough for {@link #STACKED_ROWS} rows in each stacks the C pane over the listing, each the
     * whole width. A column a lesson points at that does not fit beside the code panes at their least goes under
     * them ({@link #SIDE_BELOW_SHARE} of the height, scrolling).
     */
    @Override protected void layoutChildren() {
        // the width the code panes get in this layout (the view's, less its insets and the scroll bar while it shows):
        // the body's own width is the last layout's, stale when the view was just resized
        double w = getWidth() - snappedLeftInset() - snappedRightInset() - barWidth(scroll);
        double cw = source.charWidth(), bar = 20, gap = body.getSpacing();
        double c = (longestCode + 2) * cw + bar, lMin = LISTING_MIN_CHARS * cw + bar, lWant = LISTING_CHARS * cw + bar;
        // the column's width only when the width or the font changed (its values are fixed-width hex)
        if (sideFor != w * 31 + cw) {
            sideFor = w * 31 + cw;
            if (column.oneColumn()) column.placeRegisters(false);
            sidePref = column.side.prefWidth(-1);
            // two register columns leave the listing less than its least width: one column
            if (w - gap - sidePref < lMin) {
                column.placeRegisters(true);
                sidePref = column.side.prefWidth(-1);
            }
        }
        double s = sidePref + sideBarWidth();
        // the height the code panes have: the view's, under its head (and above the register column under them)
        // (the view's own height less its insets: the scroll pane's height is the last layout's, stale when the view was
        // just resized, and the panes side by side in a tall view opened straight at 250 % cut the current C line)
        double h = getHeight() - snappedTopInset() - snappedBottomInset() - head.prefHeight(w) - 6;
        double paneH = STACKED_ROWS * source.rowHeight() + sourceTitle.prefHeight(-1) + 30;
        boolean lit = highlighted(column.side);
        // a lesson points at the column but it does not fit beside the two code panes at their least: under them
        boolean below = lit && w - s - gap < lMin + gap + source.minWidth(-1);
        boolean show = w >= c + lMin + s + 2 * gap || lit;
        if (below && column.oneColumn()) column.placeRegisters(false); // the whole width under the code panes: two columns
        if (below != (sideScroll.getParent() == outer)) {
            if (below) {
                body.getChildren().remove(sideScroll);
                outer.getChildren().setAll(body, sideScroll);
            } else {
                outer.getChildren().setAll(body);
                body.getChildren().add(sideScroll);
            }
        }
        sideScroll.prefHeightProperty().unbind();
        if (below) sideScroll.prefHeightProperty().bind(outer.heightProperty().multiply(SIDE_BELOW_SHARE));
        else sideScroll.setPrefHeight(Region.USE_COMPUTED_SIZE);
        double codeW = w - (show && !below ? s + gap : 0);
        // stacked when beside the listing the C pane would get less than STACK_BELOW of its width, and each keeps its rows
        boolean stack = codeW - gap - lMin < STACK_BELOW * c && h * (below ? 1 - SIDE_BELOW_SHARE : 1) >= 2 * paneH + 6;
        body.setMinHeight(stack ? 2 * paneH + 6 : paneH);
        if (stack != (codeColumn.getParent() == body)) {
            if (stack) {
                codeColumn.getChildren().setAll(src, lst);
                body.getChildren().setAll(codeColumn);
            } else {
                codeColumn.getChildren().clear();
                body.getChildren().setAll(src, lst);
            }
            if (!below) body.getChildren().add(sideScroll);
        }
        if (show != sideScroll.isManaged()) {
            sideScroll.setManaged(show);
            sideScroll.setVisible(show);
        }
        sideScroll.setMinWidth(show && !below ? s : 0);
        lst.setPrefWidth(stack ? Region.USE_COMPUTED_SIZE : Math.max(lMin, Math.min(lWant, codeW - c - gap)));
        super.layoutChildren();
    }

    private double sideFor = Double.NaN, sidePref;

    /** The width of the side column's vertical scroll bar while it shows, else 0. */
    private double sideBarWidth() { return barWidth(sideScroll); }

    /** The width of {@code sp}'s vertical scroll bar while it shows, else 0. */
    private static double barWidth(javafx.scene.control.ScrollPane sp) {
        for (javafx.scene.Node n : sp.lookupAll(".scroll-bar")) {
            if (n instanceof javafx.scene.control.ScrollBar b && b.getParent() == sp
                    && b.getOrientation() == javafx.geometry.Orientation.VERTICAL && b.isVisible()) return b.prefWidth(-1);
        }
        return 0;
    }

    private static final javafx.css.PseudoClass LESSON_HIGHLIGHT = javafx.css.PseudoClass.getPseudoClass("lesson-highlight");

    private static boolean highlighted(javafx.scene.Parent p) {
        for (javafx.scene.Node n : p.getChildrenUnmodifiable()) {
            if (n.getPseudoClassStates().contains(LESSON_HIGHLIGHT) || n instanceof javafx.scene.Parent q && highlighted(q)) return true;
        }
        return false;
    }

    private boolean reducedMotion;

    public void setReducedMotion(boolean reduced) {
        this.reducedMotion = reduced;
        source.setReducedMotion(reduced);
        listing.setReducedMotion(reduced);
    }

    /** Index (in the listing) of the highlighted instruction, -1 if none. */
    public int currentIndex() { return currentIndex; }

    /** The highlighted C line (1-based), -1 if none. */
    public int currentLine() { return currentLine; }

    /** The C source pane (row i is line i + 1). */
    public CodePane sourcePane() { return source; }

    /** The C pane's annotation toggles. */
    public AnnotationToggles toggles() { return toggles; }

    /** The listing pane (rows: symbol headers and instructions, see {@link #listingItem(int)}). */
    public CodePane listingPane() { return listing; }

    /** What listing row {@code row} shows: a {@link SymbolRow} or an {@link Instruction}. */
    public Object listingItem(int row) { return listingItems.get(row); }

    /** The shown value text of register {@code num} (0..15, 16 = rip). */
    public String registerText(int num) { return column.registerText(num); }

    public String spillText() { return column.spillText(); }

    private void loadListing(Listing l) {
        shownListing = l;
        lineColour.clear();
        List<Object> rows = new ArrayList<>();
        String sym = null;
        String file = "";
        for (Instruction in : l.instructions()) {
            if (in.symbol() != null && !in.symbol().equals(sym)) {
                sym = in.symbol();
                rows.add(new SymbolRow(sym));
            }
            rows.add(in);
            if (in.source().isKnown()) {
                file = in.source().file();
                lineColour.putIfAbsent(in.source().line(), lineColour.size());
            }
        }
        listingItems.clear();
        listingItems.addAll(rows);
        rowOfInstruction = new int[l.size()];
        for (int i = 0; i < rows.size(); i++) if (rows.get(i) instanceof Instruction in) rowOfInstruction[in.index()] = i;
        currentFile = file.isEmpty() ? "vdso_model.c" : file;
        String text = Listings.resource("/assets/csrc/" + currentFile);
        sourceLines = List.of(text.split("\n", -1));
        longestCode = 24;
        for (int line : lineColour.keySet()) {
            if (line >= 1 && line <= sourceLines.size()) {
                longestCode = Math.max(longestCode, sourceLines.get(line - 1).replace("\t", "    ").strip().length());
            }
        }
        breakpointsShown = 0;
        fillRows();
        sourceTitle.setText("C source: " + currentFile);
        // the compiler's short name (its full version string is in the tooltip): the title fits a narrow pane
        String compiler = l.compiler();
        int cut = compiler.indexOf(" (");
        listingTitle.setText("listing: " + l.name() + ".lst (" + (cut > 0 ? compiler.substring(0, cut) : compiler) + ")");
        org.vdsoexplorer.app.common.Tips.install(listingTitle, "gcc listing " + l.name() + ".lst, compiled by " + compiler);
        column.forgetRegisters();
    }

    private boolean running;

    /**
     * While the run goes at full speed, the code, registers and stack hold still at the last step
     * shown and the title says so: a highlight jumping to a random row eight times a second teaches nothing, and
     * redrawing both panes cost the render thread 13 ms at the median (bench-ui), a dropped frame. Pausing
     * shows where the run stopped.
     */
    public void setRunning(boolean fast) {
        if (fast == running) return;
        running = fast;
        if (fast) Fmt.setText(current, "running at full speed: the code shows where the run stops (P pauses)");
        else refresh();
    }

    public void refresh() {
        ModelSnapshot m = session.snapshot();
        if (running && shownListing == m.listing()) return; // held still (setRunning)
        if (shownListing != m.listing()) loadListing(m.listing());
        toggles.show(m.setup().variant());
        Instruction next = m.next();
        currentIndex = next == null ? -1 : next.index();
        currentLine = next == null ? -1 : next.source().line();
        String where = next == null ? "" : next.addressHex() + "  " + next.text().replaceAll("\\s+", " ")
                + "   \u2190 " + next.source() + (next.source().function().isEmpty() ? "" : " in " + next.source().function());
        Fmt.setText(current, (m.inCall() ? "next: " : "call " + (m.counters().calls() + 1) + " starts at: ") + where);
        int bp = session.breakInstructions().hashCode() * 31 + session.breakLines().hashCode();
        if (bp != breakpointsShown) {
            breakpointsShown = bp;
            fillRows();
        }
        listing.setCurrent(rowOf(currentIndex));
        source.setCurrent(currentLine - 1);
        column.refresh(m, reducedMotion);
    }

    /** The rows of both panes: text, C-line tint and breakpoint marks. */
    private void fillRows() {
        List<CodePane.Row> src = new ArrayList<>(sourceLines.size());
        for (int line = 1; line <= sourceLines.size(); line++) {
            boolean bp = session.breakLines().contains(line);
            String t = sourceLines.get(line - 1).replace("\t", "    ");
            src.add(new CodePane.Row(String.format("%s%4d  %s", bp ? "\u25cf" : " ", line, t), tint(lineColour.get(line)), false, bp));
        }
        source.setRows(src);
        List<CodePane.Row> lst = new ArrayList<>(listingItems.size());
        for (Object item : listingItems) {
            if (item instanceof SymbolRow sym) {
                lst.add(new CodePane.Row(sym.symbol() + ":", null, true, false));
            } else if (item instanceof Instruction in) {
                boolean bp = session.breakInstructions().contains(in.index());
                Integer c = in.source().isKnown() ? lineColour.get(in.source().line()) : null;
                lst.add(new CodePane.Row(String.format("%s%5s  %s", bp ? "\u25cf" : " ", in.addressHex(),
                        in.text().replaceAll("\\s+", " ")), tint(c), false, bp));
            }
        }
        listing.setRows(lst);
    }

    private static javafx.scene.paint.Color tint(Integer colour) {
        return colour == null ? null : Palette.tint(Palette.cycle(colour), 0.35);
    }

    private int rowOf(int insnIndex) {
        return insnIndex < 0 || insnIndex >= rowOfInstruction.length ? -1 : rowOfInstruction[insnIndex];
    }


}

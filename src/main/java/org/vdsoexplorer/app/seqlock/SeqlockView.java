package org.vdsoexplorer.app.seqlock;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Font;
import javafx.util.Duration;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.sim.SeqlockTrace.Mark;
import org.vdsoexplorer.sim.SeqlockTrace.Placed;
import org.vdsoexplorer.sim.SeqlockTrace.Retry;
import org.vdsoexplorer.sim.SeqlockTrace;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.lesson.Shown;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.Session;

/**
 * The seqlock read loop of the current call on one timeline: the reader's steps (its seq loads lit,
 * even or odd, real data page or namespace page), the writer's update_vsyscall() steps placed at the
 * reader step they preceded, the seq value with its parity, and each retry with its reason. Drawn from
 * the call's events; the headline figures come from the machine's kernel and counters.
 *
 * <p>The user places writer updates on the timeline: a click (or Enter at the keyboard cursor) at reader
 * step k places update_vsyscall() before step k and the session re-runs the call with it; a placed
 * update is marked on the writer lane (a triangle; its writer steps are outlined) and a click on it (or
 * Delete) removes it.
 *
 * <p>Size: the headline ({@link Headline}), writer line and explanation take the lines they need at the view's
 * width; the timeline's text shrinks to fit a short view down to half its size (never under
 * {@link TimelineSizing#SQUEEZED_PX}), and a view shorter than that scrolls vertically rather than drawing rows and lines over
 * one another. Its wording is {@link SeqlockCaptions}'.
 *
 * <p>Just over 450 lines: the timeline's mouse and keyboard placing, its sizing and the refresh share the view's
 * geometry and the call's rows; drawing, labels, legend, captions and sizing are already classes of their own.
 */
public final class SeqlockView extends BorderPane implements org.vdsoexplorer.app.common.DrawnText {
    private static final PseudoClass ODD = PseudoClass.getPseudoClass("odd");
    private static final PseudoClass EVEN = PseudoClass.getPseudoClass("even");
    private static final PseudoClass ACTIVE = PseudoClass.getPseudoClass("active");
    private static final Paint PLACE_BAND = Color.web("#009E73", 0.28);
    private static final Paint REMOVE_BAND = Color.web("#D55E00", 0.30);
    private static final String DEFAULT_HINT = SeqlockCaptions.HINT, DEFAULT_TIP = SeqlockCaptions.TIP;
    private final org.vdsoexplorer.app.common.FontScale scale = new org.vdsoexplorer.app.common.FontScale(this);
    /** The timeline's text sizes and rows for the canvas's size ({@link TimelineSizing}). */
    private final TimelineSizing sizing = new TimelineSizing(scale);
    /** The text drawn on the timeline (for {@link org.vdsoexplorer.app.tools.LayoutCheck}) and the rows' label placer. */
    private final TimelineLabels labels = new TimelineLabels();

    private final Session session;
    private final Canvas canvas = new Canvas(600, 260);
    private final Pane holder;
    /** The title, headline and lines, the timeline and the explanation (in a scroll pane: {@link #sizeTimeline}). */
    private final BorderPane content = org.vdsoexplorer.app.common.Scrolling.content();
    private final Rectangle band = new Rectangle();
    private final Tooltip tip = new Tooltip(DEFAULT_TIP);
    private final Label seq = new Label();
    private final Label counts = new Label();
    private final Label writer = new Label();
    private final Label hint = new Label(DEFAULT_HINT);
    private final Label why = new Label();
    private final Button inject = new Button("Place a writer update here");
    /** What to press, over the empty timeline of a call that has not started (step 0). */
    private final Label empty = new Label(SeqlockCaptions.EMPTY);
    private List<Mark> marks = List.of();
    private List<Instruction> stepInsns = List.of();
    private int steps;
    private long callStart;
    /** What the canvas last showed: redraw only when it changes. */
    private Object drawn;
    /** Keyboard cursor column (-1: none); mouse hover column (-1: none) and whether it would remove. */
    private int cursor = -1;
    private int hover = -1;
    private boolean hoverRemove;

    public SeqlockView(Session session) {
        this.session = session;
        getStyleClass().add("view");
        getStylesheets().add(SeqlockView.class.getResource("seqlock.css").toExternalForm());
        setId("seqlock-view");
        Label title = new Label("Seqlock read loop: reader and writer");
        title.getStyleClass().add("view-title");
        seq.setId("seqlock-seq");
        counts.setId("seqlock-counts");
        counts.getStyleClass().add("view-status");
        counts.setWrapText(true); // two lines in a narrow view rather than cut short
        counts.setMinWidth(0);
        counts.setMinHeight(Region.USE_PREF_SIZE);
        writer.setId("seqlock-writer");
        writer.getStyleClass().add("view-status");
        writer.setWrapText(true);
        writer.setMinWidth(0);
        writer.setMinHeight(Region.USE_PREF_SIZE);
        hint.setId("seqlock-hint");
        hint.setMinWidth(0);
        hint.setWrapText(true);
        hint.setMinHeight(Region.USE_PREF_SIZE);
        hint.managedProperty().bind(hint.visibleProperty());
        why.setId("seqlock-why");
        why.setWrapText(true);
        why.setMinHeight(Region.USE_PREF_SIZE);
        org.vdsoexplorer.app.common.StableSize.height(why); // a retry's longer explanation does not shrink the timeline back and forth
        setMinHeight(0);
        inject.setId("seqlock-inject");
        inject.setFocusTraversable(false);
        org.vdsoexplorer.app.common.Tips.install(inject, "Start update_vsyscall() on the timekeeping CPU before the reader's next "
                + "instruction (same as 'Kernel update now', K). To place one earlier, click the timeline.");
        inject.setOnAction(e -> session.injectWriterUpdate());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        title.setWrapText(true);
        title.setMinWidth(0);
        title.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(title, Priority.ALWAYS);
        inject.setMinWidth(Region.USE_PREF_SIZE);
        HBox titleRow = new HBox(8, title, gap, inject);
        Headline headline = new Headline(seq, counts);
        org.vdsoexplorer.app.common.StableSize.height(headline); // the counts rewrap as digits come: the timeline stays put
        VBox top = new VBox(2, titleRow, headline, writer, hint);
        writer.managedProperty().bind(writer.visibleProperty());
        content.setTop(top);

        band.setMouseTransparent(true);
        band.setVisible(false);
        band.setManaged(false);
        holder = new Pane(canvas, band);
        holder.setId("seqlock-timeline");
        holder.setMinHeight(120);
        holder.setFocusTraversable(true);
        // the window's step keys are ours while the timeline has the focus
        holder.getProperties().put(org.vdsoexplorer.session.KeyMap.OWN_KEYS, java.util.Set.of("LEFT", "RIGHT", "HOME",
                "END", "ENTER", "SPACE", "DELETE", "BACK_SPACE"));
        canvas.setLayoutX(2);
        canvas.setLayoutY(2);
        canvas.widthProperty().bind(holder.widthProperty().subtract(4));
        canvas.heightProperty().bind(holder.heightProperty().subtract(4));
        canvas.widthProperty().addListener(o -> redraw());
        canvas.heightProperty().addListener(o -> redraw());
        tip.setShowDelay(Duration.millis(250));
        tip.setWrapText(true);
        tip.setMaxWidth(520);
        Tooltip.install(canvas, tip);
        canvas.setOnMouseMoved(this::mouseMoved);
        canvas.setOnMouseExited(e -> {
            hover = -1;
            updateCursor();
        });
        canvas.setOnMouseClicked(this::mouseClicked);
        holder.addEventHandler(KeyEvent.KEY_PRESSED, this::keyPressed);
        holder.focusedProperty().addListener((o, a, f) -> {
            if (f && cursor < 0) cursor = steps;
            if (!f) cursor = -1;
            updateCursor();
        });
        empty.setId("seqlock-empty");
        empty.getStyleClass().add("seqlock-empty");
        empty.setWrapText(false); // one line: shown whole where it fits, else not at all (placeEmpty)
        empty.setManaged(false);
        empty.setMouseTransparent(true);
        // unmanaged, so a new font (presenter mode, a scale) would not lay the view out again: its place and size are
        // computed from its font (placeEmpty), so a new font asks for a layout
        empty.fontProperty().addListener(o -> requestLayout());
        holder.getChildren().add(empty);
        content.setCenter(holder);
        BorderPane.setMargin(holder, new Insets(2, 0, 2, 0));
        content.setBottom(new VBox(4, SeqlockLegend.make(), why));
        content.setMinHeight(Region.USE_COMPUTED_SIZE);
        setCenter(org.vdsoexplorer.app.common.Scrolling.vertical(content, "seqlock-scroll"));
        scale.scaleProperty().addListener(o -> {
            sizeTimeline();
            drawn = null;
            redraw();
        });
        scale.lineWeightProperty().addListener(o -> redraw()); // the projector theme's thicker lines
        sizeTimeline();
        session.addListener(this::refresh);
        refresh();
    }

    /** The timeline's height: its rows at full size, at least at the least size {@link TimelineSizing#fit} allows. */
    private void sizeTimeline() {
        holder.setPrefHeight(geometryFor(0, 1).needed());
        holder.setMinHeight(Math.max(120, geometryFor(0, leastFit()).needed()));
    }

    /** The hint line (also the timeline's tooltip) gives its room to the timeline when the view is short. */
    @Override protected void layoutChildren() {
        javafx.scene.Node top = content.getTop();
        double w = getWidth(), others = why.prefHeight(w) + 8 + (hint.isVisible() ? 0 : hint.prefHeight(w) + 2);
        boolean room = top.prefHeight(w) + others + geometryFor(0, 1).needed() <= getHeight();
        if (room != hint.isVisible()) hint.setVisible(room);
        super.layoutChildren();
        placeEmpty();
    }

    /** The empty state's text over the reader and writer lanes, right of the lane names, while there are no steps. */
    private void placeEmpty() {
        empty.setVisible(steps == 0);
        if (steps > 0 || canvas.getWidth() <= 0) return;
        TimelineGeometry g = geometry();
        double x = canvas.getLayoutX() + g.left() + 8, w = Math.max(40, canvas.getLayoutX() + g.right() - 8 - x);
        w = Math.min(w, getWidth() - x - 24); // the canvas may be wider than the view shows (it scrolls): what is seen
        empty.applyCss();
        double h = empty.prefHeight(-1);
        double mid = canvas.getLayoutY() + (g.yReaderLabel() + g.yWriter()) / 2;
        double y = Math.max(canvas.getLayoutY(), mid - h / 2);
        // where the timeline is too short for the whole sentence, none of it rather than a cut one (the buttons say it too)
        if (y + h > canvas.getLayoutY() + canvas.getHeight() || empty.prefWidth(-1) > w) {
            empty.setVisible(false);
            return;
        }
        empty.resizeRelocate(x, y, empty.prefWidth(-1), h);
    }

    @Override public List<org.vdsoexplorer.app.common.DrawnText.Box> drawnText() { return labels.drawn(); }

    @Override public javafx.scene.Node drawnOn() { return canvas; }

    /** The text scale the timeline's labels follow (the window's font size over 16 px). */
    public org.vdsoexplorer.app.common.FontScale fontScale() { return scale; }

    /** The marks currently drawn (for tests). */
    public List<Mark> marks() { return marks; }

    /** Reader steps on the timeline (the call shown). */
    public int steps() { return steps; }

    public String seqText() { return seq.getText(); }

    public String countsText() { return counts.getText(); }

    public String whyText() { return why.getText(); }

    /** The hint line under the headline: what a click or Enter would do (for tests). */
    public String hintText() { return hint.getText(); }

    /** The timeline canvas (for tests: mouse events at {@link #stepX}). */
    public Canvas timeline() { return canvas; }

    /** Canvas x of the middle of reader step {@code k}'s column ({@code k == steps}: the next step). */
    public double stepX(int k) { return geometry().x(k); }

    /** Canvas y of the reader lane. */
    public double readerY() { return geometry().yReader(); }

    /** Canvas y of the placed-update markers (the triangles above the writer lane). */
    public double placedY() { return geometry().yPin(); }

    /** The keyboard cursor's column, or -1. */
    public int cursor() { return cursor; }

    private boolean running, showingWhole;
    /** What an open predict question masks here (see {@link Shown}). */
    private boolean hideSeq, hideRetries, hideSpins;

    /**
     * While the model runs fast the timeline shows the last finished call whole (a refresh lands anywhere
     * in a call; a half-drawn call that changes at every refresh tells nothing); stepping shows the live one.
     */
    public void setRunning(boolean fast) { this.running = fast; }

    public void refresh() {
        ModelSnapshot m = session.snapshot();
        boolean whole = running && m.inCall() && !m.lastCallLog().isEmpty();
        List<Event> log = whole ? m.lastCallLog() : m.callLog();
        showingWhole = whole;
        long s = m.seqlock().seq();
        // an open predict question masks what would answer it (PredictKind.masks)
        hideSeq = session.masked(Shown.SEQ);
        hideRetries = session.masked(Shown.RETRIES);
        hideSpins = session.masked(Shown.SPINS);
        boolean hideSteps = session.masked(Shown.CALL_INSTRUCTIONS);
        Fmt.setText(seq, SeqlockCaptions.seq(s, hideSeq));
        seq.pseudoClassStateChanged(ODD, !hideSeq && (s & 1) != 0);
        seq.pseudoClassStateChanged(EVEN, !hideSeq && (s & 1) == 0);

        callStart = m.callStart();
        java.util.Map<Long, Integer> placedHere = new java.util.TreeMap<>();
        if (!whole) for (Map.Entry<Long, Integer> p : session.writerUpdates().entrySet()) placedHere.put(p.getKey() - callStart, p.getValue());
        SeqlockTrace trace = SeqlockTrace.of(log, placedHere);
        steps = trace.steps();
        stepInsns = trace.instructions();
        List<Mark> out = trace.marks();
        Event.WriterStep lastWriter = trace.lastWriter();
        Retry lastRetry = trace.lastRetry();
        marks = out;
        SeqlockCaptions.Masks hide = new SeqlockCaptions.Masks(hideSeq, hideRetries, hideSpins, hideSteps);
        Fmt.setText(counts, SeqlockCaptions.counts(m, steps, whole, placedCount(), hide));
        Fmt.setText(writer, SeqlockCaptions.writer(m, lastWriter, hide));
        writer.setVisible(!writer.getText().isEmpty());
        Fmt.setText(why, SeqlockCaptions.why(out, lastRetry, hide));
        if (cursor > steps) cursor = steps;
        if (hover > steps) hover = -1;
        if ((steps == 0) != empty.isVisible()) requestLayout();
        redraw();
        updateCursor();
    }

    private int placedCount() {
        int n = 0;
        for (int c : session.writerUpdates().values()) n += c;
        return n;
    }

    private int placedAt(int k) {
        for (Mark x : marks) if (x instanceof Placed p && p.at() == k) return p.count();
        return 0;
    }

    // ---- placing and removing ------------------------------------------------------------------

    private void mouseMoved(MouseEvent e) {
        TimelineGeometry g = geometry();
        int k = g.column(e.getX());
        if (k < 0 || k > steps || e.getY() > g.ySeqTop()) {
            hover = -1;
        } else {
            hover = k;
            hoverRemove = placedAt(k) > 0 && g.onPin(e.getY());
        }
        updateCursor();
    }

    private void mouseClicked(MouseEvent e) {
        holder.requestFocus();
        if (e.getButton() != MouseButton.PRIMARY) return;
        mouseMoved(e);
        if (hover < 0) return;
        cursor = hover;
        if (hoverRemove) remove(hover);
        else place(hover);
        e.consume();
    }

    private void keyPressed(KeyEvent e) {
        int c = Math.max(0, cursor < 0 ? steps : cursor);
        switch (e.getCode()) {
            case LEFT -> cursor = Math.max(0, c - 1);
            case RIGHT -> cursor = Math.min(steps, c + 1);
            case HOME -> cursor = 0;
            case END -> cursor = steps;
            case ENTER, SPACE -> place(c);
            case DELETE, BACK_SPACE -> {
                if (placedAt(c) > 0) remove(c);
                else {
                    hint.setText("No writer update is placed before reader step " + c + " (placed ones are marked \u25bc).");
                    hint.pseudoClassStateChanged(ACTIVE, false);
                    e.consume();
                    return;
                }
            }
            case ESCAPE -> getScene().getRoot().requestFocus();
            default -> { return; }
        }
        e.consume();
        updateCursor();
    }

    /** Places an update before reader step {@code k} of the call shown. */
    public void place(int k) {
        edit(k, true);
    }

    /** Removes an update placed before reader step {@code k} of the call shown. */
    public void remove(int k) {
        edit(k, false);
    }

    private void edit(int k, boolean add) {
        try {
            if (add) session.placeWriterUpdate(callStart + k);
            else session.removeWriterUpdate(callStart + k);
        } catch (IllegalArgumentException ex) {
            hint.setText("Cannot: " + ex.getMessage());
            hint.pseudoClassStateChanged(ACTIVE, false);
        }
    }

    /** The overlay band at the hovered (else the cursor's) column and the hint line; no canvas redraw. */
    private void updateCursor() {
        int k = hover >= 0 ? hover : cursor;
        if (k < 0 || k > steps) {
            band.setVisible(false);
            if (hint.getText().startsWith("click") || hint.getText().startsWith("Enter")) hint.setText(DEFAULT_HINT);
            hint.pseudoClassStateChanged(ACTIVE, false);
            tip.setText(DEFAULT_TIP);
            return;
        }
        TimelineGeometry g = geometry();
        boolean remove = hover >= 0 ? hoverRemove : placedAt(k) > 0;
        double w = Math.max(4, g.dx());
        band.setX(canvas.getLayoutX() + g.x(k) - w / 2);
        band.setY(canvas.getLayoutY() + 4);
        band.setWidth(w);
        band.setHeight(g.ySeqTop() - 4);
        band.setFill(remove ? REMOVE_BAND : PLACE_BAND);
        band.setVisible(true);
        String where = k >= steps ? "the next reader step (as K)"
                : "reader step " + k + " (" + stepInsns.get(k).text().trim() + ")";
        String text;
        if (hover >= 0) {
            text = remove ? "click: remove the update_vsyscall() placed before " + where
                    : "click: place update_vsyscall() before " + where;
        } else {
            text = "Enter: place update_vsyscall() before " + where
                    + (placedAt(k) > 0 ? " \u00b7 Delete: remove the one placed there" : "");
        }
        hint.setText(text);
        hint.pseudoClassStateChanged(ACTIVE, true);
        tip.setText(text);
    }

    // ---- drawing -------------------------------------------------------------------------------

    private TimelineGeometry geometry() { return sizing.geometry(canvas.getWidth(), canvas.getHeight(), steps); }

    private TimelineGeometry geometryFor(double h, double fit) { return sizing.geometry(canvas.getWidth(), h, steps, fit); }

    private double leastFit() { return sizing.leastFit(); }

    private Font labelFont() { return sizing.labelFont(sizing.fit(canvas.getWidth(), canvas.getHeight(), steps)); }

    private Font smallFont() { return sizing.smallFont(sizing.fit(canvas.getWidth(), canvas.getHeight(), steps)); }

    private void redraw() {
        Object state = List.of(marks, steps, canvas.getWidth(), canvas.getHeight(), showingWhole ? -1L : session.snapshot().seqlock().seq(),
                scale.scale(), scale.lineWeight(), hideSeq, hideRetries, hideSpins);
        if (Objects.equals(state, drawn)) return;
        drawn = state;
        draw();
    }

    private void draw() {
        new TimelineDrawing(canvas.getGraphicsContext2D(), canvas.getWidth(), canvas.getHeight(), geometry(), labels,
                labelFont(), smallFont(), hideSeq, hideRetries, hideSpins, scale.lineWeight()).draw(marks, steps, session.snapshot().seqlock().seq());
    }
}

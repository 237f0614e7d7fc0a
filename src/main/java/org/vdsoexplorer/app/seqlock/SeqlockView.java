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
import javafx.scene.input.KeyCode;
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
import javafx.scene.text.FontWeight;
import javafx.util.Duration;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.model.Machine;
import org.vdsoexplorer.model.SeqlockTrace.Mark;
import org.vdsoexplorer.model.SeqlockTrace.Odd;
import org.vdsoexplorer.model.SeqlockTrace.Placed;
import org.vdsoexplorer.model.SeqlockTrace.Retry;
import org.vdsoexplorer.model.SeqlockTrace.SeqLoad;
import org.vdsoexplorer.model.SeqlockTrace;
import org.vdsoexplorer.model.asm.Instruction;
import org.vdsoexplorer.model.event.Event;
import org.vdsoexplorer.model.lesson.Shown;
import org.vdsoexplorer.viewmodel.Session;

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
 */
public final class SeqlockView extends BorderPane implements org.vdsoexplorer.app.common.DrawnText {
    private static final PseudoClass ODD = PseudoClass.getPseudoClass("odd");
    private static final PseudoClass EVEN = PseudoClass.getPseudoClass("even");
    private static final PseudoClass ACTIVE = PseudoClass.getPseudoClass("active");
    private static final Paint PLACE_BAND = Color.web("#009E73", 0.28);
    private static final Paint REMOVE_BAND = Color.web("#D55E00", 0.30);
    private static final String DEFAULT_HINT = "Click a reader step: place update_vsyscall() before it \u00b7 "
            + "click \u25bc: remove it";
    private static final String DEFAULT_TIP = "Click the reader lane at a reader step to place update_vsyscall() "
            + "before that step; the call re-runs with it. Click a \u25bc (a placed update) to remove it. "
            + "Keyboard, with the timeline focused (Tab or click): \u2190 \u2192 Home End move the cursor, "
            + "Enter places, Delete removes, Esc leaves.";
    /** Lane names' and marks' sizes at 100 % (scaled with the window's text; see {@link org.vdsoexplorer.app.common.FontScale}). */
    static final double LABEL_PX = 15, SMALL_PX = 14;
    /** The least size of the timeline's text when its view is too short for its rows at full size. */
    static final double SQUEEZED_PX = 10;
    private final org.vdsoexplorer.app.common.FontScale scale = new org.vdsoexplorer.app.common.FontScale(this);
    /** The text drawn on the timeline (for {@link org.vdsoexplorer.app.LayoutCheck}) and the rows' label placer. */
    private final TimelineLabels labels = new TimelineLabels();

    private final Session session;
    private final Canvas canvas = new Canvas(600, 260);
    private final Pane holder;
    private final Rectangle band = new Rectangle();
    private final Tooltip tip = new Tooltip(DEFAULT_TIP);
    private final Label seq = new Label();
    private final Label counts = new Label();
    private final Label writer = new Label();
    private final Label hint = new Label(DEFAULT_HINT);
    private final Label why = new Label();
    private final Button inject = new Button("Place a writer update here");
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
        HBox.setHgrow(counts, Priority.ALWAYS);
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
        seq.setMinWidth(Region.USE_PREF_SIZE);
        HBox headline = new HBox(12, seq, counts);
        headline.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        VBox top = new VBox(2, titleRow, headline, writer, hint);
        writer.managedProperty().bind(writer.visibleProperty());
        setTop(top);

        band.setMouseTransparent(true);
        band.setVisible(false);
        band.setManaged(false);
        holder = new Pane(canvas, band);
        holder.setId("seqlock-timeline");
        holder.setMinHeight(120);
        holder.setFocusTraversable(true);
        // the window's step keys are ours while the timeline has the focus
        holder.getProperties().put(org.vdsoexplorer.viewmodel.KeyMap.OWN_KEYS, java.util.Set.of("LEFT", "RIGHT", "HOME",
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
        setCenter(holder);
        BorderPane.setMargin(holder, new Insets(2, 0, 2, 0));
        setBottom(why);
        scale.scaleProperty().addListener(o -> {
            holder.setPrefHeight(geometryFor(0, 1).needed());
            drawn = null;
            redraw();
        });
        holder.setPrefHeight(geometryFor(0, 1).needed());
        session.addListener(this::refresh);
        refresh();
    }

    /** The hint line (also the timeline's tooltip) gives its room to the timeline when the view is short. */
    @Override protected void layoutChildren() {
        javafx.scene.Node top = getTop();
        double w = getWidth(), others = why.prefHeight(w) + 8 + (hint.isVisible() ? 0 : hint.prefHeight(w) + 2);
        boolean room = top.prefHeight(w) + others + geometryFor(0, 1).needed() <= getHeight();
        if (room != hint.isVisible()) hint.setVisible(room);
        super.layoutChildren();
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
        Machine m = session.machine();
        boolean whole = running && m.inCall() && !session.lastCallLog().isEmpty();
        List<Event> log = whole ? session.lastCallLog() : session.callLog();
        showingWhole = whole;
        long s = m.kernel().seq();
        // an open predict question masks what would answer it (PredictKind.masks)
        hideSeq = session.masked(Shown.SEQ);
        hideRetries = session.masked(Shown.RETRIES);
        hideSpins = session.masked(Shown.SPINS);
        boolean hideSteps = session.masked(Shown.CALL_INSTRUCTIONS);
        Fmt.setText(seq, hideSeq ? "seq = ?" : "seq = " + s + ((s & 1) != 0 ? "  odd: writer active" : "  even"));
        seq.pseudoClassStateChanged(ODD, !hideSeq && (s & 1) != 0);
        seq.pseudoClassStateChanged(EVEN, !hideSeq && (s & 1) == 0);

        callStart = session.callStart();
        java.util.Map<Long, Integer> placedHere = new java.util.TreeMap<>();
        if (!whole) for (Map.Entry<Long, Integer> p : session.writerUpdates().entrySet()) placedHere.put(p.getKey() - callStart, p.getValue());
        SeqlockTrace trace = SeqlockTrace.of(log, placedHere);
        steps = trace.steps();
        stepInsns = trace.instructions();
        List<Mark> out = trace.marks();
        Event.WriterStep lastWriter = trace.lastWriter();
        Retry lastRetry = trace.lastRetry();
        marks = out;
        String stepsText = hideSteps ? "?" : Integer.toString(steps);
        Fmt.setText(counts, (whole ? "running; the last finished call: " + stepsText + " steps" : "step " + stepsText + " of this call")
                + " \u00b7 retries " + (hideRetries ? "?" : m.kernel().callRetries()) + " \u00b7 odd spins "
                + (hideSpins ? "?" : m.kernel().callOddSpins())
                + " \u00b7 total retries " + (hideRetries ? "?" : m.retries() + (m.inCall() ? m.kernel().callRetries() : 0))
                + " \u00b7 writer updates " + m.kernel().updateCount() + " (placed " + placedCount() + ")"
                + (m.kernel().tickMilli() > 0
                ? String.format(java.util.Locale.ROOT, " \u00b7 tick every %.1f ms",
                        m.kernel().tickMilli() / 1000.0 / (m.setup().ghz() * 1e6))
                : " \u00b7 no ticks"));
        if (m.kernel().writerActive() && lastWriter != null) {
            Fmt.setText(writer, "writer: update #" + lastWriter.update() + (lastWriter.injected() ? " (placed)" : " (tick)")
                    + " step " + (lastWriter.step() + 1) + "/" + lastWriter.steps() + ": " + lastWriter.what());
        } else if (lastWriter != null) {
            Fmt.setText(writer, "writer: update #" + lastWriter.update() + (lastWriter.injected() ? " (placed)" : " (tick)")
                    + " finished in this call (" + lastWriter.what() + ")");
        } else {
            Fmt.setText(writer, "");
        }
        if (hideSeq) Fmt.setText(writer, "");
        writer.setVisible(!writer.getText().isEmpty());
        if (hideSeq || hideRetries || hideSpins) {
            Fmt.setText(why, "Predict first: the values that would answer the lesson's question show as ? until you reveal.");
        } else if (lastRetry != null) {
            String cause = lastRetry.update() == 0 ? "a kernel update"
                    : "update #" + lastRetry.update() + (lastRetry.placedUpdate() ? " (placed by you)" : " (the tick's)");
            Fmt.setText(why, "Retry: the reader began at seq " + lastRetry.begin() + " but the check read "
                    + lastRetry.now() + ": the read straddled " + cause + ", so its values may be torn; the loop "
                    + "runs again.");
        } else if (out.stream().anyMatch(k -> k instanceof Odd)) {
            Fmt.setText(why, "The reader found seq odd on the real data page: a writer is between vdso_write_begin() and "
                    + "vdso_write_end(); it spins with cpu_relax() until seq is even.");
        } else if (out.stream().anyMatch(k -> k instanceof SeqLoad l && l.namespacePage())) {
            Fmt.setText(why, "The namespace page's seq is 1 forever: the odd seq sends the reader into the slow path, "
                    + "where clock_mode VCLOCK_TIMENS leads to do_hres_timens() and the real page in slot 3.");
        } else {
            Fmt.setText(why, "Place a writer update between the reader's two seq loads (click the timeline there, or K "
                    + "at that moment) to make a retry happen.");
        }
        if (cursor > steps) cursor = steps;
        if (hover > steps) hover = -1;
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

    private TimelineGeometry geometry() { return geometryFor(canvas.getHeight()); }

    private TimelineGeometry geometryFor(double h) { return geometryFor(h, fit(canvas.getHeight())); }

    private TimelineGeometry geometryFor(double h, double fit) {
        return TimelineGeometry.of(canvas.getWidth(), h, steps, smallFont(fit).getSize(), labelFont(fit));
    }

    /**
     * How much the timeline's text shrinks so its rows fit a canvas {@code h} high (1: not at all), never below
     * {@link #SQUEEZED_PX}: a short view (250 % on 1080 rows, a laptop) gets smaller text rather than rows drawn
     * over one another. (At 100 % and more its text is {@link org.vdsoexplorer.app.common.FontScale#MIN_PX} or
     * more whenever the rows fit, as on a projector.)
     */
    private double fit(double h) {
        java.util.List<Double> key = java.util.List.of(h, canvas.getWidth(), scale.scale(), (double) steps);
        if (key.equals(fitKey)) return fitValue; // (a refresh asks several times; measuring text is not free)
        double full = geometryFor(0, 1).needed();
        fitKey = key;
        fitValue = h <= 0 || h >= full ? 1 : Math.max(SQUEEZED_PX / (SMALL_PX * scale.scale()), h / full);
        return fitValue;
    }

    private java.util.List<Double> fitKey;
    private double fitValue = 1;

    private Font labelFont() { return labelFont(fit(canvas.getHeight())); }

    private Font smallFont() { return smallFont(fit(canvas.getHeight())); }

    private Font labelFont(double fit) {
        return Font.font("DejaVu Sans", FontWeight.BOLD, Math.max(SQUEEZED_PX, LABEL_PX * scale.scale() * fit));
    }

    private Font smallFont(double fit) {
        return Font.font("DejaVu Sans", FontWeight.NORMAL, Math.max(SQUEEZED_PX, SMALL_PX * scale.scale() * fit));
    }

    private void redraw() {
        Object state = List.of(marks, steps, canvas.getWidth(), canvas.getHeight(), showingWhole ? -1L : session.machine().kernel().seq(),
                scale.scale(), hideSeq, hideRetries, hideSpins);
        if (Objects.equals(state, drawn)) return;
        drawn = state;
        draw();
    }

    private void draw() {
        new TimelineDrawing(canvas.getGraphicsContext2D(), canvas.getWidth(), canvas.getHeight(), geometry(), labels,
                labelFont(), smallFont(), hideSeq, hideRetries, hideSpins).draw(marks, steps, session.machine().kernel().seq());
    }
}

package org.vdsoexplorer.app.seqlock;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.vdsoexplorer.app.Palette;
import org.vdsoexplorer.app.Session;
import org.vdsoexplorer.model.Machine;
import org.vdsoexplorer.model.event.Event;

/**
 * The seqlock read loop of the current call on one timeline: the reader's steps (its seq loads lit,
 * even or odd, real data page or namespace page), the writer's update_vsyscall() steps placed at the
 * reader step they preceded, the seq value with its parity, and each retry with its reason. Drawn from
 * the call's events; the headline figures come from the machine's kernel and counters.
 */
public final class SeqlockView extends BorderPane {
    /** One thing on the timeline, at reader step {@code at} (0-based within the call). */
    public sealed interface Mark {
        int at();
    }

    public record SeqLoad(int at, long value, boolean namespacePage, boolean check) implements Mark {}

    public record Writer(int at, int update, int step, int steps, String what, long seq) implements Mark {}

    public record Retry(int at, long begin, long now) implements Mark {}

    public record Odd(int at, long seq) implements Mark {}

    private final Session session;
    private final Canvas canvas = new Canvas(600, 260);
    private final Label seq = new Label();
    private final Label counts = new Label();
    private final Label writer = new Label();
    private final Label why = new Label();
    private final Button inject = new Button("Place a writer update here");
    private List<Mark> marks = List.of();
    private int steps;

    public SeqlockView(Session session) {
        this.session = session;
        getStyleClass().add("view");
        setId("seqlock-view");
        Label title = new Label("Seqlock read loop: reader and writer");
        title.getStyleClass().add("view-title");
        seq.setId("seqlock-seq");
        seq.getStyleClass().add("big-value");
        counts.setId("seqlock-counts");
        counts.getStyleClass().add("view-status");
        writer.setId("seqlock-writer");
        writer.getStyleClass().add("view-status");
        why.setId("seqlock-why");
        why.getStyleClass().add("why");
        why.setWrapText(true);
        why.setMinHeight(Region.USE_PREF_SIZE);
        setMinHeight(0);
        inject.setId("seqlock-inject");
        inject.setFocusTraversable(false);
        inject.setTooltip(new Tooltip("Start update_vsyscall() on the timekeeping CPU before the reader's next "
                + "instruction (same as 'Kernel update now', K)"));
        inject.setOnAction(e -> session.injectWriterUpdate());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox titleRow = new HBox(8, title, gap, inject);
        seq.setMinWidth(Region.USE_PREF_SIZE);
        HBox headline = new HBox(12, seq, counts);
        headline.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        VBox top = new VBox(2, titleRow, headline, writer);
        writer.managedProperty().bind(writer.visibleProperty());
        setTop(top);
        Pane holder = new Pane(canvas);
        holder.setMinHeight(120);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener(o -> draw());
        canvas.heightProperty().addListener(o -> draw());
        setCenter(holder);
        BorderPane.setMargin(holder, new Insets(4, 0, 4, 0));
        setBottom(why);
        session.addListener(this::refresh);
        refresh();
    }

    /** The marks currently drawn (for tests). */
    public List<Mark> marks() { return marks; }

    public String seqText() { return seq.getText(); }

    public String countsText() { return counts.getText(); }

    public String whyText() { return why.getText(); }

    public void refresh() {
        Machine m = session.machine();
        long s = m.kernel().seq();
        seq.setText("seq = " + s + ((s & 1) != 0 ? "  odd: writer active" : "  even"));
        seq.getStyleClass().removeAll("odd", "even");
        seq.getStyleClass().add((s & 1) != 0 ? "odd" : "even");
        counts.setText("step " + countSteps() + " of this call \u00b7 retries " + m.kernel().callRetries() + " \u00b7 odd spins " + m.kernel().callOddSpins()
                + " \u00b7 total retries " + (m.retries() + (m.inCall() ? m.kernel().callRetries() : 0))
                + " \u00b7 writer updates " + m.kernel().updateCount() + (m.kernel().tickMilli() > 0
                ? String.format(java.util.Locale.ROOT, " (tick every %.1f ms)", m.kernel().tickMilli() / 1000.0 / (m.setup().ghz() * 1e6))
                : " (no ticks)"));
        counts.setWrapText(false);

        List<Mark> out = new ArrayList<>();
        int at = 0;
        boolean expectCheck = false;
        Event.SeqRetry lastRetry = null;
        int lastUpdate = -1;
        Event.WriterStep lastWriter = null;
        for (Event e : session.callLog()) {
            switch (e) {
                case Event.Retired r -> at++;
                case Event.MemRead r when r.what() != null && r.what().endsWith(".seq") && r.size() == 4 -> {
                    boolean ns = r.what().contains("(TIMENS)");
                    boolean check = !ns && expectCheck;
                    if (!ns) expectCheck = !expectCheck && (r.value() & 1) == 0;
                    out.add(new SeqLoad(at, r.value(), ns, check));
                }
                case Event.WriterStep w -> {
                    out.add(new Writer(at, w.update(), w.step(), w.steps(), w.what(), w.seq()));
                    lastUpdate = w.update();
                    lastWriter = w;
                }
                case Event.SeqRetry r -> {
                    out.add(new Retry(at, r.begin(), r.now()));
                    lastRetry = r;
                    expectCheck = false;
                }
                case Event.SeqOdd o -> out.add(new Odd(at, o.seq()));
                default -> { }
            }
        }
        marks = out;
        steps = at;
        if (m.kernel().writerActive() && lastWriter != null) {
            writer.setText("writer: update #" + lastWriter.update() + " step " + (lastWriter.step() + 1) + "/"
                    + lastWriter.steps() + ": " + lastWriter.what());
        } else if (lastWriter != null) {
            writer.setText("writer: update #" + lastUpdate + " finished in this call (" + lastWriter.what() + ")");
        } else {
            writer.setText("");
        }
        writer.setVisible(!writer.getText().isEmpty());
        if (lastRetry != null) {
            why.setText("Retry: the reader began at seq " + lastRetry.begin() + " but the check read "
                    + lastRetry.now() + ": the read straddled a kernel update, so its values may be torn; the loop "
                    + "runs again.");
        } else if (out.stream().anyMatch(k -> k instanceof Odd)) {
            why.setText("The reader found seq odd on the real data page: a writer is between vdso_write_begin() and "
                    + "vdso_write_end(); it spins with cpu_relax() until seq is even.");
        } else if (out.stream().anyMatch(k -> k instanceof SeqLoad l && l.namespacePage())) {
            why.setText("The namespace page's seq is 1 forever: the odd seq sends the reader into the slow path, "
                    + "where clock_mode VCLOCK_TIMENS leads to do_hres_timens() and the real page in slot 3.");
        } else {
            why.setText("Press K (or the button) while the reader is between its two seq loads to make a retry happen.");
        }
        draw();
    }

    private int countSteps() {
        int n = 0;
        for (Event e : session.callLog()) if (e instanceof Event.Retired) n++;
        return n;
    }

    private void draw() {
        double w = canvas.getWidth(), h = canvas.getHeight();
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        if (w < 50 || h < 50) return;
        double left = 92, right = w - 16;
        int span = Math.max(steps, 40);
        double dx = (right - left) / span;
        double yReader = h * 0.34, yWriter = h * 0.60, ySeqTop = h * 0.74, ySeqBot = h * 0.97;
        Font label = Font.font("DejaVu Sans", FontWeight.BOLD, 15);
        Font small = Font.font("DejaVu Sans", 13);
        g.setFont(label);
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        g.setFill(Palette.INK);
        g.fillText("reader", 6, yReader);
        g.fillText("writer", 6, yWriter);
        g.fillText("seq", 6, (ySeqTop + ySeqBot) / 2);
        g.setStroke(Palette.GREY);
        g.setLineWidth(1);
        g.strokeLine(left, yReader, right, yReader);
        g.strokeLine(left, yWriter, right, yWriter);
        // reader step ticks
        g.setStroke(Color.web("#999999"));
        for (int i = 0; i < steps; i++) {
            double x = left + (i + 0.5) * dx;
            g.strokeLine(x, yReader - 5, x, yReader + 5);
        }
        // seq over time (real data page): reconstruct from loads and writer steps
        List<double[]> pts = new ArrayList<>();
        for (Mark k : marks) {
            if (k instanceof Writer wr) pts.add(new double[] {k.at(), wr.seq()});
            if (k instanceof SeqLoad l && !l.namespacePage()) pts.add(new double[] {k.at(), l.value()});
        }
        long now = session.machine().kernel().seq();
        long first = pts.isEmpty() ? now : (long) pts.getFirst()[1];
        if (!pts.isEmpty() && marks.stream().filter(k -> k instanceof Writer).findFirst().orElse(null) instanceof Writer fw
                && (fw.step() == 0 || fw.step() == fw.steps() - 1) && fw.at() <= pts.getFirst()[0]) {
            first = fw.seq() - 1;
        }
        double x0 = left;
        long v = first;
        g.setFont(small);
        for (double[] p : pts) {
            if ((long) p[1] == v) continue;
            double x = left + p[0] * dx;
            seqSegment(g, x0, x, v, ySeqTop, ySeqBot);
            x0 = x;
            v = (long) p[1];
        }
        seqSegment(g, x0, left + steps * dx, v, ySeqTop, ySeqBot);
        // marks; labels are skipped where they would overlap the previous one in their row
        double[] lastRight = new double[4];
        java.util.Arrays.fill(lastRight, -1e9);
        for (Mark k : marks) {
            double x = left + (k.at() + 0.5) * dx;
            switch (k) {
                case SeqLoad l -> {
                    Color c = l.namespacePage() ? Palette.ORANGE : (l.value() & 1) != 0 ? Palette.VERMILLION : Palette.BLUE;
                    g.setFill(c);
                    double r = 9;
                    if (l.namespacePage()) {
                        g.fillPolygon(new double[] {x, x + r, x, x - r}, new double[] {yReader - r, yReader, yReader + r, yReader}, 4);
                    } else {
                        g.fillOval(x - r, yReader - r, 2 * r, 2 * r);
                    }
                    g.setFill(Palette.INK);
                    label(g, lastRight, 0, (l.check() ? "check " : l.namespacePage() ? "ns " : "") + l.value(), x, yReader - 20);
                }
                case Writer wr -> {
                    boolean bump = wr.step() == 0 || wr.step() == wr.steps() - 1;
                    g.setFill(bump ? Palette.VERMILLION : Palette.PURPLE);
                    g.fillRect(x - 8, yWriter - 10, 16, 20);
                    g.setFill(Palette.INK);
                    if (bump) label(g, lastRight, 1, "seq=" + wr.seq(), x, yWriter - 20);
                }
                case Retry r -> {
                    g.setStroke(Palette.VERMILLION);
                    g.setLineWidth(3);
                    g.setLineDashes(8, 5);
                    g.strokeLine(x, 4, x, ySeqBot);
                    g.setLineDashes();
                    g.setFill(Palette.VERMILLION);
                    label(g, lastRight, 3, "retry: " + r.begin() + "\u2192" + r.now(), x, 10);
                }
                case Odd o -> {
                    g.setFill(Palette.VERMILLION);
                    label(g, lastRight, 2, "spin", x, yReader + 20);
                }
            }
        }
        // now
        double xn = left + steps * dx;
        g.setStroke(Palette.INK);
        g.setLineWidth(2.5);
        g.strokeLine(xn, yReader - 36, xn, ySeqBot + 4);
        g.setLineWidth(1);

    }

    /** Draws {@code t} centred at x unless it would overlap the previous label of {@code row}. */
    private static void label(GraphicsContext g, double[] lastRight, int row, String t, double x, double y) {
        double half = t.length() * 4.2;
        if (x - half < lastRight[row] + 4) return;
        g.setTextAlign(TextAlignment.CENTER);
        g.fillText(t, x, y);
        lastRight[row] = x + half;
    }

    private static void seqSegment(GraphicsContext g, double x0, double x1, long v, double top, double bot) {
        if (x1 <= x0) return;
        boolean odd = (v & 1) != 0;
        g.setFill(odd ? Palette.tint(Palette.VERMILLION, 0.45) : Palette.tint(Palette.BLUE, 0.2));
        g.fillRect(x0, top, x1 - x0, bot - top);
        g.setStroke(odd ? Palette.VERMILLION : Palette.BLUE);
        g.setLineWidth(2);
        g.strokeRect(x0, top, x1 - x0, bot - top);
        g.setFill(Palette.INK);
        g.setTextAlign(TextAlignment.CENTER);
        if (x1 - x0 > 40) g.fillText(v + (odd ? " odd" : " even"), (x0 + x1) / 2, (top + bot) / 2);
    }
}

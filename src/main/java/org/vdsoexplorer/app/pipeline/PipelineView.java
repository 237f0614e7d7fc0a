package org.vdsoexplorer.app.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import org.vdsoexplorer.app.common.DrawnText;
import org.vdsoexplorer.app.common.Palette;
import org.vdsoexplorer.sim.timing.Pipeline;
import org.vdsoexplorer.sim.timing.TimelineText;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.ModelSnapshot.PipelineRows.Row;

/**
 * The pipeline timeline of the current call, llvm-mca style: one row per dynamic instruction, one column
 * per cycle (D dispatched, = waiting for its sources or a port, e executing, E done, - waiting to retire,
 * R retired; each cell shows its letter on its colour), scrolled so the instruction just executed is in view. The rdtsc row is marked; each push is
 * marked hidden (it finished while a counter read was executing) or exposed. Canvas-drawn; it only
 * projects the pipeline model's rows ({@link ModelSnapshot.PipelineRows}) (the model decides every cycle and the hidden/exposed test), and reports
 * the text it drew ({@link DrawnText}) so the layout check sees it. The instruction column is as wide as the
 * longest instruction shown (at most {@link #TEXT_SHARE} of the width; a longer one is cut with "…" and reported cut).
 */
public final class PipelineView extends BorderPane implements DrawnText {
    /** Sizes at 100 % (scaled with the window's text, {@link org.vdsoexplorer.app.common.FontScale}): row, cycle column, text columns. */
    static final double ROW = 18, CELL = 12, TEXT = 240, MARK = 70, FONT = 14;
    /** The instruction column takes at most this share of the width (the cycles get the rest). */
    static final double TEXT_SHARE = 0.45;
    private final List<Box> drawn = new ArrayList<>();
    private final org.vdsoexplorer.app.common.FontScale scale = new org.vdsoexplorer.app.common.FontScale(this);
    /** Which pane this is ("A timens-inline"), or "" on the Pipeline tab. */
    private String name = "";
    private final Supplier<ModelSnapshot> model;
    private final Canvas canvas = new Canvas(800, 400);
    private final Label title = new Label();
    /** The key to the letters (the compare tab shows it once, on A's timeline). */
    private final javafx.scene.layout.FlowPane key = legend();
    private List<Row> shown = List.of();

    /** The Pipeline tab: the out-of-order timeline of {@code session}'s current call, redrawn while the tab is shown. */
    public static javafx.scene.control.Tab tab(org.vdsoexplorer.session.Session session) {
        PipelineView view = new PipelineView(session::snapshot);
        javafx.scene.control.Tab tab = new javafx.scene.control.Tab("Pipeline", view);
        tab.setClosable(false);
        tab.setTooltip(new javafx.scene.control.Tooltip("The out-of-order timeline of this call (pipeline timing model)"));
        session.addListener(() -> { if (tab.isSelected()) view.refresh(); });
        tab.selectedProperty().addListener((o, a, on) -> { if (on) view.refresh(); });
        return tab;
    }

    /** A timeline of the snapshots {@code model} supplies (null: no session yet). */
    public PipelineView(Supplier<ModelSnapshot> model) {
        this.model = model;
        setId("pipeline-view");
        title.setId("pipeline-title");
        title.setStyle("-fx-font-weight: bold; -fx-padding: 4 8 4 8;");
        Pane holder = new Pane(canvas);
        holder.setMinSize(0, 0);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener((o, a, b) -> draw());
        canvas.heightProperty().addListener((o, a, b) -> draw());
        title.setWrapText(true);
        title.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        scale.scaleProperty().addListener((o, a, b) -> draw());
        scale.lineWeightProperty().addListener((o, a, b) -> draw()); // the projector theme's outlines
        key.managedProperty().bind(key.visibleProperty());
        setTop(new javafx.scene.layout.VBox(title, key));
        setCenter(holder);
    }

    /** Whether the key to the letters shows under the title (the compare tab shows it once, on A's timeline). */
    public void setLegend(boolean on) {
        key.setVisible(on);
    }

    /** Names the pane this timeline belongs to in its title ("A timens-inline"; the compare tab's two). */
    public void setName(String name) {
        if (name.equals(this.name)) return;
        this.name = name;
        draw();
    }

    /** Redraws if the rows changed (cheap to call after every step). */
    public void refresh() {
        ModelSnapshot m = model.get();
        List<Row> rows = m == null || m.pipeline() == null ? List.of() : m.pipeline().rows();
        if (rows.equals(shown) && !shown.isEmpty()) return;
        shown = rows;
        draw();
    }

    @Override public List<Box> drawnText() { return List.copyOf(drawn); }

    @Override public javafx.scene.Node drawnOn() { return canvas; }

    /** Draws {@code t} at ({@code x}, {@code y}) with the context's font and alignment, and records its box. */
    private void text(GraphicsContext g, String t, double x, double y, TextAlignment align, boolean cut) {
        g.setTextAlign(align);
        g.fillText(t, x, y);
        drawn.add(Box.of(t, g.getFont(), x, y, align, VPos.CENTER, cut));
    }

    /** The rows drawn (for tests). */
    public List<Pipeline.Slot> rows() { return shown.stream().map(Row::slot).toList(); }

    private void draw() {
        ModelSnapshot m = model.get();
        GraphicsContext g = canvas.getGraphicsContext2D();
        drawn.clear();
        double w = canvas.getWidth(), h = canvas.getHeight();
        g.setFill(Palette.PAPER);
        g.fillRect(0, 0, w, h);
        if (m == null || m.pipeline() == null) {
            title.setText("Pipeline timeline: pick a pipeline timing model (the 'timing' picker) to see it; the additive "
                    + "model charges each instruction on its own and has no schedule to show");
            return;
        }
        title.setText((name.isEmpty() ? "" : name + ": ") + m.setup().timing().label() + (m.inCall() ? ", call "
                + (m.counters().calls() + 1) + " so far" : ", call " + m.counters().calls()));
        if (shown.isEmpty()) return;
        double k = scale.scale(), row = ROW * k, cell = CELL * k, mark = MARK * k;
        Font mono = Font.font("DejaVu Sans Mono", FONT * k);
        double outline = scale.lineWeight() - 1; // none at weight 1
        // a row is as tall as the font's line (and the mark column as wide as "exposed"), whatever the scale
        row = Math.max(row, DrawnText.measure("Mg", mono)[1] + 1);
        mark = Math.max(mark, DrawnText.measure("exposed", mono)[0] + 8);
        int visibleRows = Math.max(1, (int) ((h - 2 * row) / row)); // under the axis title and the cycle ruler
        int last = shown.size() - 1;
        int first = Math.max(0, last - visibleRows + 1); // the current row at the bottom
        double charW = DrawnText.measure("M", mono)[0];
        int longest = 8;
        for (int i = first; i <= last; i++) longest = Math.max(longest, instruction(m, shown.get(i)).length());
        double text = Math.min(Math.max(TEXT * k * 0.5, longest * charW + 12), Math.max(TEXT * k * 0.5, w * TEXT_SHARE));
        int chars = Math.max(8, (int) Math.floor((text - 12) / charW + 1e-6));
        int cols = Math.max(1, (int) ((w - text - mark) / cell));
        long endCycle = shown.get(last).slot().retire();
        long startCycle = Math.max(shown.get(first).slot().dispatch(), endCycle - cols + 4);
        g.setFont(mono);
        g.setTextBaseline(VPos.CENTER);
        // the axes' titles: the instructions down the left, the cycles across (saying where they start when not at 0)
        Font sans = Font.font("DejaVu Sans", javafx.scene.text.FontWeight.BOLD, Math.max(12, FONT * k * 0.93));
        g.setFont(sans);
        g.setFill(Palette.INK);
        text(g, "instruction", 4, row * 0.5, TextAlignment.LEFT, false);
        String axis = startCycle > 0 ? "cycle \u2192 (from " + startCycle + ", not 0)" : "cycle \u2192";
        if (DrawnText.measure(axis, sans)[0] > w - text - mark - 4) axis = "cycle \u2192";
        text(g, axis, text + mark, row * 0.5, TextAlignment.LEFT, false);
        g.setFont(mono);
        // cycle ruler
        g.setFill(Palette.GREY);
        for (int kk = 0; kk < cols; kk++) {
            long c = startCycle + kk;
            if (c % 10 == 0) {
                double x = text + mark + kk * cell;
                g.setStroke(Palette.SHADE);
                g.strokeLine(x, 2 * row, x, h);
                g.setStroke(Palette.GREY);
                g.strokeLine(x, row * 1.6, x, 2 * row);
                // (a number too close to the right edge to be drawn whole is left out)
                String n = Long.toString(c);
                if (x + 1 + DrawnText.measure(n, mono)[0] <= w) text(g, n, x + 1, row * 1.4, TextAlignment.LEFT, false);
            }
        }
        for (int i = first; i <= last && (i - first + 2) * row < h; i++) {
            Row r = shown.get(i);
            double y = row * (2 + i - first);
            boolean rdtsc = r.counterRead();
            String line = instruction(m, r);
            if (i == last) {
                g.setFill(Color.web("#FFF4C2"));
                g.fillRect(0, y, w, row);
            } else if (rdtsc) {
                g.setFill(Color.web("#FCEDE4")); // "counter" in deep vermillion on it: 4.8:1
                g.fillRect(0, y, w, row);
            }
            g.setFill(Palette.INK);
            boolean cut = line.length() > chars;
            text(g, cut ? line.substring(0, chars - 1) + "\u2026" : line, 4, y + row / 2, TextAlignment.LEFT, cut);
            if (line.startsWith("push")) {
                boolean hidden = r.hidden();
                g.setFill(hidden ? OK_TEXT : Palette.DEEP_VERMILLION);
                text(g, hidden ? "hidden" : "exposed", text + 2, y + row / 2, TextAlignment.LEFT, false);
            } else if (rdtsc) {
                g.setFill(Palette.DEEP_VERMILLION);
                text(g, "counter", text + 2, y + row / 2, TextAlignment.LEFT, false);
            }
            for (int kk = 0; kk < cols; kk++) {
                long c = startCycle + kk;
                char ch = TimelineText.at(r.slot(), c);
                if (ch == ' ') continue;
                double x = text + mark + kk * cell;
                g.setFill(fill(ch, rdtsc));
                g.fillRect(x + 0.5, y + 2, cell - 1, row - 4);
                if (outline > 0) { // the projector theme's outlines: each bar cell framed in ink
                    g.setStroke(Palette.INK);
                    g.setLineWidth(outline);
                    g.strokeRect(x + 0.5, y + 2, cell - 1, row - 4);
                }
                // every cell's letter, as llvm-mca prints it: the state told by the letter too, not by its colour alone
                // (white on blue 5.3:1; ink on orange 8.6:1, on green 5.6:1, on the light waits over 10:1)
                g.setFill(ch == 'D' ? Palette.PAPER : Palette.INK);
                text(g, Character.toString(ch), x + cell / 2, y + row / 2, TextAlignment.CENTER, false);
            }
        }
    }

    /** The fill of timeline letter {@code ch} (the counter read's execution in vermillion). */
    static Color fill(char ch, boolean counterRead) {
        return switch (ch) {
            case 'D' -> Palette.BLUE;
            case '=' -> Palette.SHADE;
            case 'e', 'E' -> counterRead ? Palette.VERMILLION : Palette.ORANGE;
            case '-' -> RETIRE_WAIT;
            default -> Palette.GREEN;
        };
    }

    private static final Color RETIRE_WAIT = Color.web("#D9EEF8");
    /** "hidden" (a push the counter read covers) as text: dark bluish green, 7.0:1 on white (#009E73 has 3.4:1). */
    private static final Color OK_TEXT = Color.web("#00664A");

    /** The key to the timeline's letters: each swatch as drawn, its letter and meaning; a flow that wraps to fit. */
    private static javafx.scene.layout.FlowPane legend() {
        javafx.scene.layout.FlowPane p = new javafx.scene.layout.FlowPane(12, 2);
        p.setId("pipeline-legend");
        p.setStyle("-fx-padding: 0 8 4 8;");
        String[][] items = {{"D", "dispatched"}, {"=", "waiting for sources or a port"}, {"e", "executing"}, {"E", "done"},
            {"-", "waiting to retire"}, {"R", "retired"}, {"E", "the counter read executing"}};
        for (int i = 0; i < items.length; i++) {
            char ch = items[i][0].charAt(0);
            Label sw = new Label(items[i][0]);
            Color bg = fill(ch, i == items.length - 1);
            sw.setStyle("-fx-font-family: 'DejaVu Sans Mono'; -fx-font-size: 0.85em; -fx-padding: 0 4 0 4; -fx-background-color: "
                    + Palette.css(bg) + "; -fx-text-fill: " + (ch == 'D' ? "#FFFFFF" : "#111111") + ";");
            sw.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            Label l = new Label(items[i][1], sw);
            l.setStyle("-fx-font-size: 0.85em;");
            p.getChildren().add(l);
        }
        return p;
    }

    private static String instruction(ModelSnapshot m, Row r) {
        return m.listing().get(r.slot().index()).text().replaceAll("\\s+", " ");
    }
}

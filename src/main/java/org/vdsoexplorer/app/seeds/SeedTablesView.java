package org.vdsoexplorer.app.seeds;

import java.util.List;
import java.util.Map;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.report.ReportFormat;
import org.vdsoexplorer.report.SeedTables;
import org.vdsoexplorer.report.SeedTables.Both;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;

/**
 * The seeds' measured tables (assets/seeds.yaml; their sources in docs/sources.md) beside the model's figures for the
 * same cells with both timing models (what {@code seeds} prints): each cell as a percentage of its table's base cell,
 * with the difference in percentage points, and for each cell the pipeline misses by more than 2 points the reason
 * (assets/seeds.yaml's gaps), shown under the table for the selected row. The figures are measured by execution (the
 * report's method) on a background thread.
 */
public final class SeedTablesView extends BorderPane {
    private final TableView<Both> table = new TableView<>();
    /** Every cell's two differences from its seed, sorted by the pipeline's miss ({@link SeedChart}). */
    private final SeedChart chart = new SeedChart();
    private final Label status = new Label("The model's figures are measured when this page is first shown.");
    private final Label chartSource = new Label();
    private final Label why = new Label("Select a row to read why the pipeline model misses it, where it does.");
    private final Map<String, SeedTables.Gap> gaps = SeedTables.gaps();
    /** Each row's texts (the cells shown and exported), made once per measurement, not at every cell's repaint. */
    private final Map<Both, List<String>> texts = new java.util.IdentityHashMap<>();
    private List<Both> rows = List.of();
    private boolean started;

    public SeedTablesView() {
        getStyleClass().add("view");
        getStylesheets().add(SeedTablesView.class.getResource("seeds.css").toExternalForm());
        setId("seed-tables");
        Label title = new Label("Seed tables: what was measured in 2007-2021 beside what the model executes");
        title.getStyleClass().add("view-title");
        Label how = new Label("Each cell is a percentage of its table's base cell (higher = faster), because the seeds "
                + "ran on other machines: compare shapes, not absolute numbers. Two timing models: additive (assets/costs.yaml) "
                + "and the out-of-order pipeline (assets/timing.yaml, " + core().label() + "). A difference within 2 percentage "
                + "points is in regular type; a miss is bold. The chart under the table shows every cell, largest miss first: "
                + "click a row there to select it here.");
        how.setWrapText(true);
        how.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // every line counts: a short page scrolls
        status.setId("seed-status");
        status.setWrapText(true);
        status.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        status.fontProperty().addListener(o -> fitColumns()); // the text scale

        table.setId("seed-table");
        // the export's flat columns, the two models' under a heading each: "%", "diff (pp)" (and the pipeline's reason)
        TableColumn<Both, String> additive = new TableColumn<>("additive model"), pipeline = new TableColumn<>("pipeline model");
        additive.getColumns().setAll(List.of(column(5, "%", 80), diffColumn(6, "diff (pp)", 95)));
        pipeline.getColumns().setAll(List.of(column(7, "%", 80), diffColumn(8, "diff (pp)", 95), column(9, "why not within 2 pp", 170)));
        table.getColumns().setAll(List.of(column(0, null, 110), column(1, null, 290), column(2, null, 110), column(3, null, 80),
                column(4, null, 290), additive, pipeline));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setPlaceholder(new Label("measuring ..."));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            why.setText(reason(b));
            chart.select(b);
        });

        why.setId("seed-why");
        why.setWrapText(true);
        why.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        why.getStyleClass().add("view-status");

        // a row clicked in the chart is selected (and scrolled to) in the table, where its reason shows
        chart.setOnPick(b -> {
            table.getSelectionModel().select(b);
            table.scrollTo(b);
        });
        // least and preferred heights of the table and chart in em (app.css), so the page scrolls when it is short
        // (1280x720, 250 %) rather than squeezing the table to its header
        chartSource.setWrapText(true);
        chartSource.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);

        VBox top = new VBox(6, title, how, status, org.vdsoexplorer.app.common.TableExport.buttons("seed-tables",
                () -> ReportFormat.SEED_BOTH_COLUMNS, () -> rows.stream().map(this::texts).toList(), 2));
        Label chartTitle = new Label("Every cell: each model's difference from its seed, in percentage points");
        chartTitle.getStyleClass().add("pane-title");
        VBox bottom = new VBox(6, why, chartTitle, chartSource, chart);
        BorderPane content = org.vdsoexplorer.app.common.Scrolling.content();
        content.setTop(top);
        content.setCenter(table);
        content.setBottom(bottom);
        content.setPadding(new Insets(8));
        setCenter(org.vdsoexplorer.app.common.Scrolling.vertical(content, "seed-scroll"));
    }

    /** The core the pipeline figures come from: the shipped table's default, the one the reasons were written for. */
    private static org.vdsoexplorer.sim.timing.Core core() { return TimingTable.defaults().defaultCore(); }

    private static List<Both> measure(CostTable costs, double ghz) {
        return SeedTables.compareBoth(costs, ghz, Compiler.GCC_12, TimingModel.pipeline(core()));
    }

    /** Measures the model's cells (once), off the FX thread. */
    public void start(CostTable costs, double ghz) {
        if (started) return;
        started = true;
        status.setText("Measuring the model's cells by execution, with both timing models ...");
        org.vdsoexplorer.util.Background.run(() -> {
            try {
                List<Both> c = measure(costs, ghz);
                Platform.runLater(() -> show(c));
            } catch (RuntimeException e) {
                Platform.runLater(() -> status.setText("Could not measure: " + e.getMessage()));
            }
        });
    }

    /** Measures on the calling thread (for screenshots and tests that already run on the FX thread). */
    public void measureNow(CostTable costs, double ghz) {
        started = true;
        show(measure(costs, ghz));
    }

    private void show(List<Both> c) {
        List<SeedTables.Table> t = c.stream().map(b -> b.additive().table()).distinct().toList();
        rows = c;
        texts.clear();
        for (Both b : c) texts.put(b, ReportFormat.seedBothCells(b, true));
        table.setItems(FXCollections.observableArrayList(c));
        long additive = c.stream().filter(x -> x.additive().within()).count(), pipeline = c.stream().filter(x -> x.pipeline().within()).count();
        status.setText(c.size() + " cells from " + t.size() + " seed tables; within 2 percentage points of the seed: additive "
                + additive + ", pipeline " + pipeline + ". The column on the right names the reason for each cell the pipeline "
                + "misses; select the row to read it.");
        fitColumns();
        chart.setRows(c);
        chartSource.setText("Sources: " + String.join("; ", t.stream().map(x -> x.id() + ": " + x.source()).toList()) + ".");
    }

    /** Each column as wide as its widest text (its heading or a cell), in the page's font, so nothing is cut. */
    private void fitColumns() {
        javafx.scene.text.Font font = status.getFont();
        // figures in bold monospace (the widest a figure is drawn: a miss), names in the page's font
        javafx.scene.text.Font figures = javafx.scene.text.Font.font("DejaVu Sans Mono", javafx.scene.text.FontWeight.BOLD, font.getSize());
        // headings in bold (the theme's column headers), so the widest ("why not within 2 pp") is not cut
        javafx.scene.text.Font heading = javafx.scene.text.Font.font(font.getFamily(), javafx.scene.text.FontWeight.BOLD, font.getSize());
        for (TableColumn<Both, ?> top : table.getColumns()) {
            for (TableColumn<Both, ?> c : top.getColumns().isEmpty() ? List.of(top) : top.getColumns()) {
                double w = org.vdsoexplorer.app.common.DrawnText.measure(c.getText(), heading)[0];
                javafx.scene.text.Font cells = c.getStyleClass().contains("seed-number") ? figures : font;
                for (Both b : rows) {
                    Object v = c.getCellData(b);
                    if (v != null) w = Math.max(w, org.vdsoexplorer.app.common.DrawnText.measure(v.toString(), cells)[0]);
                }
                c.setPrefWidth(Math.ceil(w) + 2 * font.getSize()); // the cell's padding and the heading's sort-arrow room
            }
        }
    }

    /** The selected row's reason, in words (assets/seeds.yaml), or what the row shows. */
    String reason(Both b) {
        if (b == null) return "Select a row to read why the pipeline model misses it, where it does.";
        String cell = b.pipeline().cell().label();
        SeedTables.Gap g = gaps.get(b.pipeline().cell().gap());
        if (g == null) return cell + ": the pipeline model is within 2 percentage points of the seed.";
        return cell + ": " + g.id() + ". " + g.why();
    }

    /** The chart's two series (for tests): name and values in the chart's row order (largest pipeline miss first). */
    public java.util.Map<String, List<Double>> chartSeries() {
        java.util.Map<String, List<Double>> out = new java.util.LinkedHashMap<>();
        out.put("additive model \u2212 seed (pp)", chart.rows().stream().map(b -> b.additive().differencePp()).toList());
        out.put("pipeline model \u2212 seed (pp)", chart.rows().stream().map(b -> b.pipeline().differencePp()).toList());
        return out;
    }

    /** The chart (for tests: its drawn text, a click on a row). */
    SeedChart chart() { return chart; }

    private List<String> texts(Both b) { return texts.get(b); }

    /** The rows shown (for tests). */
    public List<Both> rows() { return rows; }

    /** The reason shown under the table (for tests). */
    public String whyText() { return why.getText(); }

    /**
     * Column {@code i} of {@link ReportFormat#SEED_BOTH_COLUMNS}, the texts the copy and save buttons export too, headed
     * {@code head} (null: the export's name).
     */
    private TableColumn<Both, String> column(int i, String head, double width) {
        TableColumn<Both, String> col = new TableColumn<>(head != null ? head : ReportFormat.SEED_BOTH_COLUMNS.get(i));
        // the cell shows the export's text, its figures grouped by thousands; the copy and save buttons keep the plain text
        col.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(shown(i, texts(d.getValue()).get(i))));
        col.setPrefWidth(width);
        col.setSortable(false);
        if (NUMERIC.contains(i)) col.getStyleClass().add("seed-number"); // right-aligned, tabular figures (seeds.css)
        return col;
    }

    /** The columns of {@link ReportFormat#SEED_BOTH_COLUMNS} that hold figures. */
    private static final java.util.Set<Integer> NUMERIC = java.util.Set.of(2, 3, 5, 6, 7, 8);
    private static final java.util.regex.Pattern PLAIN = java.util.regex.Pattern.compile("([+-]?)(\\d+)(\\.\\d+)?");

    /** Column {@code i}'s text as shown: a plain figure with its thousands grouped ("150,331,408", "+1,093.2"). */
    static String shown(int i, String text) {
        if (!NUMERIC.contains(i)) return text;
        java.util.regex.Matcher m = PLAIN.matcher(text);
        if (!m.matches()) return text;
        String whole = String.format(java.util.Locale.ROOT, "%,d", new java.math.BigInteger(m.group(2)));
        return m.group(1) + whole + (m.group(3) == null ? "" : m.group(3));
    }

    private static final javafx.css.PseudoClass WITHIN = javafx.css.PseudoClass.getPseudoClass("within");
    private static final javafx.css.PseudoClass MISS = javafx.css.PseudoClass.getPseudoClass("miss");

    /** A difference column: a miss (more than 2 pp) bold in deep vermillion, a cell within in regular dark green (seeds.css). */
    private TableColumn<Both, String> diffColumn(int i, String head, double width) {
        TableColumn<Both, String> col = column(i, head, width);
        col.setCellFactory(x -> new TableCell<>() {
            @Override protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                Both b = empty || getTableRow() == null ? null : getTableRow().getItem();
                SeedTables.Comparison c = b == null ? null : i == 6 ? b.additive() : b.pipeline();
                pseudoClassStateChanged(WITHIN, c != null && c.within());
                pseudoClassStateChanged(MISS, c != null && !c.within());
            }
        });
        return col;
    }
}

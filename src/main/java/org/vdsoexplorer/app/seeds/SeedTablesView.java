package org.vdsoexplorer.app.seeds;

import java.util.List;
import java.util.function.Function;
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
import org.vdsoexplorer.model.cost.CostTable;
import org.vdsoexplorer.model.report.ReportFormat;
import org.vdsoexplorer.model.report.SeedTables.Comparison;
import org.vdsoexplorer.model.report.SeedTables;

/**
 * The seeds' measured tables (assets/seeds.yaml; their sources in docs/sources.md) beside the model's figures for the same
 * cells, each as a percentage of its table's base cell, with the difference in percentage points. The
 * model's figures are measured by execution (the report's method) on a background thread.
 */
public final class SeedTablesView extends BorderPane {
    private final TableView<Comparison> table = new TableView<>();
    private final ComboBox<SeedTables.Table> pick = new ComboBox<>();
    private final BarChart<String, Number> chart = new BarChart<>(new CategoryAxis(), new NumberAxis());
    private final Label status = new Label("The model's figures are measured when this page is first shown.");
    private List<Comparison> rows = List.of();
    private boolean started;

    public SeedTablesView() {
        getStyleClass().add("view");
        setId("seed-tables");
        Label title = new Label("Seed tables: what was measured in 2007-2021 beside what the model executes");
        title.getStyleClass().add("view-title");
        Label how = new Label("Each cell is a percentage of its table's base cell (higher = faster), because the seeds "
                + "ran on other machines: compare shapes, not absolute numbers. Green: within 2 percentage points.");
        how.setWrapText(true);
        status.setId("seed-status");

        table.setId("seed-table");
        table.getColumns().setAll(List.of(
                column(0, 120), column(1, 330), column(2, 110), column(3, 90), column(4, 330), column(5, 150),
                column(6, 90),
                diffColumn()));
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setPlaceholder(new Label("measuring ..."));

        pick.setId("seed-pick");
        pick.setConverter(new StringConverter<>() {
            @Override public String toString(SeedTables.Table t) { return t == null ? "" : t.title(); }

            @Override public SeedTables.Table fromString(String s) { return null; }
        });
        pick.setTooltip(new Tooltip("Which seed table the chart shows"));
        pick.valueProperty().addListener((o, a, b) -> showChart(b));
        chart.setId("seed-chart");
        chart.setAnimated(false);
        chart.setLegendVisible(true);
        chart.getYAxis().setLabel("% of the base cell (higher = faster)");
        chart.setMinHeight(260);

        VBox top = new VBox(6, title, how, new HBox(8, status, org.vdsoexplorer.app.common.TableExport.buttons("seed-tables",
                () -> ReportFormat.SEED_COLUMNS, () -> rows.stream().map(ReportFormat::seedCells).toList(), 2)));
        HBox chartBar = new HBox(8, new Label("Chart:"), pick);
        VBox bottom = new VBox(6, chartBar, chart);
        VBox.setVgrow(chart, Priority.ALWAYS);
        setTop(top);
        setCenter(table);
        setBottom(bottom);
        setPadding(new Insets(8));
    }

    /** Measures the model's cells (once), off the FX thread. */
    public void start(CostTable costs, double ghz) {
        if (started) return;
        started = true;
        status.setText("Measuring the model's cells by execution ...");
        org.vdsoexplorer.util.Background.run(() -> {
            try {
                List<SeedTables.Table> tables = SeedTables.load(costs, ghz);
                List<Comparison> c = SeedTables.compare(tables);
                Platform.runLater(() -> show(tables, c));
            } catch (RuntimeException e) {
                Platform.runLater(() -> status.setText("Could not measure: " + e.getMessage()));
            }
        });
    }

    /** Measures on the calling thread (for screenshots and tests that already run on the FX thread). */
    public void measureNow(CostTable costs, double ghz) {
        started = true;
        List<SeedTables.Table> tables = SeedTables.load(costs, ghz);
        show(tables, SeedTables.compare(tables));
    }

    private void show(List<SeedTables.Table> tables, List<Comparison> c) {
        rows = c;
        table.setItems(FXCollections.observableArrayList(c));
        long within = c.stream().filter(x -> Math.abs(x.differencePp()) <= 2).count();
        status.setText(c.size() + " cells from " + tables.size() + " seed tables; " + within
                + " within 2 percentage points of the seed. Cost table: assets/costs.yaml.");
        pick.setItems(FXCollections.observableArrayList(tables));
        pick.getSelectionModel().selectFirst();
    }

    private void showChart(SeedTables.Table t) {
        chart.getData().clear();
        if (t == null) return;
        XYChart.Series<String, Number> seed = new XYChart.Series<>(), model = new XYChart.Series<>();
        seed.setName("seed");
        model.setName("model");
        for (Comparison c : rows) {
            if (c.table() != t) continue;
            String label = c.cell().label().length() > 28 ? c.cell().label().substring(0, 27) + "\u2026" : c.cell().label();
            seed.getData().add(new XYChart.Data<>(label, c.seedPercent()));
            model.getData().add(new XYChart.Data<>(label, c.modelPercent()));
        }
        chart.setTitle(t.title() + " (" + t.source() + ")");
        chart.getData().setAll(List.of(seed, model));
    }

    /** The rows shown (for tests). */
    public List<Comparison> rows() { return rows; }

    /** Column {@code i} of {@link ReportFormat#SEED_COLUMNS}: the texts the copy and save buttons export too. */
    private static TableColumn<Comparison, String> column(int i, double width) {
        return column(ReportFormat.SEED_COLUMNS.get(i), c -> ReportFormat.seedCells(c).get(i), width);
    }

    private static TableColumn<Comparison, String> column(String name, Function<Comparison, String> f, double width) {
        TableColumn<Comparison, String> col = new TableColumn<>(name);
        col.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(f.apply(d.getValue())));
        col.setPrefWidth(width);
        col.setSortable(false);
        return col;
    }

    private static TableColumn<Comparison, String> diffColumn() {
        TableColumn<Comparison, String> col = column(7, 100);
        col.setCellFactory(x -> new TableCell<>() {
            @Override protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                Comparison c = empty || getTableRow() == null ? null : getTableRow().getItem();
                // Okabe-Ito bluish green for "within 2 pp", vermillion otherwise; bold for colour-blind viewers
                setStyle(c == null ? "" : Math.abs(c.differencePp()) <= 2
                        ? "-fx-text-fill: #007A5E; -fx-font-weight: bold;" : "-fx-text-fill: #D55E00;");
            }
        });
        return col;
    }
}

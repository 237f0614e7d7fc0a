package org.vdsoexplorer.app.live;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.concurrent.Task;
import javafx.geometry.Pos;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.app.common.TableExport;
import org.vdsoexplorer.host.validate.NativeHarness;
import org.vdsoexplorer.host.validate.ValidateFormat;
import org.vdsoexplorer.host.validate.Validation;

/**
 * "Check the model against this machine": what {@code validate} prints, in the "Your machine" tab. The C model
 * compiled and run natively here beside the pipeline and additive models at the calibrated core clock
 * (model/validate), run off the FX thread as a javafx.concurrent Task with the run's progress, a Cancel, and one
 * sentence when the machine cannot run it. The table has validate's columns with its figures as
 * {@link ValidateFormat#cells} formats them; the chart shows what a reader must compare, each row's model minus
 * native in percent of native (0: the model matches), not two bars of nearly the same height.
 */
public final class ValidatePane extends VBox {
    /** What runs a validation: {@link Validation#run} (tests pass a fake, so they compile no C). */
    @FunctionalInterface
    public interface Runner { Validation.Result run(Validation.Options options, Validation.Progress progress); }

    private final Runner runner;
    private final Executor executor;
    private final RadioButton quick = new RadioButton("Quick: before, v5.6 and v5.13; monotonic and monotonic-coarse; "
            + "5 rounds (about 10 s)");
    private final RadioButton full = new RadioButton("Full run: every variant and clock, 15 rounds (a minute or more)");
    private final Button run = new Button("\u25b6 Check the model");
    private final Button cancel = new Button("Cancel");
    private final ProgressIndicator busy = new ProgressIndicator();
    private final Label status = new Label("Compiles the project's C model with gcc here, times it natively, and sets the "
            + "models' figures beside it. Nothing runs until you press the button.");
    private final Label header = new Label();
    private final Label summary = new Label();
    private final TableView<List<String>> table = new TableView<>();
    /** Horizontal bars, a category per row (the rows' names read across, however many rows a full run has). */
    private final CategoryAxis rowAxis = new CategoryAxis();
    private final BarChart<Number, String> chart = new BarChart<>(new NumberAxis(), rowAxis);
    private final Label chartNote = new Label();
    private List<List<String>> shownRows = List.of();
    private final HBox export = TableExport.buttons("validate", () -> ValidateFormat.CELL_COLUMNS, () -> shownRows, 3);
    private Task<Validation.Result> running;
    private final List<javafx.scene.Node> results;

    public ValidatePane() { this(Validation::run, org.vdsoexplorer.util.Background.executor()); }

    public ValidatePane(Runner runner, Executor executor) {
        this.runner = runner;
        this.executor = executor;
        setId("validate-pane");
        setSpacing(6);
        Label title = new Label("Check the model against this machine");
        title.getStyleClass().add("view-title");
        ToggleGroup size = new ToggleGroup();
        quick.setToggleGroup(size);
        full.setToggleGroup(size);
        quick.setSelected(true);
        quick.setId("validate-quick");
        full.setId("validate-full");
        run.setId("validate-run");
        run.setOnAction(e -> start());
        cancel.setId("validate-cancel");
        cancel.setDisable(true);
        cancel.setOnAction(e -> cancel());
        busy.setVisible(false);
        busy.setPrefSize(22, 22);
        busy.setMaxSize(22, 22);
        for (Label l : List.of(status, header, summary, chartNote)) {
            l.setWrapText(true);
            l.setMinHeight(Region.USE_PREF_SIZE);
        }
        status.setId("validate-status");
        status.getStyleClass().add("view-status");
        header.setId("validate-header");
        header.setStyle("-fx-font-family: 'DejaVu Sans Mono'; -fx-font-size: 0.8em;");
        summary.setId("validate-summary");
        run.setMinWidth(Region.USE_PREF_SIZE);
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        status.setMinWidth(0);
        HBox.setHgrow(status, javafx.scene.layout.Priority.ALWAYS);
        HBox bar = new HBox(10, run, cancel, busy, status);
        bar.setAlignment(Pos.CENTER_LEFT);
        VBox choice = new VBox(2, quick, full);

        table.setId("validate-table");
        for (int i = 0; i < ValidateFormat.CELL_COLUMNS.size(); i++) {
            int c = i;
            TableColumn<List<String>, String> col = new TableColumn<>(ValidateFormat.CELL_COLUMNS.get(i));
            col.setCellValueFactory(d -> new ReadOnlyStringWrapper(d.getValue().get(c)));
            col.setSortable(false);
            if (c >= 3 && c <= 7) col.setStyle("-fx-alignment: CENTER-RIGHT;");
            col.setPrefWidth(switch (c) {
                case 1, 2 -> 170;
                case 0 -> 110;
                case 7 -> 125;
                default -> 105;
            });
            table.getColumns().add(col);
        }
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setPlaceholder(new Label("no run yet"));

        chart.setId("validate-chart");
        chart.setAnimated(false);
        chart.setTitle("Each model's difference from this machine's native run");
        chart.getXAxis().setLabel("model \u2212 native, in % of the native ns/call (0: the model matches this machine)");
        rowAxis.setAutoRanging(false); // every row a category, in the table's order (top down), with a bar or not
        chart.setLegendSide(javafx.geometry.Side.TOP);
        chartNote.setText("A pipeline bar within \u00b15 % meets an hres row's target; a coarse row's target is 1 ns. "
                + "Rows the model refuses are listed without a bar.");
        chartNote.getStyleClass().add("view-status");

        HBox tableTitle = new HBox(12, new Label("Native beside the models, one row per task \u00d7 variant \u00d7 clock"), export);
        tableTitle.setAlignment(Pos.CENTER_LEFT);
        export.setDisable(true);
        results = List.of(header, tableTitle, table, summary, chart, chartNote);
        results.forEach(n -> {
            n.setVisible(false); // until a run has finished: the button and its choice alone
            n.managedProperty().bind(n.visibleProperty());
        });
        getChildren().setAll(title, choice, bar, header, tableTitle, table, summary, chart, chartNote);
    }

    /** The options the chosen size runs with. */
    Validation.Options options() { return full.isSelected() ? Validation.Options.defaults() : Validation.Options.quick(); }

    /** Starts a run (the button) off the FX thread; returns the task (tests wait on it). */
    public Task<Validation.Result> start() {
        if (running != null && running.isRunning()) return running;
        Validation.Options o = options();
        Task<Validation.Result> task = new Task<>() {
            @Override protected Validation.Result call() {
                updateMessage("starting: " + o.rows() + " rows, " + o.rounds() + " rounds");
                return runner.run(o, this::updateMessage);
            }
        };
        status.textProperty().bind(task.messageProperty());
        busy.setVisible(true);
        run.setDisable(true);
        cancel.setDisable(false);
        quick.setDisable(true);
        full.setDisable(true);
        task.setOnSucceeded(e -> finish(task, null));
        task.setOnFailed(e -> finish(task, task.getException()));
        task.setOnCancelled(e -> finish(task, null));
        running = task;
        executor.execute(task);
        return task;
    }

    /** Cancel: interrupts the run (the harness kills its native process); what was shown before stays. */
    public void cancel() {
        if (running != null) running.cancel(true);
    }

    private void finish(Task<Validation.Result> task, Throwable failure) {
        status.textProperty().unbind();
        busy.setVisible(false);
        run.setDisable(false);
        cancel.setDisable(true);
        quick.setDisable(false);
        full.setDisable(false);
        if (task.isCancelled()) {
            status.setText("Cancelled; the table shows the last finished run, if any.");
        } else if (failure != null) {
            status.setText(failureSentence(failure));
        } else {
            show(task.getValue());
        }
    }

    /** One sentence for a run that failed: the harness's own line when the machine cannot run it. */
    static String failureSentence(Throwable t) {
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage().replaceAll("\\s+", " ").trim();
        if (!m.endsWith(".")) m += ".";
        return (t instanceof NativeHarness.Unavailable ? "Cannot check the model on this machine: " : "The check stopped: ") + m;
    }

    private void show(Validation.Result r) {
        status.setText("Checked " + r.rows().size() + " rows on this machine.");
        results.forEach(n -> n.setVisible(true));
        header.setText(String.join("\n", ValidateFormat.header(r)));
        shownRows = r.rows().stream().map(ValidateFormat::cells).toList();
        table.getItems().setAll(shownRows);
        export.setDisable(shownRows.isEmpty());
        List<String> notes = r.notes().stream().map(n -> "note: " + n).toList();
        summary.setText(ValidateFormat.summary(r.summary()).strip() + (notes.isEmpty() ? "" : "\n" + String.join("\n", notes)));
        XYChart.Series<Number, String> pipeline = new XYChart.Series<>(), additive = new XYChart.Series<>();
        pipeline.setName("pipeline model (" + r.core() + ")");
        additive.setName("additive model");
        for (Validation.Row x : r.rows()) {
            String label = category(x);
            if (Double.isFinite(x.diffPct())) pipeline.getData().add(new XYChart.Data<>(x.diffPct(), label));
            if (Double.isFinite(x.additiveDiffPct())) additive.getData().add(new XYChart.Data<>(x.additiveDiffPct(), label));
        }
        // a vertical category axis runs bottom up: reversed, the first row is at the top as in the table
        rowAxis.setCategories(FXCollections.observableArrayList(r.rows().stream().map(ValidatePane::category).toList().reversed()));
        chart.getData().setAll(List.of(pipeline, additive));
        // two bars a row and the axes, in em (the app's text scale scales it); the page scrolls
        chart.setStyle(String.format(java.util.Locale.ROOT, "-fx-pref-height: %.1fem;", 9 + 2.4 * r.rows().size()));
    }

    /** A row's category on the chart: "host v5.6 monotonic". */
    static String category(Validation.Row x) { return x.task() + " " + x.variant() + " " + x.clock(); }

    /** The table's rows as shown (tests). */
    List<List<String>> rows() { return List.copyOf(table.getItems()); }

    /** The chart's series (tests): name to category and value, in row order. */
    Map<String, Map<String, Double>> chartSeries() {
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        for (XYChart.Series<Number, String> s : chart.getData()) {
            Map<String, Double> v = new LinkedHashMap<>();
            s.getData().forEach(d -> v.put(d.getYValue(), d.getXValue().doubleValue()));
            out.put(s.getName(), v);
        }
        return out;
    }

    /** The chart's row axis, bottom up (tests). */
    List<String> chartCategories() { return List.copyOf(rowAxis.getCategories()); }

    String statusText() { return status.getText(); }

    String headerText() { return header.getText(); }
}

package org.vdsoexplorer.app.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.concurrent.ScheduledService;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.vdsoexplorer.app.common.TableExport;
import org.vdsoexplorer.sim.Listings;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.host.live.LiveSession;
import org.vdsoexplorer.host.live.Measurements;
import org.vdsoexplorer.host.live.PageDecoder;
import org.vdsoexplorer.host.live.Prediction;
import org.vdsoexplorer.host.live.VdsoImage;
import org.vdsoexplorer.sim.timing.CorePick;
import org.vdsoexplorer.sim.timing.TimingModel;

/**
 * "Your machine": the live lab in the app. Measures this machine (host task and a time-namespace task, child
 * processes) beside the model of v5.6's prediction for the same clocks and the seeds' namespace slowdowns;
 * a chart; the real pages of both tasks side by side with seq ticking; the real vDSO's symbols and
 * __vdso_clock_gettime beside the model's listing. Everything that touches the children runs on one
 * background thread (javafx.concurrent Task and ScheduledService): the FX thread never waits for them.
 * A child that fails shows its message here; the app goes on.
 */
public final class LiveView extends BorderPane {
    /** Everything the background task produced, for the FX thread to show. */
    record Result(List<Measurements.Row> rows, List<PageDecoder.TaskPages> pages, List<LiveSession.SeqWatch> seq,
                  List<Prediction.Line> model, double ghz, boolean measuredGhz, List<String> problems, String vdso, String objdump,
                  String core) {}

    private final LiveSession session;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "live-lab");
        t.setDaemon(true);
        return t;
    });
    private final Button measure = new Button("\u25b6 Measure this machine");
    private final ProgressBar progress = new ProgressBar(0);
    private final Label status = new Label("Press Measure: about 10 s (two child processes, one of them in a new time namespace).");
    private final Label problems = new Label();
    /** Which core of the pipeline table the model ran on, and why (CorePick's sentence). */
    private final Label core = new Label();
    private final GridPane table = new GridPane();
    private final BarChart<String, Number> chart = new BarChart<>(new CategoryAxis(), new NumberAxis());
    private final LivePagesPane pages = new LivePagesPane();
    private final ValidatePane validate = new ValidatePane();
    private final Label symbols = new Label();
    private final TextArea real = new TextArea(), model = new TextArea();
    private final ScheduledService<Map<String, Long>> ticker;
    private List<PageDecoder.TaskPages> shownPages = List.of();
    /** The measured table as last shown (what Copy CSV / Copy Markdown / Save… export). */
    private List<List<String>> shownRows = List.of();
    private final HBox export = TableExport.buttons("live-lab", () -> HEAD, () -> shownRows, 2);
    private Task<Result> running;

    public LiveView() { this(LiveSession.Options.defaults()); }

    public LiveView(LiveSession.Options options) {
        session = new LiveSession(options);
        getStyleClass().add("live-view");
        setId("live-view");
        measure.setId("live-measure");
        measure.setOnAction(e -> start());
        progress.setId("live-progress");
        progress.setPrefWidth(260);
        progress.setVisible(false);
        status.setId("live-status");
        problems.setId("live-problems");
        problems.setWrapText(true);
        problems.setStyle("-fx-text-fill: #A0410A;");
        core.setId("live-core");
        core.setWrapText(true);
        HBox bar = new HBox(10, measure, progress, status);
        bar.setAlignment(Pos.CENTER_LEFT);
        table.setId("live-table");
        table.setHgap(14);
        table.setVgap(2);
        chart.setId("live-chart");
        chart.setTitle("ns per call (corrected), vDSO clocks");
        chart.setAnimated(false);
        chart.setPrefHeight(300);
        chart.getYAxis().setLabel("ns per call");
        symbols.setId("live-symbols");
        symbols.setStyle("-fx-font-family: 'DejaVu Sans Mono'; -fx-font-size: 0.8em;");
        for (TextArea t : List.of(real, model)) {
            t.setEditable(false);
            t.setPrefRowCount(24);
            t.setStyle("-fx-font-family: 'DejaVu Sans Mono'; -fx-font-size: 0.78em;");
            HBox.setHgrow(t, Priority.ALWAYS);
        }
        real.setId("live-objdump");
        model.setId("live-model-listing");
        model.setText(modelListing());
        VBox listings = new VBox(4, heading("The vDSO itself: exported symbols (its ELF .dynsym and version sections, parsed here)"),
                symbols, new HBox(8, column("this kernel's __vdso_clock_gettime (objdump of the [vdso] image)", real),
                column("the model's __vdso_clock_gettime (v5.6 C model, timens-inline, gcc 12)", model)));
        export.setDisable(true); // until something is measured
        HBox tableTitle = new HBox(12, heading("Measured here, beside the model of v5.6 and the seeds"), export);
        tableTitle.setAlignment(Pos.CENTER_LEFT);
        VBox content = new VBox(8, bar, problems, tableTitle, core, table, chart, validate,
                heading("The real pages: host task and namespace task"), pages, listings);
        content.setPadding(new Insets(8));
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        org.vdsoexplorer.app.common.Scrolling.uncached(scroll); // no bitmap cache: Node.snapshot could render it stale
        setCenter(scroll);

        ticker = new ScheduledService<>() {
            @Override protected Task<Map<String, Long>> createTask() {
                List<PageDecoder.TaskPages> now = shownPages;
                return new Task<>() {
                    @Override protected Map<String, Long> call() {
                        Map<String, Long> out = new java.util.LinkedHashMap<>();
                        for (PageDecoder.TaskPages t : now) {
                            Long s = session.seq(t);
                            if (s != null) out.put(t.task(), s);
                        }
                        return out;
                    }
                };
            }
        };
        // after shutdown() (on the FX thread, as every start of the service) a late restart is dropped, not
        // handed to the stopped worker (a RejectedExecutionException on the FX thread)
        ticker.setExecutor(r -> {
            if (!worker.isShutdown()) worker.execute(r);
        });
        ticker.setPeriod(Duration.millis(500));
        ticker.setOnSucceeded(e -> ticker.getValue().forEach(pages::seq));
        sceneProperty().addListener((o, a, s) -> {
            if (s == null) ticker.cancel();
        });
    }

    /** A tab whose view is built when first selected (startup does not pay for it). */
    public static Tab tab() {
        Tab tab = new Tab("Your machine");
        tab.setId("tab-live");
        tab.setClosable(false);
        tab.setTooltip(new javafx.scene.control.Tooltip("Measure clock_gettime() on this machine, host and in a time namespace, "
                + "and decode its real vDSO pages, beside the model of v5.6"));
        tab.selectedProperty().addListener((o, a, on) -> {
            if (on && tab.getContent() == null) tab.setContent(new LiveView());
        });
        return tab;
    }

    private static Label heading(String s) {
        Label l = new Label(s);
        l.setStyle("-fx-font-weight: bold;");
        return l;
    }

    private static VBox column(String title, TextArea t) {
        VBox v = new VBox(2, new Label(title), t);
        HBox.setHgrow(v, Priority.ALWAYS);
        return v;
    }

    /** The model listing's __vdso_clock_gettime (the committed gcc output). */
    static String modelListing() {
        String lst = Listings.resource("/assets/listings/timens-inline.lst");
        int at = lst.indexOf("<__vdso_clock_gettime>:");
        if (at < 0) return lst;
        int start = lst.lastIndexOf('\n', at) + 1, end = lst.indexOf("\n\n", at);
        return lst.substring(start, end < 0 ? lst.length() : end);
    }

    /** Starts a measurement (the Measure button); returns the task (tests wait on it). */
    public Task<Result> start() {
        if (running != null && running.isRunning()) return running;
        ticker.cancel();
        Task<Result> task = new Task<>() {
            @Override protected Result call() {
                LiveSession.Progress p = (f, m) -> {
                    updateProgress(f, 1);
                    updateMessage(m);
                };
                List<Measurements.Row> rows = session.measure((f, m) -> p.update(f * 0.8, m));
                List<PageDecoder.TaskPages> pg = session.pages((f, m) -> p.update(0.8 + f * 0.05, m));
                List<LiveSession.SeqWatch> seq = session.watchSeq(pg, 1000, (f, m) -> p.update(0.86, m));
                p.update(0.92, "running the model of v5.6 for the same clocks");
                CostTable costs = CostTable.defaults();
                double ghz = Prediction.ghz(pg, costs);
                CorePick pick = Prediction.core();
                List<Prediction.Line> lines = Prediction.lines(costs, ghz, TimingModel.pipeline(pick.core()));
                String vdso, od;
                try {
                    VdsoImage img = VdsoImage.current();
                    StringBuilder sb = new StringBuilder();
                    for (VdsoImage.Symbol s : img.symbols()) {
                        sb.append(String.format(Locale.ROOT, "%-24s %-10s %-6s %-6s %#7x %5d%n", s.name(), s.version(), s.type(), s.bind(),
                                s.value(), s.size()));
                    }
                    vdso = sb.toString();
                    od = img.disassemble("__vdso_clock_gettime").orElse("objdump (GNU binutils) is not installed: no disassembly "
                            + "of the real vDSO. Install binutils to see it here.");
                } catch (java.io.IOException | RuntimeException e) {
                    vdso = "could not read the vDSO: " + e.getMessage();
                    od = "";
                }
                p.update(1, "done");
                return new Result(rows, pg, seq, lines, ghz, ghz != costs.ghz(), session.problems(), vdso, od,
                        "Model core: " + pick.why() + ".");
            }
        };
        progress.progressProperty().bind(task.progressProperty());
        status.textProperty().bind(task.messageProperty());
        progress.setVisible(true);
        measure.setDisable(true);
        task.setOnSucceeded(e -> finish(task, null));
        task.setOnFailed(e -> finish(task, task.getException()));
        running = task;
        worker.submit(task);
        return task;
    }

    private void finish(Task<Result> task, Throwable failure) {
        progress.progressProperty().unbind();
        status.textProperty().unbind();
        progress.setVisible(false);
        measure.setDisable(false);
        if (failure != null) {
            status.setText("the measurement stopped: " + failure.getMessage());
            return;
        }
        Result r = task.getValue();
        status.setText(r.rows().isEmpty() ? "nothing measured" : "measured " + r.rows().size() + " rows; seq of the data pages ticks below");
        problems.setText(String.join("\n", r.problems()));
        core.setText(r.core());
        showTable(r);
        showChart(r);
        pages.show(r.pages(), r.seq());
        symbols.setText(r.vdso());
        real.setText(r.objdump());
        shownPages = r.pages();
        if (!shownPages.isEmpty() && !worker.isShutdown()) ticker.restart();
    }

    /** The table's columns (the grid's header, and the CSV/Markdown export's). */
    static final List<String> HEAD = List.of("clock", "path", "host ns", "host raw", "timens ns", "timens raw", "timens slower",
            "model host", "model timens", "model slower", "seeds: timens slower");

    /** One row per host clock and path (the namespace task's alone if the host measured nothing), as shown. */
    static List<List<String>> tableRows(Result r) {
        List<List<String>> out = new ArrayList<>();
        for (Measurements.Row h : rows(r, "host").isEmpty() ? rows(r, "timens") : rows(r, "host")) {
            Optional<Measurements.Row> n = rows(r, "timens").stream().filter(x -> x.clock().equals(h.clock()) && x.path().equals(h.path())).findFirst();
            Optional<Prediction.Line> m = h.path().equals("vdso") ? r.model().stream().filter(x -> x.clock().equals(h.clock())).findFirst()
                    : Optional.empty();
            Measurements.Row host = h.task().equals("host") ? h : null;
            out.add(List.of(h.clock(), h.path(), host == null ? "-" : ns(host.nsPerCall()),
                    host == null ? "-" : ns(host.rawNs()), n.map(x -> ns(x.nsPerCall())).orElse("-"), n.map(x -> ns(x.rawNs())).orElse("-"),
                    host != null && n.isPresent() ? pct(100 * (n.get().nsPerCall() / host.nsPerCall() - 1)) : "-",
                    m.map(x -> ns(x.modelHostNs())).orElse("-"), m.map(x -> ns(x.modelTimensNs())).orElse("-"),
                    m.map(x -> pct(x.modelSlowdownPercent())).orElse(h.path().equals("syscall") ? "(no model row)" : "-"),
                    m.map(x -> String.join(", ", x.seeds().stream().map(s -> s.source() + " " + s.variant() + " " + pct(s.slowdownPercent()))
                            .toList())).orElse("")));
        }
        return out;
    }

    private void showTable(Result r) {
        table.getChildren().clear();
        for (int c = 0; c < HEAD.size(); c++) table.add(cell(HEAD.get(c), true), c, 0);
        shownRows = tableRows(r);
        export.setDisable(shownRows.isEmpty());
        int row = 1;
        for (List<String> cells : shownRows) {
            for (int c = 0; c < cells.size(); c++) {
                Label l = cell(cells.get(c), false);
                if (c == cells.size() - 1) {
                    l.setWrapText(true);
                    l.setMinWidth(0);
                    l.setPrefWidth(330);
                    l.setMaxWidth(330);
                    l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
                }
                table.add(l, c, row);
            }
            row++;
        }
        Label note = cell("ns: corrected (raw minus the Java downcall's own cost, labs() in the same rounds; raw includes it); "
                + "medians over " + (r.rows().isEmpty() ? 0 : r.rows().getFirst().rounds()) + " interleaved rounds. Model: "
                + String.format(Locale.ROOT, "the model of v5.6 (timens-inline) at %.2f GHz%s", r.ghz(), r.measuredGhz()
                ? " (this machine's TSC rate, from the data page's mult and shift)" : " (the cost table's clock)")
                + " on the out-of-order pipeline of the core named above the table: a model of a 2020 kernel, not this one.", false);
        note.setWrapText(true);
        note.setMinWidth(0);
        note.setMaxWidth(950);
        table.add(note, 0, row, HEAD.size(), 1);
    }

    private static List<Measurements.Row> rows(Result r, String task) {
        return r.rows().stream().filter(x -> x.task().equals(task)).toList();
    }

    private static Label cell(String s, boolean head) {
        Label l = new Label(s);
        l.setStyle(head ? "-fx-font-weight: bold; -fx-font-size: 0.8em;" : "-fx-font-size: 0.8em;");
        l.setMinWidth(head ? 0 : javafx.scene.layout.Region.USE_PREF_SIZE);
        if (head) {
            l.setWrapText(true);
            l.setMaxWidth(70);
        }
        return l;
    }

    private static String ns(double v) { return String.format(Locale.ROOT, "%.1f", v); }

    private static String pct(double v) { return String.format(Locale.ROOT, "%+.0f %%", v); }

    private void showChart(Result r) {
        chart.getData().clear();
        for (String task : List.of("host", "timens")) {
            XYChart.Series<String, Number> s = new XYChart.Series<>();
            s.setName(task + " (measured)");
            for (Measurements.Row x : rows(r, task)) if (x.path().equals("vdso")) s.getData().add(new XYChart.Data<>(x.clock(), x.nsPerCall()));
            if (!s.getData().isEmpty()) chart.getData().add(s);
        }
        XYChart.Series<String, Number> mh = new XYChart.Series<>(), mt = new XYChart.Series<>();
        mh.setName("model v5.6 host");
        mt.setName("model v5.6 timens");
        for (Prediction.Line l : r.model()) {
            mh.getData().add(new XYChart.Data<>(l.clock(), l.modelHostNs()));
            mt.getData().add(new XYChart.Data<>(l.clock(), l.modelTimensNs()));
        }
        chart.getData().addAll(List.of(mh, mt));
    }

    LivePagesPane pagesPane() { return pages; }

    Label problemsLabel() { return problems; }

    Label coreLabel() { return core; }

    GridPane table() { return table; }

    /** The text of the grid's cell at column {@code c}, row {@code r} (0: the header). */
    String cellText(int c, int r) {
        for (javafx.scene.Node n : table.getChildren()) {
            if (GridPane.getColumnIndex(n) == c && GridPane.getRowIndex(n) == r && n instanceof Label l) return l.getText();
        }
        return null;
    }

    /** Stops the seq poll and the child processes (the window closing, tests). */
    public void shutdown() {
        ticker.cancel();
        validate.cancel();
        worker.submit(session::close);
        worker.shutdown();
    }
}

package org.vdsoexplorer.app.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.concurrent.Task;
import javafx.css.PseudoClass;
import javafx.geometry.HPos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import org.vdsoexplorer.host.live.CaptureMeasure;
import org.vdsoexplorer.session.KernelSnapshot;
import org.vdsoexplorer.session.KernelStepper;

/**
 * Every task and clock of the capture, predicted beside measured, as {@code live run} prints them: the path, the
 * instructions and the pipeline model's cycles and ns of the warm call, the live measurement of the same call when this
 * machine is the captured one (same [vdso] bytes), the miss, and whether the code returned the captured result. The
 * rows are computed in the background when the pane is first shown, the measurement when asked for (about ten seconds).
 */
final class KernelTablePane extends KernelPane {
    private static final PseudoClass BAD = PseudoClass.getPseudoClass("bad");
    private final GridPane table = new GridPane();
    private final Label note = wrap(new Label());
    private final Label core = wrap(new Label());
    private final Button measure = new Button("Measure this machine");
    private KernelStepper stepper;
    private List<KernelSnapshot.ClockRow> rows;
    private Map<String, Double> measured = Map.of();
    private boolean computing;

    KernelTablePane() {
        super("kernel-table", "Every clock: predicted beside measured");
        table.setId("kernel-table-rows");
        table.getStyleClass().add("kernel-table");
        table.setHgap(10);
        note.setId("kernel-table-note");
        note.getStyleClass().add("kernel-hint");
        core.getStyleClass().add("kernel-hint");
        measure.setId("kernel-measure");
        measure.setFocusTraversable(false);
        measure.setTooltip(new javafx.scene.control.Tooltip("Time clock_gettime() on this machine, host and time-namespace task "
                + "(about ten seconds), when its vDSO is the captured one"));
        measure.setOnAction(e -> measure());
        getChildren().addAll(title, core, scroll(table, "kernel-table-scroll"), note, measure);
    }

    @Override void show(KernelSnapshot s) { }

    /** Shows {@code k}'s rows (computed in the background the first time). */
    void load(KernelStepper k) {
        if (stepper == k || computing) return;
        stepper = k;
        rows = null;
        measured = Map.of();
        core.setText("Model core: " + k.coreWhy() + ".");
        if (k.rowsIfReady() != null) {
            shown(k.rowsIfReady());
            return;
        }
        note.setText("Running every clock of both tasks on the model\u2026");
        computing = true;
        Task<List<KernelSnapshot.ClockRow>> t = new Task<>() {
            @Override protected List<KernelSnapshot.ClockRow> call() { return k.rows(); }
        };
        t.setOnSucceeded(e -> {
            computing = false;
            shown(t.getValue());
        });
        t.setOnFailed(e -> {
            computing = false;
            note.setText("The rows could not be computed: " + t.getException().getMessage());
        });
        org.vdsoexplorer.util.Background.run(t);
    }

    private void shown(List<KernelSnapshot.ClockRow> r) {
        rows = r;
        note.setText("pred ns: the pipeline model's cycles of the warm call (the last of 21) at the core clock the capture "
                + "calibrated; meas ns: this machine's corrected ns per call, when it is the captured machine.");
        draw();
    }

    private void measure() {
        if (stepper == null) return;
        measure.setDisable(true);
        note.setText("Measuring this machine\u2026");
        byte[] image = stepper.capturedVdso();
        List<String> problems = new ArrayList<>();
        Task<Map<String, Double>> t = new Task<>() {
            @Override protected Map<String, Double> call() {
                return CaptureMeasure.measure(image, (f, m) -> updateMessage(m), problems);
            }
        };
        t.messageProperty().addListener((o, a, m) -> note.setText("Measuring this machine: " + m));
        t.setOnSucceeded(e -> {
            measure.setDisable(false);
            measured = t.getValue();
            note.setText(problems.isEmpty() ? "Measured: " + measured.size() + " rows." : String.join("; ", problems));
            draw();
        });
        t.setOnFailed(e -> {
            measure.setDisable(false);
            note.setText("The measurement failed: " + t.getException().getMessage());
        });
        org.vdsoexplorer.util.Background.run(t);
    }

    private void draw() {
        table.getChildren().clear();
        if (table.getColumnConstraints().isEmpty()) {
            for (int c = 0; c < 9; c++) {
                ColumnConstraints cc = new ColumnConstraints();
                if (c >= 3 && c <= 7) cc.setHalignment(HPos.RIGHT);
                table.getColumnConstraints().add(cc);
            }
        }
        String[] head = {"task", "clock", "path", "instr", "cycles", "pred ns", "meas ns", "miss", "returned = captured"};
        for (int c = 0; c < head.length; c++) table.add(cell(head[c], "table-head"), c, 0);
        int y = 1;
        for (KernelSnapshot.ClockRow r : rows) {
            Double m = measured.get(r.task() + " " + r.clock());
            String miss = r.miss(m);
            String[] v = {r.task(), r.clock(), r.path(), Long.toString(r.instructions()), String.format(Locale.ROOT, "%.1f", r.cycles()),
                    Double.isNaN(r.predictedNs()) ? "-" : String.format(Locale.ROOT, "%.2f", r.predictedNs()),
                    m == null ? "-" : String.format(Locale.ROOT, "%.2f", m), miss, r.exact() ? "yes, to the ns" : "NO"};
            for (int c = 0; c < v.length; c++) {
                Label l = cell(v[c], "table-cell");
                if (c == 8) l.pseudoClassStateChanged(BAD, !r.exact());
                table.add(l, c, y);
            }
            y++;
        }
    }

    private static Label cell(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().add(style);
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return l;
    }

    // tests
    int rowCount() { return rows == null ? -1 : rows.size(); }

    String noteText() { return note.getText(); }
}

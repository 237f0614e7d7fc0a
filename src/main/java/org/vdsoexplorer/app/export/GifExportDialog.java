package org.vdsoexplorer.app.export;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.vdsoexplorer.session.DemoState;
import org.vdsoexplorer.session.Session;
import org.vdsoexplorer.session.GifRequest;

/**
 * "Export GIF": the current call (or a range of steps) of the session as an animated GIF of one view or the whole
 * window, at a chosen size, frame rate, pixel scale and UI (presenter) scale; progress bar and cancel. The
 * fields become a {@link GifRequest} (the value {@code export-gif} builds too: same checks, same renderer as the
 * headless command); the state is handed over as a demo (the whole setup, placed writer updates, breakpoints).
 */
public final class GifExportDialog {
    private final Stage stage = new Stage();
    private final Session session;
    private final ChoiceBox<String> view = new ChoiceBox<>();
    private final TextField from = new TextField();
    private final TextField to = new TextField();
    private final Spinner<Integer> fps = new Spinner<>(1, 50, 5);
    private final ComboBox<String> size = new ComboBox<>();
    private final ChoiceBox<String> pixelScale = new ChoiceBox<>();
    private final Spinner<Integer> uiScale = new Spinner<>(50, 300, 100, 25);
    private final ProgressBar bar = new ProgressBar(0);
    private final Label status = new Label();
    private final Button export = new Button("Export\u2026");
    private final Button cancel = new Button("Cancel");
    private GifExport job;
    /** The pixel scales offered (the largest must fit at 1600x1000 in the app's heap: ClassroomExportFaultsTest). */
    public static final List<String> PIXEL_SCALES = List.of("1", "1.5", "2");
    private final ExportWindow.Factory windows;
    private Path lastDir = Path.of("").toAbsolutePath();

    /** Opens the dialog over {@code owner} for {@code session}; {@code uiScalePercent}: the presenter's scale now; {@code windows} builds the off-screen window it renders. */
    public static GifExportDialog show(Window owner, Session session, int uiScalePercent, ExportWindow.Factory windows) {
        GifExportDialog d = new GifExportDialog(owner, session, uiScalePercent, windows);
        d.stage.show();
        return d;
    }

    private GifExportDialog(Window owner, Session session, int uiScalePercent, ExportWindow.Factory windows) {
        this.session = session;
        this.windows = windows;
        view.getItems().setAll(GifRequest.VIEWS);
        view.setValue("window");
        from.setText(Long.toString(session.callStart()));
        to.setPromptText("end of the call");
        double w = owner == null ? 1600 : owner.getWidth(), h = owner == null ? 1000 : owner.getHeight();
        size.setEditable(true);
        size.getItems().setAll(String.format(Locale.ROOT, "%.0fx%.0f", w, h), "1280x800", "1600x1000", "1920x1080");
        size.setValue(size.getItems().getFirst());
        pixelScale.getItems().setAll(PIXEL_SCALES);
        pixelScale.setValue("1");
        uiScale.getValueFactory().setValue(uiScalePercent);
        fps.setEditable(true);
        uiScale.setEditable(true);
        bar.setMaxWidth(Double.MAX_VALUE);
        cancel.setDisable(true);
        export.setDefaultButton(true);
        export.setOnAction(e -> chooseAndExport());
        cancel.setOnAction(e -> { if (job != null) job.cancel(); });

        GridPane g = new GridPane(8, 6);
        g.setPadding(new Insets(12));
        String[] labels = {"View", "From step", "To step", "Frames/s", "Window size", "Pixel scale", "UI scale %"};
        javafx.scene.Node[] fields = {view, from, to, fps, size, pixelScale, uiScale};
        for (int i = 0; i < labels.length; i++) g.addRow(i, new Label(labels[i]), fields[i]);
        g.add(bar, 0, labels.length, 2, 1);
        g.add(status, 0, labels.length + 1, 2, 1);
        g.add(new HBox(8, export, cancel), 0, labels.length + 2, 2, 1);
        stage.setTitle("Export animated GIF");
        if (owner != null) stage.initOwner(owner);
        stage.setScene(new Scene(g));
        stage.setOnHidden(e -> { if (job != null) job.cancel(); });
    }

    private void chooseAndExport() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export animated GIF");
        fc.setInitialDirectory(lastDir.toFile());
        fc.setInitialFileName("vdso-explorer-" + session.setup().scenario().cliName() + "-step" + from.getText().strip() + ".gif");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Animated GIF", "*.gif"));
        java.io.File f = fc.showSaveDialog(stage);
        if (f != null) export(f.toPath());
    }

    /** Starts the export to {@code out} (the file chooser's answer; tests call it directly). */
    public void export(Path out) {
        if (job != null && !job.done().isDone()) return;
        try {
            int[] wh = GifRequest.size(size.getValue().strip());
            long last = to.getText().isBlank() ? -1 : number("--to", to.getText());
            GifRequest req = new GifRequest(session.setup(), DemoState.of(session), List.of(), view.getValue(),
                    number("--from", from.getText()), last, fps.getValue(), wh[0], wh[1], Double.parseDouble(pixelScale.getValue()),
                    uiScale.getValue(), out);
            lastDir = out.toAbsolutePath().getParent();
            export.setDisable(true);
            cancel.setDisable(false);
            bar.setProgress(0);
            job = GifExport.start(req, windows, (done, total) -> {
                bar.setProgress(done / (double) total);
                status.setText("frame " + done + " of " + total);
            });
            job.done().whenComplete((frames, err) -> javafx.application.Platform.runLater(() -> {
                export.setDisable(false);
                cancel.setDisable(true);
                status.setText(err == null ? "wrote " + frames + " frames to " + out
                        : err instanceof java.util.concurrent.CancellationException ? "cancelled" : "failed: " + err.getMessage());
            }));
        } catch (RuntimeException e) {
            status.setText(e.getMessage());
        }
    }

    /** A step field's whole number; refused with the field's option name. */
    private static long number(String option, String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " '" + text.strip() + "' is not a number");
        }
    }

    public GifExport job() { return job; }

    /** Sets the window size, pixel scale and last step as a user would type them (tests; null keeps a field). */
    public void choose(String windowSize, String scale, String toStep) {
        if (windowSize != null) size.setValue(windowSize);
        if (scale != null) pixelScale.setValue(scale);
        if (toStep != null) to.setText(toStep);
    }

    /** Presses Cancel. */
    public void pressCancel() { cancel.fire(); }

    public String status() { return status.getText(); }

    public Stage stage() { return stage; }
}

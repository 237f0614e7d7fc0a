package org.vdsoexplorer.app;

import javafx.animation.PauseTransition;
import javafx.concurrent.Worker;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.Duration;

/**
 * A small window for a long background {@link Worker}: its message, a progress bar and Cancel. Shown
 * only if the work is still running after {@link #DELAY_MS} (quick work does not flash a window), and
 * only when there is an owner window on screen.
 */
public final class ProgressDialog {
    static final int DELAY_MS = 300;

    private final Window owner;
    private final Worker<?> worker;
    private final String title;
    private Stage stage;
    private PauseTransition pending;

    public ProgressDialog(Window owner, String title, Worker<?> worker) {
        this.owner = owner;
        this.title = title;
        this.worker = worker;
    }

    /** Shows the window after {@link #DELAY_MS} if the work is still running then. */
    public void showAfterDelay() {
        pending = new PauseTransition(Duration.millis(DELAY_MS));
        pending.setOnFinished(e -> {
            if (worker.isRunning() || worker.getState() == Worker.State.SCHEDULED) show();
        });
        pending.play();
    }

    private void show() {
        if (owner == null || !owner.isShowing()) return;
        Label message = new Label();
        message.textProperty().bind(worker.messageProperty());
        ProgressBar bar = new ProgressBar();
        bar.setPrefWidth(320);
        bar.progressProperty().bind(worker.progressProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("progress-cancel");
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> worker.cancel());
        HBox buttons = new HBox(cancel);
        buttons.setStyle("-fx-alignment: center-right;");
        VBox box = new VBox(10, message, bar, buttons);
        box.setPadding(new Insets(14));
        stage = new Stage();
        stage.initOwner(owner);
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle(title);
        stage.setScene(new Scene(box));
        stage.setOnCloseRequest(e -> worker.cancel());
        stage.show();
    }

    /** The dialog's stage while shown (tests), else null. */
    Stage stage() { return stage; }

    public void close() {
        if (pending != null) pending.stop();
        if (stage != null) stage.close();
        stage = null;
    }
}

package org.vdsoexplorer.app;

import javafx.application.Application;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Font;
import javafx.stage.Stage;

/** The vDSO Explorer JavaFX application (placeholder window for now). */
public class VdsoExplorerApp extends Application {

    public static final String TITLE = "vDSO Explorer";
    public static final double WIDTH = 1280;
    public static final double HEIGHT = 800;

    @Override
    public void start(Stage stage) {
        stage.setTitle(TITLE);
        stage.setScene(createScene());
        stage.show();
    }

    /** Builds the main scene; separate from {@link #start(Stage)} so tests can reuse it. */
    public Scene createScene() {
        Label label = new Label("vDSO Explorer \u2014 the execution model is loading views soon");
        label.setId("placeholder");
        label.setFont(Font.font(32));
        label.setWrapText(true);
        StackPane root = new StackPane(label);
        StackPane.setAlignment(label, Pos.CENTER);
        return new Scene(root, WIDTH, HEIGHT);
    }

    public static void main(String[] args) {
        launch(args);
    }
}

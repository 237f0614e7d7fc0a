package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Label;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Headless smoke test: the main window opens with the expected title and placeholder. */
@ExtendWith(ApplicationExtension.class)
class AppSmokeTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        new VdsoExplorerApp().start(stage);
    }

    @Test
    void stageHasTitle() {
        assertEquals("vDSO Explorer", stage.getTitle());
        assertTrue(stage.isShowing(), "stage should be showing");
    }

    @Test
    void placeholderLabelIsShown(FxRobot robot) {
        Label label = robot.lookup("#placeholder").queryAs(Label.class);
        assertNotNull(label);
        assertTrue(label.getText().startsWith("vDSO Explorer"), label.getText());
    }
}

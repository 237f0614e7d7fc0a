package org.vdsoexplorer.app.lesson;

import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import org.vdsoexplorer.lesson.LessonException;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.lesson.StepSetup;

/**
 * The lesson panel's setup line under a step: applies the step's setup block to the model ({@link LessonHost#apply})
 * and says what it did ("Model: timens / timens-inline / monotonic, run to ..."), or why it could not; the
 * questions report their own model runs here too. A wrapping label, shown only when it has something to say.
 */
final class SetupLine {
    private final Label label = new Label();

    SetupLine() {
        label.setId("lesson-setup");
        label.getStyleClass().add("lesson-setup");
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
    }

    Label label() { return label; }

    /**
     * Applies step {@code s}'s setup through {@code host}: its own block, or when the student {@code jumped} here
     * (not the next step after the one before) the setup in effect at it.
     */
    void apply(LessonHost host, Step s, boolean jumped) {
        StepSetup setup = s.setup() != null ? s.setup() : jumped ? s.effectiveSetup() : null;
        if (s.setupBroken()) {
            show("This step's setup block has errors (see the problems above); the model is left as it was.", true);
            return;
        }
        if (setup == null) {
            show(s.effectiveSetup() == null ? "" : "The model stays where you left it.", false);
            return;
        }
        try {
            host.apply(setup);
            show("Model: " + org.vdsoexplorer.sim.SetupText.describe(setup.setup()) + (setup.runTo() == null ? ", at the start" : ", run to " + setup.runTo().text())
                    + " (reader step " + host.position() + ")"
                    + (setup.compare() == null ? "" : "; compared with " + setup.compareLabel()
                    + (setup.compare().scenario() == setup.scenario() && setup.compare().clock() == setup.clock()
                    ? " (the \"Compare\" tab)" : " (measured when you reveal the answer)")), false);
        } catch (LessonException | RuntimeException e) {
            show("Could not set up the model: " + e.getMessage(), true);
        }
    }

    /** Shows {@code text} ("" hides the line), marked as a problem if {@code bad}. */
    void show(String text, boolean bad) {
        label.setText(text);
        label.getStyleClass().remove("bad");
        if (bad) label.getStyleClass().add("bad");
        label.setVisible(!text.isEmpty());
    }
}

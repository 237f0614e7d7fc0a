package org.vdsoexplorer.app.pipeline;

import org.vdsoexplorer.app.common.Snapshots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.vdsoexplorer.app.HeadlessStage;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.tools.Screenshots;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.Pipeline;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;

/** The Pipeline tab: picking the pipeline model, the timeline of the current call, rendered headless. */
@ExtendWith(ApplicationExtension.class)
class PipelineViewUiTest {
    private MainWindow w;

    @Start
    void start(Stage stage) {
        w = HeadlessStage.show(stage, Setup.of(Scenario.TIMENS, Variant.TIMENS_NOINLINE, Clock.MONOTONIC).withTick(0));
    }

    @org.testfx.framework.junit5.Stop
    void stop() { w.dispose(); }

    @Test
    @SuppressWarnings("unchecked")
    void timingPickerSwitchesTheModelAndTheTabDrawsTheCallsRows(FxRobot robot) throws Exception {
        PipelineView view = robot.lookup("#pipeline-view").queryAs(PipelineView.class);
        fxRun(() -> {
            TabPane tabs = robot.lookup("#tabs").queryAs(TabPane.class);
            tabs.getSelectionModel().select(tabs.getTabs().stream().filter(t -> t.getText().equals("Pipeline")).findFirst()
                    .orElseThrow());
        });
        assertTrue(fx(() -> view.rows().isEmpty()), "the additive model has no schedule");
        TimingModel zen2 = TimingModel.pipeline(TimingTable.defaults().core("zen2").orElseThrow());
        // the timing picker is in the settings popover (the toolbar's cog)
        fxRun(() -> robot.lookup("#settings").queryAs(javafx.scene.control.Button.class).fire());
        fxRun(() -> robot.lookup("#timing").queryAs(ComboBox.class).setValue(zen2));
        assertEquals(zen2, fx(() -> w.session().setup().timing()));
        assertEquals("pipeline zen2", fx(() -> robot.lookup("#counter-timing").queryAs(javafx.scene.control.Label.class).getText()));
        fxRun(() -> {
            for (int i = 0; i < 5; i++) w.session().runCall();
            for (int i = 0; i < 60; i++) w.session().step();
        });
        Pipeline p = fx(() -> w.session().machine().pipeline());
        assertEquals(fx(p::currentRows), fx(view::rows), "the view shows the model's rows of the call in progress");
        assertEquals(fx(() -> w.session().machine().callInstructions()), (long) fx(() -> view.rows().size()));
        Path dir = Files.createDirectories(Path.of("target/screenshots"));
        fxRun(() -> {
            w.session().runCall();
            while (!w.session().machine().next().mnemonic().startsWith("rdtsc")) w.session().step();
            for (int i = 0; i < 4; i++) w.session().step();
        });
        Path png = fx(() -> Snapshots.shot(view, dir.resolve("pipeline.png")));
        BufferedImage img = ImageIO.read(png.toFile());
        assertTrue(img.getWidth() > 400 && img.getHeight() > 200);
        assertFalse(fx(() -> view.rows().isEmpty()));

        // what it drew is reported to the layout check: the current instruction as the model's listing has it, the
        // rdtsc row's mark, and none of it cut
        Pipeline.Slot last = fx(() -> view.rows().getLast());
        String insn = fx(() -> w.session().machine().listing().get(last.index()).text().replaceAll("\\s+", " "));
        java.util.List<String> seen = fx(() -> org.vdsoexplorer.app.tools.LayoutCheck.visibleTexts(w.root()));
        assertTrue(seen.contains(insn), insn + " not among " + seen);
        assertTrue(seen.contains("counter"), "the rdtsc row's mark");
        org.vdsoexplorer.app.tools.LayoutCheck.Result check = fx(() -> org.vdsoexplorer.app.tools.LayoutCheck.check(w.root()));
        assertTrue(check.clipped().stream().noneMatch(c -> c.contains("#pipeline-view")), check.details());
    }
}

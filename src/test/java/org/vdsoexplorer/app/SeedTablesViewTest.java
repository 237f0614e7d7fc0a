package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.model.cost.CostTable;
import org.vdsoexplorer.model.report.SeedTables;

/** The seed-tables page shows, for every seed cell, the model's figure as the report measures it. */
@ExtendWith(ApplicationExtension.class)
class SeedTablesViewTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = HeadlessStage.show(stage, VdsoExplorerApp.defaultSetup());
    }

    @org.testfx.framework.junit5.Stop
    void stop() { window.dispose(); }

    @Test
    void showsTheSeedsBesideTheModel(FxRobot robot) throws Exception {
        robot.interact(window::showSeedTables);
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !window.seedTables().rows().isEmpty());
        CostTable costs = CostTable.defaults();
        List<SeedTables.Comparison> expected = SeedTables.compare(SeedTables.load(costs, costs.ghz()));
        TableView<?> table = robot.lookup("#seed-table").queryAs(TableView.class);
        assertEquals(expected.size(), table.getItems().size());
        List<SeedTables.Comparison> shown = window.seedTables().rows();
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).cell().label(), shown.get(i).cell().label());
            assertEquals(expected.get(i).modelPercent(), shown.get(i).modelPercent(), 1e-9, "deterministic model");
        }
        // seed 004: the Hyper-V regression cell is about 1/14.6 of the working one in both
        var hv = shown.stream().filter(c -> c.cell().label().startsWith("hyperv-5.13")).findFirst().orElseThrow();
        assertTrue(Math.abs(hv.differencePp()) < 2, "hyperv-5.13 within 2 pp: " + hv.differencePp());
    }
}

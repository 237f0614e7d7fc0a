package org.vdsoexplorer.app.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.concurrent.Task;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.host.live.Launcher;
import org.vdsoexplorer.host.live.LiveSession;

/** The "Your machine" tab: measured rows, model beside them, both tasks' pages with seq ticking; failures shown. */
@ExtendWith(ApplicationExtension.class)
class LiveViewUiTest {
    private Stage stage;
    private LiveView view;

    @Start
    void start(Stage s) { stage = s; }

    @AfterEach
    void stop() {
        if (view != null) fxRun(view::shutdown);
    }

    private LiveView show(LiveSession.Options o) {
        assumeTrue(System.getProperty("os.name", "").toLowerCase().contains("linux"), "the live lab reads Linux pages");
        view = fx(() -> {
            LiveView v = new LiveView(o);
            stage.setScene(new Scene(v, org.vdsoexplorer.app.HeadlessStage.SIZE, org.vdsoexplorer.app.HeadlessStage.SIZE));
            stage.show();
            return v;
        });
        return view;
    }

    private static LiveView.Result run(LiveView v) throws Exception {
        Task<LiveView.Result> t = fx(v::start);
        // the FX thread stays free while the children measure: it answers right away
        assertEquals(Boolean.TRUE, fx(() -> true));
        WaitForAsyncUtils.waitFor(180, TimeUnit.SECONDS, () -> t.isDone());
        WaitForAsyncUtils.waitForFxEvents();
        return t.get();
    }

    @Test
    void measuresBothTasksShowsModelAndTicksSeq() throws Exception {
        boolean timens = works("unshare", "--time", "true") || works("unshare", "-r", "--time", "true");
        LiveView v = show(LiveSession.Options.defaults().withSeconds(0.6).withRounds(3));
        LiveView.Result r = run(v);
        assertTrue(r.rows().stream().anyMatch(x -> x.task().equals("host")), r.problems().toString());
        int rows = fx(() -> (int) v.table().getChildren().stream().filter(n -> javafx.scene.layout.GridPane.getColumnIndex(n) == 0).count());
        assertEquals(1 + 6 + 1, rows, "head, five clocks and the syscall, note");
        // one line says which core of the pipeline table the model ran on, and why (the same pick as CorePick's)
        org.vdsoexplorer.sim.timing.CorePick pick = org.vdsoexplorer.sim.timing.CorePick.thisMachine(
                org.vdsoexplorer.sim.timing.TimingTable.defaults());
        assertEquals("Model core: " + pick.why() + ".", fx(() -> v.coreLabel().getText()));
        String first = fx(() -> v.pagesPane().seqText("host"));
        assertTrue(first != null && first.startsWith("seq "), String.valueOf(first));
        if (timens) {
            assertTrue(r.rows().stream().anyMatch(x -> x.task().equals("timens")), r.problems().toString());
            assertTrue(fx(() -> v.pagesPane().lookup("#live-timens-vvar-0") != null), "the namespace page of the namespace task");
        }
        // seq ticks: the background poll shows the writer's updates (about every tick)
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !first.equals(fx(() -> v.pagesPane().seqText("host"))));
        assertNotEquals(first, fx(() -> v.pagesPane().seqText("host")));
        Path png = Path.of("target/screenshots/live.png");
        Files.createDirectories(png.getParent());
        fxRun(() -> org.vdsoexplorer.app.common.Snapshots.shot(v, png));
    }

    @Test
    void aMissingUnshareIsShownAndTheViewGoesOn() throws Exception {
        LiveView v = show(LiveSession.Options.defaults().withSeconds(0.3).withRounds(1)
                .withLaunch(Launcher.Config.defaults().withUnshare(List.of("no-such-unshare-4711"))));
        LiveView.Result r = run(v);
        String shown = fx(() -> v.problemsLabel().getText());
        assertTrue(shown.contains("'no-such-unshare-4711' was not found") && shown.contains("host side is shown alone"), shown);
        assertTrue(r.rows().stream().allMatch(x -> x.task().equals("host")) && !r.rows().isEmpty());
        assertTrue(fx(() -> !((javafx.scene.control.Button) v.lookup("#live-measure")).isDisabled()), "can measure again");
        assertTrue(fx(() -> ((Label) v.lookup("#live-status")).getText().startsWith("measured")));
    }

    /** Copy CSV and Copy Markdown give the table as the grid shows it: every row, every cell. */
    @Test
    void theTableCopiesAsCsvAndMarkdown() throws Exception {
        LiveView v = show(LiveSession.Options.defaults().withSeconds(0.3).withRounds(1));
        assertTrue(fx(() -> v.lookup("#live-lab-copy-csv").isDisabled()), "nothing to copy before a measurement");
        LiveView.Result r = run(v);
        assumeTrue(!r.rows().isEmpty(), "nothing measured here: " + r.problems());
        assertTrue(fx(() -> !v.lookup("#live-lab-copy-csv").isDisabled()));
        int rows = fx(() -> (int) v.table().getChildren().stream().filter(n -> javafx.scene.layout.GridPane.getColumnIndex(n) == 0).count()) - 2;
        assertTrue(rows >= 2, "the vDSO clocks and the syscall");
        List<List<String>> grid = fx(() -> {
            List<List<String>> g = new java.util.ArrayList<>();
            for (int row = 0; row <= rows; row++) {
                List<String> cells = new java.util.ArrayList<>();
                for (int c = 0; c < 11; c++) cells.add(v.cellText(c, row) == null ? "" : v.cellText(c, row));
                g.add(cells);
            }
            return g;
        });

        String csv = copied(v, "#live-lab-copy-csv");
        List<String> lines = csv.lines().toList();
        assertEquals(rows + 1, lines.size(), csv);
        for (int row = 0; row <= rows; row++) {
            // the last column (the seeds' slowdowns) is a list with commas: quoted
            List<String> cells = grid.get(row);
            String seeds = cells.getLast();
            String expected = String.join(",", cells.subList(0, 10)) + "," + (seeds.contains(",") ? '"' + seeds + '"' : seeds);
            assertEquals(expected, lines.get(row), "CSV line " + row);
        }

        String md = copied(v, "#live-lab-copy-markdown");
        List<String> mdLines = md.lines().toList();
        assertEquals(rows + 2, mdLines.size(), md);
        assertEquals("|---|---|" + "---:|".repeat(9), mdLines.get(1), "text columns left, numbers right");
        for (int row = 0; row <= rows; row++) {
            assertEquals("| " + String.join(" | ", grid.get(row)) + " |", mdLines.get(row == 0 ? 0 : row + 1), "Markdown row " + row);
        }
    }

    private static String copied(LiveView v, String button) {
        return fx(() -> {
            javafx.scene.input.Clipboard.getSystemClipboard().clear();
            ((javafx.scene.control.Button) v.lookup(button)).fire();
            return javafx.scene.input.Clipboard.getSystemClipboard().getString();
        });
    }

    private static boolean works(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }
}

package org.vdsoexplorer.robust;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.vdsoexplorer.app.Fx;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.common.Snapshots;
import org.vdsoexplorer.app.export.GifExportDialog;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * A child JVM for {@link ClassroomExportFaultsTest}, started with the app's own JVM options (bin/jvm.options: its
 * heap): the app's main window at 1600x1000 (its live set), then the Export GIF dialog over it at the dialog's largest
 * pixel scale. {@code OUT.gif export LAST}: exports steps 0..LAST and prints {@code status: ...}; {@code OUT.gif cancel
 * LAST}: presses Cancel once frame 1 is done and prints {@code cancel-handler-ms: N} (how long the FX thread was
 * busy with the press itself), {@code cancelled-after-ms: N} (how long until the job ended)
 * and {@code fx-turn-ms: N} (how long the FX thread then took to answer). Exits 0 when it could say, 3 when the job
 * did not end within 50 s.
 */
public final class ExportDialogChild {
    private ExportDialogChild() {}

    public static void main(String[] args) throws Exception {
        try {
            run(args);
        } catch (Throwable t) { // the FX thread would keep this JVM alive
            System.out.println("child failed: " + t);
            System.exit(4);
        }
    }

    private static void run(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        boolean cancel = args[1].equals("cancel");
        Snapshots.startToolkit();
        Setup setup = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);
        MainWindow main = Fx.fx(() -> new MainWindow(setup, 1600, 1000));
        String largest = GifExportDialog.PIXEL_SCALES.getLast();
        GifExportDialog d = Fx.fx(() -> GifExportDialog.show(null, main.session(), 100, MainWindow::new));
        Fx.fxRun(() -> {
            d.choose("1600x1000", largest, args[2]);
            d.export(out);
        });
        if (cancel) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(50);
            while (!Fx.fx(d::status).startsWith("frame ") && !d.job().done().isDone() && System.nanoTime() < deadline) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20)); // waiting for frame 1's progress line
            }
            System.out.println("status-before-cancel: " + Fx.fx(d::status) + (d.job().done().isDone() ? " (ended)" : ""));
            long t0 = System.nanoTime();
            long handler = Fx.fx(() -> { // the press itself, timed on the FX thread (not the wait for its turn)
                long t = System.nanoTime();
                d.pressCancel();
                return System.nanoTime() - t;
            });
            System.out.println("cancel-handler-ms: " + handler / 1_000_000);
            try {
                d.job().done().get(50, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.CancellationException expected) {
                // cancelled
            } catch (java.util.concurrent.TimeoutException e) {
                System.out.println("cancel did not end the job within 50 s: " + Fx.fx(d::status));
                System.exit(3);
            }
            System.out.println("cancelled-after-ms: " + (System.nanoTime() - t0) / 1_000_000);
            long t1 = System.nanoTime();
            Fx.fx(() -> 0);
            System.out.println("fx-turn-ms: " + (System.nanoTime() - t1) / 1_000_000);
        } else {
            try {
                d.job().done().get(50, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException failed) {
                // the status says why
            } catch (java.util.concurrent.TimeoutException e) {
                System.out.println("no end within 50 s: " + Fx.fx(d::status));
                System.exit(3);
            }
        }
        // the dialog's status is set on the FX thread after done completes
        Fx.fx(() -> 0);
        System.out.println("status: " + Fx.fx(d::status));
        System.exit(0);
    }
}

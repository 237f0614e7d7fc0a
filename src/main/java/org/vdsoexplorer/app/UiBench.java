package org.vdsoexplorer.app;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * Frame-time benchmark: the main window shown with all four views, the model running at full speed,
 * frame intervals measured with an AnimationTimer for {@code seconds}. Prints frames/s and p50/p99/max
 * frame times. On the headless platform the screen is 1000 x 1000 and every frame is also copied pixel by
 * pixel into the platform's screen buffer, so figures there are pessimistic.
 */
public final class UiBench {
    /** Frame-interval statistics in milliseconds. */
    public record Result(int frames, double seconds, double p50, double p99, double max, long modelSteps,
                         long firstFrameMillis, double fxCpuMsPerFrame, double renderCpuMsPerFrame) {
        public double fps() { return frames / seconds; }
    }

    private UiBench() {}

    /** Frames in the first this many seconds (JIT compilation, first layout) are not measured. */
    public static final double WARM_UP_SECONDS = 2;

    private static long cpu(long threadId) {
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        return threadId < 0 ? 0 : Math.max(0, mx.getThreadCpuTime(threadId));
    }

    private static long threadNamed(String prefix) {
        for (Thread t : Thread.getAllStackTraces().keySet()) if (t.getName().startsWith(prefix)) return t.threadId();
        return -1;
    }

    public static Result run(double seconds) { return run(seconds, false); }

    /**
     * With {@code idle} the window is shown but the model is not run: nothing changes, so the figures are
     * the platform's floor (what frames cost when nothing is drawn).
     */
    public static Result run(double seconds, boolean idle) {
        Screenshots.startToolkit();
        long[] fxThread = {-1};
        List<Long> stamps = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<MainWindow> shown = new CompletableFuture<>();
        CompletableFuture<Stage> stageRef = new CompletableFuture<>();
        long[] firstFrame = {-1};
        AnimationTimer probe = new AnimationTimer() {
            @Override public void handle(long now) {
                // JVM start to the first pulse with the window up: the user's "startup to first frame"
                if (firstFrame[0] < 0) firstFrame[0] = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
                stamps.add(now);
            }
        };
        Platform.runLater(() -> {
            try {
                fxThread[0] = Thread.currentThread().threadId();
                MainWindow w = VdsoExplorerApp.createMainWindow(VdsoExplorerApp.defaultSetup());
                Stage stage = new Stage();
                stage.setTitle(VdsoExplorerApp.TITLE + " (bench-ui)");
                stage.setScene(w.scene());
                var b = Screen.getPrimary().getVisualBounds();
                stage.setWidth(Math.min(VdsoExplorerApp.WIDTH, b.getWidth()));
                stage.setHeight(Math.min(VdsoExplorerApp.HEIGHT, b.getHeight()));
                stage.setX(b.getMinX());
                stage.setY(b.getMinY());
                stage.show();
                w.setSpeed(1.0);
                w.setRunning(!idle);
                probe.start();
                stageRef.complete(stage);
                shown.complete(w);
            } catch (Throwable t) {
                shown.completeExceptionally(t);
            }
        });
        try {
            MainWindow w = shown.get(30, TimeUnit.SECONDS);
            Thread.sleep((long) (WARM_UP_SECONDS * 1000));
            int skip = stamps.size();
            long renderThread = threadNamed("QuantumRenderer");
            long fx0 = cpu(fxThread[0]), r0 = cpu(renderThread);
            Thread.sleep((long) (seconds * 1000));
            long fxCpu = cpu(fxThread[0]) - fx0, renderCpu = cpu(renderThread) - r0;
            CompletableFuture<Long> stopped = new CompletableFuture<>();
            Platform.runLater(() -> {
                probe.stop();
                w.dispose();
                stageRef.join().hide();
                stopped.complete(w.session().position());
            });
            long steps = stopped.get(30, TimeUnit.SECONDS);
            List<Long> s;
            synchronized (stamps) {
                s = new ArrayList<>(stamps.subList(Math.max(0, skip - 1), stamps.size()));
            }
            List<Double> d = new ArrayList<>();
            for (int i = 1; i < s.size(); i++) d.add((s.get(i) - s.get(i - 1)) / 1e6);
            Collections.sort(d);
            if (d.isEmpty()) return new Result(0, seconds, 0, 0, 0, steps, firstFrame[0], 0, 0);
            return new Result(d.size(), seconds, d.get(d.size() / 2), d.get(Math.min(d.size() - 1, (int) (d.size() * 0.99))),
                    d.getLast(), steps, firstFrame[0], fxCpu / 1e6 / d.size(), renderCpu / 1e6 / d.size());
        } catch (Exception e) {
            throw new IllegalStateException("bench-ui: " + e, e);
        }
    }

    /** Runs the benchmark and prints the figures; returns 0. */
    public static int main(double seconds, boolean idle, PrintStream out) {
        try {
            Result r = run(seconds, idle);
            if (idle) out.print("(idle: the model is not run) ");
            out.printf(Locale.ROOT, "bench-ui: after %.0f s warm-up, %d frames in %.1f s: %.1f frames/s, p50 %.2f ms, "
                    + "p99 %.2f ms, max %.2f ms; CPU per frame: FX thread %.2f ms, render thread %.2f ms; "
                    + "%,d model steps at full speed; first frame %d ms after JVM start%n", WARM_UP_SECONDS, r.frames(),
                    r.seconds(), r.fps(), r.p50(), r.p99(), r.max(), r.fxCpuMsPerFrame(), r.renderCpuMsPerFrame(),
                    r.modelSteps(), r.firstFrameMillis());
            return 0;
        } finally {
            Platform.exit();
        }
    }

    /** {@code java ... org.vdsoexplorer.app.UiBench [SECONDS]}. */
    public static void main(String[] args) {
        main(args.length > 0 ? Double.parseDouble(args[0]) : 5, false, System.out);
    }
}

package org.vdsoexplorer.app.tools;

import org.vdsoexplorer.app.common.Snapshots;

import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.VdsoExplorerApp;

import java.io.PrintStream;
import org.vdsoexplorer.cli.Args;
import org.vdsoexplorer.util.Range;
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
    /** How long the window may take to open or close: generous, as the build's AOT training run (pom.xml, aot-cache)
     *  is a 1 s bench-ui and a loaded 2-core machine (load 30, seen) took over 30 s to show the window. */
    private static final long WINDOW_BOUND_S = 180;

    /**
     * Frame-interval statistics in milliseconds; {@code fxCpuP99} and {@code renderCpuP99}: the 99th percentile of
     * the CPU time the FX and render threads used between two frames (the tail that makes slow frames, and a figure
     * that other processes' load on the machine does not inflate as it does wall-clock intervals).
     */
    public record Result(int frames, double seconds, double p50, double p99, double max, long modelSteps,
                         long firstFrameMillis, double fxCpuMsPerFrame, double renderCpuMsPerFrame, double fxCpuP99,
                         double renderCpuP99, double modelSliceP99, List<ViewCost> views, List<String> viewNames,
                         List<Frame> each) {
        public double fps() { return frames / seconds; }
    }

    /**
     * One measured frame (ms): the time from its pulse to the next one; the FX thread's CPU time from the end of this
     * frame's model slice and refresh to the end of the next one's (this frame's CSS, layout, bounds and hand-over of the
     * drawn window, then the next frame's slice and refresh); the render thread's CPU time over the same span; the live
     * view this frame refreshed (an index into {@link Result#viewNames}, -1: none), its refresh and the model's slice.
     */
    public record Frame(double intervalMs, double fxCpuMs, double renderCpuMs, int refreshed, double refreshMs, double modelMs) {}

    /**
     * One live view's refreshes at full speed (views in the order the window adds them, the counters bar first):
     * the FX thread's time in its refresh and the render thread's CPU time in the frame that showed it (ms).
     */
    public record ViewCost(int view, int refreshes, double refreshP50, double refreshP99, double renderP50,
                           double renderP99) {}

    private UiBench() {}

    /**
     * By default, frames in the first this many seconds (first layout, the first JIT compilations) are not measured.
     * HotSpot's C2 compiler keeps compiling the views' code for about 20 s at full speed on a 2-core machine, on the
     * cores the FX and render threads need: {@code --warm-up 20} measures after that (docs/benchmarks.md).
     */
    public static final double WARM_UP_SECONDS = 2;

    private static long cpu(long threadId) {
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        return threadId < 0 ? 0 : Math.max(0, mx.getThreadCpuTime(threadId));
    }

    private static long threadNamed(String prefix) {
        for (Thread t : Thread.getAllStackTraces().keySet()) if (t.getName().startsWith(prefix)) return t.threadId();
        return -1;
    }

    /** What the window does while frames are measured. */
    public enum Mode {
        /** The model at full speed, every view live: the figure the targets are for. */
        FULL,
        /** The window up, nothing changing: the platform's floor when nothing is drawn. */
        IDLE,
        /**
         * The window up, the model not run, and one 2 px square recoloured every frame: the platform's floor when every
         * frame is drawn and presented (in software rendering the whole window's pixels are copied out each frame).
         */
        PRESENT;

        /** Whether the model runs (at full speed) while frames are measured: only in {@link #FULL}. */
        public boolean runsModel() { return this == FULL; }
    }

    public static Result run(double seconds) { return run(seconds, Mode.FULL); }

    public static Result run(double seconds, Mode mode) { return run(seconds, mode, WARM_UP_SECONDS); }

    /** {@code seconds} of frames measured after {@code warmUp} seconds with the window up in {@code mode}. */
    public static Result run(double seconds, Mode mode, double warmUp) {
        Snapshots.startToolkit();
        long[] fxThread = {-1};
        List<Long> stamps = Collections.synchronizedList(new ArrayList<>());
        // per frame: the FX and render threads' CPU time so far (sampled on the FX thread as each frame starts)
        List<long[]> cpuStamps = Collections.synchronizedList(new ArrayList<>());
        long[] renderThread = {-1};
        org.vdsoexplorer.session.Runner[] runner = {null};
        AnimationTimer[] redraw = {null}; // the present floor's
        CompletableFuture<MainWindow> shown = new CompletableFuture<>();
        CompletableFuture<Stage> stageRef = new CompletableFuture<>();
        long[] firstFrame = {-1};
        AnimationTimer probe = new AnimationTimer() {
            @Override public void handle(long now) {
                // JVM start to the first pulse with the window up: the user's "startup to first frame"
                if (firstFrame[0] < 0) firstFrame[0] = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
                stamps.add(now);
                if (renderThread[0] < 0) renderThread[0] = threadNamed("QuantumRenderer");
                var r = runner[0];
                cpuStamps.add(new long[] {cpu(Thread.currentThread().threadId()), cpu(renderThread[0]),
                        r == null ? -1 : r.lastRefreshed(), r == null ? 0 : r.lastRefreshNanos(), r == null ? 0 : r.lastModelNanos()});
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
                runner[0] = w.model().runner();
                w.setSpeed(1.0);
                w.setRunning(mode.runsModel());
                if (mode == Mode.PRESENT) redraw[0] = present(w.scene());
                probe.start();
                stageRef.complete(stage);
                shown.complete(w);
            } catch (Throwable t) {
                shown.completeExceptionally(t);
            }
        });
        try {
            MainWindow w = shown.get(WINDOW_BOUND_S, TimeUnit.SECONDS);
            Thread.sleep((long) (warmUp * 1000));
            int skip = stamps.size();
            long fx0 = cpu(fxThread[0]), r0 = cpu(renderThread[0]);
            Thread.sleep((long) (seconds * 1000));
            long fxCpu = cpu(fxThread[0]) - fx0, renderCpu = cpu(renderThread[0]) - r0;
            CompletableFuture<Long> stopped = new CompletableFuture<>();
            Platform.runLater(() -> {
                probe.stop();
                if (redraw[0] != null) redraw[0].stop();
                w.dispose();
                stageRef.join().hide();
                stopped.complete(w.session().position());
            });
            long steps = stopped.get(WINDOW_BOUND_S, TimeUnit.SECONDS);
            List<Long> s;
            List<long[]> c;
            synchronized (stamps) {
                s = new ArrayList<>(stamps.subList(Math.max(0, skip - 1), stamps.size()));
                c = new ArrayList<>(cpuStamps.subList(Math.max(0, skip - 1), Math.min(cpuStamps.size(), stamps.size())));
            }
            List<Frame> each = new ArrayList<>(); // frame k: refreshed in its pulse, rendered before frame k + 1
            for (int k = 0; k + 1 < c.size(); k++) {
                long[] f = c.get(k), g = c.get(k + 1);
                each.add(new Frame((s.get(k + 1) - s.get(k)) / 1e6, (g[0] - f[0]) / 1e6, (g[1] - f[1]) / 1e6, (int) f[2],
                        f[3] / 1e6, f[4] / 1e6));
            }
            List<Double> d = new ArrayList<>(), fx = new ArrayList<>(), render = new ArrayList<>(), model = new ArrayList<>();
            for (int i = 1; i < s.size(); i++) d.add((s.get(i) - s.get(i - 1)) / 1e6);
            java.util.Map<Integer, List<Frame>> byView = new java.util.TreeMap<>();
            for (int k = 0; k < each.size(); k++) {
                Frame f = each.get(k);
                fx.add(f.fxCpuMs());
                render.add(f.renderCpuMs());
                if (k > 0) model.add(f.modelMs()); // the first frame's slice began before the measured span
                if (f.refreshed() >= 0) byView.computeIfAbsent(f.refreshed(), v -> new ArrayList<>()).add(f);
            }
            List<ViewCost> views = new ArrayList<>();
            byView.forEach((v, l) -> {
                List<Double> refresh = new ArrayList<>(l.stream().map(Frame::refreshMs).toList()),
                        drawn = new ArrayList<>(l.stream().map(Frame::renderCpuMs).toList());
                views.add(new ViewCost(v, l.size(), percentile(refresh, 0.5), percentile(refresh, 0.99), percentile(drawn, 0.5),
                        percentile(drawn, 0.99)));
            });
            List<String> names = w.liveViewNames();
            if (d.isEmpty()) return new Result(0, seconds, 0, 0, 0, steps, firstFrame[0], 0, 0, 0, 0, 0, views, names, each);
            return new Result(d.size(), seconds, percentile(d, 0.5), percentile(d, 0.99), percentile(d, 1), steps,
                    firstFrame[0], fxCpu / 1e6 / d.size(), renderCpu / 1e6 / d.size(), percentile(fx, 0.99),
                    percentile(render, 0.99), percentile(model, 0.99), views, names, List.copyOf(each));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the window did not open or close within " + WINDOW_BOUND_S + " s (is the machine overloaded?)", e);
        } catch (Exception e) {
            throw new IllegalStateException("bench-ui: " + e, e);
        }
    }

    /** A 2 px square in the window's corner, recoloured at every frame: each frame is drawn and presented. */
    private static AnimationTimer present(javafx.scene.Scene scene) {
        if (!(scene.getRoot() instanceof javafx.scene.layout.Pane root)) throw new IllegalStateException("bench-ui: no pane at the root");
        javafx.scene.shape.Rectangle dot = new javafx.scene.shape.Rectangle(2, 2);
        dot.setManaged(false);
        root.getChildren().add(dot);
        AnimationTimer t = new AnimationTimer() {
            private boolean on;

            @Override public void handle(long now) {
                on = !on;
                dot.setFill(on ? javafx.scene.paint.Color.WHITE : javafx.scene.paint.Color.BLACK);
            }
        };
        t.start();
        return t;
    }

    /** The {@code q} quantile of {@code values} (sorts them; 1: the largest). */
    static double percentile(List<Double> values, double q) {
        if (values.isEmpty()) return 0;
        Collections.sort(values);
        return values.get(Math.min(values.size() - 1, (int) (values.size() * q)));
    }

    /** The per-frame table {@code --frames} writes: a header, then one line per measured frame. */
    static String framesCsv(Result r) {
        StringBuilder b = new StringBuilder("interval_ms,fx_cpu_ms,render_cpu_ms,refreshed,refresh_ms,model_ms\n");
        for (Frame f : r.each()) {
            b.append(String.format(Locale.ROOT, "%.3f,%.3f,%.3f,%s,%.3f,%.3f%n", f.intervalMs(), f.fxCpuMs(), f.renderCpuMs(),
                    f.refreshed() < 0 ? "" : r.viewNames().get(f.refreshed()), f.refreshMs(), f.modelMs()));
        }
        return b.toString();
    }

    /** Runs the benchmark and prints the figures; returns 0. */
    public static int main(double seconds, Mode mode, double warmUp, PrintStream out) { return main(seconds, mode, warmUp, null, out, out); }

    /**
     * Runs the benchmark and prints the figures, and writes each frame to {@code frames} (null: none); returns 0, or 1
     * when that file could not be written (said on {@code err}, the figures printed all the same).
     */
    public static int main(double seconds, Mode mode, double warmUp, java.nio.file.Path frames, PrintStream out, PrintStream err) {
        try {
            Result r = run(seconds, mode, warmUp);
            if (mode == Mode.IDLE) out.print("(idle: the model is not run) ");
            if (mode == Mode.PRESENT) out.print("(present: the model is not run, one 2 px square redrawn every frame) ");
            out.printf(Locale.ROOT, "bench-ui: after %s s warm-up, %d frames in %.1f s: %.1f frames/s, p50 %.2f ms, "
                    + "p99 %.2f ms, max %.2f ms; CPU per frame: FX thread %.2f ms (p99 %.2f ms), render thread %.2f ms "
                    + "(p99 %.2f ms); %,d model steps at full speed; first frame %d ms after JVM start%n",
                    Range.fmt(warmUp),
                    r.frames(), r.seconds(), r.fps(), r.p50(), r.p99(), r.max(), r.fxCpuMsPerFrame(), r.fxCpuP99(),
                    r.renderCpuMsPerFrame(), r.renderCpuP99(), r.modelSteps(), r.firstFrameMillis());
            if (mode.runsModel()) {
                out.printf(Locale.ROOT, "  model slice p99 %.2f ms; per live view (counters bar first): refresh p50/p99 ms, "
                        + "render thread CPU of its frame p50/p99 ms:", r.modelSliceP99());
                for (ViewCost v : r.views()) {
                    out.printf(Locale.ROOT, " [%d] %d x %.2f/%.2f, %.2f/%.2f", v.view(), v.refreshes(), v.refreshP50(),
                            v.refreshP99(), v.renderP50(), v.renderP99());
                }
                out.println();
            }
            if (frames != null) {
                try {
                    org.vdsoexplorer.util.AtomicFiles.write(frames, framesCsv(r).getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    out.println("bench-ui: " + r.each().size() + " frames written to " + frames);
                } catch (java.io.IOException e) {
                    err.println("bench-ui: the frames were not written to " + frames + ": " + e.getMessage());
                    return 1;
                }
            }
            return 0;
        } finally {
            Platform.exit();
        }
    }

    private static final Range SECONDS = new Range(0.1, 3600, "seconds");
    private static final Range WARM_UP = new Range(0, 600, "seconds");

    /** The {@code bench-ui} command: {@code [SECONDS] [--idle | --present] [--warm-up SECONDS]} (declared in {@code Main}); returns the exit code. */
    public static int run(Args a, PrintStream out, PrintStream err) {
        if (a.flag("idle") && a.flag("present")) throw new IllegalArgumentException("--idle and --present exclude each other");
        double seconds = a.positional().isEmpty() ? 5 : a.decimalOperand(0, "SECONDS", SECONDS);
        double warmUp = a.decimal("warm-up", WARM_UP_SECONDS, WARM_UP);
        String frames = a.one("frames");
        if (frames != null) { // refused before the run, not after it
            java.nio.file.Path f = java.nio.file.Path.of(frames).toAbsolutePath();
            if (java.nio.file.Files.isDirectory(f)) throw new IllegalArgumentException("--frames " + frames + " is a folder; give the file to write");
            for (java.nio.file.Path up = f.getParent(); up != null; up = up.getParent()) {
                if (java.nio.file.Files.exists(up) && !java.nio.file.Files.isDirectory(up)) {
                    throw new IllegalArgumentException("--frames " + frames + ": " + up + " is a file, not a folder");
                }
            }
        }
        return main(seconds, a.flag("idle") ? Mode.IDLE : a.flag("present") ? Mode.PRESENT : Mode.FULL, warmUp,
                frames == null ? null : java.nio.file.Path.of(frames), out, err);
    }
}

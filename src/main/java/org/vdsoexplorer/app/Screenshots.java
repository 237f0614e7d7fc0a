package org.vdsoexplorer.app;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;
import org.vdsoexplorer.model.Setup;
import org.vdsoexplorer.model.Variant;
import org.vdsoexplorer.model.event.Event;
import org.vdsoexplorer.model.kernel.Clock;
import org.vdsoexplorer.model.kernel.PageKind;
import org.vdsoexplorer.model.kernel.Scenario;
import org.vdsoexplorer.model.kernel.VvarLocation;
import org.vdsoexplorer.util.AtomicFiles;
import org.vdsoexplorer.viewmodel.Session;

/**
 * Renders the window and each view to PNG with {@link Node#snapshot}, headlessly: builds the UI on
 * timens / timens-inline / monotonic, runs one call, steps the second call until the code reads the
 * real data page in slot 3, and writes one PNG per view; then places a writer update inside the read
 * loop and finishes the call (seqlock retry), and shows hyperv-5.13's fallback in the dispatch view; then
 * the pages view at 1600 x 1000 and 1280 x 800, a namespace task just after adding the offset and a host task.
 */
public final class Screenshots {
    public static final double WIDTH = 1920, HEIGHT = 1080;

    private Screenshots() {}

    /**
     * Makes {@code dir} ready for the PNGs (created if missing, a file written and removed to be sure);
     * returns null, or why it cannot be used, in words naming the folder.
     */
    public static String prepare(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) return "'" + dir + "' is a file, not a folder";
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".write-test", ".tmp");
            Files.delete(probe);
            return null;
        } catch (IOException e) {
            return "cannot write into '" + dir + "': " + AtomicFiles.reason(e);
        }
    }

    /** Writes the PNGs into {@code dir} (created if missing) and returns their paths. */
    public static List<Path> write(Path dir) {
        String unusable = prepare(dir);
        if (unusable != null) throw new IllegalArgumentException(unusable);
        startToolkit();
        // the counters' report figures, measured here so the pictures do not say "measuring..."
        CountersBar.precomputeReport(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
        CountersBar.precomputeReport(Setup.of(Scenario.HYPERV_5_13, Variant.TIMENS_INLINE, Clock.MONOTONIC));
        CompletableFuture<List<Path>> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                done.complete(render(dir));
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        try {
            return done.get(120, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        } catch (Exception e) {
            throw new IllegalStateException("screenshots: " + e, e);
        }
    }

    /** Starts JavaFX if needed; without a display it selects the built-in headless platform. */
    public static void startToolkit() {
        if (System.getProperty("glass.platform") == null && System.getenv("DISPLAY") == null) {
            System.setProperty("glass.platform", "Headless");
            if (System.getProperty("prism.order") == null) System.setProperty("prism.order", "sw");
        }
        CompletableFuture<Void> up = new CompletableFuture<>();
        try {
            Platform.startup(() -> up.complete(null));
        } catch (IllegalStateException already) {
            up.complete(null);
        }
        Platform.setImplicitExit(false);
        up.join();
    }

    private static List<Path> render(Path dir) {
        List<Path> out = new ArrayList<>();
        // off-screen: the scene is never shown (the headless platform's screen is only 1000 x 1000)
        MainWindow w = new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), WIDTH, HEIGHT);
        try {
            w.setReducedMotion(true); // a still picture: no half-drawn transitions
            Session s = w.session();
            s.runCall();
            // the second call: into do_hres_timens, up to the first read of the real data page's basetime
            stepUntil(s, e -> e instanceof Event.MemRead r && r.where() instanceof VvarLocation v && v.slot() == 3
                    && v.field().isBasetime());
            s.back(1);
            s.step();
            out.add(shot(w.root(), dir.resolve("window.png")));
            out.add(shot(w.code(), dir.resolve("code.png")));
            out.add(shot(w.pages(), dir.resolve("pages.png")));
            out.add(shot(w.seqlock(), dir.resolve("seqlock.png")));
            out.add(shot(w.dispatch(), dir.resolve("dispatch.png")));
            out.add(shot(w.counters(), dir.resolve("counters.png")));

            // a writer update inside the read loop: the retry check fails and the loop runs again
            s.runCall();
            stepUntil(s, e -> e instanceof Event.MemRead r && r.where() instanceof VvarLocation v && v.slot() == 3
                    && v.isSeq());
            s.injectWriterUpdate();
            stepUntil(s, e -> e instanceof Event.SeqRetry);
            for (int i = 0; i < 12 && s.machine().inCall(); i++) s.step();
            out.add(shot(w.seqlock(), dir.resolve("seqlock-retry.png")));

            // a writer update placed on the timeline of a finished call, between its two seq loads
            s.runCall();
            s.runCall();
            w.seqlock().place(w.seqlock().marks().stream()
                    .filter(k -> k instanceof org.vdsoexplorer.model.SeqlockTrace.SeqLoad l && !l.namespacePage())
                    .findFirst().orElseThrow().at() + 1);
            out.add(shot(w.seqlock(), dir.resolve("seqlock-placed.png")));

            // timens-inline beside timens-noinline, both partway through their second call
            w.showCompare(true);
            var cmp = w.compare();
            cmp.setVariants(Variant.TIMENS_INLINE, Variant.TIMENS_NOINLINE);
            cmp.runCall();
            for (int i = 0; i < 24; i++) cmp.step();
            out.add(shot(w.root(), dir.resolve("compare.png")));
            cmp.runCall();
            out.add(shot(w.root(), dir.resolve("compare-call.png")));
            // two scenarios, one listing: hyperv's HVCLOCK read vs hyperv-5.13's syscall fallback; one returns first and waits
            cmp.setSetups(Setup.of(Scenario.HYPERV, Variant.TIMENS_INLINE, Clock.MONOTONIC),
                    Setup.of(Scenario.HYPERV_5_13, Variant.TIMENS_INLINE, Clock.MONOTONIC));
            cmp.runCall();
            // into the second call until one pane has returned and waits for the other
            cmp.step();
            for (int i = 0; i < 10_000 && cmp.sessionA().machine().inCall() == cmp.sessionB().machine().inCall(); i++) cmp.step();
            out.add(shot(w.root(), dir.resolve("compare-scenarios.png")));
            // host vs timens, same variant: the namespace detour
            cmp.setSetups(Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC),
                    Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
            cmp.runCalls(3);
            out.add(shot(w.root(), dir.resolve("compare-timens.png")));
            w.showCompare(false);

            // the seeds' tables beside the model's cells
            w.seedTables().measureNow(s.setup().costs(), s.setup().ghz());
            w.showSeedTables();
            out.add(shot(w.root(), dir.resolve("seed-tables.png")));
            w.showCompare(false);

            // hyperv-5.13: clock_mode NONE, every hres call falls back to the syscall
            w.scenarioPicker().setValue(Scenario.HYPERV_5_13);
            for (int i = 0; i < 3; i++) s.runCall();
            stepUntil(s, e -> e instanceof Event.Fallback);
            out.add(shot(w.dispatch(), dir.resolve("dispatch-hyperv-5.13.png")));
            out.add(shot(w.root(), dir.resolve("window-hyperv-5.13.png")));
        } finally {
            w.dispose();
        }
        // the pages view at the sizes it is laid out for: a namespace task just after adding the offset, a host task
        for (double[] size : new double[][] {{1600, 1000}, {1280, 800}}) {
            String tag = (int) size[0] + "x" + (int) size[1];
            MainWindow p = new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), size[0], size[1]);
            try {
                p.setReducedMotion(true);
                Session s = p.session();
                s.runCall();
                stepUntil(s, e -> e instanceof Event.MemRead r && r.where() instanceof VvarLocation v
                        && v.kind() == PageKind.TIMENS && v.field().isNsec());
                out.add(shot(p.root(), dir.resolve("window-" + tag + ".png")));
                out.add(shot(p.pages(), dir.resolve("pages-timens-" + tag + ".png")));
                p.scenarioPicker().setValue(Scenario.HOST);
                s.runCall();
                s.runCall();
                out.add(shot(p.pages(), dir.resolve("pages-host-" + tag + ".png")));
            } finally {
                p.dispose();
            }
        }
        return out;
    }

    /** Steps until an event matching {@code p} is logged in the current call (at most one call's worth). */
    static void stepUntil(Session s, Predicate<Event> p) {
        int seen = s.callLog().size();
        for (int i = 0; i < 5_000; i++) {
            s.stepQuiet();
            List<Event> log = s.callLog();
            if (log.size() < seen) seen = 0;
            for (int k = seen; k < log.size(); k++) {
                if (p.test(log.get(k))) {
                    s.fire();
                    return;
                }
            }
            seen = log.size();
        }
        s.fire();
    }

    /** Snapshots {@code node} (CSS and layout applied) and writes it as PNG. */
    public static Path shot(Node node, Path file) {
        BufferedImage bi = image(node, null, BufferedImage.TYPE_INT_ARGB);
        try {
            java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream();
            ImageIO.write(bi, "png", png);
            AtomicFiles.write(file, png.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        return file;
    }

    /**
     * Snapshots {@code node} (CSS and layout of its scene applied first) with {@code params} (null: defaults)
     * into a BufferedImage of {@code type} (TYPE_INT_ARGB or TYPE_INT_RGB).
     */
    public static BufferedImage image(Node node, javafx.scene.SnapshotParameters params, int type) {
        if (node.getScene() != null) {
            node.getScene().getRoot().applyCss();
            node.getScene().getRoot().layout();
        }
        node.applyCss();
        WritableImage img = node.snapshot(params, null);
        int w = (int) img.getWidth(), h = (int) img.getHeight();
        int[] argb = new int[w * h];
        img.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), argb, 0, w);
        BufferedImage bi = new BufferedImage(w, h, type);
        bi.setRGB(0, 0, w, h, argb, 0, w);
        return bi;
    }

    /** {@code java ... org.vdsoexplorer.app.Screenshots DIR}. */
    public static void main(String[] args) {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/screenshots");
        try {
            for (Path p : write(dir)) System.out.println(p);
        } finally {
            Platform.exit(); // also on failure: the FX thread must not keep the JVM alive
        }
    }
}

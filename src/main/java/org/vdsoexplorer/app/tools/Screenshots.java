package org.vdsoexplorer.app.tools;

import org.vdsoexplorer.app.common.Snapshots;

import org.vdsoexplorer.app.MainWindow;

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
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.PageKind;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.kernel.VvarLocation;
import org.vdsoexplorer.util.AtomicFiles;
import org.vdsoexplorer.session.Session;

/**
 * Renders the window and each view to PNG with {@link Node#snapshot}, headlessly: builds the UI on
 * timens / timens-inline / monotonic, runs one call, steps the second call until the code reads the
 * real data page in slot 3, and writes one PNG per view; then places a writer update inside the read
 * loop and finishes the call (seqlock retry), and shows hyperv-5.13-rc1's fallback in the dispatch view; then
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

    /** One PNG written and what {@link LayoutCheck} found in the node it shows. */
    public record Shot(Path file, LayoutCheck.Result check) {}

    /** Writes the PNGs into {@code dir} (created if missing) and returns their paths. */
    public static List<Path> write(Path dir) {
        return writeChecked(dir).stream().map(Shot::file).toList();
    }

    /** Writes the full set of PNGs into {@code dir} (created if missing), each checked. */
    public static List<Shot> writeChecked(Path dir) {
        String unusable = prepare(dir);
        if (unusable != null) throw new IllegalArgumentException(unusable);
        Snapshots.startToolkit();
        // the counters' report figures, measured here (for every window made) so the pictures do not say "measuring..."
        org.vdsoexplorer.app.WindowServices services = org.vdsoexplorer.app.WindowServices.standard();
        services.figures().of(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
        services.figures().of(Setup.of(Scenario.HYPERV_5_13, Variant.TIMENS_INLINE, Clock.MONOTONIC));
        return onFx(() -> render(dir, services));
    }

    /** Runs {@code c} on the FX thread and waits for it (the caller must not be the FX thread). */
    static <T> T onFx(java.util.concurrent.Callable<T> c) {
        if (Platform.isFxApplicationThread()) {
            try {
                return c.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        CompletableFuture<T> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                done.complete(c.call());
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

    /**
     * Renders one screen as {@code o} asks (size, scale, presenter mode, a lesson step) into {@code o.dir()},
     * checked with {@link LayoutCheck}. Without a lesson it is the explore screen of {@link #explore}.
     */
    public static Shot screen(ScreenOptions o) {
        String unusable = prepare(o.dir());
        if (unusable != null) throw new IllegalArgumentException(unusable);
        String tooBig = org.vdsoexplorer.app.common.PictureMemory.refusal((int) o.width(), (int) o.height(), 1,
                org.vdsoexplorer.app.common.PictureMemory.Encoder.PNG, org.vdsoexplorer.app.common.PictureMemory.available());
        if (tooBig != null) throw new IllegalArgumentException("--size " + tooBig);
        Snapshots.startToolkit();
        Setup initial = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);
        org.vdsoexplorer.app.WindowServices services = org.vdsoexplorer.app.WindowServices.standard();
        services.figures().of(initial);
        if (o.lesson() != null && System.getProperty(org.vdsoexplorer.session.ProgressStore.DIR_PROPERTY) == null) {
            try { // a picture must not move the user's own lesson progress
                System.setProperty(org.vdsoexplorer.session.ProgressStore.DIR_PROPERTY,
                        Files.createTempDirectory("vdso-explorer-screens").toString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        MainWindow w = onFx(() -> {
            MainWindow m = new MainWindow(initial, o.width(), o.height(), services);
            m.setReducedMotion(true);
            if (o.lesson() == null) explore(m.session());
            if (o.compare() != null) compareScreen(m, o.compare().equals("pipeline"));
            return m;
        });
        org.vdsoexplorer.app.lesson.LessonPane pane = null;
        try {
            if (o.lesson() != null) pane = ScreenLesson.show(w, o);
            if (o.tab() != null) onFx(() -> {
                tabScreen(w, o.tab());
                return null;
            });
            else if (o.scale() != 100) onFx(() -> {
                w.root().setStyle(String.format(java.util.Locale.ROOT, "-fx-font-size: %.1fpx;", 16 * o.scale() / 100.0));
                return null;
            });
            return onFx(() -> checkedShot(w.root(), o.dir().resolve(o.fileName())));
        } finally {
            org.vdsoexplorer.app.lesson.LessonPane p = pane;
            onFx(() -> {
                if (p != null) p.presenter().exit();
                w.dispose();
                return null;
            });
        }
    }

    /**
     * The Compare tab of {@code --compare}: timens-inline beside timens-noinline (on the pipeline timing model with its
     * timelines shown when {@code pipeline}), 100 calls, then A up to 4 steps past its counter read (both steady
     * states measured first, so the picture does not say "measuring").
     */
    static void compareScreen(MainWindow w, boolean pipeline) {
        if (pipeline) {
            var t = org.vdsoexplorer.sim.timing.TimingTable.defaults();
            w.model().setup().choose(w.session().setup().with(
                    org.vdsoexplorer.sim.timing.TimingModel.pipeline(t.defaultCore())));
        }
        w.showCompare(true);
        var c = w.compare();
        c.setVariants(Variant.TIMENS_INLINE, Variant.TIMENS_NOINLINE);
        w.services().figures().of(c.sessionA().setup());
        w.services().figures().of(c.sessionB().setup());
        c.setPipelineShown(pipeline);
        c.runCalls(100);
        c.step();
        while (c.sessionA().snapshot().inCall() && !c.sessionA().snapshot().next().mnemonic().startsWith("rdtsc")) c.step();
        for (int i = 0; i < 4; i++) c.step();
    }

    /**
     * The tab of {@code --tab}: the seed tables, measured on this thread; or the Pipeline tab on the pipeline timing
     * model (its default core), one call run and the next up to 4 steps past its counter read.
     */
    static void tabScreen(MainWindow w, String tab) {
        if (tab.equals("kernel") || tab.equals("kernel-table")) {
            kernelScreen(w);
            if (tab.equals("kernel-table")) {
                w.kernelView().stepper().rows(); // computed here, so the pane draws them at once
                w.kernelView().showTable();
            }
            return;
        }
        if (tab.equals("seeds")) {
            w.seedTables().measureNow(w.session().setup().costs(), w.session().setup().ghz());
            w.showSeedTables();
            return;
        }
        var t = org.vdsoexplorer.sim.timing.TimingTable.defaults();
        w.model().setup().choose(w.session().setup().with(org.vdsoexplorer.sim.timing.TimingModel.pipeline(t.defaultCore())));
        Session s = w.session();
        s.runCall();
        s.step();
        while (s.snapshot().inCall() && !s.snapshot().next().mnemonic().startsWith("rdtsc")) s.step();
        for (int i = 0; i < 4; i++) s.step();
        if (!w.showTab("Pipeline")) throw new IllegalStateException("no Pipeline tab");
    }

    /**
     * The "Your kernel" tab on the shipped capture: the namespace task's CLOCK_MONOTONIC call with an update placed
     * just after its seq read, stepped to the retry and {@code extra} instructions past it.
     */
    public static void kernelScreen(MainWindow w) {
        w.openKernel();
        org.vdsoexplorer.session.KernelStepper k = w.kernelView().stepper();
        kernelState(k, "timens", true, 6);
    }

    /**
     * {@code k} on {@code task}'s CLOCK_MONOTONIC: with {@code retry}, an update placed after the data page's seq read
     * and the call stepped to the retry and {@code extra} instructions on; without, stepped {@code extra} instructions.
     */
    public static void kernelState(org.vdsoexplorer.session.KernelStepper k, String task, boolean retry, int extra) {
        k.select(task, 1);
        if (retry) {
            k.toMark(org.vdsoexplorer.sim.real.RealMark.SEQ_BEGIN);
            k.placeUpdate(false);
            k.toMark(org.vdsoexplorer.sim.real.RealMark.RETRY);
        }
        for (int i = 0; i < extra; i++) k.step();
    }

    /** The explore screen's state: one call run, then the second call up to its first read of slot 3's basetime. */
    static void explore(Session s) {
        s.runCall();
        stepUntil(s, e -> e instanceof Event.MemRead r && r.where() instanceof VvarLocation v && v.slot() == 3
                && v.field().isBasetime());
        s.back(1);
        s.step();
    }

    /** {@link #shot} and the {@link LayoutCheck} of the same node. */
    public static Shot checkedShot(Node node, Path file) {
        Path f = Snapshots.shot(node, file);
        return new Shot(f, LayoutCheck.check(node, true));
    }

    private static List<Shot> render(Path dir, org.vdsoexplorer.app.WindowServices services) {
        List<Shot> out = new ArrayList<>();
        // off-screen: the scene is never shown (the headless platform's screen is only 1000 x 1000)
        MainWindow w = new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), WIDTH, HEIGHT, services);
        try {
            w.setReducedMotion(true); // a still picture: no half-drawn transitions
            Session s = w.session();
            explore(s);
            out.add(checkedShot(w.root(), dir.resolve("window.png")));
            out.add(checkedShot(w.code(), dir.resolve("code.png")));
            out.add(checkedShot(w.pages(), dir.resolve("pages.png")));
            out.add(checkedShot(w.seqlock(), dir.resolve("seqlock.png")));
            out.add(checkedShot(w.dispatch(), dir.resolve("dispatch.png")));
            out.add(checkedShot(w.counters(), dir.resolve("counters.png")));

            // a writer update inside the read loop: the retry check fails and the loop runs again
            s.runCall();
            stepUntil(s, e -> e instanceof Event.MemRead r && r.where() instanceof VvarLocation v && v.slot() == 3
                    && v.isSeq());
            s.injectWriterUpdate();
            stepUntil(s, e -> e instanceof Event.SeqRetry);
            for (int i = 0; i < 12 && s.snapshot().inCall(); i++) s.step();
            out.add(checkedShot(w.seqlock(), dir.resolve("seqlock-retry.png")));

            // a writer update placed on the timeline of a finished call, between its two seq loads
            s.runCall();
            s.runCall();
            w.seqlock().place(w.seqlock().marks().stream()
                    .filter(k -> k instanceof org.vdsoexplorer.sim.SeqlockTrace.SeqLoad l && !l.namespacePage())
                    .findFirst().orElseThrow().at() + 1);
            out.add(checkedShot(w.seqlock(), dir.resolve("seqlock-placed.png")));

            // timens-inline beside timens-noinline, both partway through their second call
            w.showCompare(true);
            var cmp = w.compare();
            cmp.setVariants(Variant.TIMENS_INLINE, Variant.TIMENS_NOINLINE);
            cmp.runCall();
            for (int i = 0; i < 24; i++) cmp.step();
            out.add(checkedShot(w.root(), dir.resolve("compare.png")));
            cmp.runCall();
            out.add(checkedShot(w.root(), dir.resolve("compare-call.png")));
            // two scenarios, one listing: hyperv's HVCLOCK read vs hyperv-5.13-rc1's syscall fallback; one returns first and waits
            cmp.setSetups(Setup.of(Scenario.HYPERV, Variant.TIMENS_INLINE, Clock.MONOTONIC),
                    Setup.of(Scenario.HYPERV_5_13, Variant.TIMENS_INLINE, Clock.MONOTONIC));
            cmp.runCall();
            // into the second call until one pane has returned and waits for the other
            cmp.step();
            for (int i = 0; i < 10_000 && cmp.sessionA().snapshot().inCall() == cmp.sessionB().snapshot().inCall(); i++) cmp.step();
            out.add(checkedShot(w.root(), dir.resolve("compare-scenarios.png")));
            // host vs timens, same variant: the namespace detour
            cmp.setSetups(Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC),
                    Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
            cmp.runCalls(3);
            out.add(checkedShot(w.root(), dir.resolve("compare-timens.png")));
            w.showCompare(false);

            // the seeds' tables beside the model's cells
            w.seedTables().measureNow(s.setup().costs(), s.setup().ghz());
            w.showSeedTables();
            out.add(checkedShot(w.root(), dir.resolve("seed-tables.png")));
            w.showCompare(false);

            // Your kernel: the shipped capture's namespace task, read again after a placed update
            kernelScreen(w);
            out.add(checkedShot(w.root(), dir.resolve("kernel.png")));
            w.showCompare(false);

            // hyperv-5.13-rc1: clock_mode NONE, every hres call falls back to the syscall
            w.scenarioPicker().setValue(Scenario.HYPERV_5_13);
            for (int i = 0; i < 3; i++) s.runCall();
            stepUntil(s, e -> e instanceof Event.Fallback);
            out.add(checkedShot(w.dispatch(), dir.resolve("dispatch-hyperv-5.13-rc1.png")));
            out.add(checkedShot(w.root(), dir.resolve("window-hyperv-5.13-rc1.png")));
        } finally {
            w.dispose();
        }
        // the pages view at the sizes it is laid out for: a namespace task just after adding the offset, a host task
        for (double[] size : new double[][] {{1600, 1000}, {1280, 800}}) {
            String tag = (int) size[0] + "x" + (int) size[1];
            MainWindow p = new MainWindow(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), size[0], size[1], services);
            try {
                p.setReducedMotion(true);
                Session s = p.session();
                s.runCall();
                stepUntil(s, e -> e instanceof Event.MemRead r && r.where() instanceof VvarLocation v
                        && v.kind() == PageKind.TIMENS && v.field().isNsec());
                p.views().bringIn(org.vdsoexplorer.lesson.View.PAGES); // narrower windows show two views
                out.add(checkedShot(p.root(), dir.resolve("window-" + tag + ".png")));
                out.add(checkedShot(p.pages(), dir.resolve("pages-timens-" + tag + ".png")));
                p.scenarioPicker().setValue(Scenario.HOST);
                s.runCall();
                s.runCall();
                out.add(checkedShot(p.pages(), dir.resolve("pages-host-" + tag + ".png")));
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

    /**
     * The {@code screenshots} command: {@code DIR} alone writes the full set; with any of {@code --size WxH},
     * {@code --scale PCT}, {@code --presenter}, {@code --lesson FILE --step N} one screen. Prints one line per
     * image: its path and what {@link LayoutCheck} found in it. Returns the exit code.
     */
    public static int run(ScreenOptions o, java.io.PrintStream out, java.io.PrintStream err) {
        String unusable = prepare(o.dir());
        if (unusable != null) {
            err.println("vdso-explorer: screenshots: " + unusable);
            return 2;
        }
        try {
            List<Shot> shots = o.single() ? List.of(screen(o)) : writeChecked(o.dir());
            for (Shot s : shots) out.println(s.file() + ": " + (o.details() ? s.check().details() : s.check().summary()));
            return 0;
        } catch (RuntimeException e) {
            err.println("vdso-explorer: screenshots: " + e.getMessage());
            return 1;
        } finally {
            Platform.exit(); // also on failure: the FX thread must not keep the JVM alive
        }
    }
}

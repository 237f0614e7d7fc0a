package org.vdsoexplorer.robust;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.layout.Pane;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.vdsoexplorer.app.Fx;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.common.Snapshots;
import org.vdsoexplorer.app.export.ExportWindow;
import org.vdsoexplorer.app.export.GifExport;
import org.vdsoexplorer.app.export.GifExportDialog;
import org.vdsoexplorer.session.GifRequest;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.util.AtomicFiles;

/**
 * Issue 28's classroom faults of the exports: large sizes (the real launcher, bin/vdso-explorer, with the app's own
 * heap), the GIF dialog's largest pixel scale over the app's window, Cancel mid-frame, an OutOfMemoryError inside an
 * export, and an export killed with SIGKILL. Each ends in a result or one message in words, within a bound, never a
 * hang or a stack trace. The launcher runs need the packaged build (./mvnw package; the acceptance tier runs after it).
 */
class ClassroomExportFaultsTest {
    /** The issue's bound for a large export or screenshot, refusal included. */
    static final long BOUND_S = 60;
    static final Pattern REFUSAL = Pattern.compile("needs about (\\d+) MB.*the largest that fits is (\\d+)x(\\d+)");

    @TempDir Path dir;

    record Run(int code, String out, long millis) {}

    static Path base() { return Path.of(System.getProperty("basedir", ".")).toAbsolutePath(); }

    /** bin/vdso-explorer ARGS, headless (no DISPLAY), its output and error merged; fails the test on no answer within the bound. */
    static Run launcher(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(base().resolve("bin/vdso-explorer").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        return waitFor(pb.start(), String.join(" ", args));
    }

    static Run waitFor(Process p, String what) throws Exception {
        long t0 = System.nanoTime();
        var output = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                return e.toString();
            }
        });
        if (!p.waitFor(BOUND_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("no answer within " + BOUND_S + " s: " + what);
        }
        return new Run(p.exitValue(), output.get(10, TimeUnit.SECONDS), (System.nanoTime() - t0) / 1_000_000);
    }

    static void noStackTrace(Run r) {
        assertFalse(r.out().contains("\tat ") || r.out().contains("Exception") || r.out().contains("Error"), r.out());
    }

    /** Frames, width and height of a GIF, read back with ImageIO. */
    static int[] gif(Path f) throws Exception {
        try (ImageInputStream in = ImageIO.createImageInputStream(f.toFile())) {
            ImageReader r = ImageIO.getImageReadersByFormatName("gif").next();
            r.setInput(in);
            return new int[] {r.getNumImages(true), r.getWidth(0), r.getHeight(0)};
        }
    }

    static List<Path> leftovers(Path d) throws Exception {
        try (var s = Files.list(d)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    /** Worked (the GIF has 3 frames of the scaled size) or refused in words before any frame (nothing written). */
    @Tag("acceptance")
    @ParameterizedTest
    @ValueSource(strings = {"1", "2"})
    void exportGifAt3840x2160WorksOrRefusesInWords(String scale) throws Exception {
        Path out = dir.resolve("big.gif");
        Run r = launcher("export-gif", "--size", "3840x2160", "--scale", scale, "--to", "2", out.toString());
        noStackTrace(r);
        int s = Integer.parseInt(scale);
        if (r.code() == 0) {
            assertArrayEquals(new int[] {3, 3840 * s, 2160 * s}, gif(out), r.out());
        } else {
            assertEquals(2, r.code(), r.out());
            Matcher m = REFUSAL.matcher(r.out());
            assertTrue(m.find(), "a refusal that says what it needs and what fits: " + r.out());
            assertFalse(r.out().contains("%"), "refused before the first frame: " + r.out());
            assertFalse(Files.exists(out));
        }
        assertEquals(List.of(), leftovers(dir));
    }

    /** The window at 3840x2160 as a PNG, its text at 100 and 200 %: written at that size, or refused in words. */
    @Tag("acceptance")
    @ParameterizedTest
    @ValueSource(strings = {"100", "200"})
    void screenshotsAt3840x2160WorkOrRefuseInWords(String textScale) throws Exception {
        Run r = launcher("screenshots", dir.toString(), "--size", "3840x2160", "--scale", textScale);
        noStackTrace(r);
        if (r.code() == 0) {
            Path png;
            try (var s = Files.list(dir)) {
                png = s.filter(p -> p.toString().endsWith(".png")).findFirst().orElseThrow();
            }
            var img = ImageIO.read(png.toFile());
            assertEquals(3840, img.getWidth(), r.out());
            assertEquals(2160, img.getHeight(), r.out());
        } else {
            assertTrue(REFUSAL.matcher(r.out()).find(), r.out());
        }
        assertEquals(List.of(), leftovers(dir));
    }

    /** The app's heap, its main window built, the dialog's largest pixel scale at 1600x1000: the GIF is written. */
    @Tag("acceptance")
    @Test
    void gifDialogLargestPixelScaleWorksAt1600x1000OverTheAppsWindow() throws Exception {
        Path out = dir.resolve("dialog.gif");
        Run r = child(out, "export", "2");
        assertEquals(0, r.code(), r.out());
        double scale = Double.parseDouble(GifExportDialog.PIXEL_SCALES.getLast());
        assertArrayEquals(new int[] {3, (int) Math.ceil(1600 * scale), (int) Math.ceil(1000 * scale)}, gif(out), r.out());
        assertEquals(List.of(), leftovers(dir));
    }

    /**
     * Cancel pressed once frame 1 is done: the press returns at once (the FX thread does not wait for the frame being
     * encoded), the job ends within a few seconds, the FX thread answers, nothing is left.
     */
    @Tag("acceptance")
    @Test
    void cancelInTheGifDialogCancelsAndTheAppStaysResponsive() throws Exception {
        Path out = dir.resolve("cancelled.gif");
        Run r = child(out, "cancel", "200");
        assertEquals(0, r.code(), r.out());
        Matcher after = Pattern.compile("cancelled-after-ms: (\\d+)").matcher(r.out());
        Matcher turn = Pattern.compile("fx-turn-ms: (\\d+)").matcher(r.out());
        Matcher press = Pattern.compile("cancel-handler-ms: (\\d+)").matcher(r.out());
        assertTrue(after.find() && turn.find() && press.find(), r.out());
        assertTrue(r.out().contains("status-before-cancel: frame ") && !r.out().contains("(ended)"), "running when cancelled: " + r.out());
        assertTrue(Long.parseLong(press.group(1)) < 1_000, "Cancel held the FX thread " + press.group(1) + " ms (waiting for the encoder?)");
        assertTrue(Long.parseLong(after.group(1)) < 10_000, "cancel took " + after.group(1) + " ms");
        assertTrue(Long.parseLong(turn.group(1)) < 2_000, "the FX thread took " + turn.group(1) + " ms to answer");
        assertFalse(Files.exists(out));
        assertEquals(List.of(), leftovers(dir));
    }

    /** {@link ExportDialogChild} in a JVM started with the app's own options (bin/jvm.options). */
    static Run child(Path out, String mode, String last) throws Exception {
        String cp = java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .filter(e -> !e.contains("openjfx")).collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@" + base().resolve("bin/jvm.options"), "--module-path", base().resolve("target/javafx").toString(),
                "-Dglass.platform=Headless", "-Dprism.order=sw", "-cp", cp, ExportDialogChild.class.getName(), out.toString(), mode, last)
                .redirectErrorStream(true);
        pb.environment().remove("DISPLAY");
        return waitFor(pb.start(), "dialog " + mode);
    }

    /**
     * An export killed with SIGKILL mid-run leaves its temp file and the previous GIF whole; the next export removes
     * the dead process's temp file (and writes its own GIF).
     */
    @Tag("acceptance")
    @Test
    void killedExportKeepsThePreviousGifAndTheNextExportRemovesItsTempFile() throws Exception {
        Path out = dir.resolve("lesson.gif");
        Run first = launcher("export-gif", "--size", "640x400", "--to", "1", out.toString());
        assertEquals(0, first.code(), first.out());
        byte[] before = Files.readAllBytes(out);

        ProcessBuilder pb = new ProcessBuilder(base().resolve("bin/vdso-explorer").toString(), "export-gif", "--size", "1280x800",
                "--to", "400", out.toString()).redirectErrorStream(true);
        pb.environment().remove("DISPLAY");
        Process p = pb.start();
        // the first progress line comes after the temp file is made and frame 1 is taken
        BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        int c;
        while ((c = lines.read()) >= 0 && !seen.toString().contains("%")) seen.append((char) c);
        assertTrue(seen.toString().contains("%"), "no progress: " + seen);
        new ProcessBuilder("kill", "-9", Long.toString(p.pid())).start().waitFor(10, TimeUnit.SECONDS);
        assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        List<Path> stale = leftovers(dir);
        assertEquals(1, stale.size(), "the killed export's temp file: " + stale);
        assertArrayEquals(before, Files.readAllBytes(out), "the previous GIF is intact");

        Run next = launcher("export-gif", "--size", "640x400", "--to", "2", out.toString());
        assertEquals(0, next.code(), next.out());
        assertEquals(List.of(), leftovers(dir), "the next export removed the dead process's temp file");
        assertEquals(3, gif(out)[0]);
    }

    /** Only temp files of processes that are gone are removed: this JVM's and a running child's stay. */
    @Test
    void staleTempFilesOfDeadWritersAreRemovedAndLiveOnesKept() throws Exception {
        Path target = dir.resolve("x.gif");
        Process dead = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version").start();
        dead.waitFor(30, TimeUnit.SECONDS);
        Process alive = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), StdinWait.class.getName()).start();
        try {
            Path ours = Files.createFile(AtomicFiles.tempName(target));
            Path ofDead = Files.createFile(dir.resolve(".x.gif." + dead.pid() + "-0123abcd.tmp"));
            Path ofAlive = Files.createFile(dir.resolve(".x.gif." + alive.pid() + "-4567.tmp"));
            Path other = Files.createFile(dir.resolve("notes." + dead.pid() + "-1.tmp")); // not a hidden temp of ours
            assertEquals(1, AtomicFiles.removeStale(dir));
            assertFalse(Files.exists(ofDead));
            assertTrue(Files.exists(ours) && Files.exists(ofAlive) && Files.exists(other));
        } finally {
            alive.destroyForcibly();
        }
    }

    /** A child that waits for its standard input to close (a live process id for the test above). */
    public static final class StdinWait {
        public static void main(String[] a) throws Exception {
            while (System.in.read() >= 0) {
                // until closed
            }
        }
    }

    /** An OutOfMemoryError while a frame is taken ends the export with a message naming it; the FX thread goes on. */
    @Test
    void outOfMemoryInAFrameEndsTheJobWithAMessage() throws Exception {
        Snapshots.startToolkit();
        Setup setup = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);
        Path out = dir.resolve("oom.gif");
        GifRequest req = new GifRequest(setup, null, List.of(), "code", 0, 5, 5, 640, 400, 1, 100, out);
        ExportWindow.Factory windows = (s, w, h) -> new Failing(new MainWindow(s, w, h));
        var job = Fx.fx(() -> GifExport.start(req, windows, (done, total) -> { }));
        ExecutionException e = assertThrows(ExecutionException.class, () -> job.done().get(BOUND_S, TimeUnit.SECONDS));
        assertTrue(e.getCause().getMessage().contains("out of memory at frame"), e.getCause().toString());
        assertEquals(1, (int) Fx.fx(() -> 1), "the FX thread still runs");
        assertFalse(Files.exists(out));
        assertEquals(List.of(), leftovers(dir));
    }

    /** The main window with a code view whose layout runs out of memory. */
    record Failing(MainWindow w) implements ExportWindow {
        public org.vdsoexplorer.session.WindowModel model() { return w.model(); }
        public org.vdsoexplorer.session.ViewsState views() { return w.views(); }
        public javafx.scene.layout.BorderPane root() { return w.root(); }
        public javafx.scene.Node code() {
            return new Pane() {
                @Override protected void layoutChildren() { throw new OutOfMemoryError("Java heap space (a test's)"); }
            };
        }
        public javafx.scene.Node pages() { return w.pages(); }
        public javafx.scene.Node seqlock() { return w.seqlock(); }
        public javafx.scene.Node dispatch() { return w.dispatch(); }
        public javafx.scene.Node counters() { return w.counters(); }
        public void setReducedMotion(boolean on) { w.setReducedMotion(on); }
        public void dispose() { w.dispose(); }
    }

    /** A picture larger than one tile comes out the same as JavaFX's own single snapshot of it. */
    @Test
    void tiledSnapshotIsTheSameAsOneSnapshot() throws Exception {
        Snapshots.startToolkit();
        int[][] both = Fx.fx(() -> {
            javafx.scene.layout.VBox box = new javafx.scene.layout.VBox();
            for (int i = 0; i < 60; i++) {
                javafx.scene.control.Label l = new javafx.scene.control.Label("row " + i + " of a picture taller than a tile");
                l.setStyle("-fx-font-size: 30px; -fx-background-color: hsb(" + (i * 6) + ", 40%, 90%);");
                box.getChildren().add(l);
            }
            box.setPrefSize(3000, 2500);
            new javafx.scene.Scene(box, 3000, 2500);
            var tiled = Snapshots.image(box, null, java.awt.image.BufferedImage.TYPE_INT_ARGB);
            var whole = box.snapshot(null, null);
            int w = (int) whole.getWidth(), h = (int) whole.getHeight();
            int[] a = new int[w * h];
            whole.getPixelReader().getPixels(0, 0, w, h, javafx.scene.image.PixelFormat.getIntArgbInstance(), a, 0, w);
            return new int[][] {tiled.getRGB(0, 0, tiled.getWidth(), tiled.getHeight(), null, 0, tiled.getWidth()), a,
                    {tiled.getWidth(), tiled.getHeight(), w, h}};
        });
        assertTrue((long) both[2][0] * both[2][1] * 4 > org.vdsoexplorer.app.common.PictureMemory.tileBytes(), "more than one tile");
        assertEquals(both[2][2], both[2][0]);
        assertEquals(both[2][3], both[2][1]);
        assertArrayEquals(both[1], both[0]);
    }
}

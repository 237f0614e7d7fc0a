package org.vdsoexplorer.app.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.session.Session;
import org.vdsoexplorer.session.GifRequest;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.kernel.VvarLocation;

/**
 * export-gif of a seqlock retry: a writer update placed between the reader's two seq loads of the data page
 * (found by running the model), the seqlock view, one frame per reader step of the call, read back with ImageIO.
 */
class GifExportTest {
    @TempDir Path dir;

    @Test
    void retryExportsOneFramePerStepThatChangeWithTheModelAndLoops() throws Exception {
        org.vdsoexplorer.app.common.Snapshots.startToolkit();
        Setup setup = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);
        // the reader step just after the first seq load of the real data page (slot 3)
        Session probe = new Session(setup);
        long afterSeqLoad = -1;
        for (int i = 0; i < 1000 && afterSeqLoad < 0; i++) {
            int seen = probe.callLog().size();
            probe.stepQuiet();
            List<Event> log = probe.callLog();
            for (Event e : log.subList(Math.min(seen, log.size()), log.size())) {
                if (e instanceof Event.MemRead r && r.where() instanceof VvarLocation v && v.slot() == 3 && v.isSeq()) {
                    afterSeqLoad = probe.position();
                }
            }
        }
        assertTrue(afterSeqLoad > 0, "no seq load of slot 3 in the first call");
        int plain = callLength(setup, -1);
        int retried = callLength(setup, afterSeqLoad);

        Path out = dir.resolve("retry.gif");
        GifRequest req = new GifRequest(setup, null, List.of(afterSeqLoad), "seqlock", 0, -1, 8, 1280, 800, 1, 100, out);
        List<Integer> progress = new ArrayList<>();
        int written = GifExport.renderHeadless(req, org.vdsoexplorer.app.MainWindow::new, (done, total) -> progress.add(done));

        List<BufferedImage> frames = new ArrayList<>();
        String loop;
        String delay;
        try (ImageInputStream in = ImageIO.createImageInputStream(out.toFile())) {
            ImageReader r = ImageIO.getImageReadersByFormatName("gif").next();
            r.setInput(in);
            int n = r.getNumImages(true);
            for (int i = 0; i < n; i++) frames.add(r.read(i));
            loop = attribute(r, "ApplicationExtension", "applicationID");
            delay = attribute(r, "GraphicControlExtension", "delayTime");
        }
        assertEquals(retried + 1, frames.size(), "one frame per position from step 0 to the end of the call");
        assertEquals(written, frames.size());
        assertTrue(frames.size() >= 20);
        assertTrue(retried > plain, "the placed update made the call longer (a retry): " + retried + " vs " + plain);
        assertEquals(frames.size(), progress.getLast());
        assertEquals("NETSCAPE", loop);
        assertEquals("13", delay); // 100 / 8 fps, rounded
        // every frame is one more reader step: the seqlock view shows the step, so each frame differs from the last
        for (int i = 1; i < frames.size(); i++) {
            assertFalse(same(frames.get(i - 1), frames.get(i)), "frames " + (i - 1) + " and " + i + " are identical");
        }
        assertTrue(frames.getFirst().getWidth() > 200 && frames.getFirst().getHeight() > 100);
        try (var files = Files.list(dir)) {
            assertEquals(List.of(out), files.toList(), "no temporary file left beside it");
        }
    }

    @Test
    void dialogExportsTheCurrentCallAndCancelLeavesNoFile() throws Exception {
        org.vdsoexplorer.app.common.Snapshots.startToolkit();
        Setup setup = Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC);
        Session s = new Session(setup);
        s.runCall();
        long first = s.position();
        s.step();
        s.step(); // two steps into the second call
        Session ref = new Session(setup);
        ref.runCall();
        ref.runCall();
        long second = ref.position() - first; // reader steps of the second call, counted independently

        GifExportDialog d = org.vdsoexplorer.app.Fx.fx(() -> GifExportDialog.show(null, s, 100, org.vdsoexplorer.app.MainWindow::new));
        Path out = dir.resolve("call.gif");
        org.vdsoexplorer.app.Fx.fxRun(() -> d.export(out));
        int frames = d.job().done().get(120, java.util.concurrent.TimeUnit.SECONDS);
        assertEquals(second + 1, frames, "the current call from its first step to its end");
        assertTrue(Files.size(out) > 1000);

        Path cancelled = dir.resolve("cancelled.gif");
        org.vdsoexplorer.app.Fx.fxRun(() -> {
            d.export(cancelled);
            d.job().cancel();
        });
        var done = d.job().done();
        // done completes once the partial file is deleted: nothing to wait for after it
        org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> done.get(60, java.util.concurrent.TimeUnit.SECONDS));
        org.vdsoexplorer.app.Fx.fxRun(() -> d.stage().close());
        try (var files = Files.list(dir)) {
            assertEquals(List.of(out), files.toList(), "nothing but the first GIF: " + d.status());
        }
    }

    /** Reader steps of the first call with a writer update placed before {@code at} (none if negative). */
    private static int callLength(Setup setup, long at) {
        Session s = new Session(setup);
        if (at >= 0) {
            while (s.position() < at) s.stepQuiet();
            s.injectQuiet();
        }
        boolean retry = false;
        while (s.stepQuiet() == null) retry |= s.callLog().stream().anyMatch(e -> e instanceof Event.SeqRetry);
        assertEquals(at >= 0, retry, "a retry exactly when an update is placed");
        return (int) s.position();
    }

    private static String attribute(ImageReader r, String node, String attr) throws Exception {
        IIOMetadataNode root = (IIOMetadataNode) r.getImageMetadata(0).getAsTree("javax_imageio_gif_image_1.0");
        var list = root.getElementsByTagName(node);
        return list.getLength() == 0 ? null : ((IIOMetadataNode) list.item(0)).getAttribute(attr);
    }

    private static boolean same(BufferedImage a, BufferedImage b) {
        if (a.getWidth() != b.getWidth() || a.getHeight() != b.getHeight()) return false;
        int[] pa = a.getRGB(0, 0, a.getWidth(), a.getHeight(), null, 0, a.getWidth());
        int[] pb = b.getRGB(0, 0, b.getWidth(), b.getHeight(), null, 0, b.getWidth());
        return Arrays.equals(pa, pb);
    }
}

package org.vdsoexplorer.app.common;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;
import org.vdsoexplorer.util.AtomicFiles;

/** Pictures of nodes (PNG export, GIF frames, the screenshot tools) and the toolkit they need off screen. */
public final class Snapshots {
    private Snapshots() { }

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

    /**
     * Snapshots {@code node} (CSS and layout applied) and writes it as PNG, streamed into the file's temp copy (no
     * second copy of the picture in memory); refused in words first if the picture cannot fit in the heap
     * ({@link PictureMemory}). Stale temp files of killed writers in the folder are removed first.
     */
    public static Path shot(Node node, Path file) {
        Bounds b = node.getBoundsInParent();
        int w = (int) Math.ceil(b.getWidth()), h = (int) Math.ceil(b.getHeight());
        String tooBig = PictureMemory.refusal(w, h, 1, PictureMemory.Encoder.PNG,
                PictureMemory.availableAfterCollection(PictureMemory.need(w, h, PictureMemory.Encoder.PNG, 1)));
        if (tooBig != null) throw new IllegalArgumentException("cannot write " + file + ": " + tooBig);
        AtomicFiles.removeStale(file.toAbsolutePath().getParent());
        BufferedImage bi = image(node, null, BufferedImage.TYPE_INT_ARGB);
        try {
            AtomicFiles.write(file, out -> {
                if (!ImageIO.write(bi, "png", out)) throw new IOException("no PNG writer");
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        return file;
    }

    /**
     * Lays {@code node}'s scene out as a snapshot does (tab and split panes size their content only then), picturing
     * one pixel: a window about to be exported at a size larger than any screen is laid out without a whole picture.
     */
    public static void layOut(Node node) {
        SnapshotParameters p = new SnapshotParameters();
        p.setViewport(new Rectangle2D(0, 0, 1, 1));
        node.snapshot(p, null);
    }

    /**
     * Snapshots {@code node} (CSS and layout of its scene applied first) with {@code params} (null: defaults)
     * into a BufferedImage of {@code type} (TYPE_INT_ARGB or TYPE_INT_RGB). Taken in tiles of at most
     * {@link PictureMemory#tileBytes()} read straight into the picture's pixels: the software renderer cannot make a
     * texture over a quarter of the heap (its snapshot of a larger node is null: a NullPointerException inside
     * JavaFX), and no whole-picture copy is made besides the picture itself.
     */
    public static BufferedImage image(Node node, SnapshotParameters params, int type) {
        if (node.getScene() != null) {
            node.getScene().getRoot().applyCss();
            node.getScene().getRoot().layout();
        }
        node.applyCss();
        SnapshotParameters p = params == null ? new SnapshotParameters() : params;
        Bounds b = node.getBoundsInParent();
        if (p.getTransform() != null) b = p.getTransform().transform(b);
        int x0 = (int) Math.floor(b.getMinX()), y0 = (int) Math.floor(b.getMinY());
        int w = Math.max(1, (int) Math.ceil(b.getMaxX()) - x0), h = Math.max(1, (int) Math.ceil(b.getMaxY()) - y0);
        if ((long) w * h > PictureMemory.MAX_PIXELS) throw new IllegalArgumentException(w + "x" + h + " pixels do not fit in one picture");
        BufferedImage bi = new BufferedImage(w, h, type);
        int[] dst = ((DataBufferInt) bi.getRaster().getDataBuffer()).getData();
        long tilePixels = Math.max(1, PictureMemory.tileBytes() / PictureMemory.PICTURE_BYTES);
        int tw = (int) Math.min(w, Math.max(256, tilePixels / 256)); // whole rows when they fit: fewer render passes
        int th = (int) Math.max(1, Math.min(h, tilePixels / tw));
        WritableImage tile = new WritableImage(tw, th);
        Rectangle2D saved = p.getViewport();
        try {
            for (int ty = 0; ty < h; ty += th) {
                for (int tx = 0; tx < w; tx += tw) {
                    p.setViewport(new Rectangle2D(x0 + tx, y0 + ty, tw, th));
                    WritableImage img;
                    try {
                        img = node.snapshot(p, tile);
                    } catch (NullPointerException e) { // JavaFX's own, when its renderer could not make the texture
                        throw new IllegalStateException("the renderer could not make a picture of " + tw + "x" + th
                                + " pixels (out of memory)", e);
                    }
                    int cw = Math.min(tw, w - tx), ch = Math.min(th, h - ty);
                    img.getPixelReader().getPixels(0, 0, cw, ch, PixelFormat.getIntArgbInstance(), dst, ty * w + tx, w);
                }
            }
        } finally {
            p.setViewport(saved);
        }
        return bi;
    }
}

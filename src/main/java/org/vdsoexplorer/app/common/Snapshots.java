package org.vdsoexplorer.app.common;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;
import javafx.scene.Node;
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
}

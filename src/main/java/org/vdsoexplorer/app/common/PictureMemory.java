package org.vdsoexplorer.app.common;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Locale;

/**
 * How much heap a picture needs, and whether it fits, asked before an export or screenshot starts so that one that
 * cannot fit is refused in words instead of ending in an {@link OutOfMemoryError}.
 *
 * <p>A picture of W x H pixels is held once as a {@code BufferedImage} of 4 bytes a pixel ({@link Snapshots#image}
 * fills it tile by tile), plus what its encoder adds: the GIF writer quantises a frame into an indexed copy of
 * 1 byte a pixel; the PNG writer streams rows to the file. The snapshot tiles ({@link #tileBytes}) are held three
 * times while one is rendered: the renderer's texture, its image and the {@code WritableImage} read from it. What
 * is available is the heap's maximum less what survives in it now (every heap pool but the young generation's
 * eden, which the next collection empties).
 */
public final class PictureMemory {
    private PictureMemory() {}

    /** Bytes a pixel of the held picture (an int ARGB or RGB). */
    static final int PICTURE_BYTES = 4;
    /** Copies of a snapshot tile alive while it renders: texture, its image, the WritableImage. */
    static final int TILE_COPIES = 3;
    /** Largest tile: the software renderer refuses a texture over a quarter of the heap (its texture pool's limit). */
    static final long MAX_TILE_BYTES = 8L << 20;
    /** Java arrays hold at most about this many elements: one picture's pixels must fit in one. */
    static final long MAX_PIXELS = Integer.MAX_VALUE - 8;

    /** What a picture is written as. */
    public enum Encoder {
        /** An animated GIF frame: the writer's indexed copy, 1 byte a pixel. */
        GIF(1),
        /** A PNG: rows streamed to the file. */
        PNG(0);

        final int extraBytesPerPixel;

        Encoder(int extra) { this.extraBytesPerPixel = extra; }
    }

    /** One snapshot tile's bytes at most: well under the software renderer's limit of a quarter of the heap. */
    public static long tileBytes() { return Math.min(MAX_TILE_BYTES, Runtime.getRuntime().maxMemory() / 16); }

    /** Bytes needed to hold {@code pictures} pictures of {@code w} x {@code h} pixels at once and encode one. */
    public static long need(long w, long h, Encoder e, int pictures) {
        long px = w * h;
        return px * PICTURE_BYTES * pictures + px * e.extraBytesPerPixel + TILE_COPIES * Math.min(tileBytes(), px * PICTURE_BYTES);
    }

    /** Heap bytes a new picture can use now: the maximum less what survives in the heap. */
    public static long available() {
        long retained = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && !p.getName().toLowerCase(Locale.ROOT).contains("eden")) retained += p.getUsage().getUsed();
        }
        return Runtime.getRuntime().maxMemory() - retained;
    }

    /**
     * {@link #available()}, measured again after a full collection when it is less than {@code wanted} (what is
     * retained then includes garbage not yet collected; one collection of this small heap takes tens of ms).
     */
    @SuppressWarnings("java:S1215") // an explicit GC, once per export and only when the estimate is short
    public static long availableAfterCollection(long wanted) {
        long free = available();
        if (free >= wanted) return free;
        System.gc();
        return available();
    }

    /** How many pictures of {@code w} x {@code h} fit at once in {@code available} bytes (0: not one). */
    public static int fitting(long w, long h, Encoder e, long available, int most) {
        if (w * h > MAX_PIXELS) return 0;
        int n = 0;
        while (n < most && need(w, h, e, n + 1) <= available) n++;
        return n;
    }

    /**
     * Null when one picture of {@code width*scale} x {@code height*scale} pixels fits in {@code available} bytes;
     * otherwise why not in words: what it needs and the largest window at that scale (and the largest scale at
     * that size) that fits, e.g. "3840x2160 at scale 2 needs about 190 MB, 120 MB are free; the largest that fits
     * is 2660x1496 at scale 2, or 3840x2160 at scale 1.3".
     */
    public static String refusal(int width, int height, double scale, Encoder e, long available) {
        long w = pixels(width, scale), h = pixels(height, scale);
        if (w * h <= MAX_PIXELS && need(w, h, e, 1) <= available) return null;
        String asked = width + "x" + height + (scale == 1 ? "" : " at scale " + shown(scale));
        String needs = w * h > MAX_PIXELS ? asked + " is " + w + "x" + h + " pixels, more than one picture can hold"
                : asked + " needs about " + mb(need(w, h, e, 1)) + " MB, " + mb(Math.max(0, available)) + " MB are free";
        // shrink the window at the same scale, keeping its shape, until it fits; then the scale at this size
        double f = 1;
        while (f > 0.05 && !fits(width * f, height * f, scale, e, available)) f *= 0.98;
        double s = scale;
        while (s > 0.1 && !fits(width, height, s, e, available)) s = Math.floor(s * 100 - 1) / 100;
        if (f <= 0.05 && s <= 0.1) return needs + "; nothing this large fits: free memory or use a smaller --size";
        String bySize = (int) (width * f) + "x" + (int) (height * f) + (scale == 1 ? "" : " at scale " + shown(scale));
        return needs + "; the largest that fits is " + bySize
                + (s < scale && s > 0.1 ? ", or " + width + "x" + height + " at scale " + shown(s) : "");
    }

    private static boolean fits(double width, double height, double scale, Encoder e, long available) {
        long w = pixels(width, scale), h = pixels(height, scale);
        return w * h <= MAX_PIXELS && need(w, h, e, 1) <= available;
    }

    /** Pixels along one side: a snapshot covers the scaled bounds' whole pixels. */
    public static long pixels(double side, double scale) { return (long) Math.ceil(side * scale); }

    private static String shown(double scale) {
        return scale == Math.rint(scale) ? Long.toString((long) scale) : String.format(Locale.ROOT, "%.2f", scale).replaceAll("0+$", "");
    }

    private static long mb(long bytes) { return (bytes + (1 << 20) - 1) >> 20; }
}

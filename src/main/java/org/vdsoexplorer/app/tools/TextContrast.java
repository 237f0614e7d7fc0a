package org.vdsoexplorer.app.tools;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.util.HashMap;
import java.util.Map;
import javafx.geometry.Bounds;

/**
 * The contrast of text as shown (WCAG 2.1: the relative luminance of the text's colour against that of its background,
 * (L1 + 0.05) / (L2 + 0.05)). The background is read from the pixels of a snapshot under the text's box, not composed
 * from the styles: the pixels have every parent's background, the opacity of a dimmed subtree or a disabled control,
 * every effect and what a canvas drew under its own text already applied, which walking up the parents would have to
 * redo by hand (and cannot for a canvas). It is the most frequent colour in the text's box (text covers a minority of its
 * line box), the text's own fill left out. The text's colour is its fill, laid at the opacity of it and its parents over that background, as WCAG
 * means it: the rendered glyphs' own pixels are not the colour (the renderer darkens dark text on light as it
 * anti-aliases: #777777 text, 4.48:1 on white, has pixels of #5E5E5E, 6.5:1). For text drawn on a canvas, whose
 * colour the view does not report, the ink is the pixel of the greatest contrast in the box: that errs high by the
 * renderer's darkening (about 4.5 read as 6.5), so a canvas's text is checked more leniently than a label's.
 */
public final class TextContrast {
    /** WCAG 2.1 AA for body text (success criterion 1.4.3). */
    public static final double AA = 4.5;

    private final int[] px;
    private final int width, height, x0, y0;

    /** The pixels of {@code image}, whose top left pixel is at ({@code x0}, {@code y0}) in the coordinates of the boxes. */
    public TextContrast(BufferedImage image, int x0, int y0) {
        if (image.getType() != BufferedImage.TYPE_INT_RGB && image.getType() != BufferedImage.TYPE_INT_ARGB) {
            throw new IllegalArgumentException("an int RGB picture is needed, not type " + image.getType());
        }
        this.px = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        this.width = image.getWidth();
        this.height = image.getHeight();
        this.x0 = x0;
        this.y0 = y0;
    }

    /**
     * The contrast of the text shown in {@code box} in {@code ink} at {@code opacity} (the product of its and its parents'
     * opacities; ink null: read from the pixels), or NaN when the box holds no whole pixel of the picture.
     */
    public double of(Bounds box, javafx.scene.paint.Color ink, double opacity) {
        int xa = Math.max(0, (int) Math.ceil(box.getMinX()) - x0), xb = Math.min(width, (int) Math.floor(box.getMaxX()) - x0);
        int ya = Math.max(0, (int) Math.ceil(box.getMinY()) - y0), yb = Math.min(height, (int) Math.floor(box.getMaxY()) - y0);
        if (xb <= xa || yb <= ya) return Double.NaN;
        // the background: the most frequent colour in the box but the fill's own (bold glyphs on a busy background can
        // cover more pixels than any one shade of it)
        int own = ink == null || ink.getOpacity() < 1 ? -1 : over(ink, 1, 0);
        Map<Integer, int[]> counts = new HashMap<>();
        int bg = 0, most = 0;
        for (int y = ya; y < yb; y++) {
            for (int x = xa; x < xb; x++) {
                int c = px[y * width + x] & 0xFFFFFF;
                if (c == own) continue;
                int n = ++counts.computeIfAbsent(c, k -> new int[1])[0];
                if (n > most) {
                    most = n;
                    bg = c;
                }
            }
        }
        if (most == 0) return 1; // nothing but the fill: the text cannot be told from what is behind it
        double lb = luminance(bg);
        if (ink != null) return ratio(luminance(over(ink, opacity, bg)), lb);
        java.util.Set<Integer> shades = new java.util.HashSet<>();
        for (int y = ya; y < yb; y++) for (int x = xa; x < xb; x++) shades.add(px[y * width + x] & 0xFFFFFF);
        double best = 1;
        for (int c : shades) best = Math.max(best, ratio(luminance(c), lb));
        return best;
    }

    /** {@code ink} at {@code opacity} (times its own alpha) laid over the sRGB colour {@code bg}, as the renderer blends. */
    static int over(javafx.scene.paint.Color ink, double opacity, int bg) {
        double a = Math.max(0, Math.min(1, opacity * ink.getOpacity()));
        int r = (int) Math.round(255 * (a * ink.getRed() + (1 - a) * ((bg >> 16) & 0xFF) / 255.0));
        int g = (int) Math.round(255 * (a * ink.getGreen() + (1 - a) * ((bg >> 8) & 0xFF) / 255.0));
        int b = (int) Math.round(255 * (a * ink.getBlue() + (1 - a) * (bg & 0xFF) / 255.0));
        return r << 16 | g << 8 | b;
    }

    /** WCAG 2.1 relative luminance of an sRGB colour 0xRRGGBB. */
    public static double luminance(int rgb) {
        return 0.2126 * linear((rgb >> 16) & 0xFF) + 0.7152 * linear((rgb >> 8) & 0xFF) + 0.0722 * linear(rgb & 0xFF);
    }

    /** The contrast ratio of two relative luminances (the lighter over the darker, each + 0.05): 1 to 21. */
    public static double ratio(double l1, double l2) {
        return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    }

    /** The contrast ratio of two sRGB colours 0xRRGGBB. */
    public static double ratio(int rgb1, int rgb2) { return ratio(luminance(rgb1), luminance(rgb2)); }

    private static double linear(int channel) {
        double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }
}

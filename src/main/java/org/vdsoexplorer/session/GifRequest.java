package org.vdsoexplorer.session;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.util.Known;

/**
 * An animated GIF to render ({@code export-gif}, the app's Export GIF dialog): which setup, which part of the window,
 * which reader steps (global step numbers, as the app shows them; {@code to} &lt; 0: to the end of the call containing
 * {@code from}), at what frame rate, window size, pixel scale and UI (presenter) scale, with writer updates placed
 * before given steps, or starting from a saved demo ({@code demo}, null for none: then {@code setup} and
 * {@code writerUpdates} say where to start). The constructor refuses what cannot be rendered, with one line naming
 * the value as the command line spells it. Rendering needs JavaFX, so it is done by a {@link Renderer} that the
 * caller supplies. No JavaFX.
 */
public record GifRequest(Setup setup, DemoState demo, List<Long> writerUpdates, String view, long from, long to, int fps,
                         int width, int height, double pixelScale, int uiScalePercent, Path out) {

    /** Parts of the window that can be exported. */
    public static final List<String> VIEWS = List.of("window", "code", "pages", "seqlock", "dispatch", "counters");

    /** Longest export, in frames. */
    public static final int MAX_FRAMES = 5000;

    /** Renders a request; reports frames done of the total through {@code progress}; returns the frames written. */
    public interface Renderer {
        int render(GifRequest request, Progress progress) throws Exception;
    }

    public interface Progress {
        void frame(int done, int total);
    }

    /** Refuses, with an IllegalArgumentException of one line, what cannot be rendered. */
    public GifRequest {
        writerUpdates = List.copyOf(writerUpdates);
        if (!out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gif")) refuse("'" + out + "' must end in .gif");
        Path dir = out.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) refuse("no folder '" + dir + "' for " + out);
        if (setup.problem() != null) refuse(setup.problem());
        if (!VIEWS.contains(view)) refuse(Known.unknown("view", view, VIEWS));
        if (from < 0) refuse("--from must be 0 or more");
        if (to >= 0 && to < from) refuse("--to " + to + " is before --from " + from);
        if (to >= 0 && to - from + 1 > MAX_FRAMES) refuse("at most " + MAX_FRAMES + " frames");
        if (fps < 1 || fps > 50) refuse("--fps must be 1-50 (GIF delays are in 1/100 s)");
        if (width < 320 || height < 200 || width > 7680 || height > 4320) {
            refuse("--size '" + width + "x" + height + "' must be WIDTHxHEIGHT, from 320x200 to 7680x4320");
        }
        if (!(pixelScale > 0) || pixelScale > 4) refuse("--scale must be more than 0 and at most 4");
        if (uiScalePercent < 50 || uiScalePercent > 300) refuse("--ui-scale must be 50-300 (percent)");
        if (writerUpdates.stream().anyMatch(w -> w < 0)) refuse("--writer-update must be a step, 0 or more");
    }

    /** {@code WIDTHxHEIGHT} as width and height; refused (IllegalArgumentException) if it is not two whole numbers in range. */
    public static int[] size(String s) {
        String[] p = s.toLowerCase(Locale.ROOT).split("x");
        if (p.length == 2) {
            try {
                int w = Integer.parseInt(p[0].trim()), h = Integer.parseInt(p[1].trim());
                if (w >= 320 && h >= 200 && w <= 7680 && h <= 4320) return new int[] {w, h};
            } catch (NumberFormatException ignored) {
                // the message below
            }
        }
        throw new IllegalArgumentException("--size '" + Known.shown(s) + "' must be WIDTHxHEIGHT, from 320x200 to 7680x4320");
    }

    private static void refuse(String why) { throw new IllegalArgumentException(why); }
}

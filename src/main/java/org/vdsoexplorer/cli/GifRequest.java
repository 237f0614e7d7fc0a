package org.vdsoexplorer.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * An animated GIF to render ({@code export-gif}): which setup, which part of the window, which reader steps
 * (global step numbers, as the app shows them; {@code to} &lt; 0: to the end of the call containing
 * {@code from}), at what frame rate, window size, pixel scale and UI (presenter) scale, with writer updates
 * placed before given steps, or starting from a saved demo. Rendering needs JavaFX, so it is done by a
 * {@link Renderer} that the caller supplies.
 */
public record GifRequest(Setup setup, Path demo, List<Long> writerUpdates, String view, long from, long to, int fps,
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

    static final Set<String> OPTIONS = Set.of("scenario", "variant", "clock", "demo", "writer-update", "view", "from",
            "to", "fps", "size", "scale", "ui-scale");

    /** Parses {@code export-gif ARGS...} ({@code args[0]} is the command); a bad argument throws with one line naming it. */
    public static GifRequest parse(String[] args) {
        return parse(Args.parse("export-gif", args, 1, OPTIONS));
    }

    /** The request {@code a} (export-gif's arguments, parsed) asks for; a bad argument throws with one line naming it. */
    static GifRequest parse(Args a) {
        if (a.positional.size() != 1) throw new UsageException("export-gif: expected one OUT.gif");
        Path out = Path.of(a.positional.getFirst());
        if (!out.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".gif")) {
            throw new UsageException("export-gif: '" + out + "' must end in .gif");
        }
        Path dir = out.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) throw new UsageException("export-gif: no folder '" + dir + "' for " + out);
        Path demo = a.one("demo") == null ? null : Path.of(a.one("demo"));
        if (demo != null && !Files.isReadable(demo)) throw new UsageException("export-gif: --demo: cannot read '" + demo + "'");
        Scenario s = Scenario.byName(or(a.one("scenario"), "timens")).orElseThrow(
                () -> new UsageException("export-gif: unknown scenario '" + a.one("scenario") + "' (known: " + Scenario.names() + ")"));
        Variant v = Variant.byName(or(a.one("variant"), "timens-inline")).orElseThrow(
                () -> new UsageException("export-gif: unknown variant '" + a.one("variant") + "' (known: " + Variant.names() + ")"));
        Clock c = Clock.byName(or(a.one("clock"), "monotonic")).orElseThrow(
                () -> new UsageException("export-gif: unknown clock '" + a.one("clock") + "'"));
        Setup setup = Setup.of(s, v, c);
        if (setup.problem() != null) throw new UsageException("export-gif: " + setup.problem());
        String view = or(a.one("view"), "window");
        if (!VIEWS.contains(view)) throw new UsageException("export-gif: unknown view '" + view + "' (known: " + String.join(", ", VIEWS) + ")");
        long from = a.one("from") == null ? 0 : Args.number("export-gif", "--from", a.one("from"));
        long to = a.one("to") == null ? -1 : Args.number("export-gif", "--to", a.one("to"));
        if (from < 0) throw new UsageException("export-gif: --from must be 0 or more");
        if (to >= 0 && to < from) throw new UsageException("export-gif: --to " + to + " is before --from " + from);
        if (to >= 0 && to - from + 1 > MAX_FRAMES) throw new UsageException("export-gif: at most " + MAX_FRAMES + " frames");
        long fps = a.one("fps") == null ? 5 : Args.number("export-gif", "--fps", a.one("fps"));
        if (fps < 1 || fps > 50) throw new UsageException("export-gif: --fps must be 1-50 (GIF delays are in 1/100 s)");
        int[] size = size(or(a.one("size"), "1600x1000"));
        double scale = a.one("scale") == null ? 1 : Args.decimal("export-gif", "--scale", a.one("scale"));
        if (scale > 4) throw new UsageException("export-gif: --scale must be at most 4");
        long ui = a.one("ui-scale") == null ? 100 : Args.number("export-gif", "--ui-scale", a.one("ui-scale"));
        if (ui < 50 || ui > 300) throw new UsageException("export-gif: --ui-scale must be 50-300 (percent)");
        List<Long> writers = a.all("writer-update").stream().map(w -> Args.number("export-gif", "--writer-update", w)).toList();
        if (writers.stream().anyMatch(w -> w < 0)) throw new UsageException("export-gif: --writer-update must be a step, 0 or more");
        return new GifRequest(setup, demo, writers, view, from, to, (int) fps, size[0], size[1], scale, (int) ui, out);
    }

    private static int[] size(String s) {
        String[] p = s.toLowerCase(java.util.Locale.ROOT).split("x");
        if (p.length == 2) {
            try {
                int w = Integer.parseInt(p[0].trim()), h = Integer.parseInt(p[1].trim());
                if (w >= 320 && h >= 200 && w <= 7680 && h <= 4320) return new int[] {w, h};
            } catch (NumberFormatException ignored) {
                // the message below
            }
        }
        throw new UsageException("export-gif: --size '" + s + "' must be WIDTHxHEIGHT, from 320x200 to 7680x4320");
    }

    private static String or(String v, String dflt) { return v == null ? dflt : v; }
}

package org.vdsoexplorer.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.vdsoexplorer.session.DemoState;
import org.vdsoexplorer.session.GifRequest;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.TimingTable;

/**
 * {@code export-gif}'s options, read into a {@link GifRequest} (the value, which the app's dialog also builds): the
 * setup options through {@link SetupOptions} (the one setup parser), the rest here; the request's own checks
 * refuse what cannot be rendered.
 */
final class GifOptions {
    static final Set<String> OPTIONS = Set.of("scenario", "variant", "clock", "compiler", "timing", "core", "demo",
            "writer-update", "view", "from", "to", "fps", "size", "scale", "ui-scale");
    /** The setup without setup options: the walkthrough's namespace task. */
    static final Setup DEFAULT = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);

    private GifOptions() {}

    /** Parses {@code export-gif ARGS...} ({@code args[0]} is the command); a bad argument throws with one line naming it. */
    static GifRequest parse(String[] args) {
        return parse(Args.parse("export-gif", args, 1, OPTIONS));
    }

    /** The request {@code a} (export-gif's arguments, parsed by the command registry) asks for; a bad argument throws. */
    static GifRequest parse(Args a) {
        if (a.positional.size() != 1) throw new UsageException("export-gif: expected one OUT.gif");
        Path out = Path.of(a.positional.getFirst());
        Setup setup = SetupOptions.parse("export-gif", a, DEFAULT, TimingTable.defaults());
        DemoState demo = null;
        if (a.one("demo") != null) {
            try {
                demo = DemoState.read(Path.of(a.one("demo")));
            } catch (IOException e) {
                throw new UsageException("export-gif: --demo: cannot read '" + a.one("demo") + "'");
            }
        }
        String view = a.one("view") == null ? "window" : a.one("view");
        long from = a.one("from") == null ? 0 : Args.number("export-gif", "--from", a.one("from"));
        long to = a.one("to") == null ? -1 : Args.number("export-gif", "--to", a.one("to"));
        long fps = a.one("fps") == null ? 5 : Args.number("export-gif", "--fps", a.one("fps"));
        double scale = a.one("scale") == null ? 1 : Args.decimal("export-gif", "--scale", a.one("scale"));
        long ui = a.one("ui-scale") == null ? 100 : Args.number("export-gif", "--ui-scale", a.one("ui-scale"));
        List<Long> writers = a.all("writer-update").stream().map(w -> Args.number("export-gif", "--writer-update", w)).toList();
        try {
            int[] size = GifRequest.size(a.one("size") == null ? "1600x1000" : a.one("size"));
            return new GifRequest(setup, demo, writers, view, from, to, clamp(fps), size[0], size[1], scale, clamp(ui), out);
        } catch (IllegalArgumentException e) {
            throw new UsageException("export-gif: " + e.getMessage());
        }
    }

    /** A count as an int, out-of-range values kept out of range (the request refuses them). */
    private static int clamp(long v) { return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v)); }
}

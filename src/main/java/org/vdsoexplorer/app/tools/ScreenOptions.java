package org.vdsoexplorer.app.tools;

import java.nio.file.Path;
import java.util.Locale;
import org.vdsoexplorer.cli.Args;
import org.vdsoexplorer.cli.Commands;

/**
 * What the {@code screenshots} command renders: {@code DIR [--size WxH] [--scale PCT] [--presenter]
 * [--lesson FILE --step N] [--tab seeds|pipeline]} (parsed by the command registry, {@link Commands}, with {@link #OPTIONS}). With none of the options it writes the full set; with any, one screen:
 * the window at W x H (default 1920 x 1080), its text at PCT % (100-250; in presenter mode the presenter's
 * scale), showing lesson FILE at step N (1-based) in the lesson panel, or presenter mode of that step.
 * {@code --details} lists each clipped text and overlapping pair under its image's line. {@code --compare
 * listings|pipeline} shows the Compare tab instead of the four views (timens-inline beside timens-noinline after
 * 100 calls, partway into the next; {@code pipeline}: on the pipeline timing model, its two timelines shown).
 */
public record ScreenOptions(Path dir, double width, double height, int scale, boolean presenter, Path lesson, int step,
                            boolean single, boolean details, String compare, String tab) {
    /** What {@code --compare} takes. */
    public static final java.util.List<String> COMPARE_VIEWS = java.util.List.of("listings", "pipeline");
    /** What {@code --tab} takes: the tab shown instead of the four views (also beside a lesson step). */
    public static final java.util.List<String> TABS = java.util.List.of("seeds", "pipeline", "kernel", "kernel-table");

    public ScreenOptions(Path dir, double width, double height, int scale, boolean presenter, Path lesson, int step,
                         boolean single, boolean details) {
        this(dir, width, height, scale, presenter, lesson, step, single, details, null, null);
    }

    public static final int MIN_SCALE = 100, MAX_SCALE = 250;

    /** A single screen (for tests): the explore screen when {@code lesson} is null. */
    public static ScreenOptions screen(Path dir, double width, double height, int scale, boolean presenter, Path lesson, int step) {
        return new ScreenOptions(dir, width, height, scale, presenter, lesson, step, true, false);
    }

    /** The {@code screenshots} command's options, for the command registry ({@code Main}). */
    public static final java.util.List<Commands.Option> OPTIONS = java.util.List.of(
            Commands.Option.value("size", "WxH", "one screen, the window at W x H pixels, 640x400 to 7680x4320 (default "
                    + (int) Screenshots.WIDTH + "x" + (int) Screenshots.HEIGHT + ")"),
            Commands.Option.value("scale", "PCT", "one screen, its text at PCT % (" + MIN_SCALE + "-" + MAX_SCALE
                    + "; in presenter mode the presenter's scale)"),
            Commands.Option.flag("presenter", "one screen, presenter mode of the lesson step (needs --lesson and --step)"),
            Commands.Option.value("lesson", "FILE", "one screen, lesson FILE in the lesson panel (with --step)"),
            Commands.Option.value("step", "N", "the lesson's step, 1-based (with --lesson)"),
            Commands.Option.value("compare", String.join("|", COMPARE_VIEWS), "one screen, the Compare tab: its listings or its "
                    + "two pipeline timelines (timens-inline beside timens-noinline after 100 calls)"),
            Commands.Option.value("tab", String.join("|", TABS), "one screen, the Seed tables tab (measured), the Pipeline tab "
                    + "(on the pipeline timing model, partway into a call) or the Your kernel tab (the shipped capture's namespace task, "
                    + "an update placed, stepped past the retry; kernel-table: its every-clock table) instead of the four views; with --lesson beside its step"),
            Commands.Option.flag("details", "each clipped text and overlapping pair under its image's line"));

    /**
     * The options of {@code a} (the {@code screenshots} command's parsed arguments: one DIR, {@link #OPTIONS});
     * the message of the exception names the bad option.
     */
    public static ScreenOptions from(Args a) {
        Path dir = Path.of(a.positional().getFirst());
        double w = Screenshots.WIDTH, h = Screenshots.HEIGHT;
        int scale = 100, step = 0;
        boolean presenter = a.flag("presenter"), details = a.flag("details");
        boolean single = OPTIONS.stream().anyMatch(o -> !o.name().equals("details") && a.flag(o.name()));
        String compare = a.one("compare"), tab = a.one("tab");
        Path lesson = null;
        String v;
        if ((v = a.one("size")) != null) {
            String[] p = v.toLowerCase(Locale.ROOT).split("x");
            try {
                if (p.length != 2) throw new NumberFormatException();
                w = Integer.parseInt(p[0]);
                h = Integer.parseInt(p[1]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--size '" + v + "' must be WIDTHxHEIGHT in pixels, e.g. 1280x720");
            }
            if (w < 640 || h < 400 || w > 7680 || h > 4320) {
                throw new IllegalArgumentException("--size '" + v + "' must be between 640x400 and 7680x4320");
            }
        }
        if ((v = a.one("scale")) != null) {
            scale = number("--scale", v.endsWith("%") ? v.substring(0, v.length() - 1) : v);
            if (scale < MIN_SCALE || scale > MAX_SCALE) {
                throw new IllegalArgumentException("--scale '" + v + "' must be a percentage from " + MIN_SCALE + " to " + MAX_SCALE);
            }
        }
        if (compare != null && !COMPARE_VIEWS.contains(compare)) {
            throw new IllegalArgumentException("--compare '" + compare + "' must be one of " + String.join(", ", COMPARE_VIEWS));
        }
        if (tab != null && !TABS.contains(tab)) {
            throw new IllegalArgumentException("--tab '" + tab + "' must be one of " + String.join(", ", TABS));
        }
        if (tab != null && compare != null) throw new IllegalArgumentException("--tab and --compare each show one tab: give one");
        if ((v = a.one("lesson")) != null) {
            lesson = Path.of(v);
            // the one loader's checks before JavaFX starts: a FIFO, device, directory or too big a file is one line
            org.vdsoexplorer.util.AtomicFiles.input(lesson, org.vdsoexplorer.lesson.LessonParser.MAX_BYTES, "a lesson");
        }
        if ((v = a.one("step")) != null) {
            step = number("--step", v);
            if (step < 1) throw new IllegalArgumentException("--step '" + v + "' must be 1 or more");
        }
        if ((lesson == null) != (step == 0)) throw new IllegalArgumentException("--lesson FILE and --step N go together");
        if (presenter && lesson == null) throw new IllegalArgumentException("--presenter needs --lesson FILE --step N "
                + "(presenter mode shows a lesson step)");
        if (compare != null && lesson != null) throw new IllegalArgumentException("--compare shows the explore window's "
                + "Compare tab: without --lesson (a lesson step that compares opens the tab itself)");
        return new ScreenOptions(dir, w, h, scale, presenter, lesson, step, single, details, compare, tab);
    }

    private static int number(String option, String v) {
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a whole number, got '" + v + "'");
        }
    }

    /** "screen-1920x1080-presenter-150-02-seqlock-step1.png". */
    public String fileName() {
        StringBuilder sb = new StringBuilder("screen-").append((int) width).append('x').append((int) height);
        if (presenter) sb.append("-presenter");
        if (scale != 100 || presenter) sb.append('-').append(scale);
        if (compare != null) sb.append("-compare").append(compare.equals("listings") ? "" : "-" + compare);
        if (tab != null) sb.append("-tab-").append(tab);
        if (lesson != null) {
            String f = lesson.getFileName().toString();
            sb.append('-').append(f.endsWith(".md") ? f.substring(0, f.length() - 3) : f).append("-step").append(step);
        }
        return sb.append(".png").toString();
    }
}

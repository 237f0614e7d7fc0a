package org.vdsoexplorer.session;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.vdsoexplorer.lesson.Shown;
import org.vdsoexplorer.lesson.View;

/**
 * Which of the four views (code, pages, seqlock, dispatch) get the space, and how, for a given size of the
 * views' area: a pure function ({@link #decide}), applied by the window's controller.
 * <ul>
 *   <li>a maximised view (key 1-4 or a double-click on its title) takes the area alone;</li>
 *   <li>a lesson step's views ({@link #stepViews}) take it side by side, as many as fit at their readable
 *       width, in the step's order;</li>
 *   <li>otherwise the grid of four when two columns and two rows each fit at a readable size, else two
 *       views side by side, else one.</li>
 * </ul>
 * The views that do not get the space collapse into a strip of their titles (one click brings one in), so a
 * view is shown at a readable size or as a title, never squeezed to nothing.
 */
public final class ViewLayout {
    private ViewLayout() {}

    /** The four views the explore tab lays out, in their grid order. */
    public static final List<View> FOUR = List.of(View.CODE, View.PAGES, View.SEQLOCK, View.DISPATCH);

    /** Readable widths at 100 % (px): the code view holds the C pane, the listing and the registers. */
    public static final Map<View, Double> READABLE_WIDTH = readable();
    /** Readable height of one view at 100 % (px). */
    public static final double READABLE_HEIGHT = 300;

    private static Map<View, Double> readable() {
        Map<View, Double> m = new EnumMap<>(View.class);
        m.put(View.CODE, 840.0);
        m.put(View.PAGES, 480.0);
        m.put(View.SEQLOCK, 440.0);
        m.put(View.DISPATCH, 840.0); // seven columns of boxes whose labels (broken at '_' and '/') fit at 14 px
        return m;
    }

    public enum Mode { GRID, TWO_UP, ONE }

    /** The arrangement: the views shown large (left to right) and the titles in the strip. */
    public record Arrangement(Mode mode, List<View> large, List<View> strip) {
        public Arrangement {
            large = List.copyOf(large);
            strip = List.copyOf(strip);
        }

        public boolean grid() { return mode == Mode.GRID; }
    }

    /**
     * The arrangement for a views' area of {@code width} x {@code height} px at {@code scale} (1 = 100 %).
     *
     * @param step      the views a lesson step needs ({@link #stepViews}), in order of importance; empty
     *                  outside lessons
     * @param picked    the view last brought in from the strip, or null
     * @param maximised the view the user maximised, or null
     */
    public static Arrangement decide(double width, double height, double scale, List<View> step, View picked,
                                     View maximised) {
        if (maximised != null && FOUR.contains(maximised)) return of(List.of(maximised));
        List<View> asked = new ArrayList<>();
        for (View v : step) if (FOUR.contains(v) && !asked.contains(v)) asked.add(v);
        if (picked != null && !FOUR.contains(picked)) picked = null;
        if (!asked.isEmpty()) {
            List<View> large = fitting(width, scale, asked);
            if (picked != null && !large.contains(picked)) {
                large.set(large.size() - 1, picked);
                if (!fits(width, scale, large)) large = new ArrayList<>(List.of(picked));
            }
            return of(large);
        }
        if (fits(width, scale, FOUR.subList(0, 2)) && fits(width, scale, FOUR.subList(2, 4))
                && height >= 2 * READABLE_HEIGHT * scale) {
            return new Arrangement(Mode.GRID, FOUR, List.of());
        }
        List<View> order = new ArrayList<>();
        if (picked != null) order.add(picked);
        for (View v : FOUR) if (!order.contains(v)) order.add(v);
        List<View> large = fitting(width, scale, order);
        large.sort(java.util.Comparator.comparingInt(FOUR::indexOf));
        return of(large);
    }

    /** The first one of {@code order}, then as many more (up to two in all) as fit beside it at a readable width. */
    private static List<View> fitting(double width, double scale, List<View> order) {
        List<View> large = new ArrayList<>();
        for (View v : order) {
            if (large.size() == 2) break;
            List<View> with = new ArrayList<>(large);
            with.add(v);
            if (!large.isEmpty() && !fits(width, scale, with)) continue;
            large.add(v);
        }
        return large;
    }

    private static Arrangement of(List<View> large) {
        List<View> strip = new ArrayList<>();
        for (View v : FOUR) if (!large.contains(v)) strip.add(v);
        return new Arrangement(large.size() == 1 ? Mode.ONE : Mode.TWO_UP, large, strip);
    }

    /** Whether {@code views} fit side by side in {@code width} at their readable widths. */
    static boolean fits(double width, double scale, List<View> views) {
        double need = 0;
        for (View v : views) need += READABLE_WIDTH.get(v) * scale;
        return need <= width;
    }

    /**
     * The views a lesson step needs: the view it focuses, the views that show the values its open predict
     * question masks ({@code question}: they show "?" now and the answer after the reveal), then the code
     * view (the reader's instructions). None for a step on the counters or the comparison without such
     * values (the grid, or the Compare tab).
     */
    public static List<View> stepViews(View focus, java.util.Set<Shown> question) {
        List<View> out = new ArrayList<>();
        if (focus != null && FOUR.contains(focus)) out.add(focus);
        for (Shown v : Shown.values()) {
            if (!question.contains(v)) continue;
            View w = switch (v) {
                case SEQ, RETRIES, SPINS -> View.SEQLOCK;
                case PAGE_TRAIL -> View.PAGES;
                case DISPATCH_PATH -> View.DISPATCH;
                case SPILLS -> View.CODE;
                case CALL_INSTRUCTIONS, CALL_RATE -> null; // the counters bar, always shown
            };
            if (w != null && !out.contains(w)) out.add(w);
        }
        if (!out.isEmpty() && !out.contains(View.CODE)) out.add(View.CODE);
        return out;
    }

    /** {@link #stepViews(View, java.util.Set)} of a step without a predict question. */
    public static List<View> stepViews(View focus) { return stepViews(focus, java.util.Set.of()); }
}

package org.vdsoexplorer.app.common;

import javafx.scene.paint.Color;

/**
 * Okabe-Ito colours (safe for the common colour-vision deficiencies), plus light tints of them for
 * backgrounds behind black text, as used by the views and app.css.
 *
 * <p><b>Colour roles: one meaning per colour</b> (app.css says the same at its top; colour is never the only cue:
 * each role also has a word, a shape, a weight or a pattern):
 * <ul>
 * <li>{@link #BLUE}: the current or active thing: the next instruction, the lit dispatch path, the seqlock's "now"
 *     line, the selected tab or row.</li>
 * <li>{@link #VERMILLION} / {@link #DEEP_VERMILLION} (behind or as text): the slow path or an odd seq: the syscall
 *     fallback, a retry or spin, an odd seq, the writer's seq bumps, a push the counter read does not hide, a seed
 *     cell the model misses.</li>
 * <li>{@link #SKY} and {@link #ORANGE} as A and B: only in the Compare tab (its tags, bars and timelines' titles).</li>
 * <li>The instruction categories' fills (counter read, loads, stores, push/pop, ...): only in the counters and the
 *     pipeline timeline.</li>
 * <li>{@link #YELLOW}: something you started or that waits for you: "Kernel update now" and the updates placed on the
 *     seqlock timeline, a changed register, a Compare pane waiting for the other.</li>
 * <li>{@link #INK}, {@link #GREY}, {@link #LINK_LIGHT}, {@link #SHADE}: everything else, including the code panes' link
 *     between a C line and its instructions (a gutter stripe in two alternating greys, lit on hover: no hue).</li>
 * </ul>
 * The pages view keeps its page-kind fills and hatched "unbacked" slots, the Compare listings their diff gutter.
 */
public final class Palette {
    public static final Color ORANGE = Color.web("#E69F00");
    public static final Color SKY = Color.web("#56B4E9");
    public static final Color GREEN = Color.web("#009E73");
    public static final Color YELLOW = Color.web("#F0E442");
    public static final Color BLUE = Color.web("#0072B2");
    public static final Color VERMILLION = Color.web("#D55E00");
    public static final Color PURPLE = Color.web("#CC79A7");
    public static final Color INK = Color.web("#111111");
    /** Grey for text as well as lines: 5.7:1 on white (#777777 had 4.48:1, under WCAG AA's 4.5). */
    public static final Color GREY = Color.web("#666666");
    /** A deeper vermillion behind white text: 5.5:1 (white on {@link #VERMILLION} has 3.9:1). */
    public static final Color DEEP_VERMILLION = Color.web("#B34700");
    public static final Color PAPER = Color.web("#FFFFFF");
    public static final Color SHADE = Color.web("#E8E8E8");
    /** The lighter of the code panes' two link-stripe greys (the other is {@link #GREY}). */
    public static final Color LINK_LIGHT = Color.web("#ABABAB");

    private Palette() {}

    /** A light tint of {@code c} (mixed with white) that keeps black text readable. */
    public static Color tint(Color c, double amount) { return c.interpolate(Color.WHITE, 1 - amount); }

    /** CSS colour literal. */
    public static String css(Color c) {
        return String.format("#%02X%02X%02X", Math.round(c.getRed() * 255), Math.round(c.getGreen() * 255),
                Math.round(c.getBlue() * 255));
    }
}

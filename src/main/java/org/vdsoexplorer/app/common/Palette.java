package org.vdsoexplorer.app.common;

import javafx.scene.paint.Color;

/**
 * Okabe-Ito colours (safe for the common colour-vision deficiencies), plus light tints of them for
 * backgrounds behind black text, as used by the views and app.css.
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

    private static final Color[] CYCLE = {ORANGE, SKY, GREEN, YELLOW, BLUE, VERMILLION, PURPLE};

    private Palette() {}

    /** The i-th colour of the C-line colour cycle. */
    public static Color cycle(int i) { return CYCLE[Math.floorMod(i, CYCLE.length)]; }

    /** A light tint of {@code c} (mixed with white) that keeps black text readable. */
    public static Color tint(Color c, double amount) { return c.interpolate(Color.WHITE, 1 - amount); }

    /** CSS colour literal. */
    public static String css(Color c) {
        return String.format("#%02X%02X%02X", Math.round(c.getRed() * 255), Math.round(c.getGreen() * 255),
                Math.round(c.getBlue() * 255));
    }
}

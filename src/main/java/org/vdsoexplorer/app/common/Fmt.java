package org.vdsoexplorer.app.common;

import java.util.Locale;

/** Number formatting for the views (ROOT locale, so figures look the same everywhere). */
public final class Fmt {
    private Fmt() {}

    /**
     * Sets a label's text only when it differs: an equal but new String still invalidates the text
     * property, which costs a text layout and a relayout of the label's parents on every refresh.
     */
    public static void setText(javafx.scene.control.Labeled l, String text) {
        if (!java.util.Objects.equals(l.getText(), text)) l.setText(text);
    }

    /** Milli-cycles as cycles with up to 2 decimals ("129.75"). */
    public static String cycles(long milli) {
        if (milli % 1000 == 0) return Long.toString(milli / 1000);
        return String.format(Locale.ROOT, "%.2f", milli / 1000.0).replaceAll("0+$", "");
    }

    public static String hex(long v) { return "0x" + Long.toHexString(v); }

    /** 64-bit register value: 16 hex digits grouped 4-4-4-4. */
    public static String reg(long v) {
        String h = String.format("%016x", v);
        return h.substring(0, 4) + "_" + h.substring(4, 8) + "_" + h.substring(8, 12) + "_" + h.substring(12);
    }

    public static String num(long v) { return String.format(Locale.ROOT, "%,d", v); }

    public static String dec(double v, int digits) { return String.format(Locale.ROOT, "%,." + digits + "f", v); }

    /** A large count with an M/k suffix ("69.3 M"). */
    public static String big(double v) {
        if (v >= 1e6) return String.format(Locale.ROOT, "%.1f M", v / 1e6);
        if (v >= 1e3) return String.format(Locale.ROOT, "%.1f k", v / 1e3);
        return String.format(Locale.ROOT, "%.0f", v);
    }
}

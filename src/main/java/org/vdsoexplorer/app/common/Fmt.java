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

    private static final String[] SUFFIXES = {"k", "M", "G", "T", "P", "E"};

    /**
     * {@code full} (the figure {@code value} as usually written) when it has at most {@code chars} characters, else
     * {@code value} written shorter to fit: its whole part without grouping ("1771211" for "1771211.25", "22694" for
     * "22,694"), then in thousands, millions, ... with as many decimals as fit ("22.7k", "1.77M"). For a figure in a
     * fixed-width label, which would otherwise be cut on the right and read as another number ("22,69").
     */
    public static String fit(String full, double value, int chars) {
        if (full.length() <= chars) return full;
        String whole = String.format(Locale.ROOT, "%.0f", value);
        if (whole.length() <= chars) return whole;
        double scaled = value;
        for (String suffix : SUFFIXES) {
            scaled /= 1000;
            for (int decimals = 2; decimals >= 0; decimals--) {
                String t = String.format(Locale.ROOT, "%." + decimals + "f", scaled);
                if (Math.abs(Double.parseDouble(t)) >= 1000) break; // 999.96k rounds to 1000: the next suffix says 1.00M
                if (t.length() + suffix.length() <= chars) return t + suffix;
            }
        }
        return whole;
    }

    /** A large count with an M/k suffix ("69.3 M"). */
    public static String big(double v) {
        if (v >= 1e6) return String.format(Locale.ROOT, "%.1f M", v / 1e6);
        if (v >= 1e3) return String.format(Locale.ROOT, "%.1f k", v / 1e3);
        return String.format(Locale.ROOT, "%.0f", v);
    }
}

package org.vdsoexplorer.util;

import java.util.Locale;

/**
 * A closed range of allowed values with its unit, for loaders that validate ranges, not just syntax
 * (cost tables, timing tables, demo files). {@link #words()} says the range the way a refusal does:
 * "between 0.1 and 10 GHz".
 */
public record Range(double min, double max, String unit) {
    public Range {
        if (!(min <= max)) throw new IllegalArgumentException("empty range " + min + ".." + max);
    }

    public boolean contains(double v) { return v >= min && v <= max; }

    /** "between MIN and MAX UNIT". */
    public String words() { return "between " + fmt(min) + " and " + fmt(max) + (unit.isEmpty() ? "" : " " + unit); }

    /** Null if {@code v} is allowed, else why not ("is 1e-300, must be between 0.1 and 10 GHz"). */
    public String check(double v) {
        if (Double.isNaN(v)) return "is not a number; it must be " + words();
        return contains(v) ? null : "is " + fmt(v) + ", must be " + words();
    }

    /** A number as people write it: no trailing ".0", thousands grouped, scientific only when huge or tiny. */
    public static String fmt(double v) {
        if (Double.isInfinite(v)) return v > 0 ? "infinity" : "-infinity";
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return String.format(Locale.ROOT, "%,d", (long) v);
        double a = Math.abs(v);
        if (a >= 1e-3 && a < 1e15) return String.format(Locale.ROOT, "%s", stripZeros(String.format(Locale.ROOT, "%.6f", v)));
        return String.format(Locale.ROOT, "%.3g", v);
    }

    private static String stripZeros(String s) {
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
}

package org.vdsoexplorer.util;

import java.util.Collection;
import java.util.Locale;

/**
 * The one form in which a name that is not among the known ones is refused, wherever it was written (a command
 * option, a demo file, a lesson, a data table): {@code unknown WHAT 'VALUE' (known: a, b, c)}, followed by
 * {@code ; did you mean 'b'?} when exactly one known name is a near miss of the value ({@link #nearest}). Where the
 * input is a file the caller puts {@code file:line: } in front ({@link BadInputException}); on the command line, the
 * command.
 */
public final class Known {
    /** Longest value a message quotes; the rest is cut with an ellipsis (a hostile file may hold a megabyte). */
    static final int MAX_SHOWN = 60;
    /** Values longer than this are never compared (the distance is quadratic in the length). */
    static final int MAX_COMPARED = 80;

    private Known() {}

    /** {@code unknown WHAT 'VALUE' (known: a, b, c)}, with {@link #didYouMean} of the known names. */
    public static String unknown(String what, String value, Collection<String> known) {
        return unknown(what, value, String.join(", ", known), nearest(value, known));
    }

    /**
     * {@code unknown WHAT 'VALUE' (known: KNOWN)} where the known names are written as a text (with placeholders such
     * as {@code fn:FUNCTION} or a note), and {@code suggestion} (null: none) the name the value is a near miss of.
     */
    public static String unknown(String what, String value, String known, String suggestion) {
        return "unknown " + what + " '" + shown(value) + "' (known: " + known + ")" + didYouMean(suggestion);
    }

    /** {@code ; did you mean 'X'?}, or nothing for a null suggestion: the tail every refusal of a near miss ends with. */
    public static String didYouMean(String suggestion) {
        return suggestion == null ? "" : "; did you mean '" + shown(suggestion) + "'?";
    }

    /** {@link #didYouMean} of the known name {@code value} is a near miss of, if any. */
    public static String didYouMean(String value, Collection<String> known) { return didYouMean(nearest(value, known)); }

    /**
     * The one known name {@code value} is a near miss of, or null: the names at the smallest edit distance
     * (insertions, deletions, substitutions and swaps of two neighbours, ignoring case) if that distance is at most
     * a quarter of the value's length (at least 1), and only if one name is that close (a tie suggests nothing).
     */
    public static String nearest(String value, Collection<String> known) {
        if (value == null) return null;
        String v = value.strip().toLowerCase(Locale.ROOT);
        if (v.isEmpty() || v.length() > MAX_COMPARED) return null;
        int limit = Math.max(1, (v.length() + 2) / 4);
        String best = null;
        int bestD = Integer.MAX_VALUE;
        boolean tie = false;
        for (String k : known) {
            if (k.equals(value.strip())) return null; // it is known: nothing to suggest
            int d = distance(v, k.toLowerCase(Locale.ROOT));
            if (d < bestD) {
                bestD = d;
                best = k;
                tie = false;
            } else if (d == bestD && !k.equalsIgnoreCase(best)) {
                tie = true;
            }
        }
        return best != null && bestD <= limit && !tie ? best : null;
    }

    /** The optimal-string-alignment distance of {@code a} and {@code b}: Levenshtein with swaps of neighbours. */
    static int distance(String a, String b) {
        if (Math.abs(a.length() - b.length()) > MAX_COMPARED) return Integer.MAX_VALUE;
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** A written value as a message quotes it: on one line, at most {@link #MAX_SHOWN} characters. */
    public static String shown(String s) {
        String t = s == null ? "" : s.strip().replaceAll("\\s+", " ");
        return t.length() > MAX_SHOWN ? t.substring(0, MAX_SHOWN) + "\u2026" : t;
    }
}

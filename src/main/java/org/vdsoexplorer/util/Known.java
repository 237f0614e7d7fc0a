package org.vdsoexplorer.util;

import java.util.Collection;

/**
 * The one form in which a name that is not among the known ones is refused, wherever it was written (a command
 * option, a demo file, a lesson, a data table): {@code unknown WHAT 'VALUE' (known: a, b, c)}. Where the input is a
 * file the caller puts {@code file:line: } in front ({@link BadInputException}); on the command line, the command.
 */
public final class Known {
    /** Longest value a message quotes; the rest is cut with an ellipsis (a hostile file may hold a megabyte). */
    static final int MAX_SHOWN = 60;

    private Known() {}

    /** {@code unknown WHAT 'VALUE' (known: a, b, c)}. */
    public static String unknown(String what, String value, Collection<String> known) {
        return "unknown " + what + " '" + shown(value) + "' (known: " + String.join(", ", known) + ")";
    }

    /** A written value as a message quotes it: on one line, at most {@link #MAX_SHOWN} characters. */
    public static String shown(String s) {
        String t = s == null ? "" : s.strip().replaceAll("\\s+", " ");
        return t.length() > MAX_SHOWN ? t.substring(0, MAX_SHOWN) + "\u2026" : t;
    }
}

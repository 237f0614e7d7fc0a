package org.vdsoexplorer.lesson;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A number a student typed as the answer to a numeric predict question, read one way for every numeric answer:
 * the answer field refuses what this cannot read before anything is committed, and {@link Answer#accepts} grades
 * with it (so the lesson checker's "is the answer among the options" does too). It reads:
 * <ul>
 * <li>surrounding spaces (a no-break space too), a leading {@code +}, {@code -} or the minus sign U+2212;</li>
 * <li>a decimal point, or a decimal comma: one comma and no point, as a German or French student writes it
 * ({@code 14,5} is 14.5; so {@code 1,234} is 1.234: a comma alone is always the decimal separator);</li>
 * <li>an exponent ({@code 1e3}); underscores between digits ({@code 1_000});</li>
 * <li>for the kinds without a unit (the counts), hex with {@code 0x};</li>
 * <li>after the number, the unit the kind asks in ({@link PredictKind#units()}): {@code %} for a speedup in
 * percent, {@code x} or {@code times} for a factor.</li>
 * </ul>
 * Thousands separators are refused with a hint rather than guessed: a comma and a point together ({@code 1,234.5},
 * {@code 1.234,5}), two commas or two points ({@code 1.234.567}), or a space inside ({@code 1 234}); so is a unit
 * the question does not ask in. {@code refusal} says how to write the number; null when {@code value} was read.
 */
public record NumericGuess(double value, String refusal) {

    private static final Pattern DECIMAL = Pattern.compile("[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?|[0-9]+\\.");
    private static final Pattern HEX = Pattern.compile("0[xX][0-9a-fA-F]{1,15}");
    /** A number followed by something that is not part of one (a unit, a word). */
    private static final Pattern TRAILING = Pattern.compile("([-+\u2212]?[0-9][0-9_.,]*)\\s*([^0-9\\s].*)");

    /** Whether the text was read as a number. */
    public boolean ok() { return refusal == null; }

    /** Reads {@code text} as an answer to a question of kind {@code kind} (null: a plain number, hex allowed). */
    public static NumericGuess read(String text, PredictKind kind) {
        List<String> units = kind == null ? List.of() : kind.units();
        String how = "write a number such as 14.5 or 14,5"
                + (units.isEmpty() ? " (0x\u2026 for hex)" : " (\u201c" + units.getFirst() + "\u201d after it is fine)");
        String t = text == null ? "" : text.replace('\u00a0', ' ').replace('\u202f', ' ').strip();
        if (t.isEmpty()) return refused("Nothing typed yet: " + how + ".");
        String quoted = "\u201c" + t + "\u201d";
        String n = withoutUnit(t, units);
        boolean neg = n.startsWith("-") || n.startsWith("\u2212");
        String u = neg || n.startsWith("+") ? n.substring(1).strip() : n;
        if (units.isEmpty() && HEX.matcher(u).matches()) {
            long v = Long.parseLong(u.substring(2), 16);
            return new NumericGuess(neg ? -v : v, null);
        }
        u = u.replaceAll("(?<=[0-9])_(?=[0-9])", "");
        long commas = u.chars().filter(c -> c == ',').count(), points = u.chars().filter(c -> c == '.').count();
        if (commas + points > 1 && DECIMAL.matcher(u.replace(",", "").replace(".", "")).matches()) {
            return refused(quoted + " has a thousands separator (or two decimal separators): write the number without one, "
                    + "such as 1234.5 or 1234,5.");
        }
        if (u.matches("[0-9.,]+(\\s+[0-9.,]+)+")) {
            return refused(quoted + " has a space inside: " + how + ", without spaces.");
        }
        if (commas == 1) u = u.replace(',', '.');
        if (DECIMAL.matcher(u).matches()) {
            double d = Double.parseDouble(u);
            if (Double.isFinite(d)) return new NumericGuess(neg ? -d : d, null);
            return refused(quoted + " is too large a number: " + how + ".");
        }
        Matcher m = TRAILING.matcher(t);
        if (m.matches() && read(m.group(1), null).ok()) {
            return refused(quoted + ": \u201c" + m.group(2).strip() + "\u201d is not a unit this answer is given in"
                    + (units.isEmpty() ? " (it is a plain number)" : " (" + String.join(" or ", units) + ")") + ": " + how + ".");
        }
        return refused(quoted + " is not a number: " + how + ".");
    }

    /** {@code t} without one of {@code units} at its end (case-insensitive), if a number is left before it. */
    private static String withoutUnit(String t, List<String> units) {
        String lower = t.toLowerCase(Locale.ROOT);
        for (String unit : units) {
            if (lower.endsWith(unit) && t.length() > unit.length()) return t.substring(0, t.length() - unit.length()).strip();
        }
        return t;
    }

    private static NumericGuess refused(String why) { return new NumericGuess(Double.NaN, why); }
}

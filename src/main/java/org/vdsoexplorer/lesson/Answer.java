package org.vdsoexplorer.lesson;

/**
 * A predict question's answer as the model computed it: the value to show, the number (NaN for
 * name-valued kinds), the tolerance a guess may be off by (0: exact), and what the model did to get it
 * (e.g. "the load at 0x3c3 read vvar slot 0 (TIMENS) vdso_data[CS_HRES_COARSE].seq = 1, reader step 7").
 */
public record Answer(PredictKind kind, String value, double number, double tolerance, String detail) {

    /** Whether a student's answer counts as right (numbers in decimal or hex). */
    public boolean accepts(String guess) {
        if (guess == null) return false;
        String g = guess.strip();
        if (Double.isNaN(number)) return g.equalsIgnoreCase(value);
        g = g.replace("%", "").replace("_", "").strip();
        if (g.endsWith("x") || g.endsWith("X")) g = g.substring(0, g.length() - 1).strip();
        try {
            double d = parseNumber(g);
            return Math.abs(d - number) <= tolerance + 1e-9;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** A number in decimal ("42", "-3", "1.5") or hex ("0x2a", "-0x2A"). */
    public static double parseNumber(String s) {
        String t = s.strip();
        boolean neg = t.startsWith("-");
        String u = neg || t.startsWith("+") ? t.substring(1).strip() : t;
        if (u.startsWith("0x") || u.startsWith("0X")) {
            long v = Long.parseLong(u.substring(2), 16);
            return neg ? -v : v;
        }
        if (!u.matches("[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?|[0-9]+\\.")) throw new NumberFormatException(s);
        return Double.parseDouble(t);
    }
}

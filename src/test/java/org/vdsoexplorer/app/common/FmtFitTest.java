package org.vdsoexplorer.app.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A figure in a fixed-width label: whole when it fits, else shorter but still the same number to its last digit shown. */
public class FmtFitTest {
    /**
     * A shown figure read back: {value, half its last digit's unit} ("2.11M": 2,110,000 and 5,000; "22,694": 22,694 and
     * 0.5).
     */
    public static double[] readBack(String shown) {
        String digits = shown.replace(",", "");
        double scale = 1;
        int suffix = "kMGTPE".indexOf(digits.charAt(digits.length() - 1));
        if (suffix >= 0) {
            scale = Math.pow(1000, suffix + 1);
            digits = digits.substring(0, digits.length() - 1);
        }
        int dot = digits.indexOf('.');
        double halfUnit = 0.5 * scale * Math.pow(10, dot < 0 ? 0 : -(digits.length() - dot - 1));
        return new double[] {Double.parseDouble(digits) * scale, halfUnit};
    }

    @Test
    void examples() {
        assertEquals("12.58", Fmt.fit("12.58", 12.58, 7), "fits: unchanged");
        assertEquals("1771211", Fmt.fit("1771211.25", 1771211.25, 8), "the whole part when the decimals do not fit");
        assertEquals("22694", Fmt.fit("22,694", 22694, 5), "no grouping before a suffix");
        assertEquals("123k", Fmt.fit("123,456", 123456, 5));
        assertEquals("2.11M", Fmt.fit("2,111,345", 2111345, 5));
        assertEquals("1.00M", Fmt.fit("999,960", 999960, 5), "not 1000k");
        assertEquals("1k", Fmt.fit("1,234", 1234, 3));
        assertEquals("1.2G", Fmt.fit("1,234,567,890", 1_234_567_890, 4));
    }

    /** Every result fits, and read back (k = 1e3, M = 1e6, ...) is the value to within half its last shown digit. */
    @Test
    void everyFitFitsAndReadsBackAsTheValue() {
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            double v = Math.floor(Math.pow(10, r.nextDouble(0, 15)) * 100) / 100;
            int chars = r.nextInt(3, 10);
            String full = String.format(Locale.ROOT, "%,.2f", v);
            String s = Fmt.fit(full, v, chars);
            assertTrue(s.length() <= chars, s + " for " + full + " in " + chars);
            double[] back = readBack(s);
            assertTrue(Math.abs(back[0] - v) <= back[1] * (1 + 1e-9), s + " reads " + back[0] + ", the value is " + v);
        }
    }
}

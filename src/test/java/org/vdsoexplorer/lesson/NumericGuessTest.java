package org.vdsoexplorer.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Issue 28 item 6: a student's typed number is read the way a student writes it (a decimal comma, spaces around it,
 * a leading +, the question's unit), and what cannot be read is refused with how to write it, never guessed: a comma
 * and a point together, a space inside, a unit the question does not ask in.
 */
class NumericGuessTest {

    private static double read(String typed, PredictKind k) {
        NumericGuess g = NumericGuess.read(typed, k);
        assertTrue(g.ok(), typed + ": " + g.refusal());
        return g.value();
    }

    private static String refusal(String typed, PredictKind k) {
        NumericGuess g = NumericGuess.read(typed, k);
        assertFalse(g.ok(), typed + " was read as " + g.value());
        assertTrue(Double.isNaN(g.value()));
        return g.refusal();
    }

    @Test
    void aDecimalCommaIsADecimalSeparator() {
        assertEquals(14.5, read("14,5", PredictKind.SPEEDUP_FACTOR));
        assertEquals(Double.parseDouble("0.25"), read(",25", PredictKind.SPEEDUP_FACTOR));
        assertEquals(Double.parseDouble("1.234"), read("1,234", PredictKind.SPEEDUP_FACTOR), "a comma alone is always decimal");
        assertEquals(Double.parseDouble("1.5e3"), read("1,5e3", PredictKind.SPEEDUP_PERCENT));
    }

    @Test
    void spacesASignAndTheQuestionsUnit() {
        assertEquals(14.5, read("  +14.5\t", PredictKind.SPEEDUP_FACTOR));
        assertEquals(14.5, read("\u00a014,5 x", PredictKind.SPEEDUP_FACTOR));
        assertEquals(14.5, read("14.5\u00d7", PredictKind.SPEEDUP_FACTOR));
        assertEquals(14.5, read("14,5 Times", PredictKind.SPEEDUP_FACTOR));
        assertEquals(7.9, read("7,9 %", PredictKind.SPEEDUP_PERCENT));
        assertEquals(-7.9, read("\u22127.9percent", PredictKind.SPEEDUP_PERCENT));
        assertEquals(-3, read("- 3", PredictKind.INSTRUCTIONS_DIFFERENCE));
        assertEquals(0x2a, read("0x2A", PredictKind.INSTRUCTIONS_THIS_CALL));
        assertEquals(-0x2a, read("-0x2a", PredictKind.INSTRUCTIONS_DIFFERENCE));
        assertEquals(1000, read("1_000", PredictKind.INSTRUCTIONS_THIS_CALL));
        assertEquals(5, read("5.", PredictKind.RETRIES));
    }

    @Test
    void thousandsSeparatorsAndSpacesInsideAreRefusedWithAHint() {
        for (String t : new String[] {"1,234.5", "1.234,5", "1.234.567", "1,234,567"}) {
            assertTrue(refusal(t, PredictKind.SPEEDUP_PERCENT).contains("thousands separator"), t);
        }
        for (String t : new String[] {"1 234", "4 2", "14 ,5"}) {
            String why = refusal(t, PredictKind.INSTRUCTIONS_THIS_CALL);
            assertTrue(why.contains("space inside") && why.contains("14.5 or 14,5"), t + ": " + why);
        }
    }

    @Test
    void textThatIsNoNumberIsRefusedSayingHowToWriteOne() {
        for (String t : new String[] {"abc", "fourteen", "NaN", "Infinity", "+-3", "1e", "x", "%", "--1"}) {
            String why = refusal(t, PredictKind.SPEEDUP_FACTOR);
            assertTrue(why.contains("write a number such as 14.5 or 14,5"), t + ": " + why);
        }
        assertTrue(refusal("   ", PredictKind.SPEEDUP_FACTOR).startsWith("Nothing typed"));
        assertTrue(refusal(null, PredictKind.SPEEDUP_FACTOR).startsWith("Nothing typed"));
        assertTrue(refusal("1e999", PredictKind.SPEEDUP_PERCENT).contains("too large"));
    }

    @Test
    void aUnitTheQuestionDoesNotAskInIsRefused() {
        String count = refusal("7 %", PredictKind.INSTRUCTIONS_THIS_CALL);
        assertTrue(count.contains("\u201c%\u201d is not a unit") && count.contains("plain number"), count);
        String factor = refusal("7 %", PredictKind.SPEEDUP_FACTOR);
        assertTrue(factor.contains("(x or \u00d7 or times)"), factor);
        assertTrue(refusal("14.5x", PredictKind.SPEEDUP_PERCENT).contains("\u201cx\u201d is not a unit"));
        assertTrue(refusal("0x2a", PredictKind.SPEEDUP_PERCENT).contains("not a unit"), "hex only for the counts");
        assertTrue(refusal("3 instructions", PredictKind.INSTRUCTIONS_THIS_CALL).contains("\u201cinstructions\u201d"));
    }

    @Test
    void gradingReadsTheSameWay() {
        // the case: 14,5 for a factor of 14.7 give or take 1.5 was graded "Not quite"
        Answer a = new Answer(PredictKind.SPEEDUP_FACTOR, "14.7", 14.7, 1.5, "");
        java.util.Map<String, Boolean> typed = java.util.Map.of("14,5", true, " +13,2x ", true, "13,1", false,
                "1.234,5", false, "abc", false);
        typed.forEach((text, right) -> assertEquals(right, a.accepts(text), "'" + text + "' for 14.7 +- 1.5"));
        Answer pct = new Answer(PredictKind.SPEEDUP_PERCENT, "8.3", 8.3, 0.8, "");
        assertTrue(pct.accepts("7,6 %") && pct.accepts("9,1percent") && !pct.accepts("9,2 %"));
    }
}

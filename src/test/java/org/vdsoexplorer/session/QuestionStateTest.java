package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class QuestionStateTest {
    @Test
    void triesRunOutAndARightAnswerEndsTheQuestion() {
        QuestionState q = new QuestionState(2);
        assertEquals(QuestionState.Outcome.TRY_AGAIN, q.attempt(false));
        assertEquals(1, q.left());
        assertEquals(QuestionState.Outcome.OUT_OF_TRIES, q.attempt(false));
        assertTrue(q.over());
        assertFalse(q.right());
        assertEquals(QuestionState.Outcome.OUT_OF_TRIES, q.attempt(true), "over is over");
        QuestionState r = new QuestionState(3);
        r.attempt(false);
        assertEquals(QuestionState.Outcome.RIGHT, r.attempt(true));
        assertTrue(r.right());
        QuestionState c = new QuestionState(0);
        for (int i = 0; i < 50; i++) assertEquals(QuestionState.Outcome.TRY_AGAIN, c.attempt(false));
        assertEquals(Integer.MAX_VALUE, c.left());
    }

    @Test
    void aPredictionIsCommittedOnce() {
        QuestionState q = new QuestionState(1);
        assertTrue(q.commit(null));
        assertTrue(q.committed());
        assertNull(q.prediction(), "I don't know");
        assertFalse(q.commit("7"), "no second commitment after the first");
        assertNull(q.prediction());
        q.finish(false);
        assertTrue(q.over());
    }

    @Test
    void aTypedNumberThatCannotBeReadIsRefusedNotCommitted() {
        QuestionState q = new QuestionState(1);
        String why = q.commitTyped("fourteen and a half", org.vdsoexplorer.lesson.PredictKind.SPEEDUP_FACTOR);
        assertTrue(why != null && why.contains("14.5 or 14,5"), why);
        assertFalse(q.committed(), "refused, not committed");
        assertFalse(q.over());
        assertEquals(1, q.left(), "no try used");
        assertNull(q.commitTyped("14,5", org.vdsoexplorer.lesson.PredictKind.SPEEDUP_FACTOR));
        assertTrue(q.committed());
        assertEquals("14,5", q.prediction());
        assertNull(q.commitTyped("abc", org.vdsoexplorer.lesson.PredictKind.SPEEDUP_FACTOR), "already committed: nothing to refuse");
        assertEquals("14,5", q.prediction(), "only the first commitment counts");
        QuestionState names = new QuestionState(1);
        assertNull(names.commitTyped("VVAR", org.vdsoexplorer.lesson.PredictKind.NEXT_PAGE_KIND), "a name is not read as a number");
        assertEquals("VVAR", names.prediction());
    }
}

package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.lesson.Shown;
import org.vdsoexplorer.lesson.View;

/** The counters bar in presenter mode: there only on a step that needs it. */
class ViewsStateTest {
    @Test
    void presenterModeShowsTheCountersOnlyOnStepsThatNeedThem() {
        ViewsState s = new ViewsState();
        s.setFocus(View.SEQLOCK);
        assertTrue(s.countersShownProperty().get(), "outside presenter mode: always");
        s.setPresenting(true);
        assertFalse(s.countersShownProperty().get(), "a seqlock step");
        s.setFocus(View.COUNTERS);
        assertTrue(s.countersShownProperty().get(), "a step on the counters");
        s.setFocus(View.CODE);
        s.setQuestion(Set.of(Shown.CALL_RATE));
        assertTrue(s.countersShownProperty().get(), "a question on the call rate (the bar shows the answer after the reveal)");
        s.setQuestion(Set.of(Shown.CALL_INSTRUCTIONS));
        assertTrue(s.countersShownProperty().get(), "a question on the call's instructions");
        s.setQuestion(Set.of(Shown.SEQ));
        assertFalse(s.countersShownProperty().get(), "a question on seq");
        s.setPresenting(false);
        assertTrue(s.countersShownProperty().get(), "presenter mode left");
    }
}

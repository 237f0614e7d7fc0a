package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.lesson.View;
import org.vdsoexplorer.session.ViewLayout.Arrangement;
import org.vdsoexplorer.session.ViewLayout.Mode;

class ViewLayoutTest {
    private static final View C = View.CODE, P = View.PAGES, S = View.SEQLOCK, D = View.DISPATCH;

    @Test
    void theGridWhenTwoColumnsAndTwoRowsFit() {
        Arrangement a = ViewLayout.decide(1600, 800, 1, List.of(), null, null);
        assertEquals(Mode.GRID, a.mode());
        assertEquals(List.of(C, P, S, D), a.large());
        assertTrue(a.strip().isEmpty());
    }

    @Test
    void belowTheThresholdTwoUpThenOneNeverSqueezed() {
        // a 1366x768 laptop: the views' area is about 1366 x 600 -- two rows of 300 px do not fit
        Arrangement laptop = ViewLayout.decide(1366, 590, 1, List.of(), null, null);
        assertEquals(Mode.TWO_UP, laptop.mode());
        assertEquals(List.of(C, P), laptop.large());
        assertEquals(List.of(S, D), laptop.strip());
        // too narrow for the code view and any other: the code view alone
        Arrangement narrow = ViewLayout.decide(900, 900, 1, List.of(), null, null);
        assertEquals(List.of(C), narrow.large());
        assertEquals(Mode.ONE, narrow.mode());
        // the same width at 150 %: the grid no longer fits
        assertEquals(Mode.GRID, ViewLayout.decide(1600, 1000, 1, List.of(), null, null).mode());
        assertFalse(ViewLayout.decide(1600, 1000, 2, List.of(), null, null).grid());
    }

    @Test
    void aViewPickedFromTheStripComesInBesideTheCodeView() {
        Arrangement a = ViewLayout.decide(1300, 560, 1, List.of(), S, null);
        assertEquals(List.of(C, S), a.large(), "grid order");
        assertEquals(List.of(P, D), a.strip());
        assertEquals(Mode.GRID, ViewLayout.decide(1900, 1000, 1, List.of(), S, null).mode(), "a pick does not hold off the grid");
    }

    @Test
    void aMaximisedViewTakesTheArea() {
        Arrangement a = ViewLayout.decide(1900, 1000, 1, List.of(), null, D);
        assertEquals(List.of(D), a.large());
        assertEquals(List.of(C, P, S), a.strip());
        assertEquals(List.of(P), ViewLayout.decide(1900, 1000, 1, List.of(S, C), null, P).large(), "over a step's views too");
    }

    @Test
    void aLessonStepsViewsGetTheSpaceAsManyAsFit() {
        List<View> seq = ViewLayout.stepViews(S);
        assertEquals(List.of(S, C), seq);
        // 1600 wide beside the lesson panel (42 %): about 900 px for the views -- the seqlock view alone
        assertEquals(List.of(S), ViewLayout.decide(900, 800, 1, seq, null, null).large());
        // 1920 without the panel: both
        Arrangement both = ViewLayout.decide(1900, 900, 1, seq, null, null);
        assertEquals(List.of(S, C), both.large(), "the step's order: its focus first");
        assertEquals(List.of(P, D), both.strip());
        // presenter at 250 % on 1920: the one view
        assertEquals(List.of(S), ViewLayout.decide(1250, 800, 2.5, seq, null, null).large());
        assertEquals(List.of(), ViewLayout.stepViews(View.COUNTERS), "the counters are not in the area: the grid");
        assertEquals(List.of(C), ViewLayout.stepViews(C));
        assertEquals(List.of(), ViewLayout.stepViews(null));
        // a predict question on the seq value while the step focuses the code: the seqlock view shows its '?'
        assertEquals(List.of(C, S), ViewLayout.stepViews(C, org.vdsoexplorer.lesson.PredictKind.NEXT_SEQ.masks()));
        assertEquals(List.of(), ViewLayout.stepViews(View.COUNTERS, java.util.Set.of(org.vdsoexplorer.lesson.Shown.CALL_RATE)));
        // a pick from the strip replaces the step's last view
        assertEquals(List.of(S, D), ViewLayout.decide(1900, 900, 1, seq, D, null).large());
        assertEquals(List.of(D), ViewLayout.decide(900, 900, 1, seq, D, null).large());
    }

    @Test
    void everyViewIsShownOrInTheStripAndShownOnesAreReadable() {
        List<List<View>> steps = new ArrayList<>();
        steps.add(List.of());
        for (View v : View.values()) steps.add(ViewLayout.stepViews(v));
        List<View> maxes = new ArrayList<>(ViewLayout.FOUR);
        maxes.add(null);
        for (double w = 300; w <= 2600; w += 37) {
            for (double h = 300; h <= 1400; h += 53) {
                for (double scale : new double[] {0.75, 1, 1.5, 2.5}) {
                    for (List<View> step : steps) {
                        for (View max : maxes) {
                            Arrangement a = ViewLayout.decide(w, h, scale, step, null, max);
                            List<View> all = new ArrayList<>(a.large());
                            all.addAll(a.strip());
                            assertEquals(4, all.size(), a.toString());
                            assertTrue(all.containsAll(ViewLayout.FOUR), a.toString());
                            assertFalse(a.large().isEmpty());
                            if (a.grid()) {
                                for (List<View> row : List.of(a.large().subList(0, 2), a.large().subList(2, 4))) {
                                    double need = 0;
                                    for (View v : row) need += ViewLayout.READABLE_WIDTH.get(v) * scale;
                                    assertTrue(need <= w, w + "x" + h + " at " + scale + ": " + a);
                                }
                            } else if (a.large().size() > 1) {
                                double need = 0;
                                for (View v : a.large()) need += ViewLayout.READABLE_WIDTH.get(v) * scale;
                                assertTrue(need <= w, w + "x" + h + " at " + scale + ": " + a);
                            }
                            if (a.grid()) assertTrue(h >= 2 * ViewLayout.READABLE_HEIGHT * scale);
                        }
                    }
                }
            }
        }
    }

    @Test
    void stateTogglesAndForgetsAPickOnANewStep() {
        ViewsState s = new ViewsState();
        s.setSize(1900, 1000);
        assertTrue(s.arrangement().grid());
        s.toggleMaximised(S);
        assertEquals(List.of(S), s.arrangement().large());
        s.toggleMaximised(S);
        assertNull(s.maximised());
        assertTrue(s.arrangement().grid(), "restored");
        s.setFocus(D);
        s.bringIn(P);
        assertEquals(List.of(D, P), s.arrangement().large());
        s.setFocus(D);
        assertEquals(List.of(D, C), s.arrangement().large(), "the next step starts from its own views");
        int[] changes = {0};
        s.arrangementProperty().addListener((o, x, y) -> changes[0]++);
        s.setSize(1901, 1000);
        assertEquals(0, changes[0], "no new arrangement for a pixel");
    }

    @Test
    void uiScaleStepsAndCycles() {
        UiScale u = new UiScale();
        u.step(1);
        assertEquals(125, u.percent());
        u.step(-1);
        u.step(-1);
        assertEquals(90, u.percent());
        u.cycle();
        assertEquals(100, u.percent());
        for (int i = 0; i < 5; i++) u.cycle();
        assertEquals(250, u.percent());
        u.step(1);
        assertEquals(250, u.percent(), "the top");
        u.cycle();
        assertEquals(100, u.percent());
        assertEquals("", UiScale.rootStyle(100));
        assertEquals("-fx-font-size: 24.0px;", UiScale.rootStyle(150));
    }
}

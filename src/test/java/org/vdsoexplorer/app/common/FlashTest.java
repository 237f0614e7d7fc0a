package org.vdsoexplorer.app.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.layout.Region;
import org.junit.jupiter.api.Test;

/**
 * A highlight on a manual clock: on for its time, off on the first frame at or after its end, each Flash with its own
 * nodes (two views' flashes do not touch each other), and no frames asked for once nothing is lit.
 */
class FlashTest {
    private static boolean fresh(Region n) { return n.getPseudoClassStates().contains(Flash.FRESH); }

    @Test
    void aHighlightEndsOnTheFirstFrameAtOrAfterItsTime() {
        FrameClock.Manual clock = FrameClock.manual();
        Flash flash = new Flash(clock);
        Region a = new Region(), b = new Region();
        flash.on(a, 300);
        clock.advanceMillis(100);
        flash.on(b, 300); // ends at 400 ms
        assertEquals(1, clock.running(), "one ticker clears them all");
        clock.advanceMillis(199);
        assertTrue(fresh(a) && fresh(b), "299 ms: both still on");
        clock.advanceMillis(1);
        assertFalse(fresh(a), "300 ms: a's time is up");
        assertTrue(fresh(b));
        clock.advanceMillis(100);
        assertFalse(fresh(b), "400 ms: b's too");
        assertEquals(0, flash.lit());
        assertEquals(0, clock.running(), "nothing lit: no frames asked for");
    }

    @Test
    void offEndsItAtOnceAndTwoFlashesKeepTheirOwnNodes() {
        FrameClock.Manual clock = FrameClock.manual();
        Flash one = new Flash(clock), other = new Flash(clock);
        Region a = new Region(), b = new Region();
        one.on(a, 300);
        other.on(b, 1000);
        one.off(a);
        assertFalse(fresh(a));
        assertEquals(0, one.lit());
        other.off(a); // not other's: nothing happens to b
        assertTrue(fresh(b));
        assertEquals(1, other.lit());
        clock.advanceMillis(999);
        assertTrue(fresh(b));
        clock.advanceMillis(1);
        assertFalse(fresh(b));
    }
}

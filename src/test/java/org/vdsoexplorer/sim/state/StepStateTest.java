package org.vdsoexplorer.sim.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The holder's derived copy, restore, equality and digest, on a holder of every kind of field it allows. */
class StepStateTest {
    static final class Inner extends StepState<Inner> {
        long x;
    }

    static final class Holder extends StepState<Holder> {
        long n;
        boolean flag;
        final long[] owned = new long[3];
        long[] value = {1, 2};
        final Inner inner = new Inner();
        ArrayList<String> rows = new ArrayList<>();
        List<String> last = List.of();
        Thread.State kind;
    }

    static Holder sample() {
        Holder h = new Holder();
        h.n = 7;
        h.flag = true;
        h.owned[1] = 5;
        h.inner.x = 9;
        h.rows.add("a");
        h.last = List.of("b");
        h.kind = Thread.State.RUNNABLE;
        return h;
    }

    @Test
    void aCopyIsDeepAndEqual() {
        Holder h = sample(), c = h.copy();
        assertEquals(h, c);
        assertEquals(h.digest(), c.digest());
        assertEquals(h.hashCode(), c.hashCode());
        assertNotSame(h.owned, c.owned);
        assertNotSame(h.value, c.value);
        assertNotSame(h.inner, c.inner);
        assertNotSame(h.rows, c.rows);
        h.owned[0] = 1;
        h.inner.x = 10;
        h.rows.add("z");
        assertEquals(0, c.owned[0]);
        assertEquals(9, c.inner.x);
        assertEquals(List.of("a"), c.rows);
    }

    @Test
    void everyFieldCountsInEqualityAndTheDigest() {
        Holder h = sample();
        String d = h.digest();
        for (Runnable change : List.<Runnable>of(() -> h.n++, () -> h.flag = !h.flag, () -> h.owned[2]++,
                () -> h.value[0]++, () -> h.inner.x++, () -> h.rows.add("c"), () -> h.last = List.of(),
                () -> h.kind = null)) {
            Holder before = h.copy();
            change.run();
            assertNotEquals(before, h);
            assertNotEquals(d, h.digest());
            h.copyFrom(before);
            assertEquals(before, h);
            assertEquals(d, h.digest());
        }
    }

    /** Owned parts (final) are copied into, so references to them stay valid; values are replaced by copies. */
    @Test
    void restoringCopiesIntoWhatIsOwnedAndReplacesValues() {
        Holder h = sample();
        Holder saved = h.copy();
        long[] owned = h.owned, handedOut = h.value;
        Inner inner = h.inner;
        h.owned[1] = 99;
        h.value = new long[] {4, 4, 4};
        h.copyFrom(saved);
        assertSame(owned, h.owned);
        assertSame(inner, h.inner);
        assertArrayEquals(new long[] {0, 5, 0}, h.owned);
        assertArrayEquals(new long[] {1, 2}, h.value);
        assertNotSame(saved.value, h.value, "the saved copy stays private");
        // an array handed out (as a call's expected time is) is never written by a later restore
        h.value = new long[] {8, 8};
        long[] given = h.value;
        h.copyFrom(saved);
        assertArrayEquals(new long[] {8, 8}, given);
        assertArrayEquals(new long[] {1, 2}, h.value);
        assertArrayEquals(new long[] {1, 2}, handedOut);
        assertEquals(saved, h);
    }
}

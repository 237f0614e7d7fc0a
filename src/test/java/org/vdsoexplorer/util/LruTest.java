package org.vdsoexplorer.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bounded cache the model's memos use: within its bound however many keys come, least recently used out, keys by value. */
class LruTest {
    private record Key(String name, List<Integer> parts) {}

    @Test
    void staysWithinItsBoundOverManyKeys() {
        Lru<Integer, String> lru = new Lru<>(16);
        for (int i = 0; i < 10_000; i++) {
            lru.computeIfAbsent(i, String::valueOf);
            assertTrue(lru.size() <= 16, "kept " + lru.size() + " after " + (i + 1));
        }
        assertEquals(16, lru.size());
        for (int i = 10_000 - 16; i < 10_000; i++) assertEquals(String.valueOf(i), lru.get(i), "the newest are kept");
        assertNull(lru.get(0));
    }

    @Test
    void theLeastRecentlyUsedGoesFirst() {
        Lru<String, Integer> lru = new Lru<>(2);
        lru.putIfAbsent("a", 1);
        lru.putIfAbsent("b", 2);
        lru.get("a"); // a used after b
        lru.putIfAbsent("c", 3);
        assertEquals(1, lru.get("a"));
        assertNull(lru.get("b"));
        assertEquals(3, lru.get("c"));
    }

    @Test
    void keysCompareByValueAndTheFirstKeptValueWins() {
        Lru<Key, Object> lru = new Lru<>(4);
        Object kept = lru.computeIfAbsent(new Key("x", new ArrayList<>(List.of(1, 2))), k -> new Object());
        assertSame(kept, lru.get(new Key("x", List.of(1, 2))), "an equal key made anew");
        assertSame(kept, lru.computeIfAbsent(new Key("x", List.of(1, 2)), k -> new Object()), "not computed again");
        assertSame(kept, lru.putIfAbsent(new Key("x", List.of(1, 2)), new Object()), "the first kept value stays");
        assertEquals(1, lru.size());
        assertThrows(IllegalArgumentException.class, () -> new Lru<>(0));
    }
}

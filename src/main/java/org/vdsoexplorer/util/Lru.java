package org.vdsoexplorer.util;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A bounded cache: at most {@link #capacity()} entries, the least recently used one dropped when a new one
 * would go over. Keys are compared by value ({@code equals}/{@code hashCode}): a key must be an immutable value
 * (a record of enums, numbers, strings and value lists), never an object compared by identity, or equal
 * requests would miss and fill the cache. Meant for the memo of a pure, deterministic function, so that a kept
 * value is the value a new computation would give; each cache states its capacity where it is declared.
 * Thread-safe; {@link #computeIfAbsent} computes outside the lock (two threads asking for the same missing key
 * may both compute it, and the first one kept wins).
 */
public final class Lru<K, V> {
    private final int capacity;
    private final LinkedHashMap<K, V> map;

    public Lru(int capacity) {
        if (capacity < 1) throw new IllegalArgumentException("capacity " + capacity);
        this.capacity = capacity;
        this.map = new LinkedHashMap<>(16, 0.75f, true) {
            @Override protected boolean removeEldestEntry(Map.Entry<K, V> eldest) { return size() > Lru.this.capacity; }
        };
    }

    /** The most entries this cache keeps. */
    public int capacity() { return capacity; }

    /** The entries kept now (at most {@link #capacity()}). */
    public synchronized int size() { return map.size(); }

    /** The value kept for {@code key}, or null. */
    public synchronized V get(K key) { return map.get(key); }

    /** Keeps {@code value} for {@code key} unless a value is already kept; returns the kept one. */
    public synchronized V putIfAbsent(K key, V value) {
        V old = map.putIfAbsent(key, value);
        return old != null ? old : value;
    }

    /** The value kept for {@code key}, else {@code compute}'s (not null), computed now on the calling thread and kept. */
    public V computeIfAbsent(K key, Function<? super K, ? extends V> compute) {
        V v = get(key);
        if (v != null) return v;
        return putIfAbsent(key, java.util.Objects.requireNonNull(compute.apply(key), "computed value"));
    }
}

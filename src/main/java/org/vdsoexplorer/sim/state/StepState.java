package org.vdsoexplorer.sim.state;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The holder of one stepping component's mutable state (the interpreter's counters, the pipeline's scheduler,
 * the kernel's writer...): every instance field of a subclass is step-back state, so saving is {@link #copy()},
 * restoring is {@link #copyFrom}, and {@link #equals}, {@link #hashCode} and {@link #digest} are derived from
 * the fields by reflection. No field is listed by hand anywhere, so none can be left out of a snapshot or a
 * digest; the coverage test checks that a component keeps its other non-final fields {@link Derived}.
 *
 * <p>What a field may hold: primitives; primitive arrays and arrays of them (copied deeply); a nested
 * {@code StepState} (copied into); an {@link ArrayList}, {@link ArrayDeque} or {@link LinkedHashMap} of
 * immutable elements (copied); immutable values (strings, enums, boxed numbers, records of such, unmodifiable
 * lists and maps), shared between copies. A non-final field holds a value: a restore replaces it with a copy, so
 * an array handed out earlier (a call's expected time) never changes under its holder. A final field is owned:
 * it must be an array or a nested state, copied into in place, so the component's references to it (the
 * interpreter's registers) stay valid. A subclass needs a no-argument constructor (it may be private):
 * {@link #copy()} starts from one.
 */
public abstract class StepState<T extends StepState<T>> {

    /** Instance fields by name (a fixed order for digests), accessible. */
    /** A record class's component accessors, accessible, in declaration order. */
    private static final ClassValue<java.lang.reflect.Method[]> ACCESSORS = new ClassValue<>() {
        @Override
        protected java.lang.reflect.Method[] computeValue(Class<?> c) {
            RecordComponent[] rc = c.getRecordComponents();
            java.lang.reflect.Method[] out = new java.lang.reflect.Method[rc.length];
            for (int i = 0; i < rc.length; i++) {
                out[i] = rc[i].getAccessor();
                out[i].setAccessible(true);
            }
            return out;
        }
    };

    private static final ClassValue<Field[]> FIELDS = new ClassValue<>() {
        @Override protected Field[] computeValue(Class<?> c) {
            List<Field> out = new ArrayList<>();
            for (Class<?> k = c; k != StepState.class && k != null; k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) continue;
                    f.setAccessible(true);
                    out.add(f);
                }
            }
            out.sort(Comparator.comparing((Field f) -> f.getDeclaringClass().getName()).thenComparing(Field::getName));
            return out.toArray(Field[]::new);
        }
    };

    private static final ClassValue<Constructor<?>> MAKERS = new ClassValue<>() {
        @Override protected Constructor<?> computeValue(Class<?> c) {
            try {
                Constructor<?> k = c.getDeclaredConstructor();
                k.setAccessible(true);
                return k;
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(c.getName() + " is a StepState without a no-argument constructor", e);
            }
        }
    };

    protected StepState() {}

    /** The instance fields of holder class {@code c}, in digest order (for the coverage test). */
    public static List<Field> fields(Class<? extends StepState<?>> c) { return List.of(FIELDS.get(c)); }

    /** A deep copy: a new instance with every field copied (arrays and nested states too). */
    @SuppressWarnings("unchecked")
    public final T copy() {
        T t;
        try {
            t = (T) MAKERS.get(getClass()).newInstance();
        } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot make a " + getClass().getName(), e);
        }
        copyInto(this, t);
        return t;
    }

    /** Makes this state equal to {@code from}, copying into its own arrays and nested states where sizes match. */
    public final void copyFrom(T from) {
        if (from.getClass() != getClass()) throw new IllegalArgumentException(from.getClass() + " into " + getClass());
        copyInto(from, this);
    }

    private static void copyInto(StepState<?> from, StepState<?> to) {
        try {
            for (Field f : FIELDS.get(from.getClass())) {
                Object v = f.get(from);
                if (!Modifier.isFinal(f.getModifiers())) {
                    f.set(to, copyValue(v)); // a value: replaced (whoever was handed the old one keeps it unchanged)
                    continue;
                }
                Object w = f.get(to); // owned: copied into, so references to it stay valid
                if (v instanceof StepState<?> s && w != null && w.getClass() == v.getClass()) {
                    copyInto(s, (StepState<?>) w);
                } else if (v != null && v.getClass().isArray() && w != null && sameShape(v, w)) {
                    copyArrayInto(v, w);
                } else if (!f.getType().isPrimitive() || !v.equals(w)) {
                    throw new IllegalStateException(f + ": a final field of a StepState must be an array or a nested"
                            + " state of the same size in every copy");
                }
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean sameShape(Object a, Object b) {
        if (a.getClass() != b.getClass() || Array.getLength(a) != Array.getLength(b)) return false;
        if (!a.getClass().getComponentType().isArray()) return true;
        for (int i = 0; i < Array.getLength(a); i++) {
            Object x = Array.get(a, i), y = Array.get(b, i);
            if (x == null || y == null || !sameShape(x, y)) return false;
        }
        return true;
    }

    private static void copyArrayInto(Object from, Object to) {
        int n = Array.getLength(from);
        if (from.getClass().getComponentType().isPrimitive()) {
            System.arraycopy(from, 0, to, 0, n);
        } else {
            for (int i = 0; i < n; i++) copyArrayInto(Array.get(from, i), Array.get(to, i));
        }
    }

    /** A copy of a field's value as the rules above say: deep for arrays, states and mutable collections. */
    private static Object copyValue(Object v) {
        if (v == null) return null;
        if (v instanceof StepState<?> s) return s.copy();
        if (v.getClass().isArray()) {
            int n = Array.getLength(v);
            Object c = Array.newInstance(v.getClass().getComponentType(), n);
            if (v.getClass().getComponentType().isPrimitive()) System.arraycopy(v, 0, c, 0, n);
            else for (int i = 0; i < n; i++) Array.set(c, i, copyValue(Array.get(v, i)));
            return c;
        }
        if (v instanceof ArrayList<?> l) return new ArrayList<>(l);
        if (v instanceof ArrayDeque<?> d) return new ArrayDeque<>(d);
        if (v instanceof LinkedHashMap<?, ?> m) return new LinkedHashMap<>(m);
        return v; // immutable
    }

    // ---- equality and digest, derived -----------------------------------------------------------

    @Override public final boolean equals(Object o) { return o != null && o.getClass() == getClass() && deepEquals(this, o); }

    @Override public final int hashCode() {
        byte[] d = sha256(this);
        return ByteBuffer.wrap(d).getInt();
    }

    /** SHA-256 of the state's canonical bytes, in hex: equal states give equal digests. */
    public final String digest() { return digestOf(this); }

    /** SHA-256 in hex of any value made of what a {@code StepState} may hold (a record of states, say). */
    public static String digestOf(Object v) { return HexFormat.of().formatHex(sha256(v)); }

    private static byte[] sha256(Object v) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            ByteBuffer b = ByteBuffer.allocate(BUFFER);
            feed(md, v, b);
            flush(md, b);
            return md.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Whether two values made of what a {@code StepState} may hold are equal field by field: arrays and records
     * by content, lists, deques and maps in order.
     */
    public static boolean deepEquals(Object a, Object b) {
        if (a == b) return true;
        if (a == null || b == null) return false;
        if (a instanceof List<?> x && b instanceof List<?> y) return sameElements(x, y);
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            return x.size() == y.size() && sameElements(x.entrySet(), y.entrySet());
        }
        if (a instanceof Map.Entry<?, ?> x && b instanceof Map.Entry<?, ?> y) {
            return deepEquals(x.getKey(), y.getKey()) && deepEquals(x.getValue(), y.getValue());
        }
        if (a.getClass() != b.getClass()) return false;
        if (a instanceof Collection<?> x) return sameElements(x, (Collection<?>) b);
        // primitive arrays compared in bulk (element by element through Array.get they were boxed, one by one)
        if (a instanceof long[] x) return java.util.Arrays.equals(x, (long[]) b);
        if (a instanceof int[] x) return java.util.Arrays.equals(x, (int[]) b);
        if (a instanceof byte[] x) return java.util.Arrays.equals(x, (byte[]) b);
        if (a instanceof boolean[] x) return java.util.Arrays.equals(x, (boolean[]) b);
        if (a instanceof double[] x) return java.util.Arrays.equals(x, (double[]) b); // as Double.equals: NaN equals NaN
        if (a.getClass().isArray()) {
            int n = Array.getLength(a);
            if (n != Array.getLength(b)) return false;
            for (int i = 0; i < n; i++) if (!deepEquals(Array.get(a, i), Array.get(b, i))) return false;
            return true;
        }
        try {
            if (a instanceof StepState<?>) {
                for (Field f : FIELDS.get(a.getClass())) if (!deepEquals(f.get(a), f.get(b))) return false;
                return true;
            }
            if (a.getClass().isRecord()) {
                for (var m : ACCESSORS.get(a.getClass())) if (!deepEquals(m.invoke(a), m.invoke(b))) return false;
                return true;
            }
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(e);
        }
        return a.equals(b);
    }

    private static boolean sameElements(Collection<?> x, Collection<?> y) {
        if (x.size() != y.size()) return false;
        Iterator<?> i = x.iterator(), j = y.iterator();
        while (i.hasNext()) if (!deepEquals(i.next(), j.next())) return false;
        return true;
    }

    private static void feed(MessageDigest md, Object v, ByteBuffer b) {
        switch (v) {
            case null -> u8(md, b, (byte) 'N');
            case byte[] a -> {
                tag(md, b, 'b', a.length);
                bytes(md, b, a);
            }
            case long[] a -> {
                tag(md, b, 'l', a.length);
                for (long x : a) put(md, b, x);
            }
            case int[] a -> {
                tag(md, b, 'i', a.length);
                for (int x : a) put(md, b, x);
            }
            case boolean[] a -> {
                tag(md, b, 'z', a.length);
                for (boolean x : a) u8(md, b, (byte) (x ? 1 : 0));
            }
            case Object[] a -> {
                tag(md, b, 'A', a.length);
                for (Object x : a) feed(md, x, b);
            }
            case Long x -> put(md, b, x);
            case Integer x -> put(md, b, x);
            case Boolean x -> u8(md, b, (byte) (x ? 'T' : 'F'));
            case Number x -> text(md, b, 'n', x.toString()); // short, byte, double...
            case Character x -> put(md, b, x);
            case String s -> text(md, b, 'S', s);
            case Enum<?> e -> text(md, b, 'E', e.getDeclaringClass().getName() + "." + e.name());
            case Map<?, ?> m -> {
                tag(md, b, 'M', m.size());
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    feed(md, e.getKey(), b);
                    feed(md, e.getValue(), b);
                }
            }
            case Collection<?> c -> {
                tag(md, b, 'C', c.size());
                for (Object x : c) feed(md, x, b);
            }
            case StepState<?> s -> {
                text(md, b, 'H', s.getClass().getName());
                try {
                    for (Field f : FIELDS.get(s.getClass())) feed(md, f.get(s), b);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
            case Record r -> {
                text(md, b, 'R', r.getClass().getName());
                try {
                    for (var m : ACCESSORS.get(r.getClass())) feed(md, m.invoke(r), b);
                } catch (IllegalAccessException | InvocationTargetException e) {
                    throw new IllegalStateException(e);
                }
            }
            default -> {
                if (v.getClass().isArray()) { // short[], char[], double[]...
                    int n = Array.getLength(v);
                    tag(md, b, 'a', n);
                    for (int i = 0; i < n; i++) feed(md, Array.get(v, i), b);
                } else {
                    throw new IllegalStateException("a " + v.getClass().getName() + " in step-back state: not a value the"
                            + " digest knows (see StepState)");
                }
            }
        }
    }

    private static void tag(MessageDigest md, ByteBuffer b, char t, int n) {
        u8(md, b, (byte) t);
        put(md, b, n);
    }

    // The bytes go to the digest through b, a buffer of BUFFER bytes (one update() per 8 bytes was most of a digest's
    // time): the same bytes in the same order, so the same digest.
    private static final int BUFFER = 4096;

    private static void put(MessageDigest md, ByteBuffer b, long x) {
        if (b.remaining() < 8) flush(md, b);
        b.putLong(x);
    }

    private static void u8(MessageDigest md, ByteBuffer b, byte x) {
        if (!b.hasRemaining()) flush(md, b);
        b.put(x);
    }

    private static void bytes(MessageDigest md, ByteBuffer b, byte[] a) {
        flush(md, b);
        md.update(a);
    }

    private static void flush(MessageDigest md, ByteBuffer b) {
        md.update(b.array(), 0, b.position());
        b.clear();
    }

    private static void text(MessageDigest md, ByteBuffer b, char t, String s) {
        byte[] u = s.getBytes(StandardCharsets.UTF_8);
        tag(md, b, t, u.length);
        bytes(md, b, u);
    }
}

package org.vdsoexplorer.sim.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Machine;

/**
 * Step-back state is kept in one holder per stepping component ({@link StepState}), so a snapshot, a restore,
 * equality and the digest cannot leave a field out. This test keeps it so: every non-final field of every
 * stepping component (whatever {@link Machine} reaches through its fields, and the timing models and ops behind
 * its abstract ones) is its holder or {@link Derived} with a reason, and every holder field holds a value the
 * holder knows how to copy.
 */
class StepStateCoverageTest {
    private static final String SIM = "org.vdsoexplorer.sim";

    /** The stepping components and holders: the classes of the simulator Machine's fields reach. */
    static Set<Class<?>> reached() throws ClassNotFoundException {
        Set<Class<?>> seen = new LinkedHashSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>(List.of(Machine.class,
                // behind abstract field types (Clocking, Op), so not reached by declared types alone
                Class.forName(SIM + ".timing.Pipeline"), Class.forName(SIM + ".cpu.AdditiveClocking"),
                Class.forName(SIM + ".cpu.FastOps")));
        while (!todo.isEmpty()) {
            Class<?> c = todo.pop();
            if (!c.getName().startsWith(SIM + ".") || c.isInterface() || c.isEnum() || c.isRecord() || c.isAnnotation()
                    || !seen.add(c)) {
                continue;
            }
            todo.addAll(List.of(c.getDeclaredClasses()));
            if (c.getSuperclass() != null) todo.add(c.getSuperclass());
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) continue;
                addTypes(f.getGenericType(), todo);
            }
        }
        return seen;
    }

    private static void addTypes(Type t, Deque<Class<?>> todo) {
        if (t instanceof Class<?> c) {
            while (c.isArray()) c = c.getComponentType();
            todo.add(c);
        } else if (t instanceof ParameterizedType p) {
            addTypes(p.getRawType(), todo);
            for (Type a : p.getActualTypeArguments()) addTypes(a, todo);
        }
    }

    /** What breaks the rule among {@code classes}, one line per field. */
    static List<String> violations(Collection<Class<?>> classes) {
        List<String> out = new ArrayList<>();
        for (Class<?> c : classes) {
            boolean holder = StepState.class.isAssignableFrom(c) && c != StepState.class;
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) || f.isSynthetic()) continue;
                String name = c.getName().substring(c.getPackageName().length() + 1) + "." + f.getName();
                Derived d = f.getAnnotation(Derived.class);
                if (holder) {
                    if (d != null) out.add(name + ": @Derived in a holder (every field of a StepState is state)");
                    String bad = uncopyable(f);
                    if (bad != null) out.add(name + ": " + bad);
                } else if (!Modifier.isFinal(m) && !StepState.class.isAssignableFrom(f.getType())) {
                    if (d == null) out.add(name + ": a non-final field neither in the component's holder nor @Derived");
                    else if (d.value().isBlank()) out.add(name + ": @Derived without a reason");
                }
            }
        }
        return out;
    }

    /** Why a holder's field would not be copied faithfully, or null. */
    private static String uncopyable(Field f) {
        Class<?> t = f.getType();
        while (t.isArray()) t = t.getComponentType();
        boolean array = f.getType().isArray();
        if (Modifier.isFinal(f.getModifiers()) && !array && !StepState.class.isAssignableFrom(t)) {
            return "final, but neither an array nor a nested holder (a copy could not set it)";
        }
        if (t.isPrimitive() || StepState.class.isAssignableFrom(t)) return null;
        if (array) return "an array of " + t.getName() + " (only primitive arrays are copied deeply)";
        if (t == String.class || t.isEnum() || t.isRecord() || Number.class.isAssignableFrom(t) || t == Boolean.class) return null;
        if (t == ArrayList.class || t == ArrayDeque.class || t == LinkedHashMap.class) return null;
        if (t == List.class || t == Map.class) return null; // unmodifiable ones, shared between copies
        return "a " + t.getName() + ", which the holder would share between copies (mutable?)";
    }

    @Test
    void everyNonFinalFieldOfASteppingComponentIsInItsHolderOrDerived() throws ClassNotFoundException {
        Set<Class<?>> reached = reached();
        for (String c : List.of("Machine", "cpu.Interpreter", "cpu.Cpu", "kernel.Kernel", "kernel.VsyscallWriter",
                "kernel.SeqCheck", "kernel.Timekeeper", "kernel.AddressSpace", "kernel.Page", "timing.Pipeline",
                "timing.TimelineRecorder", "cpu.AdditiveClocking")) {
            assertTrue(reached.contains(Class.forName(SIM + "." + c)), c + " is not reached: the rule would pass vacuously");
        }
        assertEquals(List.of(), violations(reached));
    }

    /** The shape the components had before their holders: fields listed by hand, some left out of the digest. */
    @SuppressWarnings("unused")
    static final class HandListed {
        private final long[] regReady = new long[17]; // final: its contents are copied by whoever lists it
        private long[] sbKey;
        private boolean prevFusible, recording;
        private long syscallMilliAtStart;
        @Derived("wiring") private Object sink;
        @Derived("") private long cFetch;
    }

    /** A holder with a field it cannot copy faithfully. */
    @SuppressWarnings("unused")
    static final class BadHolder extends StepState<BadHolder> {
        java.util.HashSet<Long> seen = new java.util.HashSet<>();
        final long limit = 3;
        @Derived("no") long scratch;
    }

    @Test
    void theRuleFlagsFieldsLeftOutsideTheHolder() {
        assertEquals(List.of(
                "StepStateCoverageTest$HandListed.sbKey: a non-final field neither in the component's holder nor @Derived",
                "StepStateCoverageTest$HandListed.prevFusible: a non-final field neither in the component's holder nor @Derived",
                "StepStateCoverageTest$HandListed.recording: a non-final field neither in the component's holder nor @Derived",
                "StepStateCoverageTest$HandListed.syscallMilliAtStart: a non-final field neither in the component's holder nor @Derived",
                "StepStateCoverageTest$HandListed.cFetch: @Derived without a reason"), violations(List.of(HandListed.class)));
        assertEquals(List.of(
                "StepStateCoverageTest$BadHolder.seen: a java.util.HashSet, which the holder would share between copies (mutable?)",
                "StepStateCoverageTest$BadHolder.limit: final, but neither an array nor a nested holder (a copy could not set it)",
                "StepStateCoverageTest$BadHolder.scratch: @Derived in a holder (every field of a StepState is state)"),
                violations(List.of(BadHolder.class)));
    }
}

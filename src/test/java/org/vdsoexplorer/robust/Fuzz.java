package org.vdsoexplorer.robust;

import java.util.List;
import java.util.Random;

/**
 * A small generator kit for the fuzz suites: seeded, so a failure names the seed and the try that
 * reproduce it ({@code -Dfuzz.seed=N}); plain JUnit, no property-testing engine.
 */
final class Fuzz {
    /** The seed of every run; each suite mixes in its own name so suites do not see the same stream. */
    static final long SEED = Long.getLong("fuzz.seed", 0x5eed_2026L);

    private Fuzz() {}

    /** A generator of {@code T} values from a random stream. */
    @FunctionalInterface
    interface Gen<T> {
        T next(Random r);

        default <U> Gen<U> map(java.util.function.Function<T, U> f) { return r -> f.apply(next(r)); }
    }

    /** A check of one generated input that may throw. */
    @FunctionalInterface
    interface Check<T> {
        void accept(T value) throws Exception;
    }

    static Gen<Integer> ints(int min, int max) { return r -> min + r.nextInt(max - min + 1); }

    static Gen<Long> longs(long min, long max) { return r -> min + (long) (r.nextDouble() * (max - min + 1)); }

    static <T> Gen<T> of(List<T> values) { return r -> values.get(r.nextInt(values.size())); }

    @SafeVarargs
    static <T> Gen<T> oneOf(Gen<T>... gens) { return r -> gens[r.nextInt(gens.length)].next(r); }

    /** Runs {@code check} on {@code tries} inputs of {@code gen}; a failure says which try and seed reproduce it. */
    static <T> void forAll(String suite, int tries, Gen<T> gen, Check<T> check) throws Exception {
        Random r = new Random(SEED ^ suite.hashCode());
        for (int i = 0; i < tries; i++) {
            T input = gen.next(r);
            try {
                check.accept(input);
            } catch (AssertionError e) {
                throw new AssertionError(suite + ", try " + (i + 1) + " of " + tries + " (seed " + SEED
                        + ", rerun with -Dfuzz.seed=" + SEED + "): " + e.getMessage(), e);
            }
        }
    }
}

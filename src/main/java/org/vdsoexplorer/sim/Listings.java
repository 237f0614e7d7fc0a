package org.vdsoexplorer.sim;

import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.ListingException;
import org.vdsoexplorer.sim.asm.ListingParser;

/**
 * Loads the committed listings (and the C source) from the class path, once each. The listings are immutable
 * and read from files in the jar, so the cache holds no state anyone could tell apart from reading them again.
 */
public final class Listings {
    private record Key(Variant variant, Compiler compiler) {}

    /** One listing per variant and compiler at most: every one the jar ships fits, so none is ever read twice. */
    static final int CAPACITY = Variant.values().length * Compiler.values().length;
    private static final org.vdsoexplorer.util.Lru<Key, Listing> CACHE = new org.vdsoexplorer.util.Lru<>(CAPACITY);

    private Listings() {}

    /** The default compiler's (gcc 12) listing of {@code v}. */
    public static Listing of(Variant v) { return of(v, Compiler.GCC_12); }

    public static Listing of(Variant v, Compiler c) {
        return CACHE.computeIfAbsent(new Key(v, c), k -> ListingParser.parse(v.cliName(), c.listingPath(v),
                resource("/" + c.listingPath(v))));
    }

    /** The benchmark's caller loop (gettime_perf.c built -O0), which the pipeline timing model runs between calls. */
    public static Listing caller() { return Caller.LISTING; }

    private static final class Caller {
        static final String PATH = "assets/listings/caller/gettime_perf.lst";
        /*
         * The loop calls through a function pointer ('call *%rcx'), an operand the listing parser refuses; the
         * pipeline times a call the same whether its target comes from a register or the instruction (the
         * predictor supplies it), so the call is read with the placeholder target 0. Nothing executes it.
         */
        static final Listing LISTING = ListingParser.parse("gettime_perf", PATH,
                resource("/" + PATH).replaceAll("(\\bcall)\\s+\\*%\\w+", "$1   0"));
    }

    /** The text of a file under assets/ on the class path, e.g. "/assets/csrc/vdso_model.c". */
    public static String resource(String path) {
        try {
            return org.vdsoexplorer.util.Resources.text(path);
        } catch (java.io.UncheckedIOException e) {
            throw new ListingException(path, 0, e.getCause().getMessage());
        }
    }
}

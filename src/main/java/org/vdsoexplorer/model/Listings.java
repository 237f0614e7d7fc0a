package org.vdsoexplorer.model;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.vdsoexplorer.model.asm.Listing;
import org.vdsoexplorer.model.asm.ListingException;
import org.vdsoexplorer.model.asm.ListingParser;

/** Loads the committed listings (and the C source) from the class path, once each. */
public final class Listings {
    private record Key(Variant variant, Compiler compiler) {}

    private static final Map<Key, Listing> CACHE = new ConcurrentHashMap<>();

    private Listings() {}

    /** The default compiler's (gcc 12) listing of {@code v}. */
    public static Listing of(Variant v) { return of(v, Compiler.GCC_12); }

    public static Listing of(Variant v, Compiler c) {
        return CACHE.computeIfAbsent(new Key(v, c), k -> ListingParser.parse(v.cliName(), c.listingPath(v),
                resource("/" + c.listingPath(v))));
    }

    /** The text of a file under assets/ on the class path, e.g. "/assets/csrc/vdso_model.c". */
    public static String resource(String path) {
        try (InputStream in = Listings.class.getResourceAsStream(path)) {
            if (in == null) throw new ListingException(path, 0, "missing from the class path");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ListingException(path, 0, e.getMessage());
        }
    }
}

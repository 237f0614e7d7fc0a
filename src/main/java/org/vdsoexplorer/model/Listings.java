package org.vdsoexplorer.model;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import org.vdsoexplorer.model.asm.Listing;
import org.vdsoexplorer.model.asm.ListingException;
import org.vdsoexplorer.model.asm.ListingParser;

/** Loads the committed listings (and the C source) from the class path, once each. */
public final class Listings {
    private static final Map<Variant, Listing> CACHE = new EnumMap<>(Variant.class);

    private Listings() {}

    public static synchronized Listing of(Variant v) {
        return CACHE.computeIfAbsent(v, k -> ListingParser.parse(k.cliName(), "assets/listings/" + k.cliName() + ".lst",
                resource(k.resource())));
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

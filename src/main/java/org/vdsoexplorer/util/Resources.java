package org.vdsoexplorer.util;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Text files on the class path (the assets the jar carries). */
public final class Resources {
    private Resources() {}

    /** The UTF-8 text of {@code path} (e.g. "/assets/timing.yaml"); a missing file is an {@link UncheckedIOException}. */
    public static String text(String path) {
        try (InputStream in = Resources.class.getResourceAsStream(path)) {
            if (in == null) throw new UncheckedIOException(new IOException("missing from the class path"));
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

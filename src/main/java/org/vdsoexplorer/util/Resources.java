package org.vdsoexplorer.util;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Text files shipped on the class path (assets/..., lessons/...). */
public final class Resources {
    private Resources() {}

    /** The UTF-8 text of the class-path resource {@code path} (absolute, e.g. "/assets/timing.yaml"). */
    public static String text(String path) {
        try (InputStream in = Resources.class.getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException(path + " is missing from the class path (a broken build)");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(path + ": " + e.getMessage(), e);
        }
    }
}

package org.vdsoexplorer.util;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;

/**
 * A tree of maps, lists, strings, numbers, booleans and nulls as JSON, written by Jackson's {@link ObjectMapper}
 * (the headless commands' {@code --format json} and the app's compact field values).
 */
public final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final ObjectWriter PRETTY = MAPPER.writerWithDefaultPrettyPrinter();

    private Json() {}

    /** Indented, with a final newline (a command's whole output). */
    public static String pretty(Object tree) { return write(PRETTY, tree) + "\n"; }

    /** On one line, without spaces. */
    public static String compact(Object tree) { return write(MAPPER.writer(), tree); }

    private static String write(ObjectWriter w, Object tree) {
        try {
            return w.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("not a JSON tree: " + e.getOriginalMessage(), e);
        }
    }
}

package org.vdsoexplorer.sim.real;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.vdsoexplorer.util.AtomicFiles;
import org.vdsoexplorer.util.BadInputException;

/**
 * A {@link Capture} as JSON (Jackson; pages as base64): written atomically, read through
 * {@link AtomicFiles#input} with every refusal one {@link BadInputException} naming the file and line. The
 * shipped example, this project's machine, is {@link #EXAMPLE} on the class path.
 */
public final class CaptureFile {
    /** Largest capture file read: two tasks of about 40 KiB of pages each, as base64, with room to spare. */
    public static final int MAX_BYTES = 1 << 20;
    /** The shipped capture (Linux 6.18.44, AMD family 0x1a, kvm-clock), under assets/captures/. */
    public static final String EXAMPLE = "/assets/captures/linux-6.18-amd-kvmclock.json";

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT);
    private static final Set<String> MAPPINGS = Set.of(Capture.VVAR, Capture.VCLOCK, Capture.VDSO);

    private CaptureFile() {}

    /** The capture as the file's text. */
    public static String text(Capture c) {
        try {
            return MAPPER.writeValueAsString(c) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("capture not writable as JSON: " + e.getOriginalMessage(), e);
        }
    }

    public static void write(Path file, Capture c) throws IOException {
        AtomicFiles.write(file, text(c).getBytes(StandardCharsets.UTF_8));
    }

    public static Capture read(Path file) {
        return parse(file.toString(), new String(AtomicFiles.input(file, MAX_BYTES, "a capture"), StandardCharsets.UTF_8));
    }

    /** The shipped example capture. */
    public static Capture example() {
        try (InputStream in = CaptureFile.class.getResourceAsStream(EXAMPLE)) {
            if (in == null) throw new BadInputException(EXAMPLE, 1, "missing from the class path");
            return parse(EXAMPLE, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new BadInputException(EXAMPLE, 1, "cannot read: " + e.getMessage());
        }
    }

    /** Parses and checks {@code text}; {@code origin} names it in messages. */
    public static Capture parse(String origin, String text) {
        Capture c;
        try {
            c = MAPPER.readValue(text, Capture.class);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getLineNr());
            throw new BadInputException(origin, line, "not a capture: " + e.getOriginalMessage().replace('\n', ' '));
        }
        check(origin, text, c);
        return c;
    }

    private static void check(String origin, String text, Capture c) {
        if (c == null) throw new BadInputException(origin, 1, "not a capture: the file holds JSON null");
        if (!Capture.FORMAT.equals(c.format())) {
            throw bad(origin, text, "format", "format is '" + c.format() + "', not '" + Capture.FORMAT + "'");
        }
        if (c.version() != Capture.VERSION) {
            throw bad(origin, text, "version", "capture version " + c.version() + " is not the one this program reads ("
                    + Capture.VERSION + ")");
        }
        for (String k : List.of("kernel", "clocksource")) {
            String v = k.equals("kernel") ? c.kernel() : c.clocksource();
            if (v == null || v.isBlank()) throw bad(origin, text, k, k + " is missing");
        }
        if (c.cpu() == null || c.cpu().vendor() == null) throw bad(origin, text, "cpu", "cpu (vendor, family, model) is missing");
        if (c.tasks() == null || c.tasks().isEmpty()) throw bad(origin, text, "tasks", "the capture has no task");
        for (Capture.Task t : c.tasks()) {
            if (t.task() == null || t.mappings() == null || t.clocks() == null || t.timensOffsets() == null) {
                throw bad(origin, text, "task", "a task lacks its name, mappings, clocks or timensOffsets");
            }
            if (t.mapping(Capture.VDSO).isEmpty() || t.mapping(Capture.VVAR).isEmpty()) {
                throw bad(origin, text, t.task(), "task '" + t.task() + "' has no [vdso] or no [vvar] mapping");
            }
            for (Capture.Mapping m : t.mappings()) {
                if (!MAPPINGS.contains(m.name())) throw bad(origin, text, m.name(), "unknown mapping '" + m.name() + "' (known: " + MAPPINGS + ")");
                if ((m.start() & 0xfff) != 0) throw bad(origin, text, m.name(), "mapping " + m.name() + " starts at 0x"
                        + Long.toHexString(m.start()) + ", not at a page boundary");
                for (Capture.Page p : m.pages()) {
                    if (p.bytes() != null && p.bytes().length != Capture.PAGE) {
                        throw bad(origin, text, m.name(), m.name() + " page " + p.slot() + " has " + p.bytes().length
                                + " bytes, not " + Capture.PAGE);
                    }
                }
            }
        }
    }

    /** A refusal at the first line that names {@code key} (a quoted JSON key or value), else line 1. */
    private static BadInputException bad(String origin, String text, String key, String message) {
        int at = text.indexOf("\"" + key + "\"");
        int line = 1;
        for (int i = 0; i < at; i++) if (text.charAt(i) == '\n') line++;
        return new BadInputException(origin, line, message);
    }
}

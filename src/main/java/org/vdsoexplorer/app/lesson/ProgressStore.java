package org.vdsoexplorer.app.lesson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per-user lesson progress in {@code progress.json}: for each lesson id the step the student was on,
 * the furthest step reached, whether the lesson was finished and the questions answered (step number to
 * right/wrong). Lives in the platform's usual place ({@link #defaultDir()}); written atomically (temp
 * file, fsync, atomic rename), so a crash or kill leaves either the old or the new file. A file that
 * cannot be read is renamed aside ({@code progress.json.corrupt-<timestamp>}) and reported by
 * {@link #warning()}; nothing here throws to the UI.
 */
public final class ProgressStore {
    /** Overrides the folder (tests, portable installs). */
    public static final String DIR_PROPERTY = "vdso.explorer.data.dir";
    public static final String FILE = "progress.json";
    static final int MAX_BYTES = 4 * 1024 * 1024;
    private static final JsonFactory JSON = new JsonFactory();

    /** One lesson's progress. Mutable; saved by {@link ProgressStore#save()}. */
    public static final class Entry {
        int step;
        int furthest;
        boolean done;
        final TreeMap<Integer, Boolean> answers = new TreeMap<>();

        public int step() { return step; }

        public int furthest() { return furthest; }

        public boolean done() { return done; }

        /** Step number to whether the student's answer was right. */
        public Map<Integer, Boolean> answers() { return java.util.Collections.unmodifiableMap(answers); }

        public long right() { return answers.values().stream().filter(b -> b).count(); }
    }

    private final Path dir;
    private final Map<String, Entry> lessons = new LinkedHashMap<>();
    private String last;
    private String warning = "";

    private ProgressStore(Path dir) { this.dir = dir; }

    /** Opens the store in {@code dir} (the file need not exist); never throws. */
    public static ProgressStore open(Path dir) {
        ProgressStore s = new ProgressStore(dir);
        s.read();
        return s;
    }

    /** Opens the store in {@link #defaultDir()}. */
    public static ProgressStore open() { return open(defaultDir()); }

    /**
     * The property {@value #DIR_PROPERTY} if set, else: Linux and other Unixes
     * {@code $XDG_DATA_HOME/vdso-explorer} (default {@code ~/.local/share}), Windows
     * {@code %APPDATA%\vdso-explorer}, macOS {@code ~/Library/Application Support/vdso-explorer}.
     */
    public static Path defaultDir() {
        String p = System.getProperty(DIR_PROPERTY);
        if (p != null && !p.isBlank()) return Path.of(p);
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        Path home = Path.of(System.getProperty("user.home", "."));
        if (os.contains("win")) {
            String appData = System.getenv("APPDATA");
            return (appData != null && !appData.isBlank() ? Path.of(appData) : home.resolve("AppData").resolve("Roaming"))
                    .resolve("vdso-explorer");
        }
        if (os.contains("mac")) return home.resolve("Library").resolve("Application Support").resolve("vdso-explorer");
        String xdg = System.getenv("XDG_DATA_HOME");
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : home.resolve(".local").resolve("share");
        return base.resolve("vdso-explorer");
    }

    public Path file() { return dir.resolve(FILE); }

    /** A problem to show the user ("" if none): a corrupt file set aside, or a failed save. */
    public String warning() { return warning; }

    public void clearWarning() { warning = ""; }

    /** The lesson's entry (created empty if there is none). */
    public Entry entry(String lessonId) { return lessons.computeIfAbsent(lessonId, k -> new Entry()); }

    /** The lesson's entry or null. */
    public Entry peek(String lessonId) { return lessons.get(lessonId); }

    /** The lesson opened last, or null. */
    public String last() { return last; }

    /** Records that the student is on step index {@code step} (0-based) of {@code lessonId}, of {@code steps}. */
    public void visit(String lessonId, int step, int steps) {
        Entry e = entry(lessonId);
        e.step = step;
        e.furthest = Math.max(e.furthest, step);
        if (steps > 0 && step >= steps - 1) e.done = true;
        last = lessonId;
    }

    /** Records an answer to the question of step {@code stepNumber}. */
    public void answered(String lessonId, int stepNumber, boolean right) { entry(lessonId).answers.put(stepNumber, right); }

    /** Forgets one lesson's progress (null: all lessons). Saved by {@link #save()}. */
    public void reset(String lessonId) {
        if (lessonId == null) {
            lessons.clear();
            last = null;
        } else {
            lessons.remove(lessonId);
            if (lessonId.equals(last)) last = null;
        }
    }

    // ---- reading ----------------------------------------------------------------------------

    private void read() {
        Path f = file();
        if (!Files.exists(f, LinkOption.NOFOLLOW_LINKS)) return;
        try {
            byte[] bytes;
            try (InputStream in = Files.newInputStream(f)) {
                bytes = in.readNBytes(MAX_BYTES + 1);
            }
            if (bytes.length > MAX_BYTES) throw new IOException("larger than " + MAX_BYTES + " bytes");
            parse(bytes);
        } catch (IOException | RuntimeException e) {
            lessons.clear();
            last = null;
            setAside(f, e.getMessage());
        }
    }

    private void setAside(Path f, String why) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
        Path aside = f.resolveSibling(FILE + ".corrupt-" + stamp);
        try {
            Files.move(f, aside, StandardCopyOption.ATOMIC_MOVE);
            warning = "Your lesson progress file could not be read (" + why + "). It was set aside as " + aside
                    + "; progress starts fresh.";
        } catch (IOException | RuntimeException e) {
            warning = "Your lesson progress file " + f + " could not be read (" + why
                    + ") nor set aside (" + e.getMessage() + "); progress starts fresh.";
        }
    }

    private void parse(byte[] bytes) throws IOException {
        try (JsonParser p = JSON.createParser(bytes)) {
            expect(p.nextToken(), JsonToken.START_OBJECT, p);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                switch (name) {
                    case "last" -> last = t == JsonToken.VALUE_NULL ? null : text(t, p);
                    case "lessons" -> {
                        expect(t, JsonToken.START_OBJECT, p);
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            String id = p.currentName();
                            expect(p.nextToken(), JsonToken.START_OBJECT, p);
                            lessons.put(id, entry(p));
                        }
                    }
                    default -> p.skipChildren(); // "version" and future keys
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT) throw new IOException("unexpected " + p.currentToken());
            if (p.nextToken() != null) throw new IOException("text after the end of the object");
        }
    }

    private static Entry entry(JsonParser p) throws IOException {
        Entry e = new Entry();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            switch (name) {
                case "step" -> e.step = nonNegative(t, p);
                case "furthest" -> e.furthest = nonNegative(t, p);
                case "done" -> e.done = bool(t, p);
                case "answers" -> {
                    expect(t, JsonToken.START_OBJECT, p);
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        int step;
                        try {
                            step = Integer.parseInt(p.currentName());
                        } catch (NumberFormatException x) {
                            throw new IOException("answer key '" + p.currentName() + "' is not a step number");
                        }
                        e.answers.put(step, bool(p.nextToken(), p));
                    }
                }
                default -> p.skipChildren();
            }
        }
        return e;
    }

    private static void expect(JsonToken t, JsonToken want, JsonParser p) throws IOException {
        if (t != want) throw new IOException("expected " + want + " but found " + t + " at line " + p.currentLocation().getLineNr());
    }

    private static String text(JsonToken t, JsonParser p) throws IOException {
        expect(t, JsonToken.VALUE_STRING, p);
        return p.getText();
    }

    private static int nonNegative(JsonToken t, JsonParser p) throws IOException {
        expect(t, JsonToken.VALUE_NUMBER_INT, p);
        int v = p.getIntValue();
        if (v < 0) throw new IOException("negative step at line " + p.currentLocation().getLineNr());
        return v;
    }

    private static boolean bool(JsonToken t, JsonParser p) throws IOException {
        if (t == JsonToken.VALUE_TRUE) return true;
        if (t == JsonToken.VALUE_FALSE) return false;
        throw new IOException("expected true or false but found " + t + " at line " + p.currentLocation().getLineNr());
    }

    // ---- writing ----------------------------------------------------------------------------

    /** Writes the file atomically; returns false (and sets {@link #warning()}) if it could not. */
    public boolean save() {
        try {
            write(serialize());
            return true;
        } catch (IOException | RuntimeException e) {
            warning = "Could not save lesson progress to " + file() + ": " + e.getMessage();
            return false;
        }
    }

    byte[] serialize() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeNumberField("version", 1);
            if (last != null) g.writeStringField("last", last);
            g.writeObjectFieldStart("lessons");
            for (Map.Entry<String, Entry> le : lessons.entrySet()) {
                Entry e = le.getValue();
                g.writeObjectFieldStart(le.getKey());
                g.writeNumberField("step", e.step);
                g.writeNumberField("furthest", e.furthest);
                g.writeBooleanField("done", e.done);
                g.writeObjectFieldStart("answers");
                for (Map.Entry<Integer, Boolean> a : e.answers.entrySet()) g.writeBooleanField(Integer.toString(a.getKey()), a.getValue());
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeEndObject();
        }
        out.write('\n');
        return out.toByteArray();
    }

    /** Temp file in the same folder, fsync, atomic rename over the old file, fsync the folder. */
    private void write(byte[] bytes) throws IOException {
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, FILE + ".", ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer b = ByteBuffer.wrap(bytes);
                while (b.hasRemaining()) ch.write(b);
                ch.force(true);
            }
            try {
                Files.move(tmp, file(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file(), StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true); // the rename itself reaches the disk (not possible on every platform)
        } catch (IOException | RuntimeException ignored) {
            // best effort
        }
    }
}

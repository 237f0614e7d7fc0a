package org.vdsoexplorer.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.vdsoexplorer.util.AtomicFiles;

/**
 * Per-user lesson progress in {@code progress.json}: for each lesson id the step the student was on,
 * the furthest step reached, whether the lesson was finished and the questions answered (step number to
 * right/wrong), read and written as records by jackson-databind. Lives in the platform's usual place
 * ({@link #defaultDir()}); written atomically ({@link AtomicFiles}: temp file, fsync, atomic rename), so a
 * crash or kill leaves either the old or the new file; a FIFO or device in its place is refused unopened. A file that
 * cannot be read is renamed aside ({@code progress.json.corrupt-<timestamp>}) and reported by
 * {@link #warning()}; nothing here throws to the UI.
 */
public final class ProgressStore {
    /** Overrides the folder (tests, portable installs). */
    public static final String DIR_PROPERTY = "vdso.explorer.data.dir";
    public static final String FILE = "progress.json";
    static final int MAX_BYTES = 4 * 1024 * 1024;

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

    /** The file as written: {@code {"version": 1, "last": id, "lessons": {id: {step, furthest, done, answers}}}}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"version", "last", "lessons"})
    record FileRecord(int version, String last, Map<String, LessonRecord> lessons) {}

    /** One lesson in the file; answers map step numbers (as JSON keys) to right/wrong. */
    @JsonPropertyOrder({"step", "furthest", "done", "answers"})
    record LessonRecord(int step, int furthest, boolean done, TreeMap<Integer, Boolean> answers) {}

    /** Strict about types (no "3" for 3, no 1 for true), lenient about unknown keys (newer versions add some). */
    private static final JsonMapper JSON = JsonMapper.builder()
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES) // a missing step is step 0, as before
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private void read() {
        Path f = file();
        if (!Files.exists(f, LinkOption.NOFOLLOW_LINKS)) return;
        try {
            // a FIFO or device in its place is refused without being opened (opening one blocks)
            parse(AtomicFiles.readRegular(f, MAX_BYTES));
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
        } catch (IOException e) {
            warning = "Your lesson progress file " + f + " could not be read (" + why
                    + ") nor set aside (" + AtomicFiles.reason(e) + "); progress starts fresh.";
        } catch (RuntimeException e) {
            warning = "Your lesson progress file " + f + " could not be read (" + why
                    + ") nor set aside (" + e.getMessage() + "); progress starts fresh.";
        }
    }

    private void parse(byte[] bytes) throws IOException {
        FileRecord r;
        try {
            r = JSON.readValue(bytes, FileRecord.class);
        } catch (JacksonException e) {
            throw new IOException(describe(e));
        }
        if (r == null) throw new IOException("the file holds null, not an object");
        if (r.lessons() != null) {
            for (Map.Entry<String, LessonRecord> le : r.lessons().entrySet()) {
                LessonRecord l = le.getValue();
                String key = "lessons." + le.getKey();
                if (l == null) throw new IOException("'" + key + "' is null, expected an object");
                if (l.step() < 0) throw new IOException("'" + key + ".step' is " + l.step() + ", must be 0 or more");
                if (l.furthest() < 0) throw new IOException("'" + key + ".furthest' is " + l.furthest() + ", must be 0 or more");
                Entry e = new Entry();
                e.step = l.step();
                e.furthest = l.furthest();
                e.done = l.done();
                if (l.answers() != null) {
                    for (Map.Entry<Integer, Boolean> a : l.answers().entrySet()) {
                        if (a.getValue() == null) throw new IOException("'" + key + ".answers." + a.getKey() + "' must be true or false");
                        e.answers.put(a.getKey(), a.getValue());
                    }
                }
                lessons.put(le.getKey(), e);
            }
        }
        last = r.last();
    }

    /** Jackson's problem in words, with the key path and line, without its source excerpt. */
    static String describe(JacksonException e) {
        String what = e.getOriginalMessage();
        what = what == null ? "unreadable" : what.lines().findFirst().orElse("").replaceAll("\\s*\\(for [^)]*\\)", "")
                .replaceAll("\\[Source: [^\\]]*?line: (\\d+), column: (\\d+)\\]", "line $1, column $2")
                .replaceAll("\\[Source: [^\\]]*\\]", "the file");
        String where = "";
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException d && !d.getPath().isEmpty()) {
            StringBuilder path = new StringBuilder();
            for (var ref : d.getPath()) {
                if (ref.getFieldName() != null) path.append(path.isEmpty() ? "" : ".").append(ref.getFieldName());
                else if (ref.getIndex() >= 0) path.append('[').append(ref.getIndex()).append(']');
            }
            if (!path.isEmpty()) where = " at '" + path + "'";
        }
        var loc = e.getLocation();
        if (loc != null && loc.getLineNr() > 0) where += " (line " + loc.getLineNr() + ")";
        return what + where;
    }

    // ---- writing ----------------------------------------------------------------------------

    /** Writes the file atomically; returns false (and sets {@link #warning()}) if it could not. */
    public boolean save() {
        try {
            AtomicFiles.write(file(), serialize());
            return true;
        } catch (IOException | RuntimeException e) {
            warning = "Could not save lesson progress: " + e.getMessage();
            return false;
        }
    }

    byte[] serialize() throws IOException {
        Map<String, LessonRecord> out = new LinkedHashMap<>();
        lessons.forEach((id, e) -> out.put(id, new LessonRecord(e.step, e.furthest, e.done, new TreeMap<>(e.answers))));
        byte[] json = JSON.writeValueAsBytes(new FileRecord(1, last, out));
        byte[] withNewline = java.util.Arrays.copyOf(json, json.length + 1);
        withNewline[json.length] = '\n';
        return withNewline;
    }
}

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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.vdsoexplorer.util.AtomicFiles;

/**
 * Per-user lesson progress in {@code progress.json}: for each lesson id the step the student was on,
 * the furthest step reached, whether the lesson was finished and the questions answered (step number to
 * right/wrong), read and written as records by jackson-databind. Lives where {@link ProgressLocation} says
 * (XDG_DATA_HOME, then HOME, then user.home); written atomically ({@link AtomicFiles}: temp file, fsync, atomic
 * rename), so a crash, a kill or a full disk leaves either the old or the new file; a FIFO or device in its place is
 * refused unopened; a symbolic link keeps its link (the file it points to is replaced). A file that cannot be read is
 * renamed aside ({@code progress.json.corrupt-<timestamp>}) and reported by {@link #warning()}; nothing here throws
 * to the UI.
 *
 * <p><b>Several windows or processes on one file.</b> Each change (a visit, an answer, a reset) is kept as an
 * operation until it is saved; {@link #save()} takes the file's lock ({@link AtomicFiles#locked}), reads what is
 * on disk now, replays this store's unsaved operations onto it, writes the result and takes it as its own view.
 * So saves are serialised and none starts from a stale copy, and per lesson the merge is: answered steps are the
 * union, an answer to the same step, the current step and "last opened" are those of the latest save; the furthest
 * step is the maximum and "finished" stays finished; a reset removes what was on disk when it was saved (a later
 * step in another window starts the lesson again). The file needs no timestamps for this, so its format stays
 * version 1: files of earlier versions load as before, and this version's files load in them. A file that cannot be
 * read at save time is set aside and this store's whole view is written.
 */
public final class ProgressStore {
    /** Overrides the folder (tests, portable installs). */
    public static final String DIR_PROPERTY = "vdso.explorer.data.dir";
    public static final String FILE = "progress.json";
    static final int MAX_BYTES = 4 * 1024 * 1024;
    static final int VERSION = 1;

    /** One lesson's progress, read-only outside; changed by the store's operations and saved by {@link ProgressStore#save()}. */
    public static final class Entry {
        int step;
        int furthest;
        boolean done;
        final TreeMap<Integer, Boolean> answers = new TreeMap<>();
        final TreeMap<Integer, Detail> details = new TreeMap<>();
        Long seed;

        public int step() { return step; }

        /** Step number to what the student answered there (the answers recorded with their details). */
        public Map<Integer, Detail> details() { return java.util.Collections.unmodifiableMap(details); }

        /** The assessment seed the student's questions were drawn from, or null. */
        public Long seed() { return seed; }

        public int furthest() { return furthest; }

        public boolean done() { return done; }

        /** Step number to whether the student's answer was right. */
        public Map<Integer, Boolean> answers() { return java.util.Collections.unmodifiableMap(answers); }

        public long right() { return answers.values().stream().filter(b -> b).count(); }
    }

    /**
     * How a question went (for the results a student exports): the answer as given ("" for none: "I don't know", a
     * challenge given up), right or wrong, the tries used, the hints read and the seconds spent on the step.
     */
    @JsonPropertyOrder({"answer", "right", "tries", "hints", "seconds"})
    public record Detail(String answer, boolean right, int tries, int hints, long seconds) {
        public Detail {
            answer = answer == null ? "" : answer;
        }
    }

    /** The progress of every lesson and the lesson opened last: this store's view, or the file's. */
    private static final class State {
        final Map<String, Entry> lessons = new LinkedHashMap<>();
        String last;

        Entry entry(String lessonId) { return lessons.computeIfAbsent(lessonId, k -> new Entry()); }
    }

    /** A change the student made, applied to this store's view at once and replayed onto the file's state at a save. */
    @FunctionalInterface
    private interface Change {
        void apply(State s);
    }

    private final Path dir;
    private final String unusable;
    private State view = new State();
    private final List<Change> unsaved = new ArrayList<>();
    private String warning = "";

    private ProgressStore(Path dir, String unusable) {
        this.dir = dir;
        this.unusable = unusable;
    }

    /** Opens the store in {@code dir} (the file need not exist); never throws. */
    public static ProgressStore open(Path dir) {
        ProgressStore s = new ProgressStore(dir, null);
        State disk = s.readDisk();
        if (disk != null) s.view = disk;
        return s;
    }

    /**
     * Opens the store where {@code at} says; if it names no usable folder, a store that keeps progress for this
     * session only and whose {@link #warning()} says why.
     */
    public static ProgressStore open(ProgressLocation at) {
        if (at.dir() != null) return open(at.dir());
        ProgressStore s = new ProgressStore(null, at.problem());
        s.warning = at.problem();
        return s;
    }

    /** Opens the store where {@link ProgressLocation#ofSystem()} says. */
    public static ProgressStore open() { return open(ProgressLocation.ofSystem()); }

    /** The folder for this process's environment ({@link ProgressLocation#ofSystem()}); null if there is none usable. */
    public static Path defaultDir() { return ProgressLocation.ofSystem().dir(); }

    /** The progress file, or null if progress is not saved (no usable folder: {@link #warning()} says why). */
    public Path file() { return dir == null ? null : dir.resolve(FILE); }

    /** Where progress goes, in words for the lesson panel. */
    public String where() {
        return dir == null ? "Progress is kept only until the app closes (see the warning above)." : "Progress is saved in " + file();
    }

    /** A problem to show the user ("" if none): a corrupt file set aside, a failed save, a folder that cannot be used. */
    public String warning() { return warning; }

    public void clearWarning() { warning = unusable == null ? "" : unusable; }

    /** The lesson's entry or null. */
    public Entry peek(String lessonId) { return view.lessons.get(lessonId); }

    /** The lesson opened last, or null. */
    public String last() { return view.last; }

    /** Records that the student is on step index {@code step} (0-based) of {@code lessonId}, of {@code steps}. */
    public void visit(String lessonId, int step, int steps) {
        change(s -> {
            Entry e = s.entry(lessonId);
            e.step = step;
            e.furthest = Math.max(e.furthest, step);
            if (steps > 0 && step >= steps - 1) e.done = true;
            s.last = lessonId;
        });
    }

    /** Records an answer to the question of step {@code stepNumber}. */
    public void answered(String lessonId, int stepNumber, boolean right) { change(s -> s.entry(lessonId).answers.put(stepNumber, right)); }

    /** Records an answer to the question of step {@code stepNumber} with how it went. */
    public void answered(String lessonId, int stepNumber, Detail d) {
        change(s -> {
            Entry e = s.entry(lessonId);
            e.answers.put(stepNumber, d.right());
            e.details.put(stepNumber, d);
        });
    }

    /** Records the seed an assessment's questions are drawn from for this student. */
    public void seed(String lessonId, long seed) { change(s -> s.entry(lessonId).seed = seed); }

    /** Forgets one lesson's progress (null: all lessons). Saved by {@link #save()}. */
    public void reset(String lessonId) {
        change(s -> {
            if (lessonId == null) {
                s.lessons.clear();
                s.last = null;
            } else {
                s.lessons.remove(lessonId);
                if (lessonId.equals(s.last)) s.last = null;
            }
        });
    }

    private void change(Change c) {
        c.apply(view);
        unsaved.add(c);
    }

    /** Takes in what other windows saved since (this store's unsaved changes stay on top); never throws. */
    public void reload() {
        if (dir == null) return;
        State disk = readDisk();
        if (disk != null) view = replayed(disk);
    }

    private State replayed(State base) {
        for (Change c : unsaved) c.apply(base);
        return base;
    }

    // ---- reading ----------------------------------------------------------------------------

    /** The file as written: {@code {"version": 1, "last": id, "lessons": {id: {step, furthest, done, answers}}}}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"version", "last", "lessons"})
    record FileRecord(int version, String last, Map<String, LessonRecord> lessons) {}

    /**
     * One lesson in the file; answers map step numbers (as JSON keys) to right/wrong; details (left out when empty) the
     * same steps to how the answer went; seed (left out when none) an assessment's seed. Earlier versions ignore both.
     */
    @JsonPropertyOrder({"step", "furthest", "done", "answers", "details", "seed"})
    record LessonRecord(int step, int furthest, boolean done, TreeMap<Integer, Boolean> answers,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) TreeMap<Integer, Detail> details,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Long seed) {}

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

    /** The file's state: empty if there is no file; null if it could not be read (then it is set aside, with a warning). */
    private State readDisk() {
        Path f;
        try {
            f = AtomicFiles.followLinks(file());
        } catch (IOException e) {
            warning = "Your lesson progress file " + file() + " cannot be read: " + e.getMessage();
            return null;
        }
        if (!Files.exists(f, LinkOption.NOFOLLOW_LINKS)) return new State(); // a dangling link: the file is made at the first save
        try {
            // a FIFO or device in its place is refused without being opened (opening one blocks)
            return parse(AtomicFiles.readRegular(f, MAX_BYTES));
        } catch (IOException | RuntimeException e) {
            setAside(f, e.getMessage());
            return null;
        }
    }

    /** Renames the unreadable file {@code f} (a link's target: the link stays) aside. */
    private void setAside(Path f, String why) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS"));
        Path aside = f.resolveSibling(f.getFileName() + ".corrupt-" + stamp);
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

    private static State parse(byte[] bytes) throws IOException {
        State s = new State();
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
                if (l.details() != null) {
                    for (Map.Entry<Integer, Detail> d : l.details().entrySet()) {
                        if (d.getValue() == null) throw new IOException("'" + key + ".details." + d.getKey() + "' is null, expected an object");
                        e.details.put(d.getKey(), d.getValue());
                    }
                }
                e.seed = l.seed();
                s.lessons.put(le.getKey(), e);
            }
        }
        s.last = r.last();
        return s;
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

    /**
     * Merges this store's unsaved changes into the file under its lock and writes it atomically (see the class
     * comment); returns false (and sets {@link #warning()}) if it could not, keeping the changes for the next save.
     */
    public boolean save() {
        if (dir == null) {
            warning = unusable;
            return false;
        }
        try {
            State merged = AtomicFiles.locked(file(), () -> {
                State disk = readDisk();
                State out = disk == null ? view : replayed(disk);
                AtomicFiles.write(file(), serialize(out));
                return out;
            });
            view = merged;
            unsaved.clear();
            return true;
        } catch (IOException | RuntimeException e) {
            warning = "Could not save lesson progress: " + e.getMessage();
            return false;
        }
    }

    /** This store's view as the file would hold it. */
    byte[] serialize() throws IOException { return serialize(view); }

    private static byte[] serialize(State s) throws IOException {
        Map<String, LessonRecord> out = new LinkedHashMap<>();
        s.lessons.forEach((id, e) -> out.put(id, new LessonRecord(e.step, e.furthest, e.done, new TreeMap<>(e.answers),
                new TreeMap<>(e.details), e.seed)));
        byte[] json = JSON.writeValueAsBytes(new FileRecord(VERSION, s.last, out));
        byte[] withNewline = java.util.Arrays.copyOf(json, json.length + 1);
        withNewline[json.length] = '\n';
        return withNewline;
    }
}

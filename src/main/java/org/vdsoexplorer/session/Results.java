package org.vdsoexplorer.session;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.vdsoexplorer.lesson.Draw;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.util.AtomicFiles;
import org.vdsoexplorer.util.BadInputException;

/**
 * The results a student hands in (issue 26 item 4): from the progress store, per lesson with answers, each question's
 * answer, right or wrong, tries, hints and seconds on the step, and an assessment's seed; written atomically
 * ({@link AtomicFiles}) as JSON (Jackson) and, beside it, as CSV a spreadsheet opens. Local files only: nothing is sent
 * anywhere. {@link #read} is the strict reader class-report uses: a file that is not such a JSON is refused in words.
 */
public final class Results {
    /** The JSON's {@code format} value, which tells a results file from any other JSON. */
    public static final String FORMAT = "vdso-explorer-results";
    public static final int VERSION = 1;
    static final int MAX_BYTES = 2 * 1024 * 1024;

    /** One question as answered; {@code prompt} the question as this student saw it (an assessment's, drawn). */
    @JsonPropertyOrder({"step", "title", "prompt", "answer", "right", "tries", "hints", "seconds"})
    public record Answered(int step, String title, String prompt, String answer, boolean right, int tries, int hints, long seconds) {}

    /** One lesson: its questions, those answered, how many right ({@code score}), the seed (assessments; else null). */
    @JsonPropertyOrder({"id", "title", "assessment", "seed", "questions", "score", "answers"})
    public record LessonResult(String id, String title, boolean assessment, Long seed, int questions, int score, List<Answered> answers) {
        public LessonResult {
            answers = List.copyOf(answers);
        }
    }

    /** A student's file. */
    @JsonPropertyOrder({"format", "version", "student", "lessons"})
    public record File(String format, int version, String student, List<LessonResult> lessons) {
        public File {
            lessons = lessons == null ? List.of() : List.copyOf(lessons);
        }
    }

    private static final JsonMapper JSON = JsonMapper.builder()
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private Results() {}

    /**
     * The results of {@code student} in {@code progress} for the lessons of {@code lessons} that have answers ({@code only}:
     * that lesson id alone, null: all). An assessment's prompts are those of the student's draw (its file read again).
     */
    public static File of(String student, ProgressStore progress, List<Lesson> lessons, String only) {
        List<LessonResult> out = new ArrayList<>();
        for (Lesson l : lessons) {
            if (only != null && !only.equals(l.id())) continue;
            ProgressStore.Entry e = progress.peek(l.id());
            if (e == null || e.answers().isEmpty()) continue;
            Lesson shown = l;
            if (l.assessment() && e.seed() != null) {
                try {
                    shown = Draw.drawn(l, e.seed());
                } catch (BadInputException x) {
                    shown = l; // the file changed since: the prompts as first drawn
                }
            }
            List<Answered> as = new ArrayList<>();
            int questions = 0, score = 0;
            for (Step s : shown.steps()) {
                if (s.question() == null) continue;
                questions++;
                Boolean right = e.answers().get(s.number());
                if (right == null) continue;
                if (right) score++;
                ProgressStore.Detail d = e.details().get(s.number());
                as.add(new Answered(s.number(), s.title(), s.question().prompt().strip(), d == null ? "" : d.answer(), right,
                        d == null ? 0 : d.tries(), d == null ? 0 : d.hints(), d == null ? 0 : d.seconds()));
            }
            out.add(new LessonResult(l.id(), l.title(), l.assessment(), e.seed(), questions, score, as));
        }
        return new File(FORMAT, VERSION, student, out);
    }

    /** The JSON and CSV paths for {@code file}: FILE.json and FILE.csv (an extension .json or .csv given is replaced). */
    public static List<Path> paths(Path file) {
        String name = file.getFileName().toString();
        String base = name.replaceFirst("(?i)\\.(json|csv)$", "");
        return List.of(file.resolveSibling(base + ".json"), file.resolveSibling(base + ".csv"));
    }

    /** Writes {@code r} as JSON and CSV ({@link #paths}), each atomically; returns the two files. */
    public static List<Path> write(File r, Path file) throws IOException {
        List<Path> ps = paths(file);
        byte[] json = JSON.writeValueAsBytes(r);
        AtomicFiles.write(ps.get(0), (new String(json, StandardCharsets.UTF_8) + "\n").getBytes(StandardCharsets.UTF_8));
        AtomicFiles.write(ps.get(1), csv(r).getBytes(StandardCharsets.UTF_8));
        return ps;
    }

    /** One row per answered question, with a header; cells quoted as RFC 4180, formula-like text defused. */
    public static String csv(File r) {
        StringBuilder sb = new StringBuilder("student,lesson,step,title,prompt,answer,right,tries,hints,seconds,seed\r\n");
        for (LessonResult l : r.lessons()) {
            for (Answered a : l.answers()) {
                List<String> cells = List.of(r.student(), l.id(), Integer.toString(a.step()), a.title(), a.prompt(), a.answer(),
                        a.right() ? "right" : "wrong", Integer.toString(a.tries()), Integer.toString(a.hints()),
                        Long.toString(a.seconds()), l.seed() == null ? "" : Long.toString(l.seed()));
                sb.append(String.join(",", cells.stream().map(Results::cell).toList())).append("\r\n");
            }
        }
        return sb.toString();
    }

    private static String cell(String s) {
        String t = s == null ? "" : s.replaceAll("\\s+", " ").strip();
        // a spreadsheet runs a cell starting with = + - @ as a formula: a typed name or answer must stay text
        if (!t.isEmpty() && "=+-@".indexOf(t.charAt(0)) >= 0 && !t.matches("[-+]?[0-9][0-9.,]*")) t = "'" + t;
        return t.contains(",") || t.contains("\"") ? "\"" + t.replace("\"", "\"\"") + "\"" : t;
    }

    /** Reads a results JSON; throws with the reason in words (not a results file, which key is wrong, where). */
    public static File read(Path file) throws IOException {
        byte[] bytes = AtomicFiles.readRegular(file, MAX_BYTES, "a results file");
        File r;
        try {
            r = JSON.readValue(bytes, File.class);
        } catch (JacksonException e) {
            throw new IOException(ProgressStore.describe(e));
        }
        if (r == null || !FORMAT.equals(r.format())) throw new IOException("not a results file of vDSO Explorer (no \"format\": \"" + FORMAT + "\")");
        if (r.version() > VERSION) throw new IOException("results version " + r.version() + " is newer than this app reads (" + VERSION + ")");
        if (r.student() == null || r.student().isBlank()) throw new IOException("'student' is missing");
        for (LessonResult l : r.lessons()) {
            if (l == null || l.id() == null) throw new IOException("a lesson without 'id'");
            if (l.questions() < 0 || l.score() < 0 || l.score() > l.questions()) {
                throw new IOException("lesson '" + l.id() + "': score " + l.score() + " of " + l.questions() + " questions");
            }
            for (Answered a : l.answers()) if (a == null) throw new IOException("lesson '" + l.id() + "': an answer is null");
        }
        return r;
    }

    /** The answers as a map step -> answered (for tests and the class view). */
    public static Map<Integer, Answered> byStep(LessonResult l) {
        Map<Integer, Answered> m = new java.util.TreeMap<>();
        for (Answered a : l.answers()) m.put(a.step(), a);
        return m;
    }
}

package org.vdsoexplorer.session;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A class's results (issue 26 item 4): every results JSON of a folder ({@link Results#read}), per question (lesson and
 * step) how many answered, the share right and the most common wrong answers, per student and lesson the score. A
 * file that is not a results JSON (corrupt, foreign, too large) is named with the reason and skipped; the CSV copies
 * beside the JSON files are not read twice. Never throws for a file's content. The class view and {@code class-report}
 * show it.
 */
public final class ClassReport {
    public static final int MAX_FILES = 2000;

    /** One question of the class: who answered it, how many right, and the wrong answers by how often. */
    public record Question(String lesson, int step, String title, int answered, int right, List<Map.Entry<String, Integer>> wrong) {
        /** The share right, 0 to 1 (NaN if nobody answered). */
        public double share() { return answered == 0 ? Double.NaN : (double) right / answered; }
    }

    /** One student's score in one lesson (and the seed their assessment was drawn from, or null). */
    public record Score(String student, String file, String lesson, int score, int questions, Long seed) {}

    /** A file that was not read, and why. */
    public record Skipped(String file, String why) {}

    private final List<Question> questions;
    private final List<Score> scores;
    private final List<Skipped> skipped;

    private ClassReport(List<Question> questions, List<Score> scores, List<Skipped> skipped) {
        this.questions = List.copyOf(questions);
        this.scores = List.copyOf(scores);
        this.skipped = List.copyOf(skipped);
    }

    public List<Question> questions() { return questions; }

    public List<Score> scores() { return scores; }

    public List<Skipped> skipped() { return skipped; }

    /** Reads every file of {@code dir} (not its subfolders, no links followed). Throws only if the folder cannot be listed. */
    public static ClassReport of(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                if (files.size() >= MAX_FILES) break;
                files.add(p);
            }
        }
        files.sort(Comparator.comparing(p -> p.getFileName().toString()));
        List<Results.File> read = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        for (Path p : files) {
            String name = p.getFileName().toString();
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) continue;
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.endsWith(".csv") && files.contains(Results.paths(p).get(0))) continue; // the JSON's spreadsheet copy
            if (!lower.endsWith(".json")) {
                skipped.add(new Skipped(p.toString(), "not a results file (class-report reads the .json files students export)"));
                continue;
            }
            try {
                Results.File r = Results.read(p);
                read.add(r);
                names.add(p.toString());
            } catch (IOException | RuntimeException e) {
                String m = e.getMessage() == null ? e.toString() : e.getMessage();
                skipped.add(new Skipped(p.toString(), m.startsWith(p.toString()) ? m.substring(p.toString().length()).replaceFirst("^[: ]+", "") : m));
            }
        }
        return of(read, names, skipped);
    }

    /** The report of files already read ({@code names}: where each came from). */
    static ClassReport of(List<Results.File> files, List<String> names, List<Skipped> skipped) {
        Map<String, int[]> counts = new TreeMap<>(); // "lesson\0step" -> answered, right
        Map<String, String> titles = new LinkedHashMap<>();
        Map<String, Map<String, Integer>> wrong = new TreeMap<>();
        List<Score> scores = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            Results.File f = files.get(i);
            for (Results.LessonResult l : f.lessons()) {
                scores.add(new Score(f.student(), names.get(i), l.id(), l.score(), l.questions(), l.seed()));
                for (Results.Answered a : l.answers()) {
                    String key = l.id() + "\0" + String.format(Locale.ROOT, "%03d", a.step());
                    int[] c = counts.computeIfAbsent(key, k -> new int[2]);
                    c[0]++;
                    if (a.right()) c[1]++;
                    titles.putIfAbsent(key, a.title());
                    if (!a.right()) {
                        String w = a.answer() == null || a.answer().isBlank() ? "(no answer)" : a.answer().strip().toLowerCase(Locale.ROOT);
                        wrong.computeIfAbsent(key, k -> new TreeMap<>()).merge(w, 1, Integer::sum);
                    }
                }
            }
        }
        List<Question> qs = new ArrayList<>();
        for (Map.Entry<String, int[]> e : counts.entrySet()) {
            String[] k = e.getKey().split("\0");
            List<Map.Entry<String, Integer>> w = new ArrayList<>(wrong.getOrDefault(e.getKey(), Map.of()).entrySet());
            w.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
            qs.add(new Question(k[0], Integer.parseInt(k[1]), titles.get(e.getKey()), e.getValue()[0], e.getValue()[1],
                    w.subList(0, Math.min(3, w.size())).stream().map(x -> Map.entry(x.getKey(), x.getValue())).toList()));
        }
        scores.sort(Comparator.comparing(Score::lesson).thenComparing(Score::student));
        return new ClassReport(qs, scores, skipped);
    }

    /** The report as text: skipped files, then per question the share right and common wrong answers, then the scores. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        for (Skipped s : skipped) sb.append("skipped ").append(s.file()).append(": ").append(s.why()).append('\n');
        long students = scores.stream().map(Score::file).distinct().count();
        sb.append(students).append(students == 1 ? " student file" : " student files").append(" read\n\n");
        sb.append("Per question (share right of those who answered; the most common wrong answers)\n");
        for (Question q : questions) {
            sb.append(String.format(Locale.ROOT, "  %-18s %2d  %-40s %3d%%  (%d of %d)", q.lesson(), q.step(), cut(q.title(), 40),
                    Math.round(100 * q.share()), q.right(), q.answered()));
            if (!q.wrong().isEmpty()) {
                sb.append("  wrong: ").append(String.join(", ", q.wrong().stream().map(w -> "\"" + cut(w.getKey(), 30) + "\" x" + w.getValue()).toList()));
            }
            sb.append('\n');
        }
        sb.append("\nPer student\n");
        for (Score s : scores) {
            sb.append(String.format(Locale.ROOT, "  %-24s %-18s %2d of %2d%s%n", cut(s.student(), 24), s.lesson(), s.score(), s.questions(),
                    s.seed() == null ? "" : "  (seed " + s.seed() + ")"));
        }
        return sb.toString();
    }

    private static String cut(String s, int n) {
        String t = s == null ? "" : s.replaceAll("\\s+", " ");
        return t.length() <= n ? t : t.substring(0, n - 3) + "...";
    }
}

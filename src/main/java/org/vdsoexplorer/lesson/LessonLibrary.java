package org.vdsoexplorer.lesson;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.vdsoexplorer.util.AtomicFiles;
import org.vdsoexplorer.util.BadInputException;

/**
 * A folder of lessons: every {@code *.md} file directly in it except README.md, read without following
 * links and never outside the folder. Loading parses each file and checks it against the model and
 * the other lessons (unique ids, known prerequisites, no prerequisite cycles). Never throws for bad
 * lesson content; a folder that cannot be listed is one problem.
 */
public final class LessonLibrary {
    public static final int MAX_FILES = 200;

    /** The lessons that could be read (in order, then id) and every problem of the folder. */
    public record Loaded(List<Lesson> lessons, List<Problem> problems) {
        public Loaded {
            lessons = List.copyOf(lessons);
            problems = List.copyOf(problems);
        }
    }

    private LessonLibrary() {}

    /** Loads and fully checks {@code dir}; problems name files as {@code dir.resolve(name)}. */
    public static Loaded load(Path dir) { return load(dir, new Evaluator(), true); }

    /** {@code check}: also run the model checks (slower: they measure comparisons). */
    public static Loaded load(Path dir, Evaluator evaluator, boolean check) {
        List<Problem> problems = new ArrayList<>();
        List<Lesson> lessons = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        String dirName = dir.toString();
        if (!Files.isDirectory(dir)) {
            problems.add(new Problem(dirName, 1, "not a folder"));
            return new Loaded(lessons, problems);
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                String name = p.getFileName().toString();
                if (!name.toLowerCase(Locale.ROOT).endsWith(".md") || name.equalsIgnoreCase("README.md")) continue;
                if (files.size() >= MAX_FILES) {
                    problems.add(new Problem(dirName, 1, "more than " + MAX_FILES + " lesson files; the rest are ignored"));
                    break;
                }
                files.add(p);
            }
        } catch (IOException | RuntimeException e) {
            problems.add(new Problem(dirName, 1, "cannot list the folder: " + e.getMessage()));
            return new Loaded(lessons, problems);
        }
        files.sort(Comparator.comparing(p -> p.getFileName().toString()));
        for (Path p : files) {
            String name = p.toString();
            if (Files.isSymbolicLink(p) || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                problems.add(new Problem(name, 1, "not a plain file (links are not followed); a lesson is a Markdown file in the folder"));
                continue;
            }
            byte[] bytes;
            try { // the hardened loader: a regular file (not a link), bounded
                bytes = AtomicFiles.input(p, LessonParser.MAX_BYTES, "a lesson", LinkOption.NOFOLLOW_LINKS);
            } catch (BadInputException e) {
                problems.add(new Problem(name, 1, e.problem()));
                continue;
            }
            LessonParser.Result r = LessonParser.parse(name, bytes);
            problems.addAll(r.problems());
            if (r.lesson() != null) {
                lessons.add(r.lesson());
                if (check) problems.addAll(new LessonChecker(evaluator).check(r.lesson(), r.problems()));
            }
        }
        crossCheck(lessons, problems);
        lessons.sort(Comparator.comparingInt(Lesson::order).thenComparing(Lesson::id));
        problems.sort(null);
        return new Loaded(lessons, problems);
    }

    /** Unique ids, known prerequisites, no cycles. */
    static void crossCheck(List<Lesson> lessons, List<Problem> problems) {
        Map<String, Lesson> byId = new HashMap<>();
        for (Lesson l : lessons) {
            Lesson other = byId.putIfAbsent(l.id(), l);
            if (other != null) problems.add(new Problem(l.file(), 2, "id '" + l.id() + "' is also the id of " + other.file()));
        }
        for (Lesson l : lessons) {
            for (String p : l.prerequisites()) {
                if (!byId.containsKey(p)) problems.add(new Problem(l.file(), 2, "prerequisite '" + p + "' is not the id of a lesson in this folder"));
                else if (p.equals(l.id())) problems.add(new Problem(l.file(), 2, "the lesson lists itself as a prerequisite"));
            }
        }
        for (Lesson l : lessons) {
            if (l.prerequisites().contains(l.id())) continue; // reported above
            // depth-first from l: reaching l again is a cycle
            Set<String> seen = new HashSet<>();
            List<String> todo = new ArrayList<>(l.prerequisites());
            while (!todo.isEmpty()) {
                String id = todo.removeLast();
                if (id.equals(l.id())) {
                    problems.add(new Problem(l.file(), 2, "prerequisites form a cycle through '" + l.id() + "'"));
                    break;
                }
                if (!seen.add(id) || !byId.containsKey(id)) continue;
                todo.addAll(byId.get(id).prerequisites());
            }
        }
    }
}

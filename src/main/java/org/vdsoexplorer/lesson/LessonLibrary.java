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
import org.vdsoexplorer.util.Known;

/**
 * A folder of lessons: every {@code *.md} file directly in it except README.md, read without following
 * links and never outside the folder. Loading parses each file and checks it against the model and
 * the other lessons (unique ids, known prerequisites, no prerequisite cycles). A prerequisite may also
 * name a lesson of the shipped course ({@link LessonFolder#course()}) when the folder is another one, so a
 * teacher's folder can build on the course. Never throws for bad lesson content; a folder that cannot be
 * listed, or holds no lesson at all (empty, or Markdown files none of which is a lesson: the wrong folder),
 * is one problem naming the folder.
 */
public final class LessonLibrary {
    public static final int MAX_FILES = 200;

    /**
     * The lessons that could be read (in order, then id), every problem of the folder, and the lessons of the shipped
     * course its prerequisites may name besides its own (empty when the folder is the course).
     */
    public record Loaded(List<Lesson> lessons, List<Problem> problems, List<Lesson> course) {
        public Loaded {
            lessons = List.copyOf(lessons);
            problems = List.copyOf(problems);
            course = List.copyOf(course);
        }

        public Loaded(List<Lesson> lessons, List<Problem> problems) { this(lessons, problems, List.of()); }

        /** The lesson {@code id} names, in the folder or else in the course; null if neither has it. */
        public Lesson byId(String id) {
            for (List<Lesson> ls : List.of(lessons, course)) {
                for (Lesson l : ls) if (l.id().equals(id)) return l;
            }
            return null;
        }
    }

    private LessonLibrary() {}

    /** Loads and fully checks {@code dir}; problems name files as {@code dir.resolve(name)}. */
    public static Loaded load(Path dir) { return load(dir, new Evaluator(), true); }

    /** {@code check}: also run the model checks (slower: they measure comparisons). */
    public static Loaded load(Path dir, Evaluator evaluator, boolean check) {
        Path course = LessonFolder.course();
        boolean other = course != null && !sameFolder(dir, course);
        return load(dir, evaluator, check, other ? load(course, evaluator, false, List.of()).lessons() : List.of());
    }

    private static boolean sameFolder(Path a, Path b) {
        try {
            return Files.isSameFile(a, b);
        } catch (IOException | RuntimeException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }

    /** As {@link #load(Path, Evaluator, boolean)}, prerequisites naming lessons of {@code dir} or {@code course}. */
    static Loaded load(Path dir, Evaluator evaluator, boolean check, List<Lesson> course) {
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
        String notHere = noLessons(dir, files);
        if (notHere != null) {
            problems.add(new Problem(dirName, 1, notHere));
            return new Loaded(lessons, problems, course);
        }
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
            Draw first = Draw.first();
            LessonParser.Result r = LessonParser.parse(name, bytes, first);
            problems.addAll(r.problems());
            if (r.lesson() != null) {
                lessons.add(r.lesson());
                if (check) problems.addAll(new LessonChecker(evaluator).check(r.lesson(), r.problems()));
                if (check && r.lesson().assessment()) problems.addAll(checkAlternatives(name, bytes, first.most(), evaluator, problems));
            }
        }
        crossCheck(lessons, course, problems);
        lessons.sort(Comparator.comparingInt(Lesson::order).thenComparing(Lesson::id));
        problems.sort(null);
        return new Loaded(lessons, problems, course);
    }

    /**
     * An assessment's other draws: every step's k-th alternative for k = 2 .. {@code most}, parsed and checked, each
     * problem not already found said with the alternative it comes from.
     */
    private static List<Problem> checkAlternatives(String name, byte[] bytes, int most, Evaluator evaluator, List<Problem> found) {
        List<Problem> out = new ArrayList<>();
        for (int k = 1; k < most; k++) {
            LessonParser.Result rk = LessonParser.parse(name, bytes, Draw.forced(k));
            List<Problem> ps = new ArrayList<>(rk.problems());
            if (rk.lesson() != null) ps.addAll(new LessonChecker(evaluator).check(rk.lesson(), rk.problems()));
            for (Problem p : ps) {
                if (found.contains(p) || out.stream().anyMatch(o -> o.line() == p.line() && o.message().endsWith(p.message()))) continue;
                out.add(new Problem(p.file(), p.line(), "with draw alternative " + (k + 1) + " (of the steps that have one): " + p.message()));
            }
        }
        return out;
    }

    /**
     * Why {@code dir} is not a lesson folder at all, or null: it has no lesson file (pointing at a subfolder that
     * has some), or none of its two or more Markdown files starts with front matter (a folder of other documents: one
     * message, not one per file; a lone file's own problem says more).
     */
    private static String noLessons(Path dir, List<Path> files) {
        String how = "a lesson is a *.md file directly in the folder that starts with front matter; see lessons/README.md";
        if (files.isEmpty()) {
            List<String> subs = new ArrayList<>();
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, d -> Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS))) {
                for (Path d : ds) if (hasMarkdown(d) && subs.size() < 3) subs.add(d.toString());
            } catch (IOException | RuntimeException e) {
                // no suggestion
            }
            subs.sort(null);
            return "no lessons: the folder has no lesson files (" + how + "; subfolders are not read)"
                    + (subs.isEmpty() ? "" : "; did you mean " + String.join(" or ", subs.stream().map(s -> "'" + s + "'").toList()) + "?");
        }
        if (files.size() < 2) return null;
        for (Path p : files) {
            if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) || startsWithFrontMatter(p)) return null;
        }
        List<String> names = files.stream().limit(3).map(p -> p.getFileName().toString()).toList();
        return "no lessons: none of the folder's " + files.size() + " Markdown files (" + String.join(", ", names)
                + (files.size() > 3 ? ", ..." : "") + ") starts with front matter, so this is not a lesson folder (" + how + ")";
    }

    private static boolean hasMarkdown(Path d) {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(d, "*.md")) {
            for (Path p : ds) if (!p.getFileName().toString().equalsIgnoreCase("README.md")) return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return false;
    }

    /** The file's first line is '---' (after a byte-order mark), as {@link LessonParser} requires. */
    private static boolean startsWithFrontMatter(Path p) {
        try (java.io.InputStream in = Files.newInputStream(p, LinkOption.NOFOLLOW_LINKS)) {
            String head = new String(in.readNBytes(8), java.nio.charset.StandardCharsets.UTF_8);
            if (head.startsWith("\uFEFF")) head = head.substring(1);
            return head.startsWith("---");
        } catch (IOException | RuntimeException e) {
            return true; // unreadable: the file's own problem says so
        }
    }

    /** Unique ids, known prerequisites (in the folder, or in {@code course}), no cycles. */
    static void crossCheck(List<Lesson> lessons, List<Lesson> course, List<Problem> problems) {
        Map<String, Lesson> byId = new HashMap<>();
        for (Lesson l : lessons) {
            Lesson other = byId.putIfAbsent(l.id(), l);
            if (other != null) problems.add(new Problem(l.file(), 2, "id '" + l.id() + "' is also the id of " + other.file()));
        }
        Set<String> courseIds = new HashSet<>();
        for (Lesson c : course) courseIds.add(c.id());
        for (Lesson l : lessons) {
            for (String p : l.prerequisites()) {
                if (!byId.containsKey(p) && !courseIds.contains(p)) {
                    List<String> known = new ArrayList<>(byId.keySet());
                    known.addAll(courseIds);
                    known.sort(null);
                    problems.add(new Problem(l.file(), 2, "prerequisite '" + p + "' is not the id of a lesson in this folder"
                            + (course.isEmpty() ? "" : " or the shipped course") + Known.didYouMean(p, known)));
                } else if (p.equals(l.id())) problems.add(new Problem(l.file(), 2, "the lesson lists itself as a prerequisite"));
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

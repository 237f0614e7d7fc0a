package org.vdsoexplorer.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.cli.Cli;

/**
 * Deliberately broken lessons (src/test/resources/lessons-bad/*.md): each problem is reported with the
 * exact file:line: message listed in expected.txt, and check-lessons prints them and exits 1.
 */
class BadLessonsTest {
    static final Path BAD = Path.of("src/test/resources/lessons-bad");

    static List<String> expected() throws Exception {
        return Files.readAllLines(BAD.resolve("expected.txt")).stream().filter(s -> !s.isBlank()).toList();
    }

    @Test
    void everyProblemHasItsExactFileLineAndMessage() throws Exception {
        LessonLibrary.Loaded l = LessonLibrary.load(BAD);
        String prefix = BAD + java.io.File.separator;
        List<String> got = l.problems().stream().map(p -> p.toString().substring(prefix.length())).toList();
        assertEquals(expected(), got);
    }

    @Test
    void everyBadFileHasAtLeastOneProblem() throws Exception {
        List<String> exp = expected();
        try (var files = Files.list(BAD)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".md")).toList()) {
                String name = p.getFileName().toString();
                assertTrue(exp.stream().anyMatch(e -> e.startsWith(name + ":")), name + " has no expected problem");
            }
        }
    }

    record Run(int code, String out, String err) {}

    static synchronized Run cli(String... args) {
        PrintStream out = System.out, err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = Cli.run(args);
            return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Test
    void checkLessonsPrintsEveryProblemAndExitsOne() throws Exception {
        Run r = cli("check-lessons", BAD.toString());
        assertEquals(1, r.code());
        String prefix = BAD + java.io.File.separator;
        assertEquals(expected().stream().map(s -> prefix + s).toList(), r.out().lines().toList());
        assertEquals("", r.err());
    }

    @Test
    void checkLessonsOnTheRealLessonsExitsZero() {
        Run r = cli("check-lessons", "lessons");
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().strip().matches("lessons: " + LessonsTest.shipped() + " lessons, \\d+ steps, no problems"), r.out());
        Run d = cli("check-lessons");
        assertEquals(0, d.code(), d.out());
    }

    /** An empty folder, or one of other Markdown files (the wrong folder), is one problem naming it, and exit 1. */
    @Test
    void anEmptyOrWrongFolderFailsWithOneLineNamingIt(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        Path empty = Files.createDirectory(tmp.resolve("empty"));
        Run r = cli("check-lessons", empty.toString());
        assertEquals(1, r.code(), r.out());
        List<String> lines = r.out().lines().toList();
        assertEquals(1, lines.size(), r.out());
        assertTrue(lines.getFirst().startsWith(empty + ":1: no lessons: the folder has no lesson files"), r.out());

        Path docs = Files.createDirectory(tmp.resolve("docs"));
        Files.writeString(docs.resolve("notes.md"), "# Notes\n\nNot a lesson.\n");
        Files.writeString(docs.resolve("sources.md"), "# Sources\n");
        Run w = cli("check-lessons", docs.toString());
        assertEquals(1, w.code(), w.out());
        assertEquals(List.of(docs + ":1: no lessons: none of the folder's 2 Markdown files (notes.md, sources.md) starts with "
                + "front matter, so this is not a lesson folder (a lesson is a *.md file directly in the folder that starts with "
                + "front matter; see lessons/README.md)"), w.out().lines().toList());

        // the lessons are one level down: the message points there
        Path parent = Files.createDirectory(tmp.resolve("course"));
        Path sub = Files.createDirectory(parent.resolve("week1"));
        Files.copy(Path.of("lessons/examples/first-look.md"), sub.resolve("first-look.md"));
        Run p = cli("check-lessons", parent.toString());
        assertEquals(1, p.code(), p.out());
        assertEquals(1, p.out().lines().count(), p.out());
        assertTrue(p.out().strip().endsWith("; did you mean '" + sub + "'?"), p.out());
    }

    /** A teacher's folder may build on the shipped course: its prerequisites may name the course's lessons. */
    @Test
    void prerequisitesMayNameLessonsOfTheShippedCourse(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        String example = Files.readString(Path.of("lessons/examples/first-look.md"));
        Files.writeString(tmp.resolve("mine.md"), example.replace("id: example-first-look", "id: mine")
                .replace("prerequisites: []", "prerequisites: [seqlock, example-first-look]"));
        LessonLibrary.Loaded l = LessonLibrary.load(tmp, new Evaluator(), false);
        assertEquals(List.of("mine.md:2: prerequisite 'example-first-look' is not the id of a lesson in this folder or the "
                + "shipped course"), l.problems().stream().map(x -> x.toString().substring(tmp.toString().length() + 1)).toList());
        assertEquals("The seqlock read loop", l.byId("seqlock").title());
        assertEquals(LessonsTest.shipped(), l.course().size());
        // the course itself names only its own lessons
        assertTrue(LessonLibrary.load(Path.of("lessons"), new Evaluator(), false).course().isEmpty());
    }

    @Test
    void badArgumentsAreOneLineOnStderr() {
        Run r = cli("check-lessons", "no-such-folder");
        assertEquals(2, r.code());
        assertEquals("vdso-explorer: check-lessons: 'no-such-folder' is not a folder", r.err().strip());
        assertEquals(1, r.err().strip().lines().count());
        Run t = cli("check-lessons", "a", "b");
        assertEquals(2, t.code());
        assertEquals(1, t.err().strip().lines().count());
    }
}

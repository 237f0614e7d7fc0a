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

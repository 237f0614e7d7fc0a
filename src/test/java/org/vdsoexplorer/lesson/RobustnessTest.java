package org.vdsoexplorer.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed and hostile lessons never crash the parser or the checker: random bytes, mutated real
 * lessons, huge files, deep nesting, alias bombs, links out of the folder.
 */
class RobustnessTest {

    static LessonParser.Result parse(String text) { return LessonParser.parse("x.md", text); }

    static List<byte[]> realLessons() throws Exception {
        List<byte[]> out = new ArrayList<>();
        try (var s = Files.list(Path.of("lessons"))) {
            for (Path p : s.filter(f -> f.toString().endsWith(".md") && !f.endsWith("README.md")).sorted().toList()) {
                out.add(Files.readAllBytes(p));
            }
        }
        return out;
    }

    @Test
    void randomBytesNeverThrow() {
        Random r = new Random(4);
        for (int i = 0; i < 400; i++) {
            byte[] b = new byte[r.nextInt(4000)];
            r.nextBytes(b);
            if (i % 2 == 0) { // mostly printable junk with structure characters
                String alphabet = "-#`~:{}[]\n\n  abc123*&!|>'\"\\";
                for (int j = 0; j < b.length; j++) b[j] = (byte) alphabet.charAt(r.nextInt(alphabet.length()));
            }
            LessonParser.Result res = LessonParser.parse("junk.md", b);
            assertTrue(res.lesson() == null || !res.problems().isEmpty() || !res.lesson().steps().isEmpty());
        }
    }

    @Test
    void mutatedLessonsNeverThrowAndAreCheckedSafely() throws Exception {
        Random r = new Random(7);
        List<byte[]> real = realLessons();
        Evaluator ev = new Evaluator();
        int checked = 0;
        for (int i = 0; i < 300; i++) {
            String text = new String(real.get(r.nextInt(real.size())), StandardCharsets.UTF_8);
            List<String> lines = new ArrayList<>(text.lines().toList());
            int ops = 1 + r.nextInt(4);
            for (int k = 0; k < ops && !lines.isEmpty(); k++) {
                int at = r.nextInt(lines.size());
                switch (r.nextInt(7)) {
                    case 0 -> lines.remove(at);
                    case 1 -> lines.add(at, lines.get(r.nextInt(lines.size())));
                    case 2 -> lines.set(at, lines.get(at).replace(':', ' '));
                    case 3 -> lines.set(at, "  " + lines.get(at));
                    case 4 -> lines.set(at, lines.get(at) + " ]]}{: &a *a");
                    case 5 -> lines.set(at, lines.get(at).replaceAll("[0-9]", Integer.toString(r.nextInt(10000))));
                    default -> lines.subList(at, lines.size()).clear();
                }
            }
            String mutated = String.join("\n", lines);
            LessonParser.Result res = parse(mutated);
            if (res.lesson() != null && checked < 40 && r.nextInt(4) == 0) {
                checked++;
                new LessonChecker(ev).check(res.lesson(), res.problems());
            }
        }
    }

    @Test
    void aHugeFileIsOneProblemAndIsNotReadWhole(@TempDir Path dir) throws Exception {
        byte[] big = new byte[LessonParser.MAX_BYTES + 1];
        java.util.Arrays.fill(big, (byte) 'a');
        LessonParser.Result r = LessonParser.parse("big.md", big);
        assertNull(r.lesson());
        assertEquals(List.of(new Problem("big.md", 1, "the file is " + big.length + " bytes; a lesson may be at most "
                + LessonParser.MAX_BYTES + " bytes")), r.problems());
        Path f = dir.resolve("big.md");
        Files.write(f, new byte[50 * 1024 * 1024]);
        LessonLibrary.Loaded l = LessonLibrary.load(dir);
        assertEquals(1, l.problems().size());
        // read through the one loader (util.AtomicFiles): refused by its size on disk, not by the bytes read
        assertEquals(String.format(java.util.Locale.ROOT, "is %,d bytes; a lesson may be at most %,d bytes", 50L << 20, LessonParser.MAX_BYTES),
                l.problems().getFirst().message());
    }

    static final String FRONT = "---\nid: t\ntitle: T\norder: 1\nobjectives: x\n---\n";

    @Test
    void deepNestingIsBounded() {
        String[] hostile = {
            FRONT + "## S {minutes=1}\n\n" + ">".repeat(100_000) + " deep quote\n",
            FRONT + "## S {minutes=1}\n\n" + "![".repeat(30_000) + "](".repeat(30_000) + "\n",
            FRONT + "## S {minutes=1}\n\n" + buildNestedList(3000),
            FRONT + "## S {minutes=1}\n\n```setup\nscenario: " + "[".repeat(5000) + "host" + "]".repeat(5000) + "\n```\n",
            FRONT + "## S {minutes=1}\n\n```setup\n" + buildNestedYaml(2000) + "```\n",
            "---\nid: " + "{".repeat(20000) + "\n---\n## S {minutes=1}\n",
            FRONT + "## S {minutes=1}\n\n```question\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                    + "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n```\n",
            FRONT + "## S {minutes=1}\n\n```setup\nscenario: &x host\nvariant: *x\n!!java.lang.Runtime {}: x\n```\n",
            FRONT + "## S {minutes=1}\n\n```setup\n? [a, b]\n: c\n```\n",
            FRONT + ("## S {minutes=1}\n\ntext\n").repeat(5000),
            FRONT + "## S {minutes=1}\n\n```setup\nscenario: host\nscenario: timens\n```\n",
            FRONT + "## S {minutes=1}\n\n```setup\n" + "x".repeat(40_000) + ": 1\n```\n",
        };
        for (String h : hostile) {
            LessonParser.Result r = parse(h);
            assertFalse(r.problems().isEmpty(), () -> "expected a problem for " + h.substring(0, Math.min(120, h.length())));
        }
    }

    @Test
    void deepInlineMarkupIsJustText() {
        for (String body : List.of("[".repeat(4000) + "x" + "]".repeat(4000), "*".repeat(50_000) + "x" + "*".repeat(50_000),
                "`".repeat(30_000), "<a ".repeat(30_000), "![".repeat(1990) + "](".repeat(1990))) {
            LessonParser.Result r = parse(FRONT + "## S {minutes=1}\n\n" + body + "\n");
            assertEquals(List.of(), r.problems(), body.substring(0, 8));
            // the app renders step bodies with the same bounded parser
            org.commonmark.node.Node doc = LessonParser.markdownParser().parse(r.lesson().steps().getFirst().body());
            int depth = 0;
            for (org.commonmark.node.Node n = doc; n != null; n = n.getFirstChild()) depth++;
            assertTrue(depth < 100, "depth " + depth);
        }
    }

    private static String buildNestedList(int depth) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < depth; i++) sb.append("  ".repeat(i)).append("- item\n");
        return sb.toString();
    }

    private static String buildNestedYaml(int depth) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < depth; i++) sb.append(" ".repeat(i)).append("k").append(i).append(":\n");
        return sb.toString();
    }

    @Test
    void linksOutOfTheFolderAreNotFollowed(@TempDir Path tmp) throws Exception {
        Path outside = tmp.resolve("outside.md");
        Files.writeString(outside, FRONT + "## S {minutes=1}\n\nsecret\n");
        Path dir = Files.createDirectory(tmp.resolve("lessons"));
        Files.writeString(dir.resolve("good.md"), "---\nid: good\ntitle: G\norder: 1\nobjectives: x\nprerequisites: [../outside]\n---\n## S {minutes=1}\n\nok\n");
        Files.createSymbolicLink(dir.resolve("link.md"), outside);
        Path sub = Files.createDirectory(dir.resolve("sub.md"));
        Files.writeString(sub.resolve("inner.md"), "not read");
        LessonLibrary.Loaded l = LessonLibrary.load(dir);
        assertEquals(1, l.lessons().size(), "only good.md is a lesson");
        List<String> got = l.problems().stream().map(p -> p.file().substring(dir.toString().length() + 1) + ":" + p.line() + ": " + p.message()).toList();
        assertEquals(List.of(
                "good.md:6: prerequisite '../outside' is not a lesson id",
                "link.md:1: not a plain file (links are not followed); a lesson is a Markdown file in the folder",
                "sub.md:1: not a plain file (links are not followed); a lesson is a Markdown file in the folder"), got);
    }

    @Test
    void duplicateIdsAndCyclesAcrossFiles(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.md"), "---\nid: a\ntitle: A\norder: 1\nobjectives: x\nprerequisites: [b]\n---\n## S {minutes=1}\n\nx\n");
        Files.writeString(dir.resolve("b.md"), "---\nid: b\ntitle: B\norder: 2\nobjectives: x\nprerequisites: [a]\n---\n## S {minutes=1}\n\nx\n");
        Files.writeString(dir.resolve("c.md"), "---\nid: a\ntitle: C\norder: 3\nobjectives: x\n---\n## S {minutes=1}\n\nx\n");
        LessonLibrary.Loaded l = LessonLibrary.load(dir);
        List<String> msgs = l.problems().stream().map(Problem::message).toList();
        assertTrue(msgs.contains("id 'a' is also the id of " + dir.resolve("a.md")), msgs.toString());
        assertTrue(msgs.contains("prerequisites form a cycle through 'a'"), msgs.toString());
        assertTrue(msgs.contains("prerequisites form a cycle through 'b'"), msgs.toString());
    }

    @Test
    void windowsLineEndingsAndABomAreFine() {
        String text = "\uFEFF" + FRONT.replace("\n", "\r\n") + "## S {minutes=1}\r\n\r\n```setup\r\nscenario: host\r\n```\r\n";
        LessonParser.Result r = parse(text);
        assertEquals(List.of(), r.problems());
        assertEquals(9, r.lesson().steps().getFirst().setup().line());
    }
}

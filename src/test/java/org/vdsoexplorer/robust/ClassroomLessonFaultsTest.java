package org.vdsoexplorer.robust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.lesson.ShownMarkdown;

/**
 * Issue 28's big lessons: a 10 KB lesson whose last step is a 50 x 100 table, and one whose last step is 6000
 * paragraphs, both valid Markdown. Each is shown in the lessons panel of a child JVM with the app's heap options
 * (bin/jvm.options: the 96 MB cap) by app.lesson.LessonPaneProbe, and checked by {@code check-lessons}. The panel must
 * show the step's content or say how much it shows and why, keep the heap it holds for the step small, leave Next
 * disabled on the last step and not show another step's setup line; check-lessons must name the file line where the
 * panel stops. The old panel kept 45-50 MB for either step (an OutOfMemoryError beside the running model), and when
 * rendering failed it left the step blank under the previous step's setup line with Next enabled.
 */
class ClassroomLessonFaultsTest {
    static final int TABLE_COLUMNS = 50, TABLE_ROWS = 100, PARAGRAPHS = 6000;
    /**
     * The heap a shown step may keep: twice the panel's measured cost per Markdown element (about 4.5 KB, see
     * {@link ShownMarkdown}) for a full step's {@link ShownMarkdown#MAX_UNITS}.
     */
    static final long RETAINED_BOUND = ShownMarkdown.MAX_UNITS * 9L * 1024;

    @TempDir
    Path dir;

    /** A lesson file of {@code steps} ("## title" then its lines), front matter first; returns its lines (1-based: index + 1). */
    static List<String> lesson(String id, List<List<String>> steps) {
        List<String> l = new ArrayList<>(List.of("---", "id: " + id, "title: A big lesson", "order: 90", "objectives: [Survive a big lesson]",
                "prerequisites: []", "---", ""));
        for (List<String> s : steps) {
            for (String line : s) l.add(line.startsWith("## ") ? line + " {minutes=1}" : line);
            l.add("");
        }
        return l;
    }

    static List<String> firstStep() {
        return List.of("## First", "", "A short step.", "", "```setup", "scenario: host", "variant: unlikely", "clock: monotonic", "```");
    }

    /** The table step: header c0..c49, delimiter, 100 rows of one-digit cells; a setup unlike the first step's. */
    static List<String> tableStep() {
        List<String> s = new ArrayList<>(List.of("## The table", "", "```setup", "scenario: timens", "variant: timens-inline",
                "```", ""));
        StringBuilder h = new StringBuilder("|"), d = new StringBuilder("|");
        for (int c = 0; c < TABLE_COLUMNS; c++) {
            h.append("c").append(c).append('|');
            d.append("-|");
        }
        s.add(h.toString());
        s.add(d.toString());
        for (int r = 0; r < TABLE_ROWS; r++) s.add("|" + (String.valueOf(r % 10) + "|").repeat(TABLE_COLUMNS));
        return s;
    }

    static List<String> paragraphsStep() {
        List<String> s = new ArrayList<>(List.of("## Many paragraphs", "", "```setup", "scenario: timens",
                "variant: timens-inline", "```", ""));
        for (int i = 0; i < PARAGRAPHS; i++) {
            s.add("Paragraph " + i + " of the long step, with a few more words to read.");
            s.add("");
        }
        return s;
    }

    Path write(String id, List<String> lines) throws Exception {
        Path f = dir.resolve(id + ".md");
        Files.writeString(f, String.join("\n", lines) + "\n");
        return f;
    }

    @Test
    void bigTableStepShowsItsRowsOrSaysHowManyAndNextIsOff() throws Exception {
        List<String> lines = lesson("big-table", List.of(firstStep(), tableStep()));
        Path f = write("big-table", lines);
        assertTrue(Files.size(f) < 12 * 1024, "the issue's lesson is about 10 KB: " + Files.size(f));
        Map<String, String> shown = showLastStep(f);
        assertNavigationAndSetup(shown);
        assertEquals("c0", shown.get("firstText"), "the table's header is shown first: " + shown);
        int rows = Integer.parseInt(shown.get("tableRows"));
        int allRows = TABLE_ROWS + 1;
        assertTrue(rows >= 1, "no row of the table shown: " + shown);
        if (rows < allRows) {
            assertTrue(shown.get("cut").contains("the first " + rows + " of this table's " + allRows + " rows"), shown.toString());
            // check-lessons names the file line of the first row left out: the header's line, the delimiter's, then the rows
            int line = lines.indexOf(tableStep().get(7)) + 1 + 1 + rows;
            assertCheckerStopsAt(f, line);
        } else {
            assertEquals("", shown.get("cut"), shown.toString());
            assertCheckerAccepts();
        }
        assertSmallHeap(shown);
    }

    @Test
    void manyParagraphsStepShowsThemOrSaysHowManyAndNextIsOff() throws Exception {
        List<String> lines = lesson("many-paragraphs", List.of(firstStep(), paragraphsStep()));
        Path f = write("many-paragraphs", lines);
        assertTrue(Files.size(f) > 256 * 1024, "the issue's lesson is about 287 KB: " + Files.size(f));
        Map<String, String> shown = showLastStep(f);
        assertNavigationAndSetup(shown);
        assertTrue(shown.get("firstText").startsWith("Paragraph 0 "), shown.toString());
        int paragraphs = Integer.parseInt(shown.get("paragraphs"));
        assertTrue(paragraphs >= 1, "no paragraph shown: " + shown);
        if (paragraphs < PARAGRAPHS) {
            assertTrue(shown.get("cut").contains("the first " + paragraphs + " of this text's " + PARAGRAPHS + " paragraphs"),
                    shown.toString());
            assertCheckerStopsAt(f, lines.indexOf("Paragraph " + paragraphs + " of the long step, with a few more words to read.") + 1);
        } else {
            assertEquals("", shown.get("cut"), shown.toString());
            assertCheckerAccepts();
        }
        assertSmallHeap(shown);
    }

    /** Rendering that fails anyway (an OutOfMemoryError from the renderer): the step says why, Next is off on the last step. */
    @Test
    void aStepThatCannotBeRenderedSaysWhyAndNextIsOff() throws Exception {
        Path f = write("fails", lesson("fails", List.of(firstStep(), List.of("## Last", "", "```setup", "scenario: timens",
                "variant: timens-inline", "```", "", "A short last step."))));
        Map<String, String> shown = run(f, "--fail-render");
        assertNavigationAndSetup(shown);
        assertTrue(shown.get("unshown").contains("could not be shown") && shown.get("unshown").contains("out of memory"),
                shown.toString());
    }

    /** On the last step (2 of 2): Next off, Previous on, nothing thrown, and the setup line is this step's (timens). */
    static void assertNavigationAndSetup(Map<String, String> shown) {
        assertEquals("", shown.get("thrown"), shown.toString());
        assertEquals("", shown.get("uncaught"), shown.toString());
        assertEquals("Step 2 of 2", shown.get("step"), shown.toString());
        assertEquals("true", shown.get("nextDisabled"), "Next on the last step: " + shown);
        assertEquals("false", shown.get("prevDisabled"), shown.toString());
        assertFalse(shown.get("setup").contains("has errors"), shown.toString());
        assertTrue(shown.get("setup").startsWith("Model: timens / timens-inline /"), "the last step's own setup line: " + shown);
    }

    static void assertSmallHeap(Map<String, String> shown) {
        long kept = Long.parseLong(shown.get("retainedBytes"));
        assertTrue(kept < RETAINED_BOUND, "the step keeps " + kept / 1024 + " KB of the heap; at most " + RETAINED_BOUND / 1024
                + " KB (of " + Long.parseLong(shown.get("maxHeapBytes")) / (1024 * 1024) + " MB): " + shown);
    }

    void assertCheckerStopsAt(Path f, int line) {
        Reproducers.Out out = Reproducers.cli("check-lessons", dir.toString());
        assertEquals(1, out.code(), out.toString());
        assertEquals(List.of(f + ":" + line), out.out().lines().filter(l -> l.startsWith(f + ":"))
                .map(l -> l.substring(0, l.indexOf(": "))).toList(), "one problem, where the panel stops: " + out);
        assertTrue(out.out().contains("too long for the lesson panel"), out.toString());
        assertFalse(out.out().contains("\tat ") || out.err().contains("\tat "), out.toString());
    }

    void assertCheckerAccepts() {
        Reproducers.Out out = Reproducers.cli("check-lessons", dir.toString());
        assertEquals(0, out.code(), out.toString());
    }

    Map<String, String> showLastStep(Path f) throws Exception { return run(f); }

    /**
     * Runs app.lesson.LessonPaneProbe on {@code f} in a child JVM with the heap and GC options of bin/jvm.options (the
     * app's), the headless platform and a progress folder in the test's folder; its {@code key=value} lines.
     */
    Map<String, String> run(Path f, String... more) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        for (String o : Files.readAllLines(Path.of("bin", "jvm.options"))) if (o.startsWith("-X")) cmd.add(o.strip());
        assertTrue(cmd.stream().anyMatch(o -> o.startsWith("-Xmx")), "bin/jvm.options caps the heap: " + cmd);
        Path data = Files.createDirectories(dir.resolve("progress"));
        cmd.addAll(List.of("-Dglass.platform=Headless", "-Dprism.order=sw", "-Djava.awt.headless=true",
                "-D" + org.vdsoexplorer.session.ProgressStore.DIR_PROPERTY + "=" + data, "-cp", System.getProperty("java.class.path"),
                "org.vdsoexplorer.app.lesson.LessonPaneProbe", f.toString()));
        cmd.addAll(List.of(more));
        Path log = dir.resolve("child.out");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the panel did not show the step within 180 s: " + Files.readString(log));
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        Map<String, String> m = new LinkedHashMap<>();
        Matcher kv = Pattern.compile("(?m)^([A-Za-z]+)=(.*)$").matcher(out);
        while (kv.find()) m.put(kv.group(1), kv.group(2));
        assertTrue(m.containsKey("showMs") && m.containsKey("step"), out);
        return m;
    }
}

package org.vdsoexplorer.sim.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.sim.cost.CostTableException;

/** The pipeline table goes through the hardened loader: a FIFO is refused unopened; every refusal names the file and a real line. */
class TimingTableLoadingTest {

    /** A FIFO made with mkfifo, or the test is skipped where there is none. */
    static Path fifo(Path dir, String name) throws Exception {
        Path f = dir.resolve(name);
        int rc;
        try {
            rc = new ProcessBuilder("mkfifo", f.toString()).start().waitFor();
        } catch (IOException e) {
            rc = -1;
        }
        assumeTrue(rc == 0 && Files.exists(f), "no mkfifo here");
        return f;
    }

    @Test
    void aFifoIsRefusedUnopened(@TempDir Path dir) throws Exception {
        Path f = fifo(dir, "timing.yaml");
        String m = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> assertThrows(CostTableException.class, () -> TimingTable.load(f)).getMessage());
        assertTrue(m.startsWith(f + ":1: ") && m.contains("not a regular file"), m);
        assertEquals(1, m.lines().count(), m);
    }

    /** The 1-based line of the first occurrence of {@code marker} in {@code text}. */
    static int lineOf(String text, String marker) {
        int at = text.indexOf(marker);
        assertTrue(at >= 0, marker);
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    private static String refusal(Path dir, String yaml) throws IOException {
        Path f = dir.resolve("bad-timing.yaml");
        Files.writeString(f, yaml);
        return assertThrows(CostTableException.class, () -> TimingTable.load(f)).getMessage();
    }

    @Test
    void badTablesNameTheFileAndTheLineOfTheFault(@TempDir Path dir) throws IOException {
        String y = TimingTableTest.shipped();
        Path f = dir.resolve("bad-timing.yaml");
        // an alias of a mapping (the engine reports it without a mark)
        String alias = y.replaceFirst("(\\n    counter_read: )\\{", "$1&cr {").replaceFirst("(\\n    counter_read: )\\{[^\\n]*", "$1*cr");
        String m = refusal(dir, alias);
        assertTrue(m.startsWith(f + ":" + lineOf(alias, "*cr") + ": ") && m.contains("alias"), m);
        // flow collections nested past the limit, far into the file
        String deep = y + "extra: " + "[".repeat(40) + "]".repeat(40) + "\n";
        m = refusal(dir, deep);
        assertEquals(f + ":" + lineOf(deep, "extra: [") + ": nested more than 32 levels deep", m);
        // a key given twice: the second one's line
        String twice = y.replaceFirst("(\\n    label: [^\\n]*)", "$1$1");
        m = refusal(dir, twice);
        assertEquals(f + ":" + (lineOf(twice, "\n    label: ") + 2) + ": cores.zen2.label: appears twice", m);
        // a syntax error keeps its line
        String broken = y.replaceFirst("(\\n    label: )", "$1\"unclosed\n");
        m = refusal(dir, broken);
        assertTrue(m.startsWith(f + ":") && !m.startsWith(f + ":0:"), m);
        int line = Integer.parseInt(m.substring(f.toString().length() + 1, m.indexOf(':', f.toString().length() + 1)));
        assertTrue(line >= lineOf(broken, "\"unclosed"), m);
    }
}

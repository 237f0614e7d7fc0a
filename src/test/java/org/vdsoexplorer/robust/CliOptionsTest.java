package org.vdsoexplorer.robust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.app.tools.Screenshots;
import org.vdsoexplorer.util.AtomicFiles;

/** Issue 8 item 8's CLI bugs: each failed before the fix. */
class CliOptionsTest {

    private static void oneLine(Reproducers.Out r, String contains) {
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains(contains), r.err());
    }

    @Test
    void anUnknownOptionWithoutAValueIsUnknownNotMissingItsValue() {
        oneLine(Reproducers.cli("report", "--bogus"), "report: unknown option --bogus (known: --clock, --compiler, --core, --costs, --format, --ghz, --scenario, --tick-hz, --timing, --variant, --writer-step)");
        oneLine(Reproducers.cli("check-lessons", "--x"), "check-lessons: unknown option --x (it takes no options)");
        oneLine(Reproducers.cli("report", "--scenario"), "report: option --scenario needs a value");
    }

    @Test
    void aRepeatedSingleValuedOptionIsRefusedNotLastWins() {
        oneLine(Reproducers.cli("report", "--scenario", "host", "--scenario", "timens"),
                "report: option --scenario given 2 times ('host', 'timens'); give it once");
        oneLine(Reproducers.cli("seeds", "--ghz=1", "--ghz=2"), "option --ghz given 2 times");
    }

    @Test
    void anUnusableScreenshotsFolderIsOneClearSentence(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("a-file");
        Files.writeString(file, "x");
        assertEquals("'" + file + "' is a file, not a folder", Screenshots.prepare(file));
        String under = Screenshots.prepare(file.resolve("sub"));
        assertTrue(under.startsWith("cannot write into '" + file.resolve("sub") + "': "), under);
        String proc = Screenshots.prepare(Path.of("/proc/not/writable"));
        assertTrue(proc.startsWith("cannot write into '/proc/not/writable': "), proc);
        assertFalse(proc.contains("Exception"), proc);
        assertNull(Screenshots.prepare(dir.resolve("new")));
        assertTrue(Files.isDirectory(dir.resolve("new")));
    }

    @Test
    void permissionDeniedIsSaidInWords() {
        assertEquals("permission denied", AtomicFiles.reason(new AccessDeniedException("/x/.progress.json.123.tmp")));
        assertEquals("cannot create a file in /x: permission denied",
                AtomicFiles.worded(new AccessDeniedException("/x/.progress.json.123.tmp"), "cannot create a file in /x").getMessage());
    }
}

package org.vdsoexplorer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.sim.timing.TimingTableTest;

/** {@code --costs FILE} goes through the hardened loader for both kinds of table. */
class TimingOptionTest {
    private record Out(int code, String out, String err) {}

    /** Straight through the registry, not the shared stdout capture: a blocked run must not hold a lock other tests need. */
    private static Out run(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int rc = Cli.run(args, new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Out(rc, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aFifoGivenAsCostsIsRefusedInOneLineInsteadOfBlocking(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("costs.yaml");
        int rc;
        try {
            rc = new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
        } catch (IOException e) {
            rc = -1;
        }
        assumeTrue(rc == 0, "no mkfifo here");
        for (List<String> args : List.of(List.of("report", "--scenario", "host", "--variant", "before", "--clock", "monotonic"),
                List.of("seeds"), List.of("bench", "--seconds", "0.1"))) {
            String[] a = java.util.stream.Stream.concat(args.stream(), java.util.stream.Stream.of("--costs", fifo.toString()))
                    .toArray(String[]::new);
            Out r = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> run(a), args.getFirst() + " blocked on the FIFO");
            assertEquals(2, r.code(), r.err());
            assertEquals(List.of("vdso-explorer: " + fifo + ":1: is not a regular file (a pipe or device?); it was not opened"),
                    r.err().lines().toList());
        }
    }

    @Test
    void aBadPipelineTableNamesItsFileAndTheLineOfTheFault(@TempDir Path dir) throws IOException {
        String y = TimingTableTest.shipped();
        String alias = y.replaceFirst("(\\n    counter_read: )\\{", "$1&cr {").replaceFirst("(\\n    counter_read: )\\{[^\\n]*", "$1*cr");
        Path f = dir.resolve("timing-copy.yaml");
        Files.writeString(f, alias);
        int line = (int) alias.substring(0, alias.indexOf("*cr")).chars().filter(c -> c == '\n').count() + 1;
        Out r = run("report", "--timing", "pipeline", "--costs", f.toString(), "--scenario", "host", "--variant", "unlikely");
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(line > 1 && r.err().startsWith("vdso-explorer: " + f + ":" + line + ": "), line + ": " + r.err());
    }
}

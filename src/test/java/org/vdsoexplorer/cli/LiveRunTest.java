package org.vdsoexplorer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.sim.real.Capture;
import org.vdsoexplorer.sim.real.CaptureFile;

/**
 * {@code live run --capture FILE} with only a capture: every row returns the captured time, the core it predicts on
 * and why, and no measurement when this is not the captured machine (the capture's image is changed in a padding
 * byte, so it is not this machine's vDSO even here).
 */
class LiveRunTest {
    @TempDir Path dir;

    private record Out(int code, String out, String err) {}

    private static Out run(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int rc = Cli.commands().run(args, new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Out(rc, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    /** The shipped capture, its last [vdso] byte (past the ELF's sections: padding) changed. */
    private Path elsewhere() throws Exception {
        Capture c = CaptureFile.example();
        List<Capture.Task> tasks = new ArrayList<>();
        for (Capture.Task t : c.tasks()) {
            List<Capture.Mapping> maps = new ArrayList<>();
            for (Capture.Mapping m : t.mappings()) {
                if (!m.name().equals(Capture.VDSO)) {
                    maps.add(m);
                    continue;
                }
                List<Capture.Page> pages = new ArrayList<>(m.pages());
                byte[] last = pages.getLast().bytes().clone();
                last[last.length - 1] ^= 0x5a;
                pages.set(pages.size() - 1, new Capture.Page(pages.getLast().slot(), last));
                maps.add(new Capture.Mapping(m.name(), m.start(), pages));
            }
            tasks.add(new Capture.Task(t.task(), t.timensOffsets(), maps, t.clocks()));
        }
        Path f = dir.resolve("other.json");
        CaptureFile.write(f, new Capture(c.format(), c.version(), c.captured(), c.kernel(), c.clocksource(), c.cpu(), c.cpuFlags(),
                c.coreGhz(), c.coreGhzHow(), tasks, c.disassembly()));
        return f;
    }

    @Test void everyRowReturnsTheCapturedTime() throws Exception {
        Out r = run("live", "run", "--capture", elsewhere().toString(), "--format", "tsv");
        assertEquals(0, r.code(), r.err());
        List<String> rows = r.out().lines().skip(1).toList();
        assertEquals(14, rows.size(), r.out());
        for (String row : rows) {
            String[] w = row.split("\t");
            assertEquals(w[8], w[7], "returned = captured: " + row);
            assertEquals("-", w[6], "not measured elsewhere: " + row);
            assertTrue(w[2].equals("pvclock") || w[2].equals("coarse"), row);
        }
        assertTrue(r.err().contains("not measured: this machine's vDSO is not the captured one"), r.err());
    }

    @Test void theTableSaysWhichCoreAndClockAndRefusesBadOptions() throws Exception {
        Path f = elsewhere();
        Out r = run("live", "run", "--capture", f.toString(), "--clock", "monotonic", "--task", "timens");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("timens  monotonic         pvclock"), r.out());
        assertTrue(r.out().contains("core: zen2 (AMD Zen 2 (Ryzen 3000, EPYC 7002)) as a fallback: this CPU is AuthenticAMD family 0x1a"), r.out());
        assertTrue(r.out().contains("core clock: 3.421 GHz, calibrated when captured"), r.out());
        assertEquals(2, run("live", "run", "--capture", f.toString(), "--clock", "nope").code());
        assertEquals(2, run("live", "run", "--capture", f.toString(), "--task", "nope").code());
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\n  \"format\": 3\n}\n");
        Out b = run("live", "run", "--capture", bad.toString());
        assertEquals(2, b.code());
        assertTrue(b.err().startsWith("vdso-explorer: " + bad + ":"), b.err());
    }

    @Test void aPlacedUpdateMakesTheRealCodeRetry() throws Exception {
        Out r = run("live", "run", "--capture", elsewhere().toString(), "--clock", "monotonic", "--update-before", "40");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("update_vsyscall() placed before reader instruction 40:"), r.out());
        assertTrue(r.out().matches("(?s).*host    monotonic +4 +2 yes .*"), r.out());
        assertTrue(r.out().matches("(?s).*timens  monotonic +5 +3 yes .*"), r.out());
        Out early = run("live", "run", "--capture", elsewhere().toString(), "--clock", "monotonic", "--task", "host", "--update-before", "0");
        assertTrue(early.out().matches("(?s).*host    monotonic +2 +2 no .*"), early.out());
    }
}

package org.vdsoexplorer.robust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cost.CostTableException;

/** Issue 14's cost-table reproducers: each was a crash, hang or unclear message; each is now one refusal. */
class CostTableRangesTest {

    private static String refusal(String yaml) {
        return assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> assertThrows(CostTableException.class, () -> CostTable.parse("t.yaml", yaml)).getMessage());
    }

    @Test
    void recursiveAliasIsRefusedNotAStackOverflow() {
        String m = refusal("x: &a {y: *a}\n");
        assertTrue(m.startsWith("t.yaml:1: an alias"), m);
        String shared = refusal(Reproducers.COSTS + "\nextra: &b {cycles: 1, source: s}\nmore: *b\n");
        assertTrue(shared.matches("t\\.yaml:\\d+: an alias.*"), shared);
    }

    @Test
    void deeplyNestedYamlIsRefusedWithALine() {
        String m = refusal("a: " + "[".repeat(100_000) + "\n");
        assertTrue(m.startsWith("t.yaml:1: nested more than"), m);
    }

    @Test
    void tinyGhzIsRefusedNotADivideByZero() {
        String m = refusal(Reproducers.costsWith("cpu.ghz", "1e-300"));
        assertTrue(m.matches("t\\.yaml:\\d+: 'cpu\\.ghz' is 1\\.00e-300, must be between 0\\.1 and 10 GHz"), m);
    }

    @Test
    void extremeGhzIsRefusedNamingTheKeyNotMultOutOfRange() {
        String m = refusal(Reproducers.costsWith("cpu.ghz", "1e12"));
        assertTrue(m.contains("'cpu.ghz' is") && m.contains("between 0.1 and 10 GHz"), m);
        Reproducers.Out r = Reproducers.cli("report", "--scenario", "host", "--ghz", "1e-9");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--ghz is") && r.err().contains("between 0.1 and 10 GHz"), r.err());
        assertFalse(r.err().contains("mult out of u32"), r.err());
    }

    @Test
    void allCostsZeroIsRefusedNotAHang() {
        String zero = Reproducers.COSTS.replaceAll("(cycles|value): *[0-9.]+", "$1: 0");
        String m = refusal(zero);
        assertTrue(m.matches("t\\.yaml:\\d+: '[a-z_.]+' is 0, must be between .*"), m);
    }

    @Test
    void hugeCostsAreRefusedNotAHangWithGrowingMemory() {
        assertTrue(refusal(Reproducers.costsWith("writer.step", "1e12")).contains("'writer.step' is 1,000,000,000,000, must be between 0 and 10,000 cycles"));
        assertTrue(refusal(Reproducers.costsWith("instruction.rdtsc", "1e15")).contains("'instruction.rdtsc' is"));
    }

    @Test
    void yamlErrorsNameALineNeverZero() {
        for (String bad : new String[] {"a: [1,\nb", "a: b: c", "\t- x", "a: *nowhere", "a: 1\na: 2", "x: \"\\q\""}) {
            String m = refusal(bad);
            assertTrue(m.matches("t\\.yaml:[1-9]\\d*: .*"), bad + " -> " + m);
        }
    }

    @Test
    void hostileTablesThroughTheCliExitTwoWithOneLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("costs.yaml");
        for (String yaml : new String[] {"x: &a {y: *a}\n", Reproducers.costsWith("cpu.ghz", "1e-300"),
                Reproducers.costsWith("writer.step", "1e12")}) {
            Files.writeString(f, yaml);
            Reproducers.Out r = assertTimeoutPreemptively(Duration.ofSeconds(20),
                    () -> Reproducers.cli("report", "--scenario", "host", "--variant", "before", "--clock", "monotonic", "--costs", f.toString()));
            assertEquals(2, r.code(), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains(f + ":"), r.err());
        }
    }

    @Test
    void aFifoAsCostTableIsRefusedUnopened(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("costs.yaml");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() != 0) return; // no mkfifo here
        String m = assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> assertThrows(CostTableException.class, () -> CostTable.load(fifo)).getMessage());
        assertTrue(m.contains("not a regular file"), m);
    }

    @Test
    void theBoundsAdmitTheShippedTableAndTheExtremesRun() {
        CostTable.parse("t.yaml", Reproducers.COSTS);
        // the slowest and fastest clock rates the bounds allow still measure a report row
        for (String ghz : new String[] {"0.1", "10"}) for (String sc : new String[] {"host", "pvclock", "hyperv"}) {
            Reproducers.Out r = Reproducers.cli("report", "--scenario", sc, "--variant", "before", "--clock", "monotonic",
                    "--ghz", ghz, "--format", "tsv");
            assertEquals(0, r.code(), r.err());
        }
    }
}

package org.vdsoexplorer.sim;

import java.util.List;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.cli.Cli;

/** The headless commands: outputs, and one clear line with exit 2 for every kind of bad input. */
class CliTest {
    private record Out(int code, String out, String err) {}

    private static Out run(String... args) {
        var r = org.vdsoexplorer.robust.Reproducers.cli(args);
        return new Out(r.code(), r.out(), r.err());
    }

    private static void oneLineError(Out r, String contains) {
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.err().contains(contains), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void reportTsvForOneScenarioAndClock() {
        Out r = run("report", "--scenario", "hyperv-5.13-rc1", "--clock", "realtime", "--format", "tsv");
        assertEquals(0, r.code(), r.err());
        var lines = r.out().lines().toList();
        assertEquals("scenario\tvariant\tclock\tcompiler\tinstructions\tcycles\tns\tcalls_in_3s\tretries\tfallbacks\twrong\ttiming", lines.getFirst());
        assertEquals(1 + Variant.values().length - 1, lines.size(), "every vDSO variant");
        assertTrue(lines.get(1).startsWith("hyperv-5.13-rc1\tbefore\trealtime\tgcc-12\t"));
        assertTrue(lines.get(1).endsWith("\t1.0000\t0\tadditive"), "every call falls back, none wrong: " + lines.get(1));
    }

    /** The broken reader under dense ticks: the cost table's writer tears only realtime (its basetime is stored first). */
    @Test
    void reportShowsWrongTimesOfABrokenReaderUnderDenseTicks() {
        Out r = run("report", "--scenario", "host", "--variant", "no-retry", "--tick-hz", "100000", "--format", "tsv");
        assertEquals(0, r.code(), r.err());
        var rows = r.out().lines().skip(1).map(l -> l.split("\t")).toList();
        assertEquals(7, rows.size());
        for (String[] row : rows) {
            long wrong = Long.parseLong(row[10]);
            if (row[2].equals("realtime")) assertTrue(wrong > 0, String.join(" ", row));
            else assertEquals(0, wrong, String.join(" ", row));
        }
        oneLineError(run("report", "--tick-hz", "20000000"), "--tick-hz");
        oneLineError(run("report", "--tick-hz", "10000000", "--writer-step", "100"), "shorter than one writer update");
        oneLineError(run("report", "--writer-step", "-1"), "--writer-step");
    }

    @Test
    void reportV56ForHostAndNamespaceWithEachCompiler() {
        for (String compiler : new String[] {"gcc-12", "gcc-11", "clang-16"}) {
            Out r = run("report", "--variant", "v5.6", "--clock", "monotonic", "--compiler", compiler);
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().lines().anyMatch(l -> l.matches("host +v5\\.6 +monotonic +" + compiler + " .*")), r.out());
            assertTrue(r.out().lines().anyMatch(l -> l.matches("timens +v5\\.6 +monotonic +" + compiler + " .*")), r.out());
            assertTrue(r.out().contains("variant v5.6: v5.6 release"), "the legend says what the variant is: " + r.out());
            assertTrue(r.out().contains("compiler " + compiler + ": "), r.out());
        }
        oneLineError(run("report", "--compiler", "icc"), "unknown compiler 'icc' (known: gcc-12, gcc-11, clang-16)");
        oneLineError(run("report", "--scenario", "timens", "--variant", "v5.13"), "VDSO_CLOCKMODE_TIMENS");
    }

    @Test
    void the2007ScenariosReportOnlyTheClocksTheirKernelHad() {
        Out r = run("report", "--scenario", "paravirt-2007", "--format", "tsv");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("realtime", "monotonic"), r.out().lines().skip(1).map(l -> l.split("\t")[2]).toList(),
                "Linux 2.6.20 had no raw, coarse, boottime or TAI clock");
        Out tai = run("report", "--scenario", "sysenter-2007", "--variant", "legacy", "--clock", "tai");
        assertEquals(2, tai.code());
        assertTrue(tai.err().contains("clock 'tai' did not exist in scenario 'sysenter-2007' (a Linux 2.6.20 kernel): it came in Linux 3.10"),
                tai.err());
    }

    @Test
    void jsonAndGhz() {
        Out r = run("report", "--scenario", "host", "--variant", "unlikely", "--clock", "monotonic", "--format", "json",
                "--ghz", "1");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"calls_in_3s\""));
        var cycles = Double.parseDouble(r.out().replaceAll("(?s).*\"cycles\" : ([0-9.]+).*", "$1"));
        var ns = Double.parseDouble(r.out().replaceAll("(?s).*\"ns\" : ([0-9.]+).*", "$1"));
        assertEquals(cycles, ns, 1e-9, "at 1 GHz a cycle is a nanosecond");
    }

    @Test
    void runExecutesAListing() {
        Out r = run("run", "assets/listings/timens-inline.lst", "--entry", "__vdso_clock_gettime", "--arg", "rdi=1",
                "--arg", "rsi=buf");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("instructions  76"), r.out());
        assertTrue(r.out().contains("return        0"), r.out());
        assertTrue(r.out().matches("(?s).*buf +3745 \\d+( 0){6}\n.*"), "the whole 64-byte buffer: " + r.out());
        assertTrue(r.out().matches("(?s).*buf bytes +a10e000000000000[0-9a-f]{112}\n.*"), r.out());
    }

    @Test
    void runPrintsTheFullReturnValueOfPlainObjdumpOutput() {
        Out r = run("run", "src/test/resources/objdump/funcs-d.txt", "--entry", "divide", "--arg", "rdi=-7", "--arg", "rsi=2");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("return        -3 (rax 0xfffffffffffffffd)"), r.out());
        r = run("run", "src/test/resources/objdump/funcs-d.txt", "--entry", "half");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("funcs-d.txt:8: instruction 'mulsd 0x0(%rip),%xmm0' is outside the modelled x86-64 subset"), r.err());
    }

    @Test
    void badInputIsOneLineAndExitTwo(@TempDir Path tmp) throws Exception {
        oneLineError(run("frobnicate"), "unknown command 'frobnicate'");
        oneLineError(run("report", "--scenario", "mars"), "unknown scenario 'mars'");
        oneLineError(run("report", "--variant", "fast"), "unknown variant 'fast'");
        oneLineError(run("report", "--clock", "sundial"), "unknown clock 'sundial'");
        oneLineError(run("report", "--ghz", "-3"), "--ghz is -3, must be between 0.1 and 10 GHz");
        oneLineError(run("report", "--format", "xml"), "unknown format 'xml'");
        oneLineError(run("report", "--scenario", "timens", "--variant", "before"), "no time-namespace support");
        oneLineError(run("report", "--costs", tmp.resolve("none.yaml").toString()), "cannot read");
        Path badCosts = tmp.resolve("costs.yaml");
        Files.writeString(badCosts, "cpu: {value: 2.67}\n");
        oneLineError(run("report", "--costs", badCosts.toString()), "costs.yaml:1:");
        oneLineError(run("run", tmp.resolve("missing.lst").toString(), "--entry", "x"), "cannot read listing");
        Path bad = tmp.resolve("bad.lst");
        Files.writeString(bad, "0000000000001000 <main>:\n    1000:\tmov    $0x1,%eax\n    1004 bogus line\n");
        oneLineError(run("run", bad.toString(), "--entry", "main"), "bad.lst:3:");
        oneLineError(run("run", "assets/listings/unlikely.lst", "--entry", "nope"), "no symbol 'nope'");
        oneLineError(run("run", "assets/listings/unlikely.lst", "--entry", "__vdso_clock_gettime", "--arg", "rzz=1"),
                "unknown 64-bit register 'rzz'");
        oneLineError(run("report", "--bogus", "1"), "unknown option --bogus");
    }

    @Test
    void timingOptionPicksTheModelAndTakesACopyOfThePipelineTable(@TempDir Path dir) throws java.io.IOException {
        Out p = run("report", "--timing", "pipeline:skylake", "--scenario", "host", "--variant", "unlikely", "--clock", "monotonic");
        assertEquals(0, p.code(), p.err());
        assertTrue(p.out().startsWith("# timing: pipeline, Intel Skylake"), p.out());
        Out bad = run("report", "--timing", "pipeline:m1");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("unknown core 'm1'") && bad.err().contains("zen3"), bad.err());
        Path f = dir.resolve("t.yaml");
        Files.writeString(f, org.vdsoexplorer.sim.timing.TimingTableTest.shipped().replaceFirst("rob: \\{value: 224", "rob: {value: 2000"));
        Out r = run("report", "--timing", "pipeline", "--costs", f.toString(), "--scenario", "host", "--variant", "unlikely");
        assertEquals(2, r.code());
        assertTrue(r.err().contains(f + ":") && r.err().contains("cores.zen2.retire.rob.value: must be between 8 and 1024 (got 2000)"), r.err());
    }
}

package org.vdsoexplorer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.session.DemoState;
import org.vdsoexplorer.session.GifRequest;
import org.vdsoexplorer.session.Session;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;

/** The setup options read by the one setup parser: the same names and refusals on every command, into export-gif's request. */
class SetupOptionsTest {
    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int rc = Cli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(rc), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    /** export-gif's error for {@code args}, as its command prints it (no rendering: the request is refused first). */
    private static String gifError(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int rc = new Commands().add(Cli.exportGif((r, p) -> { throw new AssertionError("rendered " + r); })).run(args,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, rc);
        return err.toString(StandardCharsets.UTF_8).strip();
    }

    @Test
    void anUnknownNameReadsTheSameOnEveryCommand() {
        String known = "unknown variant 'fast' (known: " + Variant.names() + ")";
        assertEquals("vdso-explorer: report: " + known, run("report", "--variant", "fast")[2].strip());
        assertEquals("vdso-explorer: export-gif: " + known, gifError("export-gif", "--variant", "fast", "x.gif"));
        String compiler = "unknown compiler 'icc' (known: " + Compiler.names() + ")";
        for (String cmd : List.of("report", "seeds", "validate", "bench")) {
            String[] r = run(cmd, "--compiler", "icc");
            assertEquals("2", r[0], cmd);
            assertEquals("vdso-explorer: " + cmd + ": " + compiler, r[2].strip(), cmd);
        }
    }

    @Test
    void theOptionsMapOntoTheSetupKeys() {
        TimingTable t = TimingTable.defaults();
        String core = t.cores().getLast().id();
        Args a = Args.parse("x", new String[] {"x", "--scenario", "pvclock", "--variant", "before", "--clock", "boottime",
                "--compiler", "clang-16", "--core", core}, 1, java.util.Set.copyOf(SetupOptions.NAMES));
        Setup s = SetupOptions.parse("x", a, Setup.of(Scenario.HOST, Variant.V5_6, Clock.MONOTONIC), t);
        assertEquals(Setup.of(Scenario.PVCLOCK, Variant.BEFORE, Clock.BOOTTIME).with(Compiler.CLANG_16)
                .with(TimingModel.pipeline(t.core(core).orElseThrow())), s);
    }

    @Test
    void exportGifCarriesTheWholeSetupAndTheDemo(@TempDir Path dir) throws Exception {
        String core = TimingTable.defaults().cores().getLast().id();
        GifRequest r = GifOptions.parse(new String[] {"export-gif", "--variant", "timens-noinline", "--compiler", "gcc-11",
                "--timing", "pipeline", "--core", core, "--fps", "8", dir.resolve("a.gif").toString()});
        assertEquals(Compiler.GCC_11, r.setup().compiler());
        assertEquals(core, r.setup().timing().core().id());
        assertEquals(Variant.TIMENS_NOINLINE, r.setup().variant());
        assertEquals(Scenario.TIMENS, r.setup().scenario(), "the default scenario");
        assertNull(r.demo());
        assertEquals(8, r.fps());

        Session s = new Session(Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC).with(Compiler.CLANG_16));
        for (int i = 0; i < 30; i++) s.step();
        Path demo = dir.resolve("d.vdso-demo");
        DemoState.of(s).write(demo);
        GifRequest d = GifOptions.parse(new String[] {"export-gif", "--demo", demo.toString(), dir.resolve("b.gif").toString()});
        assertEquals(s.setup(), d.demo().setup());
        assertEquals(30, d.demo().position());

        Files.writeString(demo, Files.readString(demo).replace("compiler=clang-16", "compiler=icc"));
        String e = gifError("export-gif", "--demo", demo.toString(), dir.resolve("c.gif").toString());
        assertTrue(e.matches("vdso-explorer: .*d\\.vdso-demo:\\d+: unknown compiler 'icc' \\(known: .*\\)"), e);
    }

    @Test
    void exportGifHelpIsItsParagraphOfTheUsage() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int rc = new Commands().add(Cli.exportGif((r, p) -> { throw new AssertionError(); })).run(
                new String[] {"export-gif", "--help"}, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        String help = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, rc);
        assertTrue(help.contains("export-gif") && help.contains("--scenario S") && help.contains("--core CORE") && help.contains("animated GIF"), help);
        assertTrue(!help.contains("check-demo") && !help.contains("  report"), help);
    }

    @Test
    void theRequestRefusesWhatCannotBeRendered(@TempDir Path dir) {
        Setup s = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);
        Path out = dir.resolve("a.gif");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new GifRequest(s, null, List.of(), "stack", 0, -1, 5, 1600, 1000, 1, 100, out));
        assertEquals("unknown view 'stack' (known: " + String.join(", ", GifRequest.VIEWS) + ")", e.getMessage());
        assertTrue(gifError("export-gif", "--fps", "99", out.toString()).endsWith("--fps must be 1-50 (GIF delays are in 1/100 s)"));
        assertTrue(gifError("export-gif", "--variant", "before", out.toString()).contains("no time-namespace support"));
        assertTrue(gifError("export-gif", "--size", "10x10", out.toString()).contains("--size '10x10' must be WIDTHxHEIGHT"));
    }
}

package org.vdsoexplorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.cli.Cli;
import org.vdsoexplorer.cli.Commands;

/** The launcher's registry: the headless commands and those that need the app or the session, in one list. */
class MainCommandsTest {
    private record Out(int code, String out, String err) {}

    private static Out run(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int rc = Main.commands().run(args, new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Out(rc, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    private static void usageError(Out r, String expected) {
        assertEquals(2, r.code(), r.err());
        assertEquals(List.of("vdso-explorer: " + expected), r.err().lines().toList());
    }

    @Test
    void theAppCommandsJoinTheHeadlessOnesInOneHelp() {
        List<String> names = Main.commands().all().stream().map(Commands.Command::name).toList();
        List<String> headless = Cli.commands().all().stream().map(Commands.Command::name).toList();
        assertEquals(headless, names.subList(0, headless.size()));
        assertEquals(List.of("results", "class-report", "teacher-guide", "check-demo", "screenshots", "bench-ui", "export-gif"), names.subList(headless.size(), names.size()));
        String help = run("help").out();
        for (String n : names) {
            assertTrue(help.contains("\n  " + n + " "), n);
            Out one = run(n, "--help");
            assertEquals(0, one.code(), one.err());
            assertTrue(one.out().startsWith("usage: vdso-explorer " + n), one.out());
        }
    }

    @Test
    void theAppCommandsRefuseBadArgumentsLikeTheOthers(@TempDir Path dir) {
        usageError(run("check-demo"), "check-demo: expected one or more FILE");
        usageError(run("check-demo", "--bogus", "a"), "check-demo: unknown option --bogus (it takes no options)");
        usageError(run("screenshots", dir.toString(), "--zoom", "2"), "screenshots: unknown option --zoom (known: --compare, "
                + "--details, --lesson, --presenter, --scale, --size, --step, --tab)");
        usageError(run("screenshots", dir.toString(), "--scale", "300"), "screenshots: --scale '300' must be a percentage from 100 to 250");
        usageError(run("screenshots", dir.toString(), "--step", "two"), "screenshots: --step needs a whole number, got 'two'");
        usageError(run("screenshots"), "screenshots: expected one DIR");
        usageError(run("screenshots", dir.toString(), "--details", "--details"), "screenshots: option --details given 2 times ('', ''); give it once");
        usageError(run("bench-ui", "soon"), "bench-ui: SECONDS needs a number between 0.1 and 3,600 seconds, got 'soon'");
        usageError(run("bench-ui", "--idle", "--present"), "bench-ui: --idle and --present exclude each other");
        usageError(run("bench-ui", "--warm-up", "700"), "bench-ui: --warm-up is 700, must be between 0 and 600 seconds");
        usageError(run("bench-ui", "--warm-up", "soon"), "bench-ui: --warm-up needs a number between 0 and 600 seconds, got 'soon'");
        usageError(run("bench-ui", "--frames", dir.toString()), "bench-ui: --frames " + dir + " is a folder; give the file to write");
        Path file = dir.resolve("notes.txt");
        try {
            java.nio.file.Files.writeString(file, "x");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        usageError(run("bench-ui", "--frames", file.resolve("frames.csv").toString()),
                "bench-ui: --frames " + file.resolve("frames.csv") + ": " + file + " is a file, not a folder");
        usageError(run("export-gif", "--fps", "fast", "a.gif"), "export-gif: --fps needs a number, got 'fast'");
    }

    /** Without JavaFX (java -jar) the help still lists every command, and a command that needs it says so in one line. */
    @Test
    void helpNeedsNoJavaFx() throws Exception {
        String cp = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.contains("openjfx") && !e.contains("javafx") && !e.contains("testfx")).collect(Collectors.joining(File.pathSeparator));
        Out help = fork(cp, "help");
        assertEquals(0, help.code(), help.err());
        assertTrue(help.out().contains("\n  screenshots DIR") && help.out().contains("\n  export-gif OUT.gif"), help.out());
        Out shots = fork(cp, "screenshots", "out");
        assertEquals(2, shots.code(), shots.err());
        assertTrue(shots.err().startsWith("vdso-explorer: JavaFX is not on the module path") && shots.err().lines().count() == 1, shots.err());
    }

    private static Out fork(String cp, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", cp, Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes(), err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "no exit");
        return new Out(p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }
}

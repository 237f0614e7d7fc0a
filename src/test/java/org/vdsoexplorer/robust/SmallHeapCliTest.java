package org.vdsoexplorer.robust;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * A sample of hostile inputs through the real command line in a JVM with a 64 MB heap (the
 * reproducers that were OutOfMemoryErrors among them): exit 0, 1 or 2, no stack trace, within a bound.
 */
class SmallHeapCliTest {
    static final long BOUND_S = 60;

    private static String runForked(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-XX:TieredStopAtLevel=1", "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
                "org.vdsoexplorer.Main"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        boolean done = p.waitFor(BOUND_S, TimeUnit.SECONDS);
        if (!done) {
            p.destroyForcibly();
            throw new AssertionError("no answer within " + BOUND_S + " s: " + String.join(" ", args));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int code = p.exitValue();
        assertTrue(code == 0 || code == 1 || code == 2, "exit " + code + ": " + out);
        assertFalse(out.contains("Exception") || out.contains("\tat ") || out.contains("Error:"), out);
        return out;
    }

    /** Every named demo reproducer, and two mutants of the shipped demo (seeded: {@link Fuzz#SEED}). */
    static List<String> demos() {
        List<String> all = new ArrayList<>(List.of("writer-updates=5x100000000", "writer-updates=" + "1x1,".repeat(20_000) + "2x1",
                "step=9223372036854775807", "tick-cycles=1", "tick-cycles=-1", "step=100000000x"));
        Random r = new Random(Fuzz.SEED);
        for (int i = 0; i < 2; i++) all.add("x=" + HostileInputFuzzTest.mutantsOf(Reproducers.DEMO).next(r));
        return all;
    }

    @TestFactory
    Stream<DynamicTest> hostileDemosThroughCheckDemo() {
        return demos().stream().map(change -> DynamicTest.dynamicTest(change.length() > 60 ? change.substring(0, 60) : change, () -> {
            Path dir = Files.createTempDirectory("small-heap");
            Path f = dir.resolve("d.vdso-demo");
            int eq = change.indexOf('=');
            String key = change.substring(0, eq), value = change.substring(eq + 1);
            Files.writeString(f, key.equals("x") ? value : Reproducers.demoWith(key, value));
            String out = runForked("check-demo", f.toString());
            assertTrue(out.contains(f.toString()), out);
        }));
    }

    @TestFactory
    Stream<DynamicTest> hostileCostTablesThroughReport() {
        return costs().stream().map(yaml -> DynamicTest.dynamicTest(yaml.length() > 60 ? yaml.substring(0, 60) : yaml, () -> {
            Path dir = Files.createTempDirectory("small-heap");
            Path f = dir.resolve("c.yaml");
            Files.writeString(f, yaml);
            runForked("report", "--scenario", "host", "--variant", "before", "--clock", "monotonic", "--costs", f.toString());
        }));
    }

    /** The cost-table reproducers of issue 14 that hung, overflowed the stack or ran out of memory. */
    static List<String> costs() {
        return List.of(Reproducers.costsWith("writer.step", "1e12"), Reproducers.costsWith("instruction.rdtsc", "1e15"),
                Reproducers.COSTS.replaceAll("(cycles|value): *[0-9.]+", "$1: 0"), "x: &a {y: *a}\n",
                Reproducers.costsWith("cpu.ghz", "1e-300"), "a: " + "[".repeat(200_000));
    }
}

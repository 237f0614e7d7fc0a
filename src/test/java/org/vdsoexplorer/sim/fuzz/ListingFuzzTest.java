package org.vdsoexplorer.sim.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.asm.ListingParser;

/**
 * Fuzzes {@code run} with generated hostile listings ({@link ListingFuzz}): every input ends in a run or in
 * one line naming file:line in words, within a time bound; no stack trace, no OutOfMemoryError. The issue-14
 * reproducers are examples here too, and a sample runs in a forked CLI with a 64 MB heap.
 */
@org.junit.jupiter.api.Tag("acceptance") // the slow tier: failsafe runs it in ./mvnw verify (pom.xml)
class ListingFuzzTest {
    private static final double SECONDS_PER_INPUT = 10;
    private static ListingFuzz fuzz;
    private static Path dir;
    private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "listing-fuzz");
        t.setDaemon(true);
        return t;
    });

    private static synchronized ListingFuzz fuzz() throws IOException {
        if (fuzz == null) {
            fuzz = new ListingFuzz();
            dir = Files.createTempDirectory("listing-fuzz");
        }
        return fuzz;
    }

    @AfterAll
    static void cleanUp() throws IOException {
        POOL.shutdownNow();
        if (dir != null) Files.deleteIfExists(dir);
    }

    /** Inputs per run; each is generated from its own seed, drawn from {@link #SEED} (-Dfuzz.seed=N to change it). */
    static final int TRIES = 4000;
    static final long SEED = Long.getLong("fuzz.seed", 20260514L);

    @Test
    void runEndsInAResultOrOneClearLine() throws Exception {
        Random seeds = new Random(SEED);
        for (int i = 0; i < TRIES; i++) {
            long seed = seeds.nextLong();
            Random r = new Random(seed);
            ListingFuzz.Run run = fuzz().run(fuzz().generate(r), r, dir, SECONDS_PER_INPUT, POOL);
            assertTrue(run.outcome() == ListingFuzz.Outcome.RAN || run.outcome() == ListingFuzz.Outcome.REFUSED_CLEARLY,
                    "input " + (i + 1) + " (seed " + seed + ", from -Dfuzz.seed=" + SEED + "): " + run.outcome() + ": "
                            + run.detail() + "\n--- entry " + run.entry() + ", input:\n" + new String(run.input(), StandardCharsets.UTF_8));
        }
    }

    // ---- the issue-14 reproducers through the CLI ---------------------------------------------------

    private static ListingFuzz.Run cli(String text) throws Exception {
        return fuzz().run(text.getBytes(StandardCharsets.ISO_8859_1), new Random(1), dir, SECONDS_PER_INPUT, POOL);
    }

    @Test
    void farAddressesRun() throws Exception {
        assertEquals(ListingFuzz.Outcome.RAN, cli("0000000000000000 <f>:\n 0:\tret\n 80000000:\tret\n").outcome());
        assertEquals(ListingFuzz.Outcome.RAN, cli("0000000000000000 <f>:\n 0:\tret\n 7ffffff0:\tret\n").outcome());
    }

    @Test
    void unclearMessagesAreNowClear() throws Exception {
        for (String bad : List.of("0000000000001000 <f>:\nx.c:99999999999\n 1000:\tret\n",
                "0000000000001000 <f>:\n 100000000000000000:\tret\n", "0000000000001000 <f>:\n\u00ff\n",
                "0000000000001000 <f>:\n 1000:\tdiv %ecx\n 1002:\tret\n", "0000000000001000 <f>:\n 1000:\tjmp 1001\n 1002:\tret\n",
                "0000000000001000 <f>:\n 1000:\tpush $0x1234\n 1005:\tret\n", "0000000000001000 <f>:\n 1000:\tcpuid\n 1002:\tret\n")) {
            ListingFuzz.Run run = cli(bad);
            assertEquals(ListingFuzz.Outcome.REFUSED_CLEARLY, run.outcome(), bad + " -> " + run.detail());
        }
    }

    /** A sample of hostile inputs through a forked CLI with a 64 MB heap: no OutOfMemoryError, no trace. */
    @Test
    void smallHeapSample() throws Exception {
        fuzz();
        StringBuilder many = new StringBuilder("0000000000001000 <f>:\n");
        for (int i = 0; i < ListingParser.MAX_INSTRUCTIONS + 10; i++) many.append(' ').append(Integer.toHexString(0x1000 + i)).append(":\tnop\n");
        List<String> inputs = new ArrayList<>(List.of(
                "0000000000000000 <f>:\n 0:\tret\n 7ffffff0:\tret\n",
                "0000000000000000 <f>:\n 0:\tret\n 7fffffffff00:\tret\n",
                "0000000000001000 <f>:\n 1000:\tmov %rdi,%rax\n 1003:\tmov %rax,(%rsi)\n 1006:\tret\n",
                many.toString()));
        Random r = new Random(7);
        for (int i = 0; i < 4; i++) inputs.add(new String(fuzz().generate(r), StandardCharsets.ISO_8859_1));
        String java = ProcessHandle.current().info().command().orElse("java");
        for (String in : inputs) {
            Path f = dir.resolve("heap.lst");
            Files.write(f, in.getBytes(StandardCharsets.ISO_8859_1));
            Process p = new ProcessBuilder(java, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                    "org.vdsoexplorer.Main", "run", f.toString(), "--entry", "f", "--arg", "rsi=0x7ffdefffcffc")
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the forked CLI did not finish");
            assertTrue(p.exitValue() <= 2, out);
            assertTrue(!out.contains("OutOfMemoryError") && !out.contains("\tat ") && !out.contains("Exception in"), out);
            if (p.exitValue() != 0) assertTrue(out.contains(f + ":") || out.contains("no symbol"), out);
            Files.deleteIfExists(f);
        }
    }
}

package org.vdsoexplorer.host.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code live --format json} and {@code live pages --format json}: rows of both tasks, both tasks' pages. */
class LiveCliTest {
    private record Out(int code, String out, String err) {}

    /** The command as a user runs it: a JVM of its own (Main exits with the command's status). */
    private static Out run(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), "org.vdsoexplorer.Main"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.PIPE).start();
        var err = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                return e.toString();
            }
        });
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Out(p.waitFor(), out, err.get());
    }

    /** The values of every field {@code name} in a JSON text, in order. */
    private static List<String> values(String json, String name) throws Exception {
        List<String> out = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(json)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.FIELD_NAME && p.currentName().equals(name)) {
                    p.nextToken();
                    out.add(p.getText());
                }
            }
        }
        return out;
    }

    @Test
    void liveJsonHasTheFiveClocksAndTheSyscallForBothTasks() throws Exception {
        LiveAssume.timens();
        Out r = run("live", "--seconds", "0.5", "--rounds", "2", "--format", "json");
        assertEquals(0, r.code(), r.err());
        List<String> tasks = values(r.out(), "task"), clocks = values(r.out(), "clock"), paths = values(r.out(), "path");
        for (String task : List.of("host", "timens")) {
            List<String> rows = new ArrayList<>();
            for (int i = 0; i < tasks.size(); i++) if (tasks.get(i).equals(task)) rows.add(clocks.get(i) + "/" + paths.get(i));
            assertEquals(List.of("realtime/vdso", "monotonic/vdso", "monotonic-coarse/vdso", "monotonic-raw/vdso", "boottime/vdso",
                    "monotonic/syscall"), rows, task);
        }
        // measured: a raw figure; the corrected one (raw minus the same round's downcall) may be 0 when a coarse call
        // measured as fast as the downcall alone on a busy machine (ChildFailureTest asks the same)
        assertTrue(values(r.out(), "raw_ns_per_call").stream().allMatch(v -> Double.parseDouble(v) > 0), r.out());
        assertTrue(values(r.out(), "ns_per_call").stream().allMatch(v -> Double.parseDouble(v) >= 0), r.out());
        // JSON stays rows only; the core the model would use is said on stderr
        assertTrue(r.err().contains("live: core: " + thisCore().why()), r.err());
    }

    private static org.vdsoexplorer.sim.timing.CorePick thisCore() {
        return org.vdsoexplorer.sim.timing.CorePick.thisMachine(org.vdsoexplorer.sim.timing.TimingTable.defaults());
    }

    /** The table says which core of the pipeline table this CPU is, and predicts the five clocks on it. */
    @Test
    void liveTableNamesThePickedCoreAndPredictsWithIt() throws Exception {
        LiveAssume.timens();
        Out r = run("live", "--seconds", "0.3", "--rounds", "1");
        assertEquals(0, r.code(), r.err());
        String id = thisCore().core().id();
        assertTrue(r.out().contains("\ncore: " + thisCore().why() + "\n"), r.out());
        assertTrue(r.out().contains("model (v5.6 timens-inline, pipeline:" + id + ", "), r.out());
        for (String clock : List.of("realtime", "monotonic", "monotonic-coarse", "monotonic-raw", "boottime")) {
            assertTrue(r.out().lines().anyMatch(l -> l.matches(clock + " +\\d+\\.\\d\\d +\\d+\\.\\d\\d")), clock + ":\n" + r.out());
        }
    }

    @Test
    void livePagesJsonFindsTheNamespacePageAndTheDataPageOfBothTasks() throws Exception {
        LiveAssume.timens();
        Out r = run("live", "pages", "--format", "json");
        assertEquals(0, r.code(), r.err());
        List<String> kinds = values(r.out(), "kind");
        assertEquals(2, kinds.stream().filter("time-data"::equals).count(), "a data page per task: " + kinds);
        assertEquals(1, kinds.stream().filter("timens"::equals).count(), "the namespace task's namespace page");
    }

    @Test
    void badArgumentsAreOneLine() throws Exception {
        Out r = run("live", "--format", "xml");
        assertEquals(2, r.code());
        assertEquals("vdso-explorer: live: unknown format 'xml' (known: table, tsv, json)", r.err().strip());
        r = run("live", "pages", "--seconds", "3");
        assertEquals(2, r.code());
        assertTrue(r.err().startsWith("vdso-explorer: live pages: unknown option --seconds"), r.err());
        r = run("live", "nonsense");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("unknown subcommand 'nonsense'"), r.err());
    }
}

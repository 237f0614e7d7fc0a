package org.vdsoexplorer.robust;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cost.CostTableException;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.lesson.LessonLibrary;
import org.vdsoexplorer.lesson.Problem;
import org.vdsoexplorer.robust.Fuzz.Gen;
import org.vdsoexplorer.util.BadInputException;
import org.vdsoexplorer.session.DemoReplay;
import org.vdsoexplorer.session.DemoState;
import org.vdsoexplorer.session.ProgressStore;

/**
 * Issue 14's fuzz suite: mutated cost tables, demo files, progress files and lessons (from the shipped
 * ones, with hostile numbers, aliases, nesting, escapes and truncations spliced in). Every input must be
 * accepted and run, or refused with one message naming the file and a line (or key); never a stack
 * trace, never longer than a time bound, never out of memory. The counts per target are printed at the
 * end (the issue's table, after). The small-heap runs are in {@link SmallHeapCliTest}.
 */
@org.junit.jupiter.api.Tag("acceptance") // the slow tier: failsafe runs it in ./mvnw verify (pom.xml)
class HostileInputFuzzTest {
    static final long BOUND_MS = 5_000;
    private static final ExecutorService RUNNER = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fuzz");
        t.setDaemon(true);
        return t;
    });
    /** target -> {inputs, refusals, traces or OOM, hangs, unclear}. */
    private static final Map<String, AtomicLong[]> TABLE = new ConcurrentHashMap<>();

    private static AtomicLong[] row(String target) {
        return TABLE.computeIfAbsent(target, k -> new AtomicLong[] {new AtomicLong(), new AtomicLong(), new AtomicLong(),
                new AtomicLong(), new AtomicLong()});
    }

    /** Runs {@code body} within the bound; counts and fails on a hang, a stray throwable or an unclear refusal. */
    private static void check(String target, String input, java.util.concurrent.Callable<String> body) throws Exception {
        AtomicLong[] r = row(target);
        r[0].incrementAndGet();
        Future<String> f = RUNNER.submit(body);
        String unclear;
        try {
            unclear = f.get(BOUND_MS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(true);
            r[3].incrementAndGet();
            throw new AssertionError(target + ": no answer within " + BOUND_MS + " ms for:\n" + clip(input));
        } catch (java.util.concurrent.ExecutionException e) {
            r[2].incrementAndGet();
            throw new AssertionError(target + ": " + e.getCause() + " for:\n" + clip(input), e.getCause());
        }
        if (unclear != null) {
            r[4].incrementAndGet();
            throw new AssertionError(target + ": unclear refusal '" + unclear + "' for:\n" + clip(input));
        }
    }

    private static String clip(String s) { return s.length() > 2000 ? s.substring(0, 2000) + "..." : s; }

    // ---- generators -----------------------------------------------------------------------------

    static final List<String> HOSTILE_NUMBERS = List.of("0", "-1", "-0", "1e-300", "1e300", "1e12", "1e15", "NaN", ".inf",
            "-.inf", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "99999999999999999999",
            "0x10", "1_000", "", " ", "3.", ".5", "1e", "٣", "0.0000001", "2147483648", "4294967296", "100000000");
    static final List<String> HOSTILE_SNIPPETS = List.of("&a {y: *a}", "*a", "[" .repeat(200), "{".repeat(50), "\\uZZZZ",
            "\\u00", "\\", "\t", "\u0000", "\uFEFF", "#", "=", ":", "x", "5x100000000", "-5x1", "5x-1", "0x10x1", "\"",
            "'", "null", "true", "[]", "{}", "\n", "\r\n", "é", "\uD800", "%", "!!binary", "? ", "- ", "&b", "<<: *b");

    /** Mutations of {@code seed}: numbers swapped for hostile ones, snippets spliced in, lines dropped or repeated. */
    static Gen<String> mutantsOf(String seed) {
        Gen<Integer> kind = Fuzz.ints(0, 6);
        Gen<Integer> where = Fuzz.ints(0, Math.max(1, seed.length() - 1));
        Gen<String> number = Fuzz.of(HOSTILE_NUMBERS);
        Gen<String> snippet = Fuzz.of(HOSTILE_SNIPPETS);
        return r -> {
            String m = mutate(seed, kind.next(r), where.next(r), number.next(r), snippet.next(r));
            int k = kind.next(r), at = where.next(r);
            return k < 3 ? m : mutate(m, (k + at) % 7, Math.min(at, Math.max(0, m.length() - 1)), number.next(r), snippet.next(r));
        };
    }

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?(e-?\\d+)?");

    static String mutate(String s, int kind, int at, String num, String snip) {
        if (s.isEmpty()) return snip;
        at = Math.min(at, s.length() - 1);
        switch (kind) {
            case 0, 1 -> { // a number near `at` becomes hostile
                var m = NUMBER.matcher(s);
                if (m.find(at) || m.find(0)) return s.substring(0, m.start()) + num + s.substring(m.end());
                return s + num;
            }
            case 2 -> { return s.substring(0, at) + snip + s.substring(at); }
            case 3 -> { // drop the line at `at`
                int a = s.lastIndexOf('\n', at) + 1, b = s.indexOf('\n', at);
                return s.substring(0, a) + (b < 0 ? "" : s.substring(b + 1));
            }
            case 4 -> { // repeat the line at `at`
                int a = s.lastIndexOf('\n', at) + 1, b = s.indexOf('\n', at);
                String line = s.substring(a, b < 0 ? s.length() : b + 1);
                return s.substring(0, a) + line + (line.endsWith("\n") ? "" : "\n") + s.substring(a);
            }
            case 5 -> { return s.substring(0, at); } // truncated
            default -> { // the value after the `at`-th separator becomes hostile
                int eq = Math.max(s.indexOf('=', at), s.indexOf(':', at));
                if (eq < 0) return s + "\n" + snip;
                int end = s.indexOf('\n', eq);
                return s.substring(0, eq + 1) + " " + num + snip.replace("\n", "") + (end < 0 ? "" : s.substring(end));
            }
        }
    }

    private static final Pattern LOCATED = Pattern.compile("^[^\\n]+:[1-9]\\d*: \\S[^\\n]*$");

    /** Null if {@code message} is one line naming the file and a line, else the message. */
    static String unclear(String message) {
        return message != null && LOCATED.matcher(message).matches() && !message.contains("Exception") ? null : String.valueOf(message);
    }

    /** Counts a refusal; null if its message starts with {@code prefix} and is located, else the message. */
    private static String refused(String target, String prefix, BadInputException e) {
        row(target)[1].incrementAndGet();
        return e.getMessage().startsWith(prefix) ? unclear(e.getMessage()) : e.getMessage();
    }

    // ---- cost tables ----------------------------------------------------------------------------

    static Gen<String> costTables() { return mutantsOf(Reproducers.COSTS); }

    @Test
    void costTablesLoadAndRunOrAreRefusedByLine() throws Exception {
        Fuzz.forAll("costTablesLoadAndRunOrAreRefusedByLine", 1500, costTables(), yaml -> {
            check("cost tables", yaml, () -> {
                CostTable t;
                try {
                    t = CostTable.parse("f.yaml", yaml);
                } catch (CostTableException e) {
                    return refused("cost tables", "f.yaml:", e);
                }
                // accepted: the model runs with it (the writer ticking at 1000 Hz of its clock)
                Setup s = new Setup(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC, t, t.ghz(), Setup.tickCycles(t.ghz(), 1000));
                Machine m = new Machine(s);
                for (int i = 0; i < 200; i++) {
                    CallResult r = m.runCall();
                    if (!r.correct()) return "call " + r.number() + " returned a wrong time";
                }
                return null;
            });
        });
    }

    // ---- demo files -----------------------------------------------------------------------------

    static Gen<String> demos() {
        Gen<String> step = Fuzz.longs(0, 3_000_000).map(n -> Reproducers.demoWith("step", Long.toString(n)));
        return Fuzz.oneOf(mutantsOf(Reproducers.DEMO), mutantsOf(Reproducers.DEMO).map(d -> mutate(d, 6, 0, "1", "")), step);
    }

    @Test
    void demosOpenOrAreRefusedByLineAndReplaysStopWhenAsked() throws Exception {
        Fuzz.forAll("demosOpenOrAreRefusedByLineAndReplaysStopWhenAsked", 1500, demos(), text -> {
            check("demo files", text, () -> {
                DemoState d;
                try {
                    d = DemoState.parse("d.vdso-demo", text);
                } catch (BadInputException e) {
                    return refused("demo files", "d.vdso-demo:", e);
                }
                // asked to stop after 30 ms (as the app's Cancel would): a replay must stop within BOUND_MS of being asked
                long t0 = System.nanoTime(), budget = 30_000_000L;
                try {
                    DemoReplay.replay(d, (a, b) -> { }, () -> System.nanoTime() - t0 > budget);
                } catch (CancellationException stoppedInTime) {
                    // a long replay is cancelled as the app's Cancel would
                } catch (IllegalArgumentException e) {
                    row("demo files")[1].incrementAndGet();
                    return e.getMessage().contains("cannot replay") ? null : e.getMessage();
                }
                return null;
            });
        });
    }

    // ---- the progress file ----------------------------------------------------------------------

    static final String PROGRESS = """
            {
              "version" : 1,
              "last" : "seqlock",
              "lessons" : {
                "seqlock" : { "step" : 3, "furthest" : 5, "done" : false, "answers" : { "2" : true, "4" : false } },
                "why-vdso" : { "step" : 1, "furthest" : 1, "done" : true, "answers" : { } }
              }
            }
            """;

    static Gen<String> progressFiles() { return mutantsOf(PROGRESS); }

    @Test
    void progressFilesLoadOrAreSetAsideWithAKeyOrLine() throws Exception {
        Fuzz.forAll("progressFilesLoadOrAreSetAsideWithAKeyOrLine", 1500, progressFiles(), json -> {
            check("progress file", json, () -> {
                Path dir = Files.createTempDirectory("progress-fuzz");
                try {
                    Files.write(dir.resolve(ProgressStore.FILE), json.getBytes(StandardCharsets.UTF_8)); // a lone surrogate becomes '?'
                    ProgressStore s = ProgressStore.open(dir);
                    String w = s.warning();
                    if (!w.isEmpty()) {
                        row("progress file")[1].incrementAndGet();
                        boolean located = w.matches("(?s).*(line \\d+|'[^']+'|larger than|not a regular file).*");
                        if (!located || w.contains("REDACTED") || w.contains("[Source")) return w;
                    }
                    s.visit("x", 1, 2);
                    return s.save() ? null : s.warning();
                } finally {
                    try (var l = Files.list(dir)) {
                        for (Path p : l.toList()) Files.delete(p);
                    }
                    Files.delete(dir);
                }
            });
        });
    }

    // ---- lessons --------------------------------------------------------------------------------

    static Gen<String> lessons() {
        return mutantsOf(org.vdsoexplorer.sim.Listings.resource("/lessons/02-seqlock.md"));
    }

    @Test
    void lessonsLoadOrNameFileAndLine() throws Exception {
        Fuzz.forAll("lessonsLoadOrNameFileAndLine", 600, lessons(), md -> {
            check("lessons", md, () -> {
                Path dir = Files.createTempDirectory("lesson-fuzz");
                try {
                    Files.write(dir.resolve("02-seqlock.md"), md.getBytes(StandardCharsets.UTF_8));
                    LessonLibrary.Loaded l = LessonLibrary.load(dir, new org.vdsoexplorer.lesson.Evaluator(), false);
                    if (!l.problems().isEmpty()) row("lessons")[1].incrementAndGet();
                    for (Problem p : l.problems()) {
                        if (p.line() < 1 || p.file().isBlank() || p.message().contains("Exception")) return p.toString();
                    }
                    return null;
                } finally {
                    try (var ls = Files.list(dir)) {
                        for (Path p : ls.toList()) Files.delete(p);
                    }
                    Files.delete(dir);
                }
            });
        });
    }

    @AfterAll
    static void printTable() {
        List<String> out = new ArrayList<>();
        out.add("| target | inputs | refused | stack trace or OOM | hangs | unclear message |");
        out.add("|---|---|---|---|---|---|");
        TABLE.forEach((k, r) -> out.add("| " + k + " | " + r[0] + " | " + r[1] + " | " + r[2] + " | " + r[3] + " | " + r[4] + " |"));
        System.out.println(String.join("\n", out));
        assertTrue(TABLE.values().stream().allMatch(r -> r[2].get() + r[3].get() + r[4].get() == 0), String.join("\n", out));
    }
}

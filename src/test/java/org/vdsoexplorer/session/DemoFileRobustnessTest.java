package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.cpu.ExecutionException;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.robust.Reproducers;
import org.vdsoexplorer.util.BadInputException;

/** Issue 14's demo-file reproducers, each a named case: refused by line with the range, or replayed exactly. */
class DemoFileRobustnessTest {

    private static String refusal(String text) {
        return assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> assertThrows(BadInputException.class, () -> DemoState.parse("d.vdso-demo", text)).getMessage());
    }

    private static void refusedAtLine(String text, int line, String... contains) {
        String m = refusal(text);
        assertTrue(m.startsWith("d.vdso-demo:" + line + ": "), m);
        for (String c : contains) assertTrue(m.contains(c), m + " lacks " + c);
    }

    /** The seed demo's line of {@code key} (1-based). */
    private static int lineOf(String text, String key) {
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).startsWith(key + "=")) return i + 1;
        throw new AssertionError(key);
    }

    /** The seed demo with {@code key=value} is refused at that key's line with messages containing {@code contains}. */
    private static void refusedEntry(String key, String value, String... contains) {
        String t = Reproducers.demoWith(key, value);
        refusedAtLine(t, lineOf(t, key), contains);
    }

    @Test
    void maxLongStepIsRefusedWithTheRange() {
        refusedEntry("step", "9223372036854775807", "'step' is 9,223,372,036,854,775,807, must be between 0 and 1,000,000,000 reader steps");
    }

    @Test
    void hugeUpdateCountsAreRefusedNotAnOutOfMemory() {
        refusedEntry("writer-updates", "5x100000000", "count of '5x100000000'", "between 1 and 100 updates");
        String many = Reproducers.demoWith("writer-updates", String.join(",", java.util.stream.IntStream.range(0, 20_000)
                .mapToObj(i -> i + "x1").toList()));
        refusedAtLine(many, lineOf(many, "writer-updates"), "at most 10,000");
    }

    @Test
    void aTickShorterThanAWriterUpdateIsRefused() {
        refusedEntry("tick-cycles", "1", "'tick-cycles' is 1, must be 0 (no ticks) or between");
    }

    @Test
    void negativeTickIsReportedAsTheTickNotAsABadStep() {
        refusedEntry("tick-cycles", "-1", "'tick-cycles' is '-1', must be a whole number");
    }

    @Test
    void malformedPlacementsAreRefusedNotIgnoredOrMisread() {
        for (String bad : new String[] {"-5x1", "5x-1", "0x10x1", "5", "x1", "5x", "1e3x1"}) {
            refusedEntry("writer-updates", bad, "'" + bad + "' must be STEPxCOUNT");
        }
        refusedEntry("writer-updates", "5x0", "between 1 and 100 updates");
        refusedEntry("writer-updates", "5x1,5x2", "step 5 is listed twice");
    }

    @Test
    void messagesNameTheEntryNotAnIndexOutOfBounds() {
        String m = refusal(Reproducers.demoWith("breakpoints.lines", "12,abc"));
        assertTrue(m.contains("'breakpoints.lines' entry is 'abc', must be a whole number"), m);
        assertFalse(m.contains("Index") || m.contains("bounds for length"), m);
        m = refusal(Reproducers.demoWith("breakpoints.instructions", "99999"));
        assertTrue(m.contains("instruction indices of the timens-inline listing"), m);
    }

    @Test
    void aMalformedUnicodeEscapeNamesTheFileAndLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("u.vdso-demo");
        Files.writeString(f, Reproducers.DEMO.replace("clock=monotonic", "clock=mono\\uZZZZtonic"));
        BadInputException e = assertThrows(BadInputException.class, () -> DemoState.read(f));
        assertTrue(e.getMessage().startsWith(f + ":5: "), e.getMessage());
        assertFalse(e.getMessage().contains("Malformed"), e.getMessage());
    }

    @Test
    void unknownAndRepeatedKeysAreRefusedByLine() {
        refusedAtLine(Reproducers.DEMO + "stepp=3\n", 11, "unknown key 'stepp'");
        refusedAtLine(Reproducers.DEMO + "step=3\n", 11, "'step' is given twice (first on line 7)");
    }

    @Test
    void aFifoIsRefusedWithoutBlocking(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("x.vdso-demo");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() != 0) return;
        String m = assertTimeoutPreemptively(Duration.ofSeconds(5),
                () -> assertThrows(BadInputException.class, () -> DemoState.read(fifo)).getMessage());
        assertTrue(m.contains("not a regular file"), m);
    }

    @Test
    void theOldPropertiesFormatStillOpens(@TempDir Path dir) throws Exception {
        // as main's DemoState wrote it (java.util.Properties.store: a comment, a date, key=value)
        Path f = dir.resolve("old.vdso-demo");
        Files.writeString(f, "#vDSO Explorer demo: open it in the app to get the same state\n#Mon Nov 30 12:00:00 UTC 2026\n"
                + "breakpoints.instructions=5\nbreakpoints.lines=366\nclock=monotonic\nformat=vdso-explorer-demo 1\n"
                + "scenario=timens\nstep=40\ntick-cycles=0\nvariant=timens-inline\nwriter-updates=12x1\n");
        DemoState d = DemoState.read(f);
        assertEquals(40, d.position());
        assertEquals(Map.of(12L, 1), d.writerUpdates());
    }

    /** A demo saved after a restart point (a rebase) lands at its step with every placement, before and after it. */
    @Test
    void aDemoLandsWhereSavedAndKeepsPlacementsBeforeARestartPoint(@TempDir Path dir) throws Exception {
        Session s = new Session(Setup.of(Scenario.HOST, Variant.BEFORE, Clock.MONOTONIC));
        s.injectWriterUpdate(); // at step 0, long before the first rebase
        while (s.position() < Session.REBASE_STEPS + 5_000) s.stepQuiet();
        assertTrue(s.earliest() > 0, "the session rebased");
        s.placeWriterUpdate(s.position() + 40); // one ahead of the current step
        Map<Long, Integer> placed = Map.copyOf(s.writerUpdates());
        assertEquals(2, placed.size(), "a placement before the rebase is still listed: " + placed);
        Path f = dir.resolve("late.vdso-demo");
        DemoState.of(s).write(f);
        DemoState d = DemoState.read(f);
        Session t = DemoReplay.replay(d, (a, b) -> { }, () -> false);
        assertEquals(s.position(), t.position(), "lands at the saved step");
        assertEquals(placed, t.writerUpdates(), "keeps every placement");
        assertEquals(s.machine().digest(), t.machine().digest(), "the same model state");
    }

    @Test
    void replayReportsProgressAndStopsWhenCancelled() {
        DemoState d = DemoState.parse("d", Reproducers.demoWith("step", "100000000"));
        AtomicBoolean cancel = new AtomicBoolean();
        long[] last = {-1};
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThrows(CancellationException.class,
                () -> DemoReplay.replay(d, (done, total) -> {
                    assertEquals(100_000_000L, total);
                    last[0] = done;
                    if (done >= 4 * DemoReplay.CHUNK) cancel.set(true);
                }, cancel::get)));
        assertEquals(4L * DemoReplay.CHUNK, last[0]);
    }

    @Test
    void aCallThatNeverEndsStopsAtTheCapWithAClearMessage() {
        // a tick one cycle longer than a writer update (allowed): the read loop never finds a window
        Setup tight = Setup.of(Scenario.HOST, Variant.BEFORE, Clock.MONOTONIC);
        tight = tight.withTick(7 * tight.costs().writerStepMilli() / 1000 + 1);
        assertEquals(null, tight.problem());
        Machine m = new Machine(tight);
        ExecutionException e = assertThrows(ExecutionException.class, () -> {
            for (long i = 0; i < 3 * Machine.MAX_CALL_INSTRUCTIONS; i++) m.step();
        });
        assertTrue(e.getMessage().matches("call \\d+ ran more than 1,000,000 instructions without returning .*"), e.getMessage());
    }

    @Test
    void checkDemoPrintsFileLineMessagesAndExitCodes(@TempDir Path dir) throws Exception {
        Path good = dir.resolve("good.vdso-demo"), bad = dir.resolve("bad.vdso-demo");
        Files.writeString(good, Reproducers.DEMO);
        Files.writeString(bad, Reproducers.demoWith("step", "-3"));
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(o, true, StandardCharsets.UTF_8);
        assertEquals(0, DemoCheck.run(java.util.List.of(good), out));
        assertTrue(o.toString(StandardCharsets.UTF_8).contains("good.vdso-demo: timens / timens-inline / monotonic, step 400, 3 placed updates: no problems"), o.toString());
        o.reset();
        assertEquals(1, DemoCheck.run(java.util.List.of(good, bad), out));
        assertTrue(o.toString(StandardCharsets.UTF_8).contains(bad + ":7: 'step' is '-3'"), o.toString());
        // its usage errors (no FILE, an option) are the command registry's: MainCommandsTest
    }
}

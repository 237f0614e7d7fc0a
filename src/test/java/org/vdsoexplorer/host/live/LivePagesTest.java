package org.vdsoexplorer.host.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The decoded pages of both tasks against readings taken here, independently of the pages: this JVM's own
 * clock_gettime() before and after, /proc/PID/timens_offsets of the namespace child read from here, and
 * the current clocksource read from sysfs here.
 */
class LivePagesTest {
    private static LiveSession session;
    private static List<PageDecoder.TaskPages> pages;
    private static long monoBefore, monoAfter, realBefore, realAfter;

    @BeforeAll
    static void read() {
        LiveAssume.linuxX86();
        session = new LiveSession(LiveSession.Options.defaults());
        monoBefore = Native.clockNanos(1);
        realBefore = Native.clockNanos(0);
        pages = session.pages(LiveSession.Progress.NONE);
        monoAfter = Native.clockNanos(1);
        realAfter = Native.clockNanos(0);
    }

    @AfterAll
    static void close() {
        if (session != null) session.close();
    }

    private static PageDecoder.TaskPages task(String t) {
        return pages.stream().filter(p -> p.task().equals(t)).findFirst().orElseThrow(
                () -> new AssertionError("no " + t + " task; problems: " + session.problems()));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> basetime(PageDecoder.Page p, String clock) {
        return (Map<String, Object>) ((Map<String, Object>) p.fields().get("basetime")).get(clock);
    }

    private static long nanos(Map<String, Object> t) { return (Long) t.get("sec") * 1_000_000_000L + (Long) t.get("ns"); }

    @Test
    void hostDataPageMatchesThisProcessesClocks() throws Exception {
        PageDecoder.TaskPages host = task("host");
        assertNotNull(host.layout(), host.layoutNote());
        PageDecoder.Page d = host.dataPage().orElseThrow();
        assertEquals(host.layout().dataSlot(false), d.slot());
        assertEquals(0, d.seq() % 2, "seq even");
        // basetime is the time of the writer's last update: after we started (minus at most a few ticks'
        // worth of NO_HZ deferral, bounded by a second here) and before we finished
        long mono = nanos(basetime(d, "monotonic"));
        assertTrue(mono <= monoAfter && mono > monoBefore - 1_000_000_000L, mono + " not in [" + monoBefore + ", " + monoAfter + "]");
        long real = nanos(basetime(d, "realtime"));
        assertTrue(real <= realAfter && real > realBefore - 1_000_000_000L, "realtime basetime " + real);
        String cs = Files.readString(Path.of("/sys/devices/system/clocksource/clocksource0/current_clocksource")).trim();
        assertEquals(Layout.expectedClockMode(cs), d.clockMode(), "clock_mode for clocksource " + cs);
        assertTrue(d.clockModeName().endsWith(Layout.CLOCK_MODES.get(d.clockMode())));
        // the host task's namespace slot is not backed
        int nsSlot = host.layout().dataSlot(true);
        assertEquals("unbacked", host.pages().stream().filter(p -> p.mapping().equals("[vvar]") && p.slot() == nsSlot)
                .findFirst().orElseThrow().kind());
    }

    @Test
    void namespaceTaskSeesTheNamespacePageAndTheRealDataElsewhere() throws Exception {
        LiveAssume.timens();
        PageDecoder.TaskPages ns = task("timens");
        assertNotNull(ns.layout(), ns.layoutNote());
        PageDecoder.Page nsPage = ns.namespacePage().orElseThrow();
        assertEquals(0, nsPage.slot(), "the namespace page is where a host task has its data");
        assertEquals(1L, nsPage.seq());
        // the offsets on the page against /proc/PID/timens_offsets of the child, read from this process
        long pid = session.tasks().get("timens").pid();
        Map<Integer, long[]> offs = PageDecoder.namespaceOffsets(nsPage);
        for (String l : Files.readAllLines(Path.of("/proc/" + pid + "/timens_offsets"))) {
            String[] w = l.trim().split("\\s+");
            int clock = w[0].equals("monotonic") ? 1 : w[0].equals("boottime") ? 7 : -1;
            assertTrue(clock >= 0, l);
            assertEquals(Long.parseLong(w[1]), offs.get(clock)[0], w[0] + " seconds");
            assertEquals(Long.parseLong(w[2]), offs.get(clock)[1], w[0] + " nanoseconds");
        }
        PageDecoder.Page d = ns.dataPage().orElseThrow();
        assertEquals(ns.layout().dataSlot(true), d.slot());
        long mono = nanos(basetime(d, "monotonic"));
        assertTrue(mono <= monoAfter && mono > monoBefore - 1_000_000_000L, "the real data is host time (no offset)");
    }
}

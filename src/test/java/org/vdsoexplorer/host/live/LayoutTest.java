package org.vdsoexplorer.host.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LayoutTest {
    private static TaskInfo info(String kernel, boolean ns) {
        return new TaskInfo("host", 1, kernel, "tsc", ns ? Map.of("monotonic", new long[] {500, 0}) : Map.of(),
                List.of(), Map.of(), "0");
    }

    @Test
    void versionsPickTheLayoutsOfTheSourcesRead() {
        assertTrue(Layout.forKernel("5.4.0-150-generic").isEmpty(), "before time namespaces");
        assertEquals(Layout.X86_V5_6, Layout.forKernel("5.6.4").orElseThrow());
        assertEquals(Layout.X86_V6_11, Layout.forKernel("6.12.19-amd64").orElseThrow());
        // getrandom() in the vDSO, and its data at offset 640 of the vvar page, is v6.11's; v6.10 has max_cycles only
        assertEquals(Layout.X86_V6_10, Layout.forKernel("6.10.14").orElseThrow());
        assertTrue(Layout.X86_V6_10.maxCycles);
        assertFalse(Layout.forKernel("6.10.14").orElseThrow().rngInDataPage, "v6.10 has no vDSO getrandom() data");
        assertFalse(Layout.forKernel("6.9.12").orElseThrow().rngInDataPage);
        assertTrue(Layout.forKernel("6.11.0").orElseThrow().rngInDataPage, "v6.11 put the rng data at 640");
        assertTrue(Layout.forKernel("6.14.2").orElseThrow().rngInDataPage);
        assertEquals(Layout.X86_V6_13, Layout.forKernel("6.14.0").orElseThrow());
        assertEquals(Layout.GENERIC_V6_15, Layout.forKernel("6.18.44-fc-v669").orElseThrow());
        assertTrue(Layout.forKernel("garbage").isEmpty());
        // a v5.6 namespace task: namespace page in slot 0, the real data in slot 3
        assertEquals(3, Layout.X86_V5_6.dataSlot(true));
        assertEquals(1, Layout.GENERIC_V6_15.dataSlot(true));
    }

    /** A v6.18 host data page (generic store: clock_data[0] at 0, CS_RAW 232 bytes on) with the given clock_mode. */
    private static byte[] dataPage(int mode) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4096).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int base : new int[] {0, 232}) {
            b.putInt(base, 4); // seq, even and equal in both bases
            b.putInt(base + 4, mode);
            b.putLong(base + 24, -1L); // mask
            b.putInt(base + 32, 6462350); // mult
            b.putInt(base + 36, 24); // shift
        }
        b.putLong(40 + 16, 100); // basetime[CLOCK_MONOTONIC].sec
        return b.array();
    }

    private static PageDecoder.TaskPages decodeOn(String clocksource, int mode) {
        TaskInfo kvm = new TaskInfo("host", 1, "6.18.44", clocksource, Map.of(), List.of(), Map.of(), "0");
        return PageDecoder.decode("host", kvm, List.of(new PageDecoder.Raw("[vvar]", 0, 0x1000, 100_001_000_000L,
                dataPage(mode), null)));
    }

    @Test
    void kvmClockWithoutAStableTscIsModeNoneNotAnUnknownLayout() {
        // arch/x86/kernel/kvmclock.c: without PVCLOCK_TSC_STABLE_BIT kvm-clock keeps VDSO_CLOCKMODE_NONE
        PageDecoder.TaskPages t = decodeOn("kvm-clock", 0);
        assertEquals(Layout.GENERIC_V6_15, t.layout(), t.layoutNote());
        PageDecoder.Page d = t.dataPage().orElseThrow();
        assertEquals("time-data", d.kind());
        String detail = d.checks().stream().filter(c -> c.name().equals("clock_mode")).findFirst().orElseThrow().detail();
        assertTrue(detail.contains("PVCLOCK_TSC_STABLE_BIT") && detail.contains("system call"), detail);
        // the same page is right for kvm-clock with PVCLOCK, and for nothing else with NONE or a foreign mode
        assertEquals(Layout.GENERIC_V6_15, decodeOn("kvm-clock", 2).layout());
        assertNull(decodeOn("kvm-clock", 3).layout());
        assertNull(decodeOn("tsc", 0).layout());
        assertTrue(decodeOn("tsc", 0).layoutNote().startsWith("layout not recognised"));
        assertEquals(Layout.GENERIC_V6_15, decodeOn("tsc", 1).layout());
    }

    @Test
    void anUnknownKernelIsAHexDumpNotADecode() {
        byte[] page = new byte[4096];
        page[0] = 2; // even seq
        page[4] = 1; // TSC
        PageDecoder.TaskPages t = PageDecoder.decode("host", info("4.19.0", false),
                List.of(new PageDecoder.Raw("[vvar]", 0, 0x1000, 1, page, null)));
        assertNull(t.layout());
        assertTrue(t.layoutNote().startsWith("layout not recognised for kernel 4.19.0"), t.layoutNote());
        assertEquals("unknown", t.pages().getFirst().kind());
        assertEquals(8192, t.pages().getFirst().hex().length());
    }

    @Test
    void randomPagesAreNeverDecodedAndNeverCrash() {
        Random r = new Random(12);
        for (String kernel : List.of("5.6.4", "6.12.1", "6.13.7", "6.18.0")) {
            for (int n = 0; n < 200; n++) {
                List<PageDecoder.Raw> raw = new ArrayList<>();
                for (int s = 0; s < 4; s++) {
                    byte[] b = new byte[4096];
                    r.nextBytes(b);
                    raw.add(new PageDecoder.Raw("[vvar]", s, 0x1000L * s, r.nextLong() & Long.MAX_VALUE, r.nextInt(4) == 0 ? null : b,
                            "fault"));
                }
                PageDecoder.TaskPages t = PageDecoder.decode("host", info(kernel, n % 2 == 0), raw);
                assertNull(t.layout(), kernel + ": random bytes passed as vDSO data");
                assertTrue(t.layoutNote().startsWith("layout not recognised for kernel " + kernel), t.layoutNote());
                assertTrue(t.pages().stream().noneMatch(p -> p.kind().equals("time-data") || p.kind().equals("timens")));
            }
        }
    }
}

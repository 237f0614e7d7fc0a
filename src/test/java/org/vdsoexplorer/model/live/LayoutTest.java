package org.vdsoexplorer.model.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        assertEquals(Layout.X86_V6_10, Layout.forKernel("6.12.19-amd64").orElseThrow());
        assertEquals(Layout.X86_V6_13, Layout.forKernel("6.14.0").orElseThrow());
        assertEquals(Layout.GENERIC_V6_15, Layout.forKernel("6.18.44-fc-v669").orElseThrow());
        assertTrue(Layout.forKernel("garbage").isEmpty());
        // a v5.6 namespace task: namespace page in slot 0, the real data in slot 3
        assertEquals(3, Layout.X86_V5_6.dataSlot(true));
        assertEquals(1, Layout.GENERIC_V6_15.dataSlot(true));
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

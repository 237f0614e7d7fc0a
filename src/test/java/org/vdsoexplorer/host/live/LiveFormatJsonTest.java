package org.vdsoexplorer.host.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.util.Resources;

/**
 * {@code live --format json} and {@code live pages --format json} for fixed rows and pages: the same JSON, parsed,
 * as the generator-walking writer produced before LiveFormat used Jackson's ObjectMapper (its output for these
 * inputs is kept in src/test/resources/live/), and every figure a JSON number.
 */
class LiveFormatJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static List<Measurements.Row> rows() {
        return List.of(new Measurements.Row("host", "monotonic", "vdso", 17.123456, 175_000_000L, 25.5, 8.376544, 16.9, 17.6, 7),
                new Measurements.Row("timens", "monotonic", "syscall", 301.0004, 9_966_777L, 309.4, 8.4, 299.5, 305.25, 7));
    }

    static List<PageDecoder.TaskPages> pages() {
        Map<String, Object> time = new LinkedHashMap<>();
        time.put("sec", 1234L);
        time.put("nsec", 5678L << 24);
        time.put("ns", 5678L);
        Map<String, Object> basetime = new LinkedHashMap<>();
        basetime.put("monotonic", time);
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("seq", 4242L);
        fields.put("clock_mode", 1L);
        fields.put("mult", 6_291_456L);
        fields.put("shift", 24);
        fields.put("basetime", basetime);
        fields.put("tsc_ghz", 2.666667);
        PageDecoder.Page data = new PageDecoder.Page("[vvar]", 0, "0x7ffd0000", "time-data", "DATA", 4242L, 1, "VDSO_CLOCKMODE_TSC", fields,
                List.of(new PageDecoder.Check("seq even", true, "4242"), new PageDecoder.Check("mult", false, "\"quoted\" \u00e9")),
                "the data page", "00ff10");
        PageDecoder.Page empty = new PageDecoder.Page("[vvar]", 3, "0x7ffd3000", "zero", null, null, null, null, Map.of(), List.of(),
                "all zero", null);
        Map<String, long[]> offsets = new LinkedHashMap<>();
        offsets.put("monotonic", new long[] {500, 0});
        offsets.put("boottime", new long[] {1000, 250});
        TaskInfo info = new TaskInfo("timens", 4321, "6.8.0", "tsc", offsets, List.of("7ffd0000-7ffd4000 [vvar]"),
                Map.of("monotonic", 1L), "0x7ffd5000");
        return List.of(new PageDecoder.TaskPages("timens", info, Layout.X86_V5_6, "v5.6 layout", List.of(data, empty)),
                new PageDecoder.TaskPages("host", new TaskInfo("host", 1, "6.8.0", "tsc", Map.of(), List.of(), Map.of(), null), null,
                        "unknown", List.of()));
    }

    static List<LiveSession.SeqWatch> seq() { return List.of(new LiveSession.SeqWatch("timens", 4242, 6242, 1000, 1.0, 4.0004, 99)); }

    @Test
    void rowsJsonIsTheSameJsonAsBefore() throws Exception {
        String out = LiveFormat.json(rows(), List.of("a problem"));
        assertTrue(out.endsWith("}\n"), out);
        JsonNode tree = JSON.readTree(out);
        assertEquals(JSON.readTree(Resources.text("/live/rows.json")), tree);
        assertTrue(tree.at("/rows/0/ns_per_call").isNumber() && tree.at("/rows/0/calls_in_3s").isIntegralNumber(), out);
        assertEquals(17.123, tree.at("/rows/0/ns_per_call").asDouble(), 0, "rounded to 3 decimals");
    }

    @Test
    void pagesJsonIsTheSameJsonAsBefore() throws Exception {
        String out = LiveFormat.pagesJson(pages(), seq(), List.of());
        JsonNode tree = JSON.readTree(out);
        assertEquals(JSON.readTree(Resources.text("/live/pages.json")), tree);
        assertTrue(tree.at("/tasks/0/pages/0/fields/basetime/monotonic/nsec").isIntegralNumber(), out);
        assertTrue(tree.at("/tasks/1/layout").isNull() && tree.at("/tasks/0/pages/1/seq").isNull(), out);
        Map<String, Object> small = new LinkedHashMap<>();
        small.put("a", 1);
        small.put("b", java.util.Arrays.asList(true, null, "x", 2.5));
        assertEquals("{\"a\":1,\"b\":[true,null,\"x\",2.5]}", LiveFormat.json(small), "compact, for the app's field chips");
    }
}

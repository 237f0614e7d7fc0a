package org.vdsoexplorer.model.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.model.cost.CostTableException;

/** The pipeline table: sources everywhere, bad values reported as file:line: key: message. */
public class TimingTableTest {
    public static String shipped() throws IOException {
        try (InputStream in = TimingTableTest.class.getResourceAsStream("/assets/timing.yaml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void shippedTableHasThreeCoresAndASourceForEveryFigure() {
        TimingTable t = TimingTable.defaults();
        assertEquals(java.util.List.of("zen2", "zen3", "skylake"), t.cores().stream().map(Core::id).toList());
        for (TimingTable.Entry e : t.entries()) {
            assertTrue(e.source().length() > 10, e.key());
            assertTrue(!e.source().contains("shared/") && !e.source().contains("REFERENCE"), e.key() + " cites a private file");
        }
    }

    private static String error(String yaml) {
        return assertThrows(CostTableException.class, () -> TimingTable.parse("t.yaml", yaml)).getMessage();
    }

    @Test
    void outOfRangeValuesNameFileLineAndKey() throws IOException {
        String y = shipped();
        String bad = y.replaceFirst("rob: \\{value: 224", "rob: {value: 3");
        int line = (int) bad.substring(0, bad.indexOf("rob: {value: 3")).lines().count();
        assertEquals("t.yaml:" + line + ": cores.zen2.retire.rob.value: must be between 8 and 1024 (got 3)", error(bad));
        assertTrue(error(y.replaceFirst("latency: 36,", "latency: -1,")).contains("cores.zen2.classes.rdtsc.latency: must be between 0 and 1000"));
        assertTrue(error(y.replaceFirst("ports: \"alu0 alu3\"", "ports: \"alu9\"")).contains("unknown port 'alu9'"));
        assertTrue(error(y.replaceFirst("store_buffer:", "store_bufer:")).contains("cores.zen2.memory.store_bufer: unknown key"));
        assertTrue(error(y.replaceFirst(", source: \"AMD pub. 56305 \\(Zen 2\\): 224-entry retire queue\"", "")).contains("cores.zen2.retire.rob.source: missing"));
        assertTrue(error("cores: [").startsWith("t.yaml:"));
    }
}

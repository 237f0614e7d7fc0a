package org.vdsoexplorer.sim.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.cost.CostTableException;

/** The pipeline table: sources everywhere, bad values reported as file:line: key: message. */
public class TimingTableTest {
    public static String shipped() throws IOException {
        try (InputStream in = TimingTableTest.class.getResourceAsStream("/assets/timing.yaml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void shippedTableHasFiveCoresAndASourceForEveryFigure() {
        TimingTable t = TimingTable.defaults();
        assertEquals(java.util.List.of("zen2", "zen3", "skylake", "zen4", "goldencove"), t.cores().stream().map(Core::id).toList());
        assertEquals("zen2", t.defaultCore().id(), "other code and tests depend on the default");
        for (TimingTable.Entry e : t.entries()) {
            assertTrue(e.source().length() > 10, e.key());
            assertTrue(!e.source().contains("shared/") && !e.source().contains("REFERENCE"), e.key() + " cites a private file");
        }
        // every figure of every core is an entry: 14 leaves + ports + counter_read + one per class
        int perCore = 14 + 1 + 1 + UopClass.values().length;
        for (Core c : t.cores()) {
            assertEquals(perCore, t.entries().stream().filter(e -> e.key().startsWith("cores." + c.id() + ".")).count(), c.id());
        }
        assertEquals(5, t.cpuid().size());
        for (TimingTable.CpuidRange r : t.cpuid()) {
            assertTrue(r.source().length() > 10 && r.source().contains("arch/x86/"), r.core() + " line " + r.line());
        }
    }

    @Test
    void everyShippedCoreHasRdtscpAndTheVdsoReadsTheCounterWithIt() {
        for (Core c : TimingTable.defaults().cores()) {
            assertEquals(CounterRead.RDTSCP, c.counterRead(), c.id());
            TimingTable.Entry e = TimingTable.defaults().entries().stream().filter(x -> x.key().equals("cores." + c.id() + ".counter_read"))
                    .findFirst().orElseThrow();
            assertTrue(e.source().contains("ALTERNATIVE_2") && e.source().contains("RDTSCP"), e.source());
        }
        assertEquals("lfence; rdtsc", CounterRead.LFENCE_RDTSC.asm());
        assertEquals(java.util.Optional.of(CounterRead.LFENCE_RDTSC), CounterRead.byKey("lfence-rdtsc"));
    }

    @Test
    void badCounterReadAndCpuidLinesNameFileLineAndKey() throws IOException {
        String y = shipped();
        String bad = y.replaceFirst("counter_read: \\{value: rdtscp", "counter_read: {value: rdtscpp");
        int line = (int) bad.substring(0, bad.indexOf("rdtscpp")).lines().count();
        assertEquals("t.yaml:" + line + ": cores.zen2.counter_read.value: 'rdtscpp' is not one of rdtscp | lfence-rdtsc | rdtsc", error(bad));
        assertTrue(error(y.replaceFirst("core: zen3,", "core: zen9,")).matches("t\\.yaml:\\d+: cpuid\\[1\\]\\.core: unknown core 'zen9' .*"),
                error(y.replaceFirst("core: zen3,", "core: zen9,")));
        assertTrue(error(y.replaceFirst("\"0x10-0x1f ", "\"0x1f-0x10 ")).contains("cpuid[2].models: range '0x1f-0x10' ends before it starts"));
        assertTrue(error(y.replaceFirst("family: 0x17,", "family: seventeen,")).contains("cpuid[0].family: 'seventeen' is not a family or model number"));
        // an edited copy without a cpuid list still loads (every CPU then falls back)
        TimingTable t = TimingTable.parse("t.yaml", y.substring(0, y.indexOf("\ncpuid:") + 1));
        assertTrue(t.cpuid().isEmpty());
        assertTrue(error(y.replaceFirst("    counter_read: \\{[^\n]*\n", "")).contains("cores.zen2.counter_read: missing"));
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

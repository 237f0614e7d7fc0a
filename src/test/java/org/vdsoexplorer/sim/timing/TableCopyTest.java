package org.vdsoexplorer.sim.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.robust.Reproducers;

/**
 * The pipeline figures follow the data table: an edited copy of assets/timing.yaml passed to {@code report}
 * with {@code --costs} changes them as the edit says, through the same command line a user has.
 */
class TableCopyTest {
    private static final Pattern RDTSCP_LATENCY = Pattern.compile("(rdtscp: +\\{ports: \"[^\"]*\", latency: )(\\d+)");

    /** calls_in_3s of one report row, charged by the default core of the table given (null: the shipped one). */
    private static double callsIn3s(Path table, String scenario, String clock) {
        List<String> args = new java.util.ArrayList<>(List.of("report", "--timing", "pipeline", "--scenario", scenario,
                "--variant", "v5.6", "--clock", clock, "--format", "tsv"));
        if (table != null) args.addAll(List.of("--costs", table.toString()));
        Reproducers.Out r = Reproducers.cli(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(2, lines.size(), r.out());
        List<String> head = List.of(lines.get(0).split("\t")), row = List.of(lines.get(1).split("\t"));
        assertTrue(row.getLast().startsWith("pipeline:"), "the row says which model charged it: " + lines.get(1));
        return Double.parseDouble(row.get(head.indexOf("calls_in_3s")));
    }

    @Test
    void doublingTheRdtscpLatencyInACopyOfTheTableSlowsHresCallsAndLeavesCoarseCalls(@org.junit.jupiter.api.io.TempDir Path dir)
            throws IOException {
        String shipped = TimingTableTest.shipped();
        Matcher m = RDTSCP_LATENCY.matcher(shipped);
        StringBuilder doubled = new StringBuilder();
        int cores = 0;
        while (m.find()) {
            m.appendReplacement(doubled, m.group(1) + 2 * Integer.parseInt(m.group(2)));
            cores++;
        }
        m.appendTail(doubled);
        assertEquals(TimingTable.defaults().cores().size(), cores, "one rdtscp row per core");
        Path copy = dir.resolve("timing-slow-rdtscp.yaml");
        Files.writeString(copy, doubled, StandardCharsets.UTF_8);
        assertEquals(2 * TimingTable.defaults().defaultCore().uop(UopClass.RDTSCP).latency(),
                TimingTable.load(copy).defaultCore().uop(UopClass.RDTSCP).latency());
        for (String scenario : List.of("host", "timens")) {
            double h0 = callsIn3s(null, scenario, "monotonic"), h1 = callsIn3s(copy, scenario, "monotonic");
            double c0 = callsIn3s(null, scenario, "monotonic-coarse"), c1 = callsIn3s(copy, scenario, "monotonic-coarse");
            assertTrue(h1 < 0.85 * h0, scenario + ": hres calls in 3 s " + h0 + " -> " + h1);
            assertTrue(Math.abs(c1 / c0 - 1) < 0.02, scenario + ": coarse calls in 3 s " + c0 + " -> " + c1);
        }
    }

    @Test
    void aBrokenCopyIsOneLineNamingFileAndLine(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        String shipped = TimingTableTest.shipped();
        String bad = RDTSCP_LATENCY.matcher(shipped).replaceFirst("$1x");
        Path copy = dir.resolve("broken.yaml");
        Files.writeString(copy, bad, StandardCharsets.UTF_8);
        int line = (int) bad.substring(0, bad.indexOf("latency: x")).lines().count();
        Reproducers.Out r = Reproducers.cli("report", "--timing", "pipeline", "--costs", copy.toString(), "--scenario", "host",
                "--variant", "v5.6", "--clock", "monotonic");
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains(copy + ":" + line + ":"), r.err());
        assertTrue(r.err().contains("rdtscp.latency"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }
}

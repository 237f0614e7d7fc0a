package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.cost.CostClass;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cost.CostTableException;
import org.vdsoexplorer.sim.cost.EntryMechanism;

class CostTableTest {
    private static final String YAML = Listings.resource("/assets/costs.yaml");

    @Test
    void theShippedTableCitesASourceForEveryFigure() {
        CostTable t = CostTable.defaults();
        assertTrue(t.entries().size() >= 35);
        t.entries().forEach(e -> assertFalse(e.source().isBlank(), e.key()));
        assertEquals(36_000, t.instructionMilli(CostClass.RDTSC));
        assertTrue(t.entryMilli(EntryMechanism.INT80) > t.entryMilli(EntryMechanism.SYSENTER));
    }

    @Test
    void aFigureWithoutASourceIsRejectedWithItsLine() {
        String bad = YAML.replaceFirst("alu: *\\{cycles: 0.25, source: \"[^\"]*\"\\}", "alu: {cycles: 0.25}");
        CostTableException e = assertThrows(CostTableException.class, () -> CostTable.parse("t.yaml", bad));
        assertTrue(e.getMessage().matches("t\\.yaml:\\d+: 'instruction\\.alu' needs a source.*"), e.getMessage());
    }

    @Test
    void unknownAndMissingKeysAndBadYamlAreReported() {
        String extra = YAML + "\nbogus: {cycles: 1, source: \"x\"}\n";
        assertTrue(assertThrows(CostTableException.class, () -> CostTable.parse("t.yaml", extra)).getMessage()
                .contains("unknown cost 'bogus'"));
        String missing = YAML.replaceFirst("\\n  rdtsc: .*", "");
        assertTrue(assertThrows(CostTableException.class, () -> CostTable.parse("t.yaml", missing)).getMessage()
                .contains("missing cost 'instruction.rdtsc'"));
        CostTableException syntax = assertThrows(CostTableException.class, () -> CostTable.parse("t.yaml", "a: [1,\nb"));
        assertTrue(syntax.getMessage().startsWith("t.yaml:"), syntax.getMessage());
        String negative = YAML.replaceFirst("cycles: 0.25", "cycles: -1");
        assertTrue(assertThrows(CostTableException.class, () -> CostTable.parse("t.yaml", negative)).getMessage()
                .contains("'instruction.alu' is -1, must be between 0.1 and 1,000 cycles"));
    }
}

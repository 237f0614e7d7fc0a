package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.report.Report;
import org.vdsoexplorer.report.ReportFormat;
import org.vdsoexplorer.report.Row;
import org.vdsoexplorer.sim.timing.TimingModel;

/** The full report: every row measured by execution, every call correct, and the seeds' orderings hold. */
class ReportTest {

    /** With no writer ticks every call after the warm-up costs the same: the row is that call's cost. */
    @Test
    void aSetupWithoutTicksMeasuresWholeCalls() {
        Setup setup = Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(0);
        Row r = Report.measure(setup);
        assertTrue(r.calls() > 0, r.toString());
        Machine m = new Machine(setup);
        for (int i = 0; i < Report.WARMUP_CALLS; i++) m.runCall();
        long c0 = m.cyclesMilli();
        CallResult one = m.runCall();
        double cycles = (m.cyclesMilli() - c0) / 1000.0;
        assertEquals(cycles, r.cycles(), 1e-9, r.toString());
        assertEquals(one.instructions(), r.instructions(), 1e-9);
        assertEquals(cycles / setup.ghz(), r.ns(), 1e-9);
        assertEquals(0, r.incorrect());
    }

    /**
     * The 'wrong' column with the writer ticking at 100 kHz (the window's ticks at 100 kHz) and its steps a cycle
     * apart: above 0 for the broken readers' hres clocks on the host (their TSC path), 0 for every real variant.
     * Coarse reads stay right: the model's writer stores a coarse clock's sec and nsec in one step.
     */
    @Test
    void aBrokenReaderIsWrongUnderAFastWriter() {
        CostTable fast = CostTable.defaults().withWriterStep(1);
        int ticks = Report.windowTicks(100_000);
        assertEquals(100_000 / Report.TICK_HZ * Report.WINDOW_TICKS, ticks);
        List<Row> rows = Report.measureAll(Report.setups(Scenario.HOST, null, null, fast, fast.ghz(), Compiler.GCC_12,
                TimingModel.ADDITIVE, 100_000), ticks);
        assertEquals(11 * 7, rows.size(), "the host runs every vDSO variant");
        int brokenRows = 0;
        for (Row r : rows) {
            if (r.variant().broken() && !r.clock().coarse()) {
                brokenRows++;
                assertTrue(r.incorrect() > 0, r + ": the broken reader was never caught");
                assertTrue(r.incorrect() <= ticks, r + ": more wrong calls than ticks in the window");
            } else {
                assertEquals(0, r.incorrect(), r + " returned a wrong time");
            }
        }
        assertEquals(2 * 5, brokenRows);
        String table = ReportFormat.table(rows);
        assertTrue(table.lines().skip(1).findFirst().orElseThrow().endsWith("wrong"), table);
        assertTrue(ReportFormat.legend(rows).contains("variant no-retry: " + Variant.BROKEN), ReportFormat.legend(rows));
        assertFalse(ReportFormat.legend(rows).contains("luck, not safety"), "the rows did catch wrong times");
    }

    /** At the report's own rate a broken reader's row may show 0 wrong; the legend then says it was luck. */
    @Test
    void aBrokenReaderWithNoWrongCallSaysItWasLuck() {
        CostTable t = CostTable.defaults();
        List<Row> rows = Report.measureAll(Report.setups(Scenario.HOST, Variant.NO_RETRY, Clock.MONOTONIC, t, t.ghz()));
        String legend = ReportFormat.legend(rows);
        assertEquals(rows.stream().allMatch(r -> r.incorrect() == 0), legend.contains("luck, not safety"), legend);
        List<Row> real = Report.measureAll(Report.setups(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC, t, t.ghz()));
        assertFalse(ReportFormat.legend(real).contains("luck, not safety"), "only broken readers get the note");
    }

    @Test
    void fullReportHasEveryRowAndTheSeedsShape() {
        CostTable t = CostTable.defaults();
        List<Row> rows = Report.measureAll(Report.setups(null, null, null, t, t.ghz()));
        // 4 vDSO scenarios x 11 variants (2 of them broken on purpose), the namespace task x the 6 variants built
        // for a v5.6 namespace page, 7 clocks each; 2 legacy scenarios with the 2 clocks of a 2.6.20 kernel
        assertEquals((4 * 11 + 6) * 7 + 2 * 2, rows.size());
        for (Row r : rows) {
            // a broken reader is caught only by an update that starts within a few instructions of its call
            // (aBrokenReaderIsWrongUnderAFastWriter); each of the window's ticks catches at most one call
            if (r.variant().broken()) assertTrue(r.incorrect() <= Report.WINDOW_TICKS, r.toString());
            else assertEquals(0, r.incorrect(), r + " returned a wrong time");
            assertTrue(r.calls() > 1000, r + " measured too few calls");
        }
        String tsv = ReportFormat.tsv(rows);
        assertEquals("scenario\tvariant\tclock\tcompiler\tinstructions\tcycles\tns\tcalls_in_3s\tretries\tfallbacks\twrong\ttiming",
                tsv.lines().findFirst().orElseThrow());
        assertEquals(rows.size() + 1, tsv.lines().count());

        Map<Scenario, Map<Variant, Map<Clock, Row>>> by = new EnumMap<>(Scenario.class);
        for (Row r : rows) by.computeIfAbsent(r.scenario(), k -> new EnumMap<>(Variant.class))
                .computeIfAbsent(r.variant(), k -> new EnumMap<>(Clock.class)).put(r.clock(), r);
        double base = by.get(Scenario.HOST).get(Variant.UNLIKELY).get(Clock.MONOTONIC).callsIn3s();
        double before = by.get(Scenario.HOST).get(Variant.BEFORE).get(Clock.MONOTONIC).callsIn3s() / base * 100;
        assertTrue(before > 96 && before < 100, "host before = " + before + " (seed 98)");
        Row hostInline = by.get(Scenario.HOST).get(Variant.TIMENS_INLINE).get(Clock.MONOTONIC);
        Row nsInline = by.get(Scenario.TIMENS).get(Variant.TIMENS_INLINE).get(Clock.MONOTONIC);
        assertTrue(nsInline.callsIn3s() < hostInline.callsIn3s(), "a namespace task pays for the timens path");
        Row nsSwitch = by.get(Scenario.TIMENS).get(Variant.SWITCH_OFFSETS).get(Clock.MONOTONIC);
        assertTrue(nsSwitch.callsIn3s() < nsInline.callsIn3s(), "switch is slower than the array (Gleixner)");
        Row coarse = by.get(Scenario.HOST).get(Variant.TIMENS_NOINLINE).get(Clock.MONOTONIC_COARSE);
        Row hres = by.get(Scenario.HOST).get(Variant.TIMENS_NOINLINE).get(Clock.MONOTONIC);
        double ratio = (double) coarse.callsIn3s() / hres.callsIn3s();
        assertTrue(ratio > 3.5 && ratio < 5, "coarse/hres = " + ratio + " (seed ~4.3)");
        Row hv = by.get(Scenario.HYPERV).get(Variant.V5_13).get(Clock.REALTIME);
        Row hv513 = by.get(Scenario.HYPERV_5_13).get(Variant.V5_13).get(Clock.REALTIME);
        double slow = (double) hv.callsIn3s() / hv513.callsIn3s();
        assertTrue(slow > 12 && slow < 17, "hyperv-5.13-rc1 is " + slow + "x slower (seed 14.6x)");
        assertEquals(1.0, hv513.fallbacks(), "every hres call falls back on v5.13-rc1");
        assertEquals(0.0, by.get(Scenario.HYPERV_5_13).get(Variant.V5_13).get(Clock.REALTIME_COARSE).fallbacks(),
                "coarse clocks stay in the vDSO");
        double pv = (double) by.get(Scenario.SYSENTER_2007).get(Variant.LEGACY).get(Clock.REALTIME).callsIn3s()
                / by.get(Scenario.PARAVIRT_2007).get(Variant.LEGACY).get(Clock.REALTIME).callsIn3s();
        assertTrue(pv > 1.8 && pv < 2.5, "int $0x80 vs sysenter = " + pv + " (seed 2.25 for a null syscall)");
        assertTrue(rows.stream().anyMatch(r -> r.retries() > 0), "the writer never raced a reader");
    }
}

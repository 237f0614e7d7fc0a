package org.vdsoexplorer.host.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.util.Resources;

/** The harness's pure parts on fixtures: the driver's output, medians and spreads, listing flags, the join and its checks. */
class ValidationTest {

    @Test
    void mediansQuartilesAndSpread() {
        List<Double> v = List.of(4.0, 1.0, 3.0, 2.0, 5.0);
        assertEquals(3.0, Stats.median(v));
        assertEquals(2.0, Stats.quantile(v, 0.25));
        assertEquals(4.0, Stats.quantile(v, 0.75));
        assertEquals(2.0, Stats.iqr(v));
        assertEquals(100 * 2.0 / 3.0, Stats.spreadPercent(v), 1e-9);
        assertEquals(2.5, Stats.median(List.of(1.0, 2.0, 3.0, 4.0)));
        assertTrue(Double.isNaN(Stats.median(List.of())));
    }

    @Test
    void parsesTheDriversLines() {
        DriverOutput d = DriverOutput.parse(List.of(
                "I\tcpu\t1", "I\tpinned\t1", "I\ttsc_khz_measured\t2596135",
                "C\t0\t12800000\t3600000", "C\t1\t12800000\t3200000",
                "L\t0\t1\t64000\t1536000",
                "R\t0\thost\tv5.6\t1\t200000\t5000000", "R\t1\thost\tv5.6\t1\t250000\t5000000",
                "R\t0\tnamespace\tv5.6\t6\t1000000\t5000000", "X\t1\tnamespace\tv5.6\t6\t5"));
        assertEquals("1", d.info.get("pinned"));
        assertEquals(2, d.rounds);
        assertEquals(1, d.lost);
        assertEquals((12.8 / 3.6 + 12.8 / 3.2) / 2, d.medianGhz(), 1e-9);
        assertEquals(List.of(25.0, 20.0), d.nsPerCall.get(new DriverOutput.Key("host", "v5.6", Clock.MONOTONIC)));
        assertEquals(List.of(24.0), d.libcNs.get(Clock.MONOTONIC));
        List<Validation.NativeRow> rows = Validation.nativeRows(d);
        assertEquals("host", rows.getFirst().task());
        assertEquals(22.5, rows.getFirst().ns());
        assertEquals(2.5, rows.getFirst().iqrNs());
        assertEquals(5.0, rows.get(1).ns());
        assertThrows(IllegalArgumentException.class, () -> DriverOutput.parse(List.of("R\t0\thost")));
        assertThrows(IllegalArgumentException.class, () -> DriverOutput.parse(List.of("Q\tx")));
    }

    @Test
    void listingFlagsKeepDefinesWithSpacesTogether() {
        String listing = Resources.text("/" + Compiler.GCC_12.listingPath(Variant.V5_6));
        List<String> f = NativeHarness.flags(NativeHarness.header(listing, "flags"));
        assertTrue(f.contains("-O2") && f.contains("-fPIC") && f.contains("-DVARIANT_TIMENS"), f.toString());
        assertTrue(f.contains("-DHRES_INLINE=static __always_inline"), f.toString());
        assertTrue(f.stream().allMatch(w -> w.startsWith("-")), f.toString());
        String caller = Resources.text("/assets/listings/caller/gettime_perf.lst");
        assertEquals(List.of("-Wall", "-Werror", "-pthread", "-g"), NativeHarness.flags(NativeHarness.header(caller, "flags")));
        assertEquals("gcc-12", NativeHarness.callerCompiler(caller));
        assertEquals(List.of("-DTIMENS_INLINE=static noinline", "-DX"), NativeHarness.flags("-DTIMENS_INLINE=static noinline -DX"));
    }

    @Test
    void theHarnessSkipsTheBrokenReadersAndLegacy() {
        List<Variant> v = NativeHarness.variants();
        assertFalse(v.contains(Variant.NO_RETRY) || v.contains(Variant.NO_READ_ONCE) || v.contains(Variant.LEGACY));
        assertTrue(v.contains(Variant.BEFORE) && v.contains(Variant.V5_6) && v.contains(Variant.V5_13));
        Validation.Options o = Validation.Options.defaults().withRows(List.of(Variant.BEFORE, Variant.V5_6), List.of(Clock.MONOTONIC));
        assertEquals(3, o.rows()); // before: host only; v5.6: host and namespace
    }

    @Test
    void joinComputesDiffsRatiosTargetsAndOrder() {
        List<Validation.NativeRow> n = List.of(
                new Validation.NativeRow("host", "v5.6", "monotonic", 20.0, 0.2, 5),
                new Validation.NativeRow("host", "v5.6", "monotonic-coarse", 4.0, 0.1, 5),
                new Validation.NativeRow("namespace", "v5.6", "monotonic", 22.0, 0.2, 5),
                new Validation.NativeRow("namespace", "v5.6", "monotonic-coarse", 4.1, 0.3, 5));
        Map<String, Double> model = Map.of("host v5.6 monotonic", 20.5, "host v5.6 monotonic-coarse", 3.5,
                "namespace v5.6 monotonic", 20.0, "namespace v5.6 monotonic-coarse", 5.5);
        Map<String, Double> additive = Map.of("host v5.6 monotonic", 18.0);
        List<Validation.Row> rows = Validation.join(n, model, additive, 4.0, "zen3");
        Validation.Row host = rows.get(0), hc = rows.get(1), ns = rows.get(2), nc = rows.get(3);
        assertEquals(2.5, host.diffPct(), 1e-9);
        assertTrue(host.meetsTarget() && host.meetsRatio());
        assertEquals(80.0, host.nativeCycles(), 1e-9);
        assertEquals(82.0, host.modelCycles(), 1e-9);
        assertEquals(18.0, host.additiveNs());
        assertTrue(Double.isNaN(hc.additiveNs()));
        assertTrue(hc.meetsTarget()); // coarse: 0.5 ns off
        assertFalse(nc.meetsTarget()); // coarse: 1.4 ns off
        assertFalse(ns.meetsTarget()); // hres: -9.1 %
        assertEquals(100 * (20.0 / 20.5 - 22.0 / 20.0), ns.ratioPp(), 1e-9);
        assertFalse(ns.meetsRatio());
        // natively namespace monotonic (22) > host monotonic (20), separated (2 > 3 x 0.2); the model has them the other way
        assertEquals(1, ns.orderMisses());
        assertEquals(1, host.orderMisses());
        // the two coarse rows are not separated (0.1 < 3 x 0.3): no order check between them
        Validation.Summary s = Validation.summarize(rows, n);
        assertEquals(2, s.hresRows());
        assertEquals(1, s.hresMet());
        assertEquals(1, s.coarseMet());
        assertEquals(5, s.orderedPairs());
        assertEquals(1, s.orderMisses());
        assertTrue(ValidateFormat.summary(s).contains("separated pairs in order: 4/5"));
    }

    @Test
    void cpuinfoFirstProcessor() {
        CpuInfo c = CpuInfo.parse("processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 17\n"
                + "model name\t: AMD EPYC\ncpu MHz\t\t: 2596.136\n\nprocessor\t: 1\nvendor_id\t: GenuineIntel\n");
        assertEquals(new CpuInfo("AuthenticAMD", 25, 17, "AMD EPYC", 2596.136), c);
        assertTrue(c.describe().contains("family 25 (0x19) model 17 (0x11)"));
        assertEquals(-1, CpuInfo.parse("").family());
    }

    @Test
    void formatsTableTsvAndJson() throws Exception {
        List<Validation.NativeRow> n = List.of(new Validation.NativeRow("host", "v5.6", "monotonic", 20.0, 0.2, 5),
                new Validation.NativeRow("namespace", "v5.13", "monotonic", 21.0, 0.2, 5));
        List<Validation.Row> rows = Validation.join(n, Map.of("host v5.6 monotonic", 19.0), Map.of(), 4.0, "zen3");
        CpuInfo cpu = new CpuInfo("AuthenticAMD", 25, 17, "AMD EPYC", Double.NaN);
        Validation.Result r = new Validation.Result(cpu, "zen4", Validation.pickCore(cpu).why(), 4.0, 1.0, 2.6, 2.6, 6462379, 24,
                new NativeHarness.Toolchain("gcc-12", "gcc-12 x", "gcc-12 x"), new NativeHarness.Toolchain("gcc-12", "gcc-12 x", "gcc-12 x"),
                5, 1000, 0, true, rows, List.of(new Validation.RealVdso("monotonic", 20.5, 1.0)), Validation.summarize(rows, n), List.of("a note"));
        String table = ValidateFormat.table(r);
        assertTrue(table.contains("native_ns") && table.contains("4.000 GHz calibrated") && table.contains("note: a note"), table);
        String tsv = ValidateFormat.tsv(r);
        assertTrue(tsv.contains(String.join("\t", Validation.Row.COLUMNS)), tsv);
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(ValidateFormat.json(r));
        assertEquals(2, json.get("rows").size());
        assertEquals(-5.0, json.get("rows").get(0).get("diff_pct").asDouble(), 1e-9);
        assertTrue(json.get("rows").get(1).get("model_ns").isNull()); // no model row: null, not NaN
        assertTrue(json.get("cpu").get("cpu_mhz").isNull());
        assertEquals(1, json.get("summary").get("hresRows").asInt());
    }
}

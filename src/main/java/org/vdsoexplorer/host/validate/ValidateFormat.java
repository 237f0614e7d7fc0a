package org.vdsoexplorer.host.validate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@link Validation.Result} as an aligned table, TSV or JSON (jackson). */
public final class ValidateFormat {
    private ValidateFormat() {}

    public static final String SPREAD = "native_spread_pct = (p75 - p25) / median of the per-round ns/call, in percent";

    /** The facts above the table, one per line. */
    public static List<String> header(Validation.Result r) {
        return List.of(
                "cpu: " + r.cpu().describe() + String.format(Locale.ROOT, ", /proc/cpuinfo cpu MHz %.0f", r.cpu().mhz()),
                String.format(Locale.ROOT, "core clock: %.3f GHz calibrated (dependent adds, median of %d rounds, spread %.2f %%)",
                        r.ghz(), r.rounds(), r.ghzSpreadPct()),
                String.format(Locale.ROOT, "tsc: %.6f GHz from the kernel's data page (mult %d, shift %d); %.6f GHz measured",
                        r.tscGhzKernel(), r.mult(), r.shift(), r.tscGhzMeasured()),
                "compiler: " + r.modelCompiler().installedVersion() + " (variants, listing flags); caller loop: "
                        + r.callerCompiler().installedVersion() + " -O0",
                String.format(Locale.ROOT, "rounds: %d, batches of %d us (thread CPU time), %s, %d row-rounds lost to context switches",
                        r.rounds(), r.batchMicros(), r.pinned() ? "pinned to one CPU" : "not pinned", r.lost()),
                "core: " + r.coreNote());
    }

    public static String table(Validation.Result r) {
        StringBuilder sb = new StringBuilder();
        header(r).forEach(l -> sb.append(l).append('\n'));
        sb.append('\n');
        sb.append(String.format(Locale.ROOT, "%-9s %-17s %-16s %9s %7s %7s %9s %7s %8s %9s %-5s %7s %7s %7s %-4s %-5s %5s%n",
                "task", "variant", "clock", "native_ns", "spread%", "cycles", "model_ns", "cycles", "diff_pct", "additive",
                "core", "r_nat", "r_model", "r_pp", "tgt", "meets", "order"));
        for (Validation.Row x : r.rows()) {
            List<String> c = cells(x);
            sb.append(String.format(Locale.ROOT, "%-9s %-17s %-16s %9s %7s %7.1f %9s %7.1f %8s %9s %-5s %7.3f %7.3f %+7.1f %-4s %-5s %5d%n",
                    c.get(0), c.get(1), c.get(2), c.get(3), c.get(4), x.nativeCycles(), c.get(5), x.modelCycles(),
                    c.get(6), c.get(7), c.get(8), x.ratioNative(), x.ratioModel(), x.ratioPp(), x.target(), c.get(9), x.orderMisses()));
        }
        sb.append('\n').append("real vDSO of the running kernel (libc clock_gettime() through a pointer, counted loop):\n");
        for (Validation.RealVdso v : r.real())
            sb.append(String.format(Locale.ROOT, "  %-17s %7.2f ns  spread %.2f %%%n", v.clock(), v.ns(), v.spreadPct()));
        Validation.Summary s = r.summary();
        sb.append('\n').append(summary(s));
        sb.append(SPREAD).append("; diff_pct = (model - native) / native; r_*: ns / the host v5.6 monotonic row's, "
                + "r_pp their difference; meets: the row's target (hres 5 %, coarse 1 ns), * = ratio off by more than 2 pp; "
                + "order: separated pairs (> 3 x the larger IQR apart natively) the model orders the other way\n");
        r.notes().forEach(n -> sb.append("note: ").append(n).append('\n'));
        return sb.toString();
    }

    /** The columns of {@link #cells}: the table, as the app's "Your machine" tab shows it. */
    public static final List<String> CELL_COLUMNS = List.of("task", "variant", "clock", "native ns", "spread %", "model ns",
            "diff %", "additive ns", "core", "meets");

    /**
     * One row's texts for {@link #CELL_COLUMNS}, as {@link #table} prints them (it pads these): ns and spread to
     * 2 decimals, diff signed to 1, meets "yes"/"no" with "*" when the ratio is off by more than 2 pp.
     */
    public static List<String> cells(Validation.Row x) {
        return List.of(x.task(), x.variant(), x.clock(), String.format(Locale.ROOT, "%.2f", x.nativeNs()),
                String.format(Locale.ROOT, "%.2f", x.nativeSpreadPct()), String.format(Locale.ROOT, "%.2f", x.modelNs()),
                String.format(Locale.ROOT, "%+.1f", x.diffPct()), String.format(Locale.ROOT, "%.2f", x.additiveNs()), x.core(),
                yesNo(x.meetsTarget()) + (x.meetsRatio() ? "" : "*"));
    }

    /** The checks line (and the pairs out of order, one a line), as under the table. */
    public static String summary(Validation.Summary s) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "checks: hres within 5 %%: %d/%d; coarse within 1 ns: %d/%d; ratio within 2 pp: %d/%d; separated pairs in order: %d/%d%n",
                s.hresMet(), s.hresRows(), s.coarseMet(), s.coarseRows(), s.ratioMet(), s.ratioRows(), s.orderedPairs() - s.orderMisses(),
                s.orderedPairs()));
        for (String m : s.missedPairs()) sb.append("  out of order: ").append(m).append('\n');
        return sb.toString();
    }

    private static String yesNo(boolean b) { return b ? "yes" : "no"; }

    public static String tsv(Validation.Result r) {
        StringBuilder sb = new StringBuilder();
        header(r).forEach(l -> sb.append("# ").append(l).append('\n'));
        sb.append(String.join("\t", Validation.Row.COLUMNS)).append('\n');
        for (Validation.Row x : r.rows()) {
            sb.append(String.format(Locale.ROOT, "%s\t%s\t%s\t%.3f\t%.3f\t%.2f\t%.3f\t%.2f\t%.2f\t%.3f\t%s\t%.4f\t%.4f\t%.2f\t%s\t%s\t%d\t%d%n",
                    x.task(), x.variant(), x.clock(), x.nativeNs(), x.nativeSpreadPct(), x.nativeCycles(), x.modelNs(), x.modelCycles(),
                    x.diffPct(), x.additiveNs(), x.core(), x.ratioNative(), x.ratioModel(), x.ratioPp(), x.target(),
                    x.meetsTarget() && x.meetsRatio() ? "yes" : "no", x.orderMisses(), x.rounds()));
        }
        return sb.toString();
    }

    public static String json(Validation.Result r) {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> cpu = new LinkedHashMap<>();
        cpu.put("vendor", r.cpu().vendor());
        cpu.put("family", r.cpu().family());
        cpu.put("model", r.cpu().model());
        cpu.put("model_name", r.cpu().modelName());
        cpu.put("cpu_mhz", num(r.cpu().mhz()));
        m.put("cpu", cpu);
        m.put("core", r.core());
        m.put("core_note", r.coreNote());
        m.put("ghz", num(r.ghz()));
        m.put("ghz_spread_pct", num(r.ghzSpreadPct()));
        m.put("tsc_ghz_kernel", num(r.tscGhzKernel()));
        m.put("tsc_ghz_measured", num(r.tscGhzMeasured()));
        m.put("mult", r.mult());
        m.put("shift", r.shift());
        m.put("compiler", r.modelCompiler().installedVersion());
        m.put("caller_compiler", r.callerCompiler().installedVersion());
        m.put("rounds", r.rounds());
        m.put("batch_us", r.batchMicros());
        m.put("lost", r.lost());
        m.put("pinned", r.pinned());
        m.put("spread", SPREAD);
        m.put("rows", r.rows().stream().map(x -> {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("task", x.task());
            o.put("variant", x.variant());
            o.put("clock", x.clock());
            o.put("native_ns", num(x.nativeNs()));
            o.put("native_spread_pct", num(x.nativeSpreadPct()));
            o.put("native_cycles", num(x.nativeCycles()));
            o.put("model_ns", num(x.modelNs()));
            o.put("model_cycles", num(x.modelCycles()));
            o.put("diff_pct", num(x.diffPct()));
            o.put("additive_ns", num(x.additiveNs()));
            o.put("core", x.core());
            o.put("ratio_native", num(x.ratioNative()));
            o.put("ratio_model", num(x.ratioModel()));
            o.put("ratio_pp", num(x.ratioPp()));
            o.put("target", x.target());
            o.put("meets_target", x.meetsTarget());
            o.put("meets_ratio", x.meetsRatio());
            o.put("order_misses", x.orderMisses());
            o.put("rounds", x.rounds());
            return o;
        }).toList());
        m.put("real_vdso", r.real().stream().map(v -> {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("clock", v.clock());
            o.put("ns", num(v.ns()));
            o.put("spread_pct", num(v.spreadPct()));
            return o;
        }).toList());
        m.put("summary", r.summary());
        m.put("notes", r.notes());
        return org.vdsoexplorer.util.Json.pretty(m);
    }

    /** Rounded to 4 decimals; NaN (no model run) as null. */
    private static Double num(double v) { return Double.isFinite(v) ? Math.round(v * 10000) / 10000.0 : null; }
}

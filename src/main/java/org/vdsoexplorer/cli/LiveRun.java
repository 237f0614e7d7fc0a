package org.vdsoexplorer.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.vdsoexplorer.host.live.Capturing;
import org.vdsoexplorer.host.live.LiveSession;
import org.vdsoexplorer.host.validate.DriverOutput;
import org.vdsoexplorer.host.validate.NativeHarness;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.real.Capture;
import org.vdsoexplorer.sim.real.CaptureFile;
import org.vdsoexplorer.sim.real.RealCode;
import org.vdsoexplorer.sim.real.RealRows;
import org.vdsoexplorer.sim.real.RealTime;
import org.vdsoexplorer.sim.timing.CorePick;
import org.vdsoexplorer.sim.timing.TimingTable;

/**
 * {@code live capture FILE} and {@code live run}: this machine's vDSO captured (pages, clocks, core clock), and the
 * captured code run in the interpreter per task and clock beside the live measurement of the same call.
 */
final class LiveRun {
    private LiveRun() {}

    static final Commands.Option[] RUN_OPTIONS = {
        Commands.Option.value("clock", "C", "the clock: realtime, monotonic, monotonic-coarse, monotonic-raw, boottime, "
                + "realtime-coarse, tai, or all (default all)"),
        Commands.Option.value("task", "host|timens", "the task (default: every task of the capture)"),
        Commands.Option.value("capture", "FILE", "a capture made by 'live capture' (default: capture this machine now)"),
        Commands.Option.value("format", "table|tsv", "the output format (default table)"),
        Commands.Option.value("update-before", "N", "also place one update_vsyscall() before reader instruction N of each call "
                + "and print whether the real code retried (its seq loads)")};

    private static LiveSession.Progress progress(PrintStream err) {
        return (f, m) -> err.printf(Locale.ROOT, "live: %3.0f%% %s%n", f * 100, m);
    }

    static int capture(Args a, PrintStream out, PrintStream err) {
        Path file = Path.of(a.positional().getFirst());
        List<String> problems = new ArrayList<>();
        try {
            Capture c = captureNow(err, problems);
            CaptureFile.write(file, c);
            out.printf(Locale.ROOT, "captured %s: tasks %s, %d clock readings each; core clock %s%n", c.describe(),
                    String.join(", ", c.taskNames()), c.tasks().getFirst().clocks().size(), c.coreGhzHow());
            out.println("written to " + file);
            for (String p : problems) err.println("live capture: " + p);
            return 0;
        } catch (IOException e) {
            throw new UsageException("live capture: " + e.getMessage());
        }
    }

    /** This machine captured, with its core clock calibrated by validate's harness when a C compiler is there. */
    static Capture captureNow(PrintStream err, List<String> problems) throws IOException {
        Capture c;
        try (LiveSession s = new LiveSession(LiveSession.Options.defaults())) {
            c = Capturing.capture(s, progress(err), problems);
        }
        progress(err).update(0.95, "calibrating the core clock (validate's dependent adds, gcc-12)");
        RealTime t = RealTime.of(c.tasks().getFirst());
        try {
            NativeHarness.Run run = NativeHarness.run(new NativeHarness.Plan(Compiler.GCC_12, List.of(Variant.V5_6),
                    List.of(Clock.MONOTONIC), 15, 2_000, t.mult(0), t.shift(0), t.mult(1), t.shift(1)));
            DriverOutput o = run.output();
            if (o.ghz.isEmpty()) {
                problems.add("core clock not calibrated: every calibration batch had a context switch (a loaded machine)");
                return c.withCoreGhz(0, "not calibrated (every calibration batch had a context switch)");
            }
            double ghz = o.medianGhz();
            return c.withCoreGhz(ghz, String.format(Locale.ROOT, "%.3f GHz, calibrated when captured by validate's chain of "
                    + "dependent adds (one add a cycle), median of %d rounds", ghz, o.ghz.size()));
        } catch (NativeHarness.Unavailable | IllegalStateException | java.io.UncheckedIOException e) {
            problems.add("core clock not calibrated: " + e.getMessage());
            return c.withCoreGhz(0, "not calibrated (" + e.getMessage() + ")");
        }
    }

    static int run(Args a, PrintStream out, PrintStream err) {
        String format = a.choice("format", List.of("table", "tsv"));
        String task = a.one("task");
        if (task != null && !List.of("host", "timens").contains(task)) {
            throw new UsageException("live run: unknown --task '" + task + "' (known: host, timens)");
        }
        Integer clock = clockId(a.one("clock"));
        List<String> problems = new ArrayList<>();
        Capture c;
        try {
            c = a.one("capture") != null ? CaptureFile.read(Path.of(a.one("capture"))) : captureNow(err, problems);
        } catch (IOException e) {
            throw new UsageException("live run: " + e.getMessage());
        }
        if (task != null && c.task(task).isEmpty()) {
            throw new UsageException("live run: the capture has no " + task + " task (it has: " + String.join(", ", c.taskNames()) + ")");
        }
        String problem = RealCode.problem(c);
        if (problem != null) throw new UsageException("live run: " + problem);
        CorePick core = CorePick.pick(TimingTable.defaults(), new CorePick.Cpu(c.cpu().vendor(), c.cpu().family(), c.cpu().model()));
        List<RealRows.Row> rows = RealRows.rows(c, RealCode.listing(c), core.core(), task, clock);
        Map<String, Double> measured = measured(c, rows, err, problems);
        out.print(format.equals("tsv") ? tsv(rows, measured) : table(c, core, rows, measured));
        if (a.one("update-before") != null) {
            long k = a.whole("update-before", 0, new org.vdsoexplorer.util.Range(0, 10_000, "update-before"));
            out.printf(Locale.ROOT, "%nupdate_vsyscall() placed before reader instruction %d:%n%-7s %-17s %10s %10s %-8s %-21s %s%n", k,
                    "task", "clock", "seq_loads", "without", "retried", "returned", "= captured");
            for (RealRows.Retry r : RealRows.retries(c, RealCode.listing(c), task, clock, k)) {
                out.printf(Locale.ROOT, "%-7s %-17s %10d %10d %-8s %-21s %s%n", r.task(), r.clock(), r.seqLoads(), r.quietSeqLoads(),
                        r.retried() ? "yes" : "no", RealTime.split(r.returnedNs()), r.returnedNs() == r.capturedNs() ? "yes" : "no");
            }
        }
        for (String p : problems) err.println("live run: " + p);
        return rows.stream().allMatch(RealRows.Row::exact) ? 0 : 1;
    }

    private static final Map<String, Integer> CLOCKS = new LinkedHashMap<>();

    static {
        for (String[] c : new String[][] {{"realtime", "0"}, {"monotonic", "1"}, {"monotonic-raw", "4"}, {"realtime-coarse", "5"},
                {"monotonic-coarse", "6"}, {"boottime", "7"}, {"tai", "11"}}) CLOCKS.put(c[0], Integer.parseInt(c[1]));
    }

    private static Integer clockId(String name) {
        if (name == null || name.equals("all")) return null;
        Integer id = CLOCKS.get(name);
        if (id == null) throw new UsageException("live run: unknown --clock '" + name + "' (known: " + String.join(", ", CLOCKS.keySet()) + ", all)");
        return id;
    }

    /** The live measurement of the same calls, by task and clock, when this is the captured machine (same kernel, same vDSO). */
    private static Map<String, Double> measured(Capture c, List<RealRows.Row> rows, PrintStream err, List<String> problems) {
        return org.vdsoexplorer.host.live.CaptureMeasure.measure(c.tasks().getFirst().vdsoImage(), progress(err), problems);
    }

    private static String num(double v, String fmt) { return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, fmt, v); }

    private static String miss(RealRows.Row r, Double m) { return org.vdsoexplorer.session.KernelSnapshot.miss(r.predictedNs(), m, r.coarse()); }

    static String table(Capture c, CorePick core, List<RealRows.Row> rows, Map<String, Double> measured) {
        StringBuilder b = new StringBuilder();
        b.append("capture: ").append(c.describe()).append(", captured ").append(c.captured()).append('\n');
        b.append(String.format(Locale.ROOT, "%-7s %-17s %-8s %6s %8s %8s %8s %9s %-21s %s%n", "task", "clock", "path", "instr",
                "cycles", "pred_ns", "meas_ns", "miss", "returned", "= captured"));
        for (RealRows.Row r : rows) {
            Double m = measured.get(r.task() + " " + r.clock());
            b.append(String.format(Locale.ROOT, "%-7s %-17s %-8s %6d %8.1f %8s %8s %9s %-21s %s%n", r.task(), r.clock(), r.path(),
                    r.instructions(), r.cycles(), num(r.predictedNs(), "%.2f"), m == null ? "-" : num(m, "%.2f"), miss(r, m),
                    RealTime.split(r.returnedNs()), r.exact() ? "yes" : "NO (" + RealTime.split(r.capturedNs()) + ")"));
        }
        b.append("core: ").append(core.why()).append('\n');
        b.append("core clock: ").append(c.coreGhzHow()).append('\n');
        b.append("pred_ns: the pipeline model's cycles of the captured code (the last of ").append(RealRows.CALLS + 1)
                .append(" back-to-back calls) at that clock; meas_ns: live's corrected ns per call on this machine, when it is the "
                + "captured one; returned: the time the code returned for the TSC value the captured pages map to the captured "
                + "clock_gettime() result\n");
        return b.toString();
    }

    static String tsv(List<RealRows.Row> rows, Map<String, Double> measured) {
        StringBuilder b = new StringBuilder("task\tclock\tpath\tinstructions\tcycles\tpredicted_ns\tmeasured_ns\treturned_ns\tcaptured_ns\n");
        for (RealRows.Row r : rows) {
            Double m = measured.get(r.task() + " " + r.clock());
            b.append(String.join("\t", r.task(), r.clock(), r.path(), Long.toString(r.instructions()),
                    String.format(Locale.ROOT, "%.1f", r.cycles()), num(r.predictedNs(), "%.3f"), m == null ? "-" : num(m, "%.3f"),
                    Long.toString(r.returnedNs()), Long.toString(r.capturedNs()))).append('\n');
        }
        return b.toString();
    }
}

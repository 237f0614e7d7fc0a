package org.vdsoexplorer.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.vdsoexplorer.host.live.LiveFormat;
import org.vdsoexplorer.host.live.LiveSession;
import org.vdsoexplorer.host.live.Measurements;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.host.live.PageDecoder;
import org.vdsoexplorer.host.live.Prediction;
import org.vdsoexplorer.host.live.VdsoImage;
import org.vdsoexplorer.sim.timing.CorePick;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.util.Range;

/**
 * {@code live}: the live lab headless. {@code live [--seconds S] [--rounds N] [--format table|tsv|json]} measures
 * the host task and a time-namespace task, says which core of assets/timing.yaml this CPU is (and why) and, in the
 * table format, what the model of v5.6 predicts for the same clocks on that core; {@code live pages [--format table|json]} reads and decodes their
 * [vvar] and [vvar_vclock] pages; {@code live vdso} lists the vDSO's exported symbols and disassembles
 * __vdso_clock_gettime when objdump is installed. Progress goes to stderr.
 */
final class LiveCommand {
    private LiveCommand() {}

    static final String DESCRIPTION = """
            Prints per task, clock and path: ns_per_call (corrected for the Java downcall), calls_in_3s, the raw
            figure, the downcall's own cost, spread and rounds; the table also says which core of assets/timing.yaml
            this CPU is and what the model of v5.6 predicts on it. Progress goes to stderr.""";

    static final Commands.Option[] MEASURE_OPTIONS = {
        Commands.Option.value("seconds", "S", "measuring time, at most 600 (default " + Range.fmt(LiveSession.Options.defaults().seconds()) + ")"),
        Commands.Option.value("rounds", "N", "interleaved rounds, 1-1000 (default " + LiveSession.Options.defaults().rounds() + ")"),
        Commands.Option.value("format", "table|tsv|json", "the output format (default table)")};

    static final Commands.Option[] PAGES_OPTIONS = {Commands.Option.value("format", "table|json", "the output format (default table)")};

    private static final Range ROUNDS = new Range(1, 1000, "rounds");

    private static LiveSession.Progress progress(PrintStream err) {
        return (f, m) -> err.printf(Locale.ROOT, "live: %3.0f%% %s%n", f * 100, m);
    }

    static int measure(Args a, PrintStream out, PrintStream err) {
        String format = a.choice("format", List.of("table", "tsv", "json"));
        LiveSession.Options o = LiveSession.Options.defaults();
        if (a.one("seconds") != null) {
            double s = Args.decimal("live", "--seconds", a.one("seconds"));
            if (s > 600) throw new UsageException("live: --seconds must be at most 600");
            o = o.withSeconds(s);
        }
        if (a.one("rounds") != null) o = o.withRounds((int) a.whole("rounds", 0, ROUNDS));
        CorePick core = Prediction.core();
        try (LiveSession s = new LiveSession(o)) {
            List<Measurements.Row> rows = s.measure(progress(err));
            out.print(switch (format) {
                case "tsv" -> LiveFormat.tsv(rows);
                case "json" -> LiveFormat.json(rows, s.problems());
                default -> LiveFormat.table(rows) + "ns_per_call: corrected (raw_ns_per_call minus downcall_ns, the Java "
                        + "downcall's own cost, labs() in the same rounds); medians over the rounds\n"
                        + "core: " + core.why() + "\n" + model(s, core, err);
            });
            if (!format.equals("table")) err.println("live: core: " + core.why());
            if (!format.equals("json")) for (String p : s.problems()) err.println("live: " + p);
            return rows.isEmpty() ? 1 : 0;
        }
    }

    /** The model of v5.6 on the picked core for the five vDSO clocks, at the TSC rate the data page gives. */
    private static String model(LiveSession s, CorePick core, PrintStream err) {
        CostTable costs = CostTable.defaults();
        double ghz = Prediction.ghz(s.pages(progress(err)), costs);
        TimingModel timing = TimingModel.pipeline(core.core());
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "model (v5.6 %s, %s, %.3f GHz%s): ns per call%n",
                Prediction.VARIANT.cliName(), timing.id(), ghz, ghz == costs.ghz() ? ", the cost table's rate" : ", the data page's TSC rate"));
        b.append(String.format(Locale.ROOT, "%-18s %10s %10s%n", "clock", "host", "timens"));
        for (Prediction.Line l : Prediction.lines(costs, ghz, timing)) {
            b.append(String.format(Locale.ROOT, "%-18s %10.2f %10.2f%n", l.clock(), l.modelHostNs(), l.modelTimensNs()));
        }
        return b.toString();
    }

    static int pages(Args a, PrintStream out, PrintStream err) {
        String format = a.choice("format", List.of("table", "json"));
        try (LiveSession s = new LiveSession(LiveSession.Options.defaults())) {
            List<PageDecoder.TaskPages> pages = s.pages(progress(err));
            List<LiveSession.SeqWatch> seq = s.watchSeq(pages, 1000, progress(err));
            out.print(format.equals("json") ? LiveFormat.pagesJson(pages, seq, s.problems()) : LiveFormat.pagesTable(pages, seq, s.problems()));
            return pages.isEmpty() ? 1 : 0;
        }
    }

    static int vdso(PrintStream out) {
        try {
            VdsoImage img = VdsoImage.current();
            out.printf(Locale.ROOT, "[vdso] at 0x%x (getauxval(AT_SYSINFO_EHDR)), %d bytes%n", img.address(), img.bytes().length);
            out.printf(Locale.ROOT, "%-28s %-12s %-8s %-7s %10s %6s%n", "symbol", "version", "type", "bind", "value", "size");
            for (VdsoImage.Symbol s : img.symbols()) {
                out.printf(Locale.ROOT, "%-28s %-12s %-8s %-7s %#10x %6d%n", s.name(), s.version() == null ? "-" : s.version(),
                        s.type(), s.bind(), s.value(), s.size());
            }
            out.println();
            out.print(img.disassemble("__vdso_clock_gettime").orElse("objdump is not installed (GNU binutils): no disassembly\n"));
            return 0;
        } catch (IOException | IllegalArgumentException | IllegalStateException e) {
            throw new UsageException("live vdso: " + e.getMessage());
        }
    }
}

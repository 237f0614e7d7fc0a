package org.vdsoexplorer.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.ListingRunner;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.ListingException;
import org.vdsoexplorer.sim.asm.ListingParser;
import org.vdsoexplorer.sim.asm.Operand;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cost.CostBounds;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cpu.ExecutionException;
import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.lesson.LessonLibrary;
import org.vdsoexplorer.lesson.Problem;
import org.vdsoexplorer.report.Report;
import org.vdsoexplorer.report.ReportFormat;
import org.vdsoexplorer.report.Row;
import org.vdsoexplorer.report.SeedTables;
import org.vdsoexplorer.report.SeedsText;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;
import org.vdsoexplorer.session.GifRequest;
import org.vdsoexplorer.util.BadInputException;

/** Headless command line of vdso-explorer. Must not depend on JavaFX or the app package. */
public final class Cli {

    static final String USAGE = """
            usage: vdso-explorer [command] [args...]

            Without a command the interactive JavaFX app is started; with --first-frame it prints the time
            from JVM start to its first frame and quits (a start-up measurement).

            commands:
              report [--scenario S] [--variant V] [--clock C] [--compiler gcc-12|gcc-11|clang-16] [--ghz F]
                     [--costs FILE] [--format table|tsv|csv|markdown|json] [--timing additive|pipeline|pipeline:CORE]
                     [--core CORE] [--writer-step C] [--tick-hz HZ]
                       per-call figures of every scenario x variant x clock, measured by execution; --timing
                       picks the model that charges cycles (default additive; pipeline: the out-of-order model
                       of assets/timing.yaml, whose copy --costs also accepts; --core CORE: the pipeline on that core
                       of its table, e.g. zen3); column 'wrong': calls whose
                       result differs from the kernel's reference time (only the variants broken on purpose);
                       --writer-step C: cycles between update_vsyscall()'s steps (default: the cost table's);
                       --tick-hz HZ: the writer's tick (default 1000); the window stays 1 ms of simulated time
              run LISTING --entry SYMBOL [--arg REG=VALUE ...] [--max-instructions N] [--costs FILE]
                       executes an objdump listing; VALUE may be 'buf' (a pointer to a 64-byte buffer)
              seeds [--costs FILE] [--ghz F] [--compiler C] [--format table|markdown] [--timing pipeline|pipeline:CORE] [--core CORE]
                       the seeds' measured tables beside the model's figures for the same cells, with the
                       additive and the pipeline timing model
              bench [--seconds N] [--compiler C] [--timing additive|pipeline|pipeline:CORE]
                       simulated instructions per second of the interpreter on the vDSO listings
              check-demo FILE...
                       checks demo files (format, ranges, and a replay in the model); prints
                       file:line: message per problem, exits 1 if there are any
              check-lessons [DIR]
                       checks every lesson in DIR (default: lessons) against the format and the model;
                       prints file:line: message per problem, exits 1 if there are any
              screenshots DIR [--size WxH] [--scale PCT] [--presenter] [--lesson FILE --step N] [--compare listings|pipeline] [--details]
                       writes a PNG of the window, each view and the comparison into DIR (headless); with
                       an option, one screen: at WxH, text at PCT % (100-250), lesson FILE at step N in the
                       lesson panel or in presenter mode, or the Compare tab (--compare: its listings or
                       its two pipeline timelines); one line per image: clipped and overlapping text
                       (--details: each of them)
              bench-ui [SECONDS] [--idle | --present]
                       full-speed run with all views visible (after a 2 s warm-up): frames/s, p50/p99
                       frame times, CPU per frame of the FX and render threads, startup to first frame;
                       --idle: the window up but the model not run (the platform's floor);
                       --present: the same with a 2 px square redrawn every frame (the floor when
                       every frame is drawn and presented)
              live [--seconds S] [--rounds N] [--format table|tsv|json]
                       measures clock_gettime() on this machine, host task and a time-namespace task:
                       task clock path ns_per_call calls_in_3s (corrected for the downcall) ...
              validate [--format table|tsv|json] [--compiler gcc-12|gcc-11|clang-16] [--rounds N] [--seconds S]
                       compiles each variant's C model with its listing's compiler and flags, runs it natively
                       in gettime_perf's caller loop against vvar pages filled as the model's kernel fills them
                       (host and namespace task, every clock; mult/shift from the running kernel's data page),
                       and prints native ns and cycles a call (thread CPU time, interleaved rounds, medians;
                       core clock calibrated by dependent adds) beside the pipeline and additive models'
                       (needs x86-64 Linux and the compiler; default 15 rounds in about 10 s, then the models)
              live pages [--format table|json]
                       reads and decodes the real [vvar] pages of both tasks (and watches seq for 1 s)
              live vdso
                       the vDSO's exported symbols and versions; objdump's disassembly of __vdso_clock_gettime
              export-gif [--scenario S] [--variant V] [--clock C] [--compiler C] [--timing T] [--core CORE]
                         [--demo FILE] [--writer-update STEP ...]
                         [--view window|code|pages|seqlock|dispatch|counters] [--from STEP] [--to STEP]
                         [--fps N] [--size WxH] [--scale F] [--ui-scale PCT] OUT.gif
                       an animated GIF of reader steps FROM..TO (default: the first call) rendered from the model,
                       one frame per step; --writer-update places update_vsyscall() before a step (a retry)
              help     show this message
            """;

    private Cli() {}

    /** Runs the command line and returns the process exit code. */
    public static int run(String[] args) { return run(args, System.out, System.err); }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            out.print(USAGE);
            return 0;
        }
        String command = args[0];
        try {
            return switch (command) {
                case "help", "--help", "-h" -> {
                    out.print(USAGE);
                    yield 0;
                }
                case "report" -> report(args, out);
                case "run" -> runListing(args, out);
                case "bench" -> Bench.run(Args.parse("bench", args, 1, Set.of("seconds", "timing", "costs", "compiler")), out);
                case "seeds" -> seeds(args, out);
                case "check-lessons" -> checkLessons(args, out);
                case "live" -> LiveCommand.run(args, out, err);
                case "validate" -> ValidateCommand.run(args, out, err);
                default -> throw new UsageException("unknown command '" + command + "' (try: report, run, seeds, bench, check-lessons, check-demo, live, validate, screenshots, bench-ui, export-gif, help)");
            };
        } catch (UsageException | ListingException | BadInputException e) {
            err.println("vdso-explorer: " + e.getMessage());
            return 2;
        } catch (IllegalArgumentException e) {
            err.println("vdso-explorer: " + command + ": " + e.getMessage());
            return 2;
        } catch (ExecutionException e) {
            err.println("vdso-explorer: " + command + ": execution stopped: " + e.getMessage());
            return 1;
        } catch (OutOfMemoryError e) {
            err.println("vdso-explorer: " + command + ": out of memory (the input asks for more than this JVM's heap)");
            return 1;
        } catch (StackOverflowError e) {
            err.println("vdso-explorer: " + command + ": the input is nested too deeply to process");
            return 1;
        }
    }

    /** {@code export-gif}: parses and checks the arguments, then renders with {@code renderer} (which needs JavaFX). */
    public static int exportGif(String[] args, GifRequest.Renderer renderer, PrintStream out, PrintStream err) {
        if (java.util.Arrays.asList(args).subList(1, args.length).stream().anyMatch(x -> x.equals("--help") || x.equals("-h"))) {
            out.print(usageOf("export-gif"));
            return 0;
        }
        GifRequest r;
        try {
            r = GifOptions.parse(args);
        } catch (UsageException | BadInputException e) {
            err.println("vdso-explorer: " + e.getMessage());
            return 2;
        }
        try {
            int[] last = {-1};
            int frames = renderer.render(r, (done, total) -> {
                int pct = total == 0 ? 100 : done * 100 / total;
                if (pct / 10 != last[0] / 10) err.print(last[0] < 0 ? "export-gif: " + pct + "%" : " " + pct + "%");
                last[0] = pct;
            });
            err.println();
            out.println("export-gif: " + frames + " frames, " + r.fps() + " frames/s, " + r.out());
            return 0;
        } catch (IllegalArgumentException | java.io.IOException e) {
            err.println();
            err.println("vdso-explorer: export-gif: " + e.getMessage());
            return e instanceof IllegalArgumentException ? 2 : 1;
        } catch (Exception e) {
            err.println();
            err.println("vdso-explorer: export-gif: " + e);
            return 1;
        }
    }

    /** {@code command}'s paragraph of {@link #USAGE}: its synopsis and description lines. */
    static String usageOf(String command) {
        StringBuilder sb = new StringBuilder("usage: vdso-explorer\n");
        boolean in = false;
        for (String line : USAGE.lines().toList()) {
            if (line.startsWith("  ") && !line.startsWith("   ")) in = line.startsWith("  " + command + " ") || line.equals("  " + command);
            if (in) sb.append(line).append('\n');
        }
        return sb.toString();
    }

    static CostTable costs(Args a) {
        String f = a.one("costs");
        if (f == null) return CostTable.defaults();
        Path p = Path.of(f);
        if (!Files.isReadable(p)) throw new UsageException("--costs: cannot read '" + f + "'");
        return CostTable.load(p);
    }

    /** report --tick-hz: from the slowest tick the app offers to a tick every few hundred cycles. */
    private static final org.vdsoexplorer.util.Range TICK_HZ_RANGE = new org.vdsoexplorer.util.Range(10, 10_000_000, "Hz");

    private static int report(String[] args, PrintStream out) {
        Args a = Args.parse("report", args, 1,
                Set.of("scenario", "variant", "clock", "compiler", "ghz", "costs", "format", "timing", "core", "writer-step",
                        "tick-hz"));
        if (!a.positional.isEmpty()) throw new UsageException("report: unexpected argument '" + a.positional.getFirst() + "'");
        TimingOption t = TimingOption.parse("report", a, "additive");
        // the setup options as filters: a row's scenario, variant and clock when given, every one when not
        Setup chosen = setup("report", a, t);
        Scenario s = a.one("scenario") == null ? null : chosen.scenario();
        Variant v = a.one("variant") == null ? null : chosen.variant();
        Clock c = a.one("clock") == null ? null : chosen.clock();
        if (c != null && !c.servedByVdso()) {
            throw new UsageException("report: clock '" + c.cliName() + "' has no vDSO path to measure (report clocks: "
                    + String.join(", ", Clock.reportClocks().stream().map(Clock::cliName).toList()) + ")");
        }
        String format = a.one("format") == null ? "table" : a.one("format");
        if (!List.of("table", "tsv", "csv", "markdown", "json").contains(format)) {
            throw new UsageException("report: unknown format '" + format + "' (known: table, tsv, csv, markdown, json)");
        }
        CostTable costs = t.costs();
        if (a.one("writer-step") != null) {
            costs = costs.withWriterStep(Args.decimal("report", "--writer-step", a.one("writer-step"),
                    CostBounds.of("writer.step")));
        }
        double ghz = a.one("ghz") == null ? costs.ghz() : Args.decimal("report", "--ghz", a.one("ghz"), CostBounds.GHZ);
        double hz = a.one("tick-hz") == null ? Report.TICK_HZ
                : Args.decimal("report", "--tick-hz", a.one("tick-hz"), TICK_HZ_RANGE);
        String tickProblem = new Setup(Scenario.HOST, Variant.V5_6, Clock.MONOTONIC, costs, ghz,
                Setup.tickCycles(ghz, hz)).problem();
        if (tickProblem != null) throw new UsageException("report: --tick-hz " + a.one("tick-hz") + ": " + tickProblem);
        List<Setup> setups = Report.setups(s, v, c, costs, ghz, chosen.compiler(), chosen.timing(), hz);
        if (setups.isEmpty()) {
            // why each refused combination of the filters cannot run (the distinct reasons, at most three)
            List<String> reasons = Report.setups(s, v, c, costs, ghz, chosen.compiler(), chosen.timing(), hz, true).stream()
                    .map(Setup::problem).distinct().limit(3).toList();
            String why = reasons.isEmpty() ? null : String.join("\n  or: ", reasons);
            throw new UsageException("report: no rows match" + (why == null ? "" : ": " + why));
        }
        List<Row> rows = Report.measureAll(setups, Report.windowTicks(hz));
        out.print(switch (format) {
            case "tsv" -> ReportFormat.tsv(rows);
            case "csv" -> ReportFormat.csv(rows);
            case "markdown" -> ReportFormat.markdown(rows);
            case "json" -> ReportFormat.json(rows);
            default -> ReportFormat.table(rows) + "\n" + ReportFormat.legend(rows);
        });
        return 0;
    }

    private static int seeds(String[] args, PrintStream out) {
        Args a = Args.parse("seeds", args, 1, Set.of("costs", "ghz", "compiler", "format", "timing", "core"));
        TimingOption t = TimingOption.parse("seeds", a, "pipeline");
        Setup chosen = setup("seeds", a, t);
        TimingModel timing = chosen.timing();
        if (!timing.isPipeline()) throw new UsageException("seeds: prints both models; --timing or --core picks the pipeline core");
        CostTable costs = t.costs();
        double ghz = a.one("ghz") == null ? costs.ghz() : Args.decimal("seeds", "--ghz", a.one("ghz"), CostBounds.GHZ);
        Compiler compiler = chosen.compiler();
        String format = a.one("format") == null ? "table" : a.one("format");
        if (!List.of("table", "markdown").contains(format)) {
            throw new UsageException("seeds: unknown format '" + format + "' (known: table, markdown)");
        }
        boolean md = format.equals("markdown");
        String header = SeedsText.header(md, timing, t.table().origin());
        // the reasons in assets/seeds.yaml were written for the shipped table's default core
        boolean reasons = t.table().origin().equals(TimingTable.defaults().origin())
                && timing.core().equals(TimingTable.defaults().defaultCore());
        out.print(SeedsText.render(SeedTables.compareBoth(costs, ghz, compiler, timing), header, md, reasons));
        return 0;
    }

    /** --compiler NAME, default gcc 12 (the listings in assets/listings/), through the one setup parser. */
    static Compiler compiler(String command, Args a) {
        return SetupOptions.parse(command, a, Setup.of(Scenario.HOST, Variant.V5_6, Clock.MONOTONIC), TimingTable.defaults())
                .compiler();
    }

    /** The setup options of {@code a} over the timing model {@code t} read (--timing, in the table --costs gave). */
    private static Setup setup(String command, Args a, TimingOption t) {
        return SetupOptions.parse(command, a, Setup.of(Scenario.HOST, Variant.V5_6, Clock.MONOTONIC).with(t.timing()), t.table());
    }

    private static int checkLessons(String[] args, PrintStream out) {
        Args a = Args.parse("check-lessons", args, 1, Set.of());
        if (a.positional.size() > 1) throw new UsageException("check-lessons: expected at most one DIR");
        Path dir = Path.of(a.positional.isEmpty() ? "lessons" : a.positional.getFirst());
        if (!Files.isDirectory(dir)) throw new UsageException("check-lessons: '" + dir + "' is not a folder");
        LessonLibrary.Loaded loaded = LessonLibrary.load(dir);
        for (Problem p : loaded.problems()) out.println(p);
        if (!loaded.problems().isEmpty()) return 1;
        int steps = loaded.lessons().stream().mapToInt(l -> l.steps().size()).sum();
        out.println(dir + ": " + loaded.lessons().size() + " lessons, " + steps + " steps, no problems");
        return 0;
    }

    private static int runListing(String[] args, PrintStream out) {
        Args a = Args.parse("run", args, 1, Set.of("entry", "arg", "max-instructions", "costs"));
        if (a.positional.size() != 1) throw new UsageException("run: expected one LISTING file");
        Path file = Path.of(a.positional.getFirst());
        if (!Files.isReadable(file)) throw new UsageException("run: cannot read listing '" + file + "'");
        String entry = a.one("entry");
        if (entry == null) throw new UsageException("run: --entry SYMBOL is required");
        long max = a.one("max-instructions") == null ? 10_000_000 : Args.number("run", "--max-instructions", a.one("max-instructions"));
        if (max <= 0) throw new UsageException("run: --max-instructions must be positive");
        CostTable costs = costs(a);
        Listing listing = ListingParser.parse(file);
        java.util.Map<Integer, Long> regs = new java.util.LinkedHashMap<>();
        boolean usesBuf = false;
        for (String arg : a.all("arg")) {
            int eq = arg.indexOf('=');
            if (eq <= 0) throw new UsageException("run: --arg '" + arg + "' must be REG=VALUE");
            String reg = arg.substring(0, eq).replace("%", "").toLowerCase(Locale.ROOT);
            Operand.Reg r = Registers.byName(reg);
            if (r == null || r.size() != 8) throw new UsageException("run: --arg: unknown 64-bit register '" + reg + "'");
            String val = arg.substring(eq + 1);
            usesBuf |= val.equals("buf");
            regs.put(r.num(), val.equals("buf") ? ListingRunner.BUFFER : Args.number("run", "--arg " + reg, val));
        }
        if (listing.symbol(entry).isEmpty()) {
            throw new UsageException("run: no symbol '" + entry + "' in " + file + " (symbols: "
                    + String.join(", ", listing.symbols().keySet()) + ")");
        }
        ListingRunner.Result res = ListingRunner.run(listing, entry, regs, max, costs);
        long buf = ListingRunner.BUFFER;
        AddressSpace as = res.memory();
        long elapsed = res.elapsedNanos();
        long rax = res.rax();
        out.printf(Locale.ROOT, "instructions  %d%n", res.instructions());
        out.printf(Locale.ROOT, "cycles        %.2f%n", res.cyclesMilli() / 1000.0);
        out.printf(Locale.ROOT, "return        %d (rax 0x%x)%n", rax, rax);
        if (usesBuf) { // the whole buffer: as 64-bit words (a timespec is the first two), then as bytes
            StringBuilder words = new StringBuilder(), bytes = new StringBuilder();
            for (int i = 0; i < ListingRunner.BUFFER_SIZE; i += 8) words.append(i == 0 ? "" : " ").append(as.read(buf + i, 8));
            for (int i = 0; i < ListingRunner.BUFFER_SIZE; i++) bytes.append(String.format(Locale.ROOT, "%02x", as.read(buf + i, 1)));
            out.printf(Locale.ROOT, "buf           %s%n", words);
            out.printf(Locale.ROOT, "buf bytes     %s%n", bytes);
        }
        out.printf(Locale.ROOT, "elapsed       %.3f ms host time%n", elapsed / 1e6);
        return 0;
    }
}

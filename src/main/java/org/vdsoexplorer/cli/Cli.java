package org.vdsoexplorer.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.vdsoexplorer.util.Range;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.ListingRunner;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.ListingParser;
import org.vdsoexplorer.sim.asm.Operand;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cost.CostBounds;
import org.vdsoexplorer.sim.cost.CostTable;
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
import org.vdsoexplorer.util.AtomicFiles;
import org.vdsoexplorer.util.BadInputException;

/**
 * The headless commands of vdso-explorer: {@link #commands()} registers each (options, help, handler) with the
 * {@link Commands} registry, and the handlers below run them on arguments the registry has parsed and checked.
 * Must not depend on JavaFX, the app or the session (the launcher registers the commands that need them).
 */
public final class Cli {

    private Cli() {}

    /** The known values of an option, for its help ("known: a, b, c"). */
    private static String known(String what, String names) { return what + " (known: " + names + ")"; }

    private static final String COSTS_HELP = "a cost table (assets/costs.yaml format) or a pipeline table (assets/timing.yaml "
            + "format, recognised by its top-level 'cores:'); give it twice to replace both";

    /** The commands that need no UI, registered with their options and help ({@code Main} adds the rest). */
    public static Commands commands() {
        Commands.Option scenario = Commands.Option.value("scenario", "S", known("only this scenario", Scenario.names()));
        Commands.Option variant = Commands.Option.value("variant", "V", known("only this variant", Variant.names()));
        Commands.Option clock = Commands.Option.value("clock", "C", known("only this clock",
                String.join(", ", Clock.servedNames())));
        Commands.Option compiler = compilerOption();
        Commands.Option core = coreOption();
        Commands.Option ghz = Commands.Option.value("ghz", "F", "the core clock in GHz that turns cycles into ns (default: the cost table's)");
        Commands.Option costs = Commands.Option.value("costs", "FILE", COSTS_HELP).repeating();
        Commands.Option timing = timingOption();
        return new Commands()
                .add(Commands.Command.of("report", "per-call figures of every scenario x variant x clock, measured by execution", Cli::report)
                        .describedAs("""
                                --timing picks the model that charges cycles (default additive; pipeline: the out-of-order model
                                of assets/timing.yaml, whose copy --costs also accepts); column 'wrong': calls whose result
                                differs from the kernel's reference time (only the variants broken on purpose); the window
                                stays 1 ms of simulated time.""")
                        .options(scenario, variant, clock, compiler, ghz, costs,
                                Commands.Option.value("format", "table|tsv|csv|markdown|json", "the output format (default table)"),
                                timing, core,
                                Commands.Option.value("writer-step", "C", "cycles between update_vsyscall()'s steps (default: the cost table's)"),
                                Commands.Option.value("tick-hz", "HZ", "the writer's tick (default " + Range.fmt(Report.TICK_HZ) + ")")))
                .add(Commands.Command.of("run", "executes an objdump listing and prints instructions, cycles and the return value",
                                Cli::runListing).operands("LISTING", 1, 1)
                        .options(Commands.Option.value("entry", "SYMBOL", "the function to call").mandatory(),
                                Commands.Option.value("arg", "REG=VALUE", "a 64-bit register's value at entry; VALUE may be 'buf' "
                                        + "(a pointer to a 64-byte buffer, printed after the run)").repeating(),
                                Commands.Option.value("max-instructions", "N", "stop after N instructions (default 10,000,000)"),
                                Commands.Option.value("costs", "FILE", "the cost table (assets/costs.yaml format)")))
                .add(Commands.Command.of("seeds", "the seeds' measured tables beside the model's figures for the same cells, "
                                + "with the additive and the pipeline timing model", Cli::seeds)
                        .options(costs, ghz, compiler,
                                Commands.Option.value("format", "table|markdown", "the output format (default table)"),
                                Commands.Option.value("timing", "pipeline|pipeline:CORE", "the pipeline core of the second model "
                                        + "(default: the table's default core)"), core))
                .add(Commands.Command.of("bench", "simulated instructions per second of the interpreter on the vDSO listings "
                                + "(per second of the measuring thread's CPU time, every listing warmed before any is measured)",
                                (a, out, err) -> Bench.run(a, out))
                        .options(Commands.Option.value("seconds", "N", "measuring time per listing (default 2; each is also "
                                + "run a quarter of it before the first is measured and again before its own measurement)"), compiler, timing,
                                costs))
                .add(Commands.Command.of("check-lessons", "checks every lesson in DIR (default: lessons) against the format and "
                                + "the model; prints file:line: message per problem, exits 1 if there are any", Cli::checkLessons)
                        .operands("DIR", 0, 1))
                .add(Commands.Command.of("live", "measures clock_gettime() on this machine, host task and a time-namespace task",
                                LiveCommand::measure)
                        .describedAs(LiveCommand.DESCRIPTION)
                        .options(LiveCommand.MEASURE_OPTIONS)
                        .sub(Commands.Command.of("pages", "reads and decodes the real [vvar] pages of both tasks (and watches seq for 1 s)",
                                LiveCommand::pages).options(LiveCommand.PAGES_OPTIONS))
                        .sub(Commands.Command.of("vdso", "the vDSO's exported symbols and versions; objdump's disassembly of "
                                + "__vdso_clock_gettime", (a, out, err) -> LiveCommand.vdso(out)))
                        .sub(Commands.Command.of("capture", "copies this machine's vDSO, its [vvar] and [vvar_vclock] pages (host and "
                                + "namespace task), the clock readings and the calibrated core clock into FILE", LiveRun::capture).operands("FILE", 1, 1))
                        .sub(Commands.Command.of("run", "runs the captured vDSO per task and clock: instructions, cycles, predicted ns "
                                + "beside measured ns, and the time it returned", LiveRun::run).options(LiveRun.RUN_OPTIONS)))
                .add(Commands.Command.of("validate", "compiles each variant's C model and runs it natively beside the timing models",
                                ValidateCommand::run)
                        .describedAs(ValidateCommand.DESCRIPTION).options(ValidateCommand.OPTIONS));
    }

    private static Commands.Option compilerOption() {
        return Commands.Option.value("compiler", "gcc-12|gcc-11|clang-16",
                "the compiler whose listings run (default gcc-12, the listings in assets/listings/)");
    }

    private static Commands.Option timingOption() {
        return Commands.Option.value("timing", "additive|pipeline|pipeline:CORE",
                "the model that charges cycles: additive (the cost table) or the out-of-order pipeline of assets/timing.yaml "
                        + "on its default core or on CORE");
    }

    private static Commands.Option coreOption() {
        return Commands.Option.value("core", "CORE", () -> known("the pipeline timing model on this core of assets/timing.yaml",
                String.join(", ", TimingTable.defaults().cores().stream().map(c -> c.id()).toList())));
    }

    /** The headless commands' list, as {@code help} prints it. */
    static String usage() { return commands().usage(); }

    /** Runs the command line and returns the process exit code. */
    public static int run(String[] args) { return run(args, System.out, System.err); }

    static int run(String[] args, PrintStream out, PrintStream err) { return commands().run(args, out, err); }

    /**
     * {@code export-gif}, registered by the launcher with a {@code renderer} (rendering needs JavaFX, which the
     * CLI must not use): the arguments are parsed and checked here ({@link GifRequest}), then rendered.
     */
    public static Commands.Command exportGif(GifRequest.Renderer renderer) {
        return Commands.Command.of("export-gif", "an animated GIF of reader steps FROM..TO (default: the first call) rendered "
                        + "from the model, one frame per step", (a, out, err) -> exportGif(GifOptions.parse(a), renderer, out, err))
                .operands("OUT.gif", 1, 1)
                .options(Commands.Option.value("scenario", "S", known("the scenario (default timens)", Scenario.names())),
                        Commands.Option.value("variant", "V", known("the variant (default timens-inline)", Variant.names())),
                        Commands.Option.value("clock", "C", "the clock (default monotonic)"),
                        compilerOption(), timingOption(), coreOption(),
                        Commands.Option.value("demo", "FILE", "start from a saved demo instead"),
                        Commands.Option.value("writer-update", "STEP", "places update_vsyscall() before reader step STEP (a retry)")
                                .repeating(),
                        Commands.Option.value("view", String.join("|", GifRequest.VIEWS), "the part of the window (default window)"),
                        Commands.Option.value("from", "STEP", "the first reader step (default 0)"),
                        Commands.Option.value("to", "STEP", "the last reader step (default: the end of the call FROM is in; at most "
                                + GifRequest.MAX_FRAMES + " frames)"),
                        Commands.Option.value("fps", "N", "frames per second, 1-50 (default 5)"),
                        Commands.Option.value("size", "WxH", "the window size, 320x200 to 7680x4320 (default 1600x1000)"),
                        Commands.Option.value("scale", "F", "pixels per window pixel, at most 4 (default 1)"),
                        Commands.Option.value("ui-scale", "PCT", "the UI (presenter) scale in percent, 50-300 (default 100)"));
    }

    /** Renders a checked request, the progress in tens of percent on stderr. */
    static int exportGif(GifRequest r, GifRequest.Renderer renderer, PrintStream out, PrintStream err) {
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
        } catch (IllegalArgumentException e) {
            err.println();
            err.println("vdso-explorer: export-gif: " + e.getMessage());
            return 2;
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            err.println();
            java.io.IOException io = e instanceof java.io.UncheckedIOException u ? u.getCause() : (java.io.IOException) e;
            err.println("vdso-explorer: export-gif: " + AtomicFiles.naming(io, r.out()));
            return 1;
        } catch (Exception e) {
            err.println();
            err.println("vdso-explorer: export-gif: " + e);
            return 1;
        }
    }

    static CostTable costs(Args a) {
        String f = a.one("costs");
        if (f == null) return CostTable.defaults();
        return CostTable.load(Path.of(f)); // the hardened loader: a missing file, a FIFO or a folder is one line
    }

    /** report --tick-hz: from the slowest tick the app offers to a tick every few hundred cycles. */
    private static final org.vdsoexplorer.util.Range TICK_HZ_RANGE = new org.vdsoexplorer.util.Range(10, 10_000_000, "Hz");

    private static int report(Args a, PrintStream out, PrintStream err) {
        TimingOption t = TimingOption.parse("report", a, "additive");
        // the setup options as filters: a row's scenario, variant and clock when given, every one when not
        Setup chosen = setup("report", a, t);
        Scenario s = a.one("scenario") == null ? null : chosen.scenario();
        Variant v = a.one("variant") == null ? null : chosen.variant();
        Clock c = a.one("clock") == null ? null : chosen.clock();
        if (c != null && !c.servedByVdso()) {
            throw new UsageException("report: " + c.unserved());
        }
        String format = a.choice("format", List.of("table", "tsv", "csv", "markdown", "json"));
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

    private static int seeds(Args a, PrintStream out, PrintStream err) {
        TimingOption t = TimingOption.parse("seeds", a, "pipeline");
        Setup chosen = setup("seeds", a, t);
        TimingModel timing = chosen.timing();
        if (!timing.isPipeline()) throw new UsageException("seeds: prints both models; --timing or --core picks the pipeline core");
        CostTable costs = t.costs();
        double ghz = a.one("ghz") == null ? costs.ghz() : Args.decimal("seeds", "--ghz", a.one("ghz"), CostBounds.GHZ);
        Compiler compiler = chosen.compiler();
        String format = a.choice("format", List.of("table", "markdown"));
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

    private static int checkLessons(Args a, PrintStream out, PrintStream err) {
        Path dir = Path.of(a.positional.isEmpty() ? "lessons" : a.positional.getFirst());
        if (!Files.isDirectory(dir)) throw new UsageException("check-lessons: '" + dir + "' is not a folder");
        LessonLibrary.Loaded loaded = LessonLibrary.load(dir);
        for (Problem p : loaded.problems()) out.println(p);
        if (!loaded.problems().isEmpty()) return 1;
        int steps = loaded.lessons().stream().mapToInt(l -> l.steps().size()).sum();
        out.println(dir + ": " + loaded.lessons().size() + " lessons, " + steps + " steps, no problems");
        return 0;
    }

    /** {@code f}'s value, or what it threw (a usage or input problem stays itself, for its one-line message). */
    private static <T> T joined(java.util.concurrent.CompletableFuture<T> f) {
        try {
            return f.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error r) throw r;
            throw e;
        }
    }

    private static int runListing(Args a, PrintStream out, PrintStream err) {
        Path file = Path.of(a.positional.getFirst());
        if (!Files.isReadable(file)) throw new UsageException("run: cannot read listing '" + file + "'");
        String entry = a.one("entry");
        long max = a.one("max-instructions") == null ? 10_000_000 : Args.number("run", "--max-instructions", a.one("max-instructions"));
        if (max <= 0) throw new UsageException("run: --max-instructions is " + max + ", must be 1 or more");
        // the cost table is read beside the listing (both are most of a short run's start); its problems come first, as before
        java.util.concurrent.CompletableFuture<CostTable> costsAhead = java.util.concurrent.CompletableFuture.supplyAsync(() -> costs(a));
        Listing listing;
        try {
            listing = ListingParser.parse(file);
        } catch (RuntimeException e) {
            joined(costsAhead);
            throw e;
        }
        CostTable costs = joined(costsAhead);
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

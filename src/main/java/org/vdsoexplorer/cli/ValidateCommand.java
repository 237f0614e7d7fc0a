package org.vdsoexplorer.cli;

import java.io.PrintStream;
import java.util.List;
import org.vdsoexplorer.host.validate.NativeHarness;
import org.vdsoexplorer.host.validate.ValidateFormat;
import org.vdsoexplorer.host.validate.Validation;

/**
 * {@code validate [--format table|tsv|json] [--compiler C] [--rounds N] [--seconds S]}: the C model compiled and
 * run natively on this machine beside the timing models (model/validate). Progress goes to stderr.
 */
final class ValidateCommand {
    private ValidateCommand() {}

    static final String DESCRIPTION = """
            Compiles each variant's C model with its listing's compiler and flags, runs it natively in gettime_perf's
            caller loop against vvar pages filled as the model's kernel fills them (host and namespace task, every
            clock; mult/shift from the running kernel's data page), and prints native ns and cycles a call (thread
            CPU time, interleaved rounds, medians; core clock calibrated by dependent adds) beside the pipeline and
            additive models'. Needs x86-64 Linux and the compiler; progress goes to stderr.""";

    static final Commands.Option[] OPTIONS = {
        Commands.Option.value("format", "table|tsv|json", "the output format (default table)"),
        Commands.Option.value("compiler", "gcc-12|gcc-11|clang-16", "the compiler of the listings and of the native "
                + "build (default " + Validation.Options.defaults().compiler().cliName() + ")"),
        Commands.Option.value("rounds", "N", "interleaved rounds, 1-1000 (default " + Validation.Options.defaults().rounds() + ")"),
        Commands.Option.value("seconds", "S", "measuring time, above 0 and at most 600 (default about "
                + org.vdsoexplorer.util.Range.fmt(Validation.Options.defaults().seconds()) + ")")};

    private static final org.vdsoexplorer.util.Range ROUNDS = new org.vdsoexplorer.util.Range(1, 1000, "rounds");

    static int run(Args a, PrintStream out, PrintStream err) {
        String format = a.choice("format", List.of("table", "tsv", "json"));
        Validation.Options o = Validation.Options.defaults();
        if (a.one("compiler") != null) {
            o = o.withCompiler(Cli.compiler("validate", a));
        }
        if (a.one("rounds") != null) o = o.withRounds((int) a.whole("rounds", 0, ROUNDS));
        if (a.one("seconds") != null) {
            double s = Args.decimal("validate", "--seconds", a.one("seconds"));
            if (!(s > 0) || s > 600) throw new UsageException("validate: --seconds must be above 0 and at most 600");
            o = o.withSeconds(s);
        }
        Validation.Result r;
        try {
            r = Validation.run(o, m -> err.println("validate: " + m));
        } catch (NativeHarness.Unavailable e) {
            throw new UsageException("validate: " + e.getMessage());
        } catch (IllegalStateException | java.io.UncheckedIOException e) {
            throw new UsageException("validate: " + e.getMessage());
        }
        out.print(switch (format) {
            case "tsv" -> ValidateFormat.tsv(r);
            case "json" -> ValidateFormat.json(r);
            default -> ValidateFormat.table(r);
        });
        return r.rows().isEmpty() ? 1 : 0;
    }
}

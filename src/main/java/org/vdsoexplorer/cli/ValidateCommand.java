package org.vdsoexplorer.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Set;
import org.vdsoexplorer.host.validate.NativeHarness;
import org.vdsoexplorer.host.validate.ValidateFormat;
import org.vdsoexplorer.host.validate.Validation;

/**
 * {@code validate [--format table|tsv|json] [--compiler C] [--rounds N] [--seconds S]}: the C model compiled and
 * run natively on this machine beside the timing models (model/validate). Progress goes to stderr.
 */
final class ValidateCommand {
    private ValidateCommand() {}

    static int run(String[] args, PrintStream out, PrintStream err) {
        Args a = Args.parse("validate", args, 1, Set.of("format", "compiler", "rounds", "seconds"));
        if (!a.positional.isEmpty()) throw new UsageException("validate: unexpected argument '" + a.positional.getFirst() + "'");
        String format = a.one("format") == null ? "table" : a.one("format");
        if (!List.of("table", "tsv", "json").contains(format))
            throw new UsageException("validate: unknown format '" + format + "' (known: table, tsv, json)");
        Validation.Options o = Validation.Options.defaults();
        if (a.one("compiler") != null) {
            o = o.withCompiler(Cli.compiler("validate", a));
        }
        if (a.one("rounds") != null) {
            long r = Args.number("validate", "--rounds", a.one("rounds"));
            if (r < 1 || r > 1000) throw new UsageException("validate: --rounds must be 1-1000");
            o = o.withRounds((int) r);
        }
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

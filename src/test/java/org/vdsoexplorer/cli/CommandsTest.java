package org.vdsoexplorer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The command registry: help from one place, every usage error of one shape with exit 2. */
class CommandsTest {
    private record Out(int code, String out, String err) {}

    private static Out run(Commands commands, String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int rc = commands.run(args, new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8));
        return new Out(rc, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    private static Out run(String... args) { return run(Cli.commands(), args); }

    private static void usageError(Out r, String expected) {
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals(List.of("vdso-explorer: " + expected), r.err().lines().toList());
    }

    @Test
    void helpListsEveryRegisteredCommandAndEachCommandHelpsWithItsOwnOptions() {
        Commands all = Cli.commands();
        Out help = run("--help");
        assertEquals(0, help.code());
        assertEquals(help, run("help"));
        for (Commands.Command c : all.all()) {
            assertTrue(help.out().contains("\n  " + c.name() + " "), c.name() + " missing from:\n" + help.out());
            Out one = run(c.name(), "--help");
            assertEquals(0, one.code(), one.err());
            assertEquals(one, run("help", c.name()));
            assertTrue(one.out().startsWith("usage: vdso-explorer " + c.name()), one.out());
            for (Commands.Option o : c.options()) {
                assertTrue(one.out().contains("\n  --" + o.name() + (o.isFlag() ? "" : " " + o.value())), o.name() + ":\n" + one.out());
                assertFalse(o.help().isBlank(), c.name() + " --" + o.name() + " has no help");
            }
            for (Commands.Command s : c.subcommands()) {
                assertTrue(help.out().contains("\n  " + s.name()), s.name());
                assertTrue(one.out().contains("\n  " + s.name()), s.name());
                String leaf = s.name().substring(c.name().length() + 1);
                Out sub = run(c.name(), leaf, "--help");
                assertEquals(0, sub.code(), sub.err());
                assertTrue(sub.out().startsWith("usage: vdso-explorer " + s.name()), sub.out());
                assertEquals(sub, run("help", c.name(), leaf));
                assertEquals(2, run(c.name(), leaf, "--x").code(), s.name());
            }
        }
        // --help where an option may stand, not as an option's value
        assertTrue(run("report", "--scenario", "host", "--help").out().startsWith("usage: vdso-explorer report"));
        usageError(run("report", "--scenario", "--help"), "report: unknown scenario '--help' (known: "
                + org.vdsoexplorer.sim.kernel.Scenario.names() + ")");
    }

    /** Every command refuses an unknown option naming the options it knows, the same way. */
    @Test
    void anUnknownOptionIsOneShapeForEveryCommand() {
        for (Commands.Command c : Cli.commands().all()) {
            String known = c.options().stream().map(o -> "--" + o.name()).collect(Collectors.toCollection(TreeSet::new))
                    .stream().collect(Collectors.joining(", "));
            usageError(run(c.name(), "--x"), c.name() + ": unknown option --x "
                    + (c.options().isEmpty() ? "(it takes no options)" : "(known: " + known + ")"));
        }
        usageError(run("frobnicate"), "unknown command 'frobnicate' (known: report, run, seeds, bench, check-lessons, live, "
                + "validate, help)");
        usageError(run("help", "frobnicate"), "help: unknown command 'frobnicate' (known: report, run, seeds, bench, "
                + "check-lessons, live, validate)");
        usageError(run("live", "nonsense"), "live: unknown subcommand 'nonsense' (known: pages, vdso, capture, run; or none)");
    }

    @Test
    void numbersOperandsAndRepeatsAreRefusedOneWay() {
        usageError(run("run", "assets/listings/unlikely.lst", "--entry", "f", "--max-instructions", "lots"), "run: --max-instructions needs a number, got 'lots'");
        usageError(run("live", "--rounds", "many"), "live: --rounds needs a number, got 'many'");
        usageError(run("live", "--rounds", "0"), "live: --rounds is 0, must be between 1 and 1,000 rounds");
        usageError(run("validate", "--rounds", "1001"), "validate: --rounds is 1,001, must be between 1 and 1,000 rounds");
        usageError(run("bench", "--seconds", "soon"), "bench: --seconds needs a number between 0.1 and 3,600 seconds, got 'soon'");
        usageError(run("report", "--format", "xml"), "report: unknown format 'xml' (known: table, tsv, csv, markdown, json)");
        usageError(run("run"), "run: --entry SYMBOL is required");
        usageError(run("run", "--entry", "f"), "run: expected one LISTING");
        usageError(run("run", "a.lst", "b.lst", "--entry", "f"), "run: unexpected argument 'b.lst' (it takes one LISTING)");
        usageError(run("check-lessons", "a", "b"), "check-lessons: unexpected argument 'b' (it takes at most one DIR)");
        usageError(run("report", "extra"), "report: unexpected argument 'extra'");
        usageError(run("report", "--ghz", "1", "--ghz", "2"), "report: option --ghz given 2 times ('1', '2'); give it once");
    }

    @Test
    void flagsTakeNoValueAndRequiredOptionsAreNamed() {
        Commands c = new Commands().add(Commands.Command.of("t", "a test", (a, out, err) -> {
            out.print(a.flag("quiet") + " " + a.one("n") + " " + a.positional());
            return 0;
        }).operands("F", 0, 2).options(Commands.Option.flag("quiet", "say less"),
                Commands.Option.value("n", "N", "a number").mandatory()));
        Out r = run(c, "t", "a", "--quiet", "--n", "3", "b");
        assertEquals(new Out(0, "true 3 [a, b]", ""), r);
        usageError(run(c, "t", "--quiet=yes", "--n", "1"), "t: option --quiet takes no value");
        usageError(run(c, "t", "--quiet"), "t: --n N is required");
        usageError(run(c, "t", "--n"), "t: option --n needs a value");
        assertTrue(run(c, "t", "--help").out().contains("\n  --n N    a number (required)\n"), run(c, "t", "--help").out());
    }

    /** export-gif's registered options are exactly those its request parser reads. */
    @Test
    void exportGifDeclaresEveryOptionItsRequestReads() {
        Commands.Command c = Cli.exportGif((r, p) -> 0);
        assertEquals(GifOptions.OPTIONS, c.options().stream().map(Commands.Option::name).collect(Collectors.toSet()));
        Out r = run(new Commands().add(c), "export-gif", "--from", "x", "out.gif");
        usageError(r, "export-gif: --from needs a number, got 'x'");
    }

    @Test
    void aCommandThatFailsIsOneLineWithExitOne() {
        Commands c = new Commands().add(Commands.Command.of("boom", "fails", (a, out, err) -> {
            throw new java.io.IOException("disk on fire");
        }));
        Out r = run(c, "boom");
        assertEquals(new Out(1, "", "vdso-explorer: boom: disk on fire\n"), r);
        assertEquals(Set.of(), Set.copyOf(r.err().lines().filter(l -> l.startsWith("\tat ")).toList()));
    }
}

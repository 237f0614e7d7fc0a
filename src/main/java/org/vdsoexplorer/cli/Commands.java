package org.vdsoexplorer.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.vdsoexplorer.sim.asm.ListingException;
import org.vdsoexplorer.sim.cpu.ExecutionException;
import org.vdsoexplorer.util.BadInputException;
import org.vdsoexplorer.util.CheckedOutput;

/**
 * The registry of headless commands: each {@link Command} registers its name, operands, one-line summary,
 * longer description, options (each with its help) and handler, and everything a user sees about commands
 * comes from here: {@code vdso-explorer help} (every command), {@code vdso-explorer CMD --help} (one command's
 * options), and the refusals, all of one shape ({@code vdso-explorer: CMD: message}, exit 2) because every
 * command's arguments go through the same parser ({@link Args}) before its handler runs. {@link Cli#commands()}
 * registers the commands that need no UI; {@code org.vdsoexplorer.Main} adds those that need the app.
 */
public final class Commands {

    /**
     * One option: {@code --name VALUE} ({@code value} is the placeholder shown in help; null for a flag that
     * takes none), its help, whether it may be given more than once and whether it must be given.
     */
    public record Option(String name, String value, Supplier<String> helpText, boolean repeats, boolean required) {
        public static Option value(String name, String value, String help) { return value(name, value, () -> help); }

        /** An option whose help is made only when shown (it reads a data file: not at every start of every command). */
        public static Option value(String name, String value, Supplier<String> help) { return new Option(name, value, help, false, false); }

        public static Option flag(String name, String help) { return new Option(name, null, () -> help, false, false); }

        public Option repeating() { return new Option(name, value, helpText, true, required); }

        public Option mandatory() { return new Option(name, value, helpText, repeats, true); }

        public String help() { return helpText.get(); }

        public boolean isFlag() { return value == null; }

        /** "--name VALUE ..." as the synopsis shows it (bracketed unless required). */
        String synopsis() {
            String s = "--" + name + (isFlag() ? "" : " " + value) + (repeats ? " ..." : "");
            return required ? s : "[" + s + "]";
        }
    }

    /** Runs a command with its parsed arguments; returns the exit code. */
    @FunctionalInterface
    public interface Handler {
        int run(Args args, PrintStream out, PrintStream err) throws Exception;
    }

    /**
     * A command. {@code operand} names its positional arguments ("LISTING", "FILE"; null: none), of which it
     * takes {@code minOperands} to {@code maxOperands} ({@link Integer#MAX_VALUE}: any number); the parser
     * refuses any other count. {@code subcommands}: commands under this one ({@code live pages}); without one
     * this command's own handler runs.
     */
    public record Command(String name, String operand, int minOperands, int maxOperands, String summary, String description,
                          List<Option> options, List<Command> subcommands, Handler handler) {
        public Command {
            options = List.copyOf(options);
            subcommands = List.copyOf(subcommands);
        }

        /** A command without operands, options or subcommands yet. */
        public static Command of(String name, String summary, Handler handler) {
            return new Command(name, null, 0, 0, summary, "", List.of(), List.of(), handler);
        }

        public Command operands(String operand, int min, int max) {
            return new Command(name, operand, min, max, summary, description, options, subcommands, handler);
        }

        public Command describedAs(String text) {
            return new Command(name, operand, minOperands, maxOperands, summary, text, options, subcommands, handler);
        }

        public Command options(Option... more) {
            List<Option> all = new ArrayList<>(options);
            all.addAll(Arrays.asList(more));
            return new Command(name, operand, minOperands, maxOperands, summary, description, all, subcommands, handler);
        }

        public Command sub(Command c) {
            List<Command> all = new ArrayList<>(subcommands);
            all.add(new Command(name + " " + c.name, c.operand, c.minOperands, c.maxOperands, c.summary, c.description, c.options,
                    c.subcommands, c.handler));
            return new Command(name, operand, minOperands, maxOperands, summary, description, options, all, handler);
        }

        /** "report [--scenario S] ...": the name, operands and options. */
        public String synopsis() { return String.join(" ", synopsisUnits()); }

        /** The synopsis in the pieces a line may break between (an option with its value is one). */
        List<String> synopsisUnits() {
            List<String> units = new ArrayList<>(List.of(name));
            if (operand != null) {
                String one = maxOperands > 1 ? operand + "..." : operand;
                units.add(minOperands == 0 ? "[" + one + "]" : one);
            }
            for (Option o : options) units.add(o.synopsis());
            return units;
        }

        /** The subcommand's own name ("pages" of "live pages"). */
        private String leaf() { return name.substring(name.lastIndexOf(' ') + 1); }
    }

    static final String INTRO = """
            Without a command the interactive JavaFX app is started; with --first-frame it prints the time
            from JVM start to its first frame and quits (a start-up measurement); with --lessons DIR its lessons
            panel opens on the lesson folder DIR instead of the shipped course (check it with check-lessons DIR).
            """;

    private static final int WIDTH = 110;

    private final Map<String, Command> commands = new LinkedHashMap<>();

    /** Registers {@code c} (a name registered twice is a programming error). */
    public Commands add(Command c) {
        if (c.name().equals("help") || commands.putIfAbsent(c.name(), c) != null) {
            throw new IllegalStateException("command '" + c.name() + "' registered twice");
        }
        return this;
    }

    /** The registered commands, in registration order. */
    public List<Command> all() { return List.copyOf(commands.values()); }

    /** The command named {@code name}, or null. */
    public Command get(String name) { return commands.get(name); }

    /** Every command: its synopsis and summary. */
    public String usage() {
        StringBuilder sb = new StringBuilder("usage: vdso-explorer [command] [args...]\n\n").append(INTRO).append("\ncommands:\n");
        for (Command c : commands.values()) {
            entry(sb, c);
            for (Command s : c.subcommands()) entry(sb, s);
        }
        entry(sb, Command.of("help", "this list; 'help COMMAND' or 'COMMAND --help': that command's options", null)
                .operands("COMMAND", 0, 1));
        return sb.toString();
    }

    private static void entry(StringBuilder sb, Command c) {
        sb.append(wrapSynopsis(c, "  ", "         "));
        sb.append(wrap(c.summary(), "         ", "         "));
    }

    /** One command's synopsis, summary, description, subcommands and options. */
    public static String help(Command c) {
        StringBuilder sb = new StringBuilder(wrapSynopsis(c, "usage: vdso-explorer ", "         "));
        sb.append('\n').append(wrap(c.summary(), "", ""));
        if (!c.description().isBlank()) sb.append('\n').append(c.description().strip()).append('\n');
        if (!c.subcommands().isEmpty()) {
            sb.append("\nsubcommands (vdso-explorer ").append(c.name()).append(" SUBCOMMAND --help):\n");
            for (Command s : c.subcommands()) sb.append(wrapSynopsis(s, "  ", "    ")).append(wrap(s.summary(), "      ", "      "));
        }
        if (!c.options().isEmpty()) {
            sb.append("\noptions:\n");
            int col = Math.min(26, c.options().stream().mapToInt(o -> label(o).length()).max().orElse(0) + 4);
            for (Option o : c.options()) {
                String label = label(o);
                String help = o.help() + (o.repeats() ? " (may be given more than once)" : "") + (o.required() ? " (required)" : "");
                String pad = " ".repeat(col);
                if (label.length() + 4 > col) sb.append("  ").append(label).append('\n').append(wrap(help, pad, pad));
                else sb.append(wrap(help, "  " + label + " ".repeat(col - 2 - label.length()), pad));
            }
        } else if (c.subcommands().isEmpty()) {
            sb.append("\nIt takes no options.\n");
        }
        return sb.toString();
    }

    private static String label(Option o) { return "--" + o.name() + (o.isFlag() ? "" : " " + o.value()); }

    /** {@code text} as lines of at most {@link #WIDTH} characters, the first after {@code first}, the rest after {@code rest}. */
    static String wrap(String text, String first, String rest) { return wrap(List.of(text.strip().split("\\s+")), first, rest); }

    /** The synopsis of {@code c}, wrapped between its options. */
    private static String wrapSynopsis(Command c, String first, String rest) { return wrap(c.synopsisUnits(), first, rest); }

    private static String wrap(List<String> words, String first, String rest) {
        StringBuilder sb = new StringBuilder();
        StringBuilder line = new StringBuilder(first);
        boolean empty = true;
        for (String w : words) {
            if (!empty && line.length() + 1 + w.length() > WIDTH) {
                sb.append(line).append('\n');
                line = new StringBuilder(rest);
                empty = true;
            }
            if (!empty) line.append(' ');
            line.append(w);
            empty = false;
        }
        return sb.append(line).append('\n').toString();
    }

    /**
     * Runs the command line and returns the process exit code: 0 done, 1 the command failed (or its output could not
     * be written), 2 a usage error. Every command's output is checked here, after it ran: a standard output that
     * could not take it all ({@code > /dev/full}, a full disk) is one message with the reason and exit 1, never exit
     * 0 with output lost (the reason where {@code out} is a {@link CheckedOutput}). A reader that closed the pipe
     * ({@code | head}) ends it with exit 1 and no message, as a pipe's writer is expected to stop.
     */
    public int run(String[] args, PrintStream out, PrintStream err) {
        int code = dispatch(args, out, err);
        String failed;
        if (out instanceof CheckedOutput c) {
            failed = c.problem();
            if (failed != null && c.brokenPipe()) return Math.max(code, 1);
        } else {
            out.flush();
            failed = out.checkError() ? "write error" : null;
        }
        String where = out instanceof CheckedOutput c ? c.name() : "standard output";
        if (failed != null) err.println("vdso-explorer: " + label(args) + "cannot write " + where + ": " + failed);
        err.flush();
        return failed != null || err.checkError() ? Math.max(code, 1) : code;
    }

    /** "report: " or "live vdso: " for messages about the command {@code args} name; "" if none. */
    private String label(String[] args) {
        Command c = args.length == 0 ? null : commands.get(args[0]);
        if (c == null) return "";
        for (Command s : c.subcommands()) if (args.length > 1 && s.leaf().equals(args[1])) return s.name() + ": ";
        return c.name() + ": ";
    }

    private int dispatch(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || isHelp(args[0]) || args[0].equals("help")) {
            if (args.length > 1 && args[0].equals("help")) return help(Arrays.copyOfRange(args, 1, args.length), out, err);
            out.print(usage());
            return 0;
        }
        Command c = commands.get(args[0]);
        if (c == null) {
            List<String> names = new ArrayList<>(commands.keySet());
            names.add("help");
            err.println("vdso-explorer: " + org.vdsoexplorer.util.Known.unknown("command", args[0], names));
            return 2;
        }
        int from = 1;
        if (!c.subcommands().isEmpty() && args.length > 1 && !args[1].startsWith("-")) {
            Command sub = c.subcommands().stream().filter(s -> s.leaf().equals(args[1])).findFirst().orElse(null);
            if (sub == null) {
                List<String> leaves = c.subcommands().stream().map(Command::leaf).toList();
                err.println("vdso-explorer: " + c.name() + ": " + org.vdsoexplorer.util.Known.unknown("subcommand", args[1],
                        String.join(", ", leaves) + "; or none", org.vdsoexplorer.util.Known.nearest(args[1], leaves)));
                return 2;
            }
            c = sub;
            from = 2;
        }
        if (asksForHelp(c, args, from)) {
            out.print(help(c));
            return 0;
        }
        try {
            Args a = Args.parse(c.name(), args, from, c.options());
            operands(c, a);
            return c.handler().run(a, out, err);
        } catch (UsageException | ListingException | BadInputException e) {
            err.println("vdso-explorer: " + e.getMessage());
            return 2;
        } catch (IllegalArgumentException e) {
            err.println("vdso-explorer: " + c.name() + ": " + e.getMessage());
            return 2;
        } catch (ExecutionException e) {
            err.println("vdso-explorer: " + c.name() + ": execution stopped: " + e.getMessage());
            return 1;
        } catch (OutOfMemoryError e) {
            err.println("vdso-explorer: " + c.name() + ": out of memory (the input asks for more than this JVM's heap)");
            return 1;
        } catch (StackOverflowError e) {
            err.println("vdso-explorer: " + c.name() + ": the input is nested too deeply to process");
            return 1;
        } catch (IOException | RuntimeException e) {
            err.println("vdso-explorer: " + c.name() + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            return 1;
        } catch (Exception e) {
            err.println("vdso-explorer: " + c.name() + ": " + e);
            return 1;
        }
    }

    /** {@code help COMMAND [SUBCOMMAND]}. */
    private int help(String[] names, PrintStream out, PrintStream err) {
        Command c = commands.get(names[0]);
        if (c != null && names.length > 1) {
            c = c.subcommands().stream().filter(s -> s.leaf().equals(names[1])).findFirst().orElse(null);
        }
        if (c == null || names.length > 2) {
            err.println("vdso-explorer: help: " + org.vdsoexplorer.util.Known.unknown("command", String.join(" ", names), commands.keySet()));
            return 2;
        }
        out.print(help(c));
        return 0;
    }

    private static boolean isHelp(String s) { return s.equals("--help") || s.equals("-h"); }

    /** {@code --help} or {@code -h} where an option may stand (not as the value of one). */
    private static boolean asksForHelp(Command c, String[] args, int from) {
        for (int i = from; i < args.length; i++) {
            if (isHelp(args[i])) return true;
            if (args[i].startsWith("--") && !args[i].contains("=")) {
                String name = args[i].substring(2);
                if (c.options().stream().anyMatch(o -> o.name().equals(name) && !o.isFlag())) i++;
            }
        }
        return false;
    }

    private static void operands(Command c, Args a) {
        int n = a.positional.size();
        String what = c.operand() == null ? "" : c.operand();
        String count = c.minOperands() == c.maxOperands() ? (c.minOperands() == 1 ? "one " : c.minOperands() + " ")
                : c.maxOperands() == Integer.MAX_VALUE ? "one or more " : "at most " + (c.maxOperands() == 1 ? "one " : c.maxOperands() + " ");
        if (n > c.maxOperands()) {
            String extra = a.positional.get(c.maxOperands());
            throw new UsageException(c.name() + ": unexpected argument '" + extra + "'"
                    + (c.maxOperands() == 0 ? "" : " (it takes " + count + what + ")"));
        }
        if (n < c.minOperands()) throw new UsageException(c.name() + ": expected " + count + what);
    }
}

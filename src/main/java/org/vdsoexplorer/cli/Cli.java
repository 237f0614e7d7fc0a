package org.vdsoexplorer.cli;

import java.io.PrintStream;

/** Headless command line of vdso-explorer. Must not depend on JavaFX or the app package. */
public final class Cli {

    static final String USAGE = """
            usage: java -jar vdso-explorer.jar [command] [args...]

            Without a command the interactive JavaFX app is started.

            commands:
              report   (not implemented yet)
              run      (not implemented yet)
              bench    (not implemented yet)
              help     show this message
            """;

    private Cli() {
    }

    /** Runs the command line and returns the process exit code. */
    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            out.print(USAGE);
            return 0;
        }
        String command = args[0];
        switch (command) {
            case "help", "--help", "-h" -> {
                out.print(USAGE);
                return 0;
            }
            case "report", "run", "bench" -> {
                err.println("vdso-explorer: command '" + command + "' is not implemented yet");
                return 1;
            }
            default -> {
                err.println("vdso-explorer: unknown command '" + command + "' (try: report, run, bench)");
                return 2;
            }
        }
    }
}

package org.vdsoexplorer;

import java.nio.file.Path;
import org.vdsoexplorer.cli.Cli;
import org.vdsoexplorer.cli.Commands;

/**
 * Entry point of {@code vdso-explorer.jar}.
 *
 * <p>Without arguments the JavaFX application is launched; with arguments the command registry
 * ({@link Commands}) runs the command they name: the headless ones {@link Cli#commands()} registers, and those
 * registered here because they need the app (and so JavaFX) or the session, which the CLI must not use. This
 * class deliberately does not reference JavaFX types itself, and declares the app's commands without loading
 * the classes that do (their handlers load them when run), so the CLI path never loads the toolkit.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        String unreadable = undecodable(args);
        if (unreadable != null) {
            System.err.println("vdso-explorer: " + unreadable);
            System.exit(2);
        }
        if (org.vdsoexplorer.app.AppOptions.startsApp(args)) {
            String wrong = org.vdsoexplorer.app.AppOptions.problem(args);
            if (wrong != null) {
                System.err.println("vdso-explorer: " + wrong);
                System.exit(2);
            }
            if (!javafxFound()) {
                System.err.println(NO_JAVAFX);
                System.exit(2);
            }
            if (noDisplay()) {
                System.err.println("vdso-explorer: no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY "
                        + "is set): start it in a desktop session, under xvfb-run, or use a headless command (help)");
                System.exit(2);
            }
            org.vdsoexplorer.app.Launch.launch(args);
            return;
        }
        // the commands' output is checked (a full disk, > /dev/full): one message and exit 1, never output lost with exit 0
        org.vdsoexplorer.util.CheckedOutput out = org.vdsoexplorer.util.CheckedOutput.stdout();
        System.setOut(out);
        System.exit(commands().run(args, out, System.err));
    }

    private static final String NO_JAVAFX = "vdso-explorer: JavaFX is not on the module path: start it with bin/vdso-explorer, "
            + "./mvnw javafx:run or the app image (see README), not java -jar";

    /** Every command: the headless ones, then those that need the app or the session. */
    static Commands commands() {
        return org.vdsoexplorer.cli.TeacherCommands.addTo(Cli.commands())
                .add(Commands.Command.of("check-demo", "checks demo files (format, ranges, and a replay in the model); prints "
                                + "file:line: message per problem, exits 1 if there are any",
                        (a, out, err) -> org.vdsoexplorer.session.DemoCheck.run(a.positional().stream().map(Path::of).toList(), out))
                        .operands("FILE", 1, Integer.MAX_VALUE))
                .add(withJavaFx(Commands.Command.of("screenshots", "writes a PNG of the window, each view and the comparison "
                                + "into DIR (headless), or with an option one screen; one line per image: clipped and overlapping text",
                        (a, out, err) -> org.vdsoexplorer.app.tools.Screenshots.run(org.vdsoexplorer.app.tools.ScreenOptions.from(a),
                                out, err))
                        .operands("DIR", 1, 1).options(org.vdsoexplorer.app.tools.ScreenOptions.OPTIONS.toArray(Commands.Option[]::new))))
                .add(withJavaFx(Commands.Command.of("bench-ui", "full-speed run with all views visible (after a warm-up, 2 s unless --warm-up): "
                                + "frames/s, p50/p99 frame times, CPU per frame of the FX and render threads, startup to first frame "
                                + "(default 5 s)", (a, out, err) -> org.vdsoexplorer.app.tools.UiBench.run(a, out, err))
                        .operands("SECONDS", 0, 1)
                        .options(Commands.Option.flag("idle", "the window up but the model not run (the platform's floor)"),
                                Commands.Option.flag("present", "the same with a 2 px square redrawn every frame (the floor when "
                                        + "every frame is drawn and presented)"),
                                Commands.Option.value("warm-up", "SECONDS", "seconds before frames are measured (default 2; "
                                        + "20 measures after the JIT compiler's first 20 s at full speed)"),
                                Commands.Option.value("frames", "FILE", "also writes each measured frame to FILE (CSV: its "
                                        + "interval, the FX and render threads' CPU time, the live view it refreshed, that "
                                        + "refresh and the model's slice, in ms)"))))
                .add(withJavaFx(Cli.exportGif((request, progress) -> org.vdsoexplorer.app.export.GifExport.renderHeadless(request,
                        org.vdsoexplorer.app.MainWindow::new, progress))));
    }

    /** {@code c}, refused with one line (exit 2) when JavaFX is missing; its help works without. */
    private static Commands.Command withJavaFx(Commands.Command c) {
        Commands.Handler h = c.handler();
        return new Commands.Command(c.name(), c.operand(), c.minOperands(), c.maxOperands(), c.summary(), c.description(),
                c.options(), c.subcommands(), (a, out, err) -> {
                    if (!javafxFound()) {
                        err.println(NO_JAVAFX);
                        return 2;
                    }
                    return h.run(a, out, err);
                });
    }

    /**
     * Why an argument cannot be used as given, or null: the JVM decodes its arguments (and encodes file names) in the
     * character set of the locale it started in, and a byte that set cannot read arrives as U+FFFD. Under LANG=C that
     * is every non-ASCII character: a path with one cannot be named at all (InvalidPathException). One message here
     * instead of a stack trace, or a wrong file, later.
     */
    static String undecodable(String[] args) {
        String cs = System.getProperty("sun.jnu.encoding", "?");
        for (String a : args) {
            if (a.indexOf('\uFFFD') < 0) continue;
            String shown = "'" + a.replace('\uFFFD', '?') + "'";
            if (cs.equalsIgnoreCase("UTF-8")) return "argument " + shown + " has bytes that are not valid UTF-8, the locale's character set";
            return "argument " + shown + " has characters this JVM cannot read in its locale's character set (" + cs
                    + ": LANG, LC_ALL or LC_CTYPE is C, POSIX or a locale this machine does not have): start it with a UTF-8 "
                    + "locale, e.g. LC_ALL=C.UTF-8 (bin/vdso-explorer does this itself where C.UTF-8 is installed)";
        }
        return null;
    }

    /** On Linux and other X11/Wayland systems, a window needs one of these (macOS and Windows need neither). */
    private static boolean noDisplay() {
        String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
        if (os.contains("mac") || os.contains("win") || "Headless".equals(System.getProperty("glass.platform"))) return false;
        return isBlank(System.getenv("DISPLAY")) && isBlank(System.getenv("WAYLAND_DISPLAY"));
    }

    private static boolean isBlank(String s) { return s == null || s.isBlank(); }

    /** JavaFX from the module path (every launcher), or from the class path (the tests). */
    private static boolean javafxFound() {
        if (ModuleLayer.boot().findModule("javafx.graphics").isPresent()) return true;
        try {
            Class.forName("javafx.application.Platform", false, Main.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}

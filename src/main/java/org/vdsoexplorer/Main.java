package org.vdsoexplorer;

import java.util.List;
import org.vdsoexplorer.cli.Cli;

/**
 * Entry point of {@code vdso-explorer.jar}.
 *
 * <p>Without arguments the JavaFX application is launched; with arguments the
 * headless command line ({@link Cli}) handles them. This class deliberately does
 * not reference JavaFX types itself, so the CLI path never loads the toolkit.
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
        boolean app = args.length == 0 || args.length == 1 && args[0].equals("--first-frame");
        boolean fx = app || List.of("screenshots", "bench-ui", "export-gif").contains(args[0]);
        if (fx && !javafxFound()) {
            System.err.println("vdso-explorer: JavaFX is not on the module path: start it with bin/vdso-explorer, "
                    + "./mvnw javafx:run or the app image (see README), not java -jar");
            System.exit(2);
        }
        if (app) {
            if (noDisplay()) {
                System.err.println("vdso-explorer: no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY "
                        + "is set): start it in a desktop session, under xvfb-run, or use a headless command (help)");
                System.exit(2);
            }
            org.vdsoexplorer.app.Launch.launch(args);
            return;
        }
        // the commands that need JavaFX live here: cli/ must not depend on the app
        switch (args[0]) {
            case "screenshots" -> System.exit(screenshots(args));
            case "bench-ui" -> System.exit(benchUi(args));
            case "export-gif" -> System.exit(Cli.exportGif(args, (request, progress) -> org.vdsoexplorer.app.export.GifExport.renderHeadless(request,
                    org.vdsoexplorer.app.MainWindow::new, progress),
                    System.out, System.err));
            case "check-demo" -> System.exit(org.vdsoexplorer.session.DemoCheck.run(args, System.out, System.err));
            default -> { }
        }
        System.exit(Cli.run(args));
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

    private static int screenshots(String[] args) {
        return org.vdsoexplorer.app.tools.Screenshots.cli(java.util.Arrays.copyOfRange(args, 1, args.length), System.out, System.err);
    }

    private static int benchUi(String[] args) {
        double seconds = 5;
        var mode = org.vdsoexplorer.app.tools.UiBench.Mode.FULL;
        boolean haveSeconds = false;
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--idle") || args[i].equals("--present")) {
                mode = args[i].equals("--idle") ? org.vdsoexplorer.app.tools.UiBench.Mode.IDLE : org.vdsoexplorer.app.tools.UiBench.Mode.PRESENT;
            } else if (!haveSeconds) {
                try {
                    seconds = Double.parseDouble(args[i]);
                    if (!(seconds > 0) || seconds > 3600) throw new NumberFormatException();
                    haveSeconds = true;
                } catch (NumberFormatException e) {
                    System.err.println("vdso-explorer: bench-ui: SECONDS '" + args[i] + "' must be a number of seconds (0-3600]");
                    return 2;
                }
            } else {
                System.err.println("vdso-explorer: bench-ui: expected [SECONDS] [--idle | --present], got '" + args[i] + "'");
                return 2;
            }
        }
        return org.vdsoexplorer.app.tools.UiBench.main(seconds, mode, System.out);
    }

}

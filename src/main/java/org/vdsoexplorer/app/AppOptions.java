package org.vdsoexplorer.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The app's own command line (no command): {@code --first-frame} (print the time to the first frame and quit) and
 * {@code --lessons DIR} (open the lessons panel on a lesson folder of the teacher's choosing instead of the shipped
 * course). No JavaFX here: {@code org.vdsoexplorer.Main} checks the options before it loads the toolkit.
 */
public final class AppOptions {
    public static final String FIRST_FRAME = "--first-frame", LESSONS = "--lessons";

    private AppOptions() {}

    /** Whether {@code args} start the app (none, or the app's options) rather than name a command. */
    public static boolean startsApp(String[] args) {
        return args.length == 0 || args[0].equals(FIRST_FRAME) || args[0].equals(LESSONS);
    }

    /** What is wrong with the app's options {@code args}, in one line; null if nothing. */
    public static String problem(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals(FIRST_FRAME)) continue;
            if (!args[i].equals(LESSONS)) {
                return "unknown app option '" + args[i] + "' (the app takes " + FIRST_FRAME + " and " + LESSONS
                        + " DIR; a command is the first argument: help lists them)";
            }
            if (i + 1 >= args.length) return LESSONS + " needs a folder: " + LESSONS + " DIR";
            Path dir = Path.of(args[++i]);
            if (!Files.isDirectory(dir)) return LESSONS + ": '" + dir + "' is not a folder";
        }
        return null;
    }

    /** The folder {@code --lessons} names in {@code raw} (the last one given), or null. */
    public static Path lessons(List<String> raw) {
        int i = raw.lastIndexOf(LESSONS);
        return i >= 0 && i + 1 < raw.size() ? Path.of(raw.get(i + 1)) : null;
    }
}

package org.vdsoexplorer.session;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Where {@link ProgressStore} keeps {@code progress.json}: the folder, or why there is none ({@code dir} null,
 * {@code problem} in words). In order: the property {@value ProgressStore#DIR_PROPERTY} (tests, portable installs);
 * on Linux and other Unixes {@code $XDG_DATA_HOME/vdso-explorer} if that is an absolute path (the XDG rule: a
 * relative one is ignored), else {@code HOME/.local/share/vdso-explorer}; on Windows {@code %APPDATA%\vdso-explorer},
 * on macOS {@code HOME/Library/Application Support/vdso-explorer}. HOME is the environment's {@code $HOME}, then
 * Java's {@code user.home} (which comes from the user database: a lab account without an entry there has
 * {@code user.home} "?", while its login still sets {@code $HOME}).
 *
 * <p>A value that is no path this JVM can use (under {@code LANG=C} a non-ASCII name cannot be encoded:
 * {@link InvalidPathException}) gives no folder and a problem naming the variable, rather than falling back to
 * another folder the student would not look in. The environment and the properties are passed in, so tests never
 * read the real ones.
 */
public record ProgressLocation(Path dir, String problem) {
    static final String APP = "vdso-explorer";

    /** The location for this process's environment and system properties. */
    public static ProgressLocation ofSystem() { return find(System.getenv(), System::getProperty); }

    /** The location for {@code env} (environment variables) and {@code property} (system properties; null: unset). */
    public static ProgressLocation find(Map<String, String> env, Function<String, String> property) {
        try {
            String override = property.apply(ProgressStore.DIR_PROPERTY);
            if (set(override)) return at(path(override, "the property " + ProgressStore.DIR_PROPERTY));
            String os = String.valueOf(property.apply("os.name")).toLowerCase(Locale.ROOT);
            if (os.contains("win")) {
                String appData = env.get("APPDATA");
                Path base = set(appData) ? path(appData, "APPDATA") : home(env, property).resolve("AppData").resolve("Roaming");
                return at(base.resolve(APP));
            }
            if (os.contains("mac")) return at(home(env, property).resolve("Library").resolve("Application Support").resolve(APP));
            String xdg = env.get("XDG_DATA_HOME");
            if (set(xdg)) {
                Path x = path(xdg, "XDG_DATA_HOME");
                if (x.isAbsolute()) return at(x.resolve(APP));
            }
            return at(home(env, property).resolve(".local").resolve("share").resolve(APP));
        } catch (Unusable e) {
            String enc = property.apply("sun.jnu.encoding");
            return new ProgressLocation(null, "Lesson progress is not saved: " + e.getMessage()
                    + (enc == null || enc.toUpperCase(Locale.ROOT).contains("UTF") ? "" : " under this locale (file names in " + enc
                    + "); start the app under a UTF-8 locale (for example LANG=C.UTF-8)") + ".");
        }
    }

    private static ProgressLocation at(Path dir) { return new ProgressLocation(dir, null); }

    /** {@code $HOME} if it is an absolute path, else {@code user.home} if that is. */
    private static Path home(Map<String, String> env, Function<String, String> property) throws Unusable {
        String h = env.get("HOME");
        if (set(h)) {
            Path p = path(h, "HOME");
            if (p.isAbsolute()) return p;
        }
        String u = property.apply("user.home");
        if (set(u)) {
            Path p = path(u, "the home folder (user.home)");
            if (p.isAbsolute()) return p;
        }
        throw new Unusable("there is no home folder (HOME is not set and the user database has none); set HOME or XDG_DATA_HOME");
    }

    private static Path path(String value, String from) throws Unusable {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new Unusable(from + " (\"" + value + "\") is not a usable folder name: " + e.getReason());
        }
    }

    private static boolean set(String s) { return s != null && !s.isBlank(); }

    /** Why there is no folder. */
    private static final class Unusable extends Exception {
        Unusable(String why) { super(why, null, false, false); }
    }
}

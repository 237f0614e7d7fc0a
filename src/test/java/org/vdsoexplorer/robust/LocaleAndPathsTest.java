package org.vdsoexplorer.robust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28 item 6 (and its cases of item 8): the commands under {@code LANG=C}, {@code LC_ALL=C}, {@code POSIX} and a
 * locale the machine does not have, with spaces and non-ASCII characters in the paths. The JVM names files in its
 * locale's character set, ASCII under C: bin/utf8-locale gives it C.UTF-8 (what the launcher does), and a JVM started
 * without a UTF-8 locale says so in one message instead of a stack trace. The numbers the commands print do not follow
 * the JVM's locale (a German one writes 25,70 where parsers read 25.70).
 */
class LocaleAndPathsTest {
    static final long BOUND_S = 60;

    @TempDir
    Path tmp;

    record Run(int code, String out) {}

    /** {@code command} with the environment changed by {@code env} (a null value removes a variable), output and exit. */
    static Run run(Map<String, String> env, List<String> command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        for (String v : List.of("LC_ALL", "LC_CTYPE", "LANG", "LC_MESSAGES")) pb.environment().remove(v);
        env.forEach((k, v) -> {
            if (v == null) pb.environment().remove(k);
            else pb.environment().put(k, v);
        });
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(BOUND_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("no answer within " + BOUND_S + " s: " + command);
        }
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    static List<String> java(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path")));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** This JVM can pass a non-ASCII path to a child at all (it runs in a UTF-8 locale, as the build does). */
    private static void assumeUtf8Here() {
        assumeTrue("UTF-8".equalsIgnoreCase(System.getProperty("sun.jnu.encoding")), "the test JVM's own locale is not UTF-8");
    }

    /** The machine has C.UTF-8 (glibc 2.35 and later build it in; `locale -a` lists it as C.utf8). */
    private static boolean haveCUtf8() throws Exception {
        Run r;
        try {
            r = run(Map.of(), List.of("locale", "-a"));
        } catch (java.io.IOException e) {
            return false;
        }
        return r.out().lines().anyMatch(l -> l.equalsIgnoreCase("C.utf8") || l.equalsIgnoreCase("C.UTF-8"));
    }

    private static void noStackTrace(Run r) {
        assertFalse(r.out().contains("Exception") || r.out().contains("\tat "), r.out());
    }

    /** A folder with spaces and non-ASCII characters holding a copy of the example lesson. */
    private Path lessonsWithAnAwkwardName() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("Lektionen für Maß und Zeit"));
        Files.copy(Path.of("lessons/examples/first-look.md"), dir.resolve("erste Übung.md"));
        return dir;
    }

    @Test
    void aPathTheLocaleCannotSpellIsOneMessageNotAStackTrace() throws Exception {
        assumeUtf8Here();
        Path out = tmp.resolve("Ausgabe ü é").resolve("schön.gif");
        Path costs = Files.writeString(tmp.resolve("Kosten ü.yaml"), "x: 1\n");
        for (List<String> args : List.of(List.of("export-gif", "--to", "1", out.toString()),
                List.of("report", "--scenario", "host", "--costs", costs.toString()), List.of("check-lessons", lessonsWithAnAwkwardName().toString()))) {
            List<String> cmd = java("org.vdsoexplorer.Main");
            cmd.addAll(args);
            Run r = run(Map.of("LANG", "C"), cmd);
            assertEquals(2, r.code(), r.out());
            noStackTrace(r);
            assertTrue(r.out().contains("cannot read in its locale's character set (ANSI_X3.4-1968") && r.out().contains("LC_ALL=C.UTF-8"),
                    args.getFirst() + ": " + r.out());
        }
    }

    @Test
    void theLaunchersLocaleLetsTheJvmNameThosePaths() throws Exception {
        assumeUtf8Here();
        assumeTrue(haveCUtf8(), "no C.UTF-8 on this machine: the launcher leaves the locale as it is");
        Path lessons = lessonsWithAnAwkwardName();
        List<Map<String, String>> locales = List.of(Map.of("LANG", "C"), Map.of("LC_ALL", "C"), Map.of("LANG", "POSIX"),
                Map.of("LANG", "xx_YY.UTF-8"), Map.of("LANG", "C.UTF-8", "LC_MESSAGES", "xx_YY"), Map.of("LANG", "C.UTF-8"));
        for (Map<String, String> env : locales) {
            List<String> cmd = new ArrayList<>(List.of("sh", "-c", ". bin/utf8-locale && utf8_locale_for_jvm && exec \"$@\"", "sh"));
            cmd.addAll(java("org.vdsoexplorer.Main", "check-lessons", lessons.toString()));
            Run r = run(env, cmd);
            assertEquals(0, r.code(), env + ": " + r.out());
            assertTrue(r.out().contains(lessons + ": 1 lessons, 3 steps, no problems"), env + ": " + r.out());
        }
    }

    @Test
    void theLauncherRunsFromACheckoutWithSuchAName() throws Exception {
        assumeUtf8Here();
        assumeTrue(haveCUtf8(), "no C.UTF-8 on this machine");
        Path target = Path.of("target").toAbsolutePath();
        assumeTrue(Files.isRegularFile(target.resolve("vdso-explorer.jar")) && Files.isDirectory(target.resolve("javafx")),
                "no package build in target/ (./mvnw package)");
        // the launcher finds target/ beside its bin/: a checkout whose folder has a space and an umlaut
        Path checkout = Files.createDirectories(tmp.resolve("Kurs Übung"));
        Files.createDirectories(checkout.resolve("bin"));
        for (String f : List.of("vdso-explorer", "find-jdk", "utf8-locale", "jvm.options")) {
            Files.copy(Path.of("bin", f), checkout.resolve("bin").resolve(f));
        }
        Files.createSymbolicLink(checkout.resolve("target"), target);
        Path lessons = lessonsWithAnAwkwardName();
        Run r = run(Map.of("LANG", "C", "JAVA_HOME", System.getProperty("java.home")),
                List.of(checkout.resolve("bin/vdso-explorer").toString(), "check-lessons", lessons.toString()));
        assertEquals(0, r.code(), r.out());
        assertTrue(r.out().contains(lessons + ": 1 lessons, 3 steps, no problems"), r.out());
    }

    @Test
    void printedNumbersDoNotFollowTheLocale() throws Exception {
        // (a guard: these were already Locale.ROOT; a German default locale would print 25,70 into the CSV)
        String[] args = {"org.vdsoexplorer.Main", "report", "--scenario", "host", "--variant", "before", "--clock", "monotonic",
                "--format", "csv"};
        Run root = run(Map.of("LANG", "C.UTF-8"), java(args));
        List<String> de = java(args);
        de.add(de.indexOf("-cp"), "-Duser.language=de");
        de.add(de.indexOf("-cp"), "-Duser.country=DE");
        Run german = run(Map.of("LANG", "C.UTF-8"), de);
        assertEquals(0, root.code(), root.out());
        assertEquals(root.out(), german.out());
        String row = root.out().lines().skip(1).findFirst().orElseThrow();
        assertTrue(row.matches(".*,[0-9]+\\.[0-9]+,.*"), "decimal points: " + row);
    }
}

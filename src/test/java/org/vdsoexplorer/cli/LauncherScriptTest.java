package org.vdsoexplorer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/vdso-explorer run for real against a stand-in JDK (a release file and a bin/java that prints its arguments) in a
 * copy of bin/ beside a stand-in build: which JVM options, cache and JDK it starts each command with. The launcher reads
 * the JDK's release file, bin/jvm.options and the cache's .jdk file with shell builtins; this checks what those reads
 * decide, against files written here.
 */
@DisabledOnOs(OS.WINDOWS)
class LauncherScriptTest {
    private static final String BUILD = "JAVA_RUNTIME_VERSION=\"25.0.9+1-LTS\"";

    @TempDir Path dir;

    /** A JDK folder whose java prints each argument on a line. */
    private Path jdk(String name, String version, String build) throws IOException {
        Path home = dir.resolve(name);
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n" + build + "\n");
        Path java = home.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }

    /** bin/ copied into {@code dir/app} with an empty build beside it; returns the app folder. */
    private Path app() throws IOException {
        Path app = dir.resolve("app");
        Files.createDirectories(app.resolve("bin"));
        Files.createDirectories(app.resolve("target/javafx"));
        for (String f : List.of("vdso-explorer", "find-jdk", "utf8-locale", "jvm.options")) {
            Files.copy(Path.of("bin", f), app.resolve("bin").resolve(f));
        }
        Files.setPosixFilePermissions(app.resolve("bin/vdso-explorer"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(app.resolve("target/vdso-explorer.jar"), "");
        return app;
    }

    private static List<String> run(Path app, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(app.resolve("bin/vdso-explorer").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("TOOLCHAIN_JAVA_HOME");
        pb.environment().remove("VDSO_EXPLORER_AOT_OUTPUT");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out.lines().toList();
    }

    /** A cache made by {@code jdk} (its .jdk file as the launcher writes it), newer than the jar. */
    private static Path cache(Path app, String name, String madeIn, String madeBy) throws IOException {
        Path aot = app.resolve("target").resolve(name);
        Files.writeString(aot, "");
        Files.writeString(Path.of(aot + ".jdk"), madeIn + "\n" + madeBy + "\n");
        Path jar = app.resolve("target/vdso-explorer.jar");
        Files.setLastModifiedTime(aot, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 60_000));
        return aot;
    }

    @Test
    void headlessCommandsGetTheCliCacheOfTheirJdkAndTheOptionsWithoutJavaFx() throws Exception {
        Path home = jdk("jdk25", "25.0.9", BUILD);
        Path app = app();
        Path aot = cache(app, "vdso-explorer-cli.aot", home.toString(), BUILD);
        List<String> args = run(app, Map.of("JAVA_HOME", home.toString()), "report", "--format", "json");
        assertTrue(args.contains("-XX:AOTCache=" + aot), args.toString());
        assertTrue(args.contains("-XX:+UseSerialGC"), "bin/jvm.options' options: " + args);
        assertFalse(args.stream().anyMatch(a -> a.contains("javafx")), "no JavaFX option or module path: " + args);
        assertFalse(args.stream().anyMatch(a -> a.startsWith("#")), "no comment line: " + args);
        assertEquals(List.of("org.vdsoexplorer.Main", "report", "--format", "json"), args.subList(args.size() - 4, args.size()));
        assertEquals(app.resolve("target/vdso-explorer.jar").toString(), args.get(args.indexOf("-cp") + 1));
    }

    @Test
    void aCacheFromAnotherBuildOrFolderOfTheJdkOrOlderThanTheJarIsNotUsed() throws Exception {
        Path home = jdk("jdk25", "25.0.9", BUILD);
        Path app = app();
        Map<String, String> env = Map.of("JAVA_HOME", home.toString());
        cache(app, "vdso-explorer-cli.aot", home.toString(), "JAVA_RUNTIME_VERSION=\"25.0.8+2-LTS\"");
        assertFalse(run(app, env, "help").stream().anyMatch(a -> a.startsWith("-XX:AOTCache")), "another build");
        cache(app, "vdso-explorer-cli.aot", dir.resolve("elsewhere").toString(), BUILD);
        assertFalse(run(app, env, "help").stream().anyMatch(a -> a.startsWith("-XX:AOTCache")), "another folder");
        Path aot = cache(app, "vdso-explorer-cli.aot", home.toString(), BUILD);
        Files.delete(Path.of(aot + ".jdk"));
        assertFalse(run(app, env, "help").stream().anyMatch(a -> a.startsWith("-XX:AOTCache")), "no .jdk file");
        cache(app, "vdso-explorer-cli.aot", home.toString(), BUILD);
        Files.setLastModifiedTime(aot, FileTime.fromMillis(0));
        assertFalse(run(app, env, "help").stream().anyMatch(a -> a.startsWith("-XX:AOTCache")), "older than the jar");
    }

    @Test
    void trainingWritesTheJdkFileThatTheNextStartAccepts() throws Exception {
        Path home = jdk("jdk25", "25.0.9", BUILD);
        Path app = app();
        Path out = app.resolve("target/vdso-explorer-cli.aot");
        List<String> training = run(app, Map.of("JAVA_HOME", home.toString(), "VDSO_EXPLORER_AOT_OUTPUT", out.toString()), "help");
        assertTrue(training.contains("-XX:AOTCacheOutput=" + out), training.toString());
        assertEquals(home + "\n" + BUILD + "\n", Files.readString(Path.of(out + ".jdk")));
        Files.writeString(out, ""); // what the JVM would have written
        Files.setLastModifiedTime(out, FileTime.fromMillis(Files.getLastModifiedTime(app.resolve("target/vdso-explorer.jar")).toMillis() + 60_000));
        assertTrue(run(app, Map.of("JAVA_HOME", home.toString()), "help").contains("-XX:AOTCache=" + out));
    }

    @Test
    void theWindowGetsJavaFxFromTheModulePathAndTheAppCache() throws Exception {
        Path home = jdk("jdk25", "25.0.9", BUILD);
        Path app = app();
        Path aot = cache(app, "vdso-explorer.aot", home.toString(), BUILD);
        List<String> args = run(app, Map.of("JAVA_HOME", home.toString()));
        assertTrue(args.contains("-XX:AOTCache=" + aot), args.toString());
        assertTrue(args.contains("@" + app.resolve("bin/jvm.options")), args.toString());
        assertEquals(app.resolve("target/javafx").toString(), args.get(args.indexOf("--module-path") + 1));
    }

    @Test
    void aJavaHomeOlderThan25IsPassedOverForTheNewestInstalledOne() throws Exception {
        Path old = jdk("jdk17", "17.0.12", "JAVA_RUNTIME_VERSION=\"17.0.12+7\"");
        Path home = jdk("jdk25", "25.0.9", BUILD);
        Path app = app();
        // the stand-in java prints its arguments: which JDK ran is told by the cache it was given (made by that JDK)
        Path aot = cache(app, "vdso-explorer-cli.aot", home.toString(), BUILD);
        List<String> args = run(app, Map.of("JAVA_HOME", old.toString(), "TOOLCHAIN_JAVA_HOME", home.toString()), "help");
        assertTrue(args.contains("-XX:AOTCache=" + aot), "TOOLCHAIN_JAVA_HOME's JDK 25 chosen over JAVA_HOME's 17: " + args);
    }
}

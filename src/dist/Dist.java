import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

/**
 * The self-contained app ({@code ./mvnw -Pdist package}), run by the build's JDK as a source-file program:
 * jlink a runtime with JavaFX (from target/javafx) and the JDK modules the app uses, jpackage an app image
 * around it (the app's jar and target/lib on the class path, the JVM options of bin/jvm.options), train its
 * ahead-of-time cache with a short headless run of the image's own launcher, then jpackage an installer
 * (deb, msi, dmg; "none" for just the image). jpackage builds for the OS it runs on.
 *
 * <p>Arguments: TARGET_DIR JVM_OPTIONS_FILE VERSION INSTALLER_TYPE DEB_RESOURCES (the .deb's maintainer scripts)
 */
public final class Dist {
    static final String NAME = "vdso-explorer";
    /** JDK modules the app needs (jdeps --print-module-deps, plus jdk.unsupported for JavaFX, jdk.management). */
    static final String JDK_MODULES = "java.base,java.desktop,java.logging,java.management,java.scripting,java.sql,jdk.unsupported,jdk.management";
    static final String FX_MODULES = "javafx.controls,javafx.fxml";

    public static void main(String[] args) throws Exception {
        Path target = Path.of(args[0]).toAbsolutePath();
        List<String> jvmOptions = jvmOptions(Path.of(args[1]));
        String version = args[2].replaceAll("-SNAPSHOT$", "");
        String installer = args[3];
        Path dist = target.resolve("dist");
        deleteTree(dist);
        Path input = dist.resolve("input");
        Files.createDirectories(input.resolve("lib"));
        Files.copy(target.resolve(NAME + ".jar"), input.resolve(NAME + ".jar"));
        try (Stream<Path> libs = Files.list(target.resolve("lib"))) {
            for (Path p : libs.toList()) Files.copy(p, input.resolve("lib").resolve(p.getFileName()));
        }

        Path runtime = dist.resolve("runtime");
        tool("jlink", "--module-path", target.resolve("javafx").toString(), "--add-modules", JDK_MODULES + "," + FX_MODULES,
                "--strip-debug", "--no-man-pages", "--no-header-files", "--output", runtime.toString());
        copyNativeLibs(target.resolve("javafx"), runtime);

        List<String> jp = new ArrayList<>(List.of("--type", "app-image", "--name", NAME, "--app-version", version,
                "--runtime-image", runtime.toString(), "--input", input.toString(), "--main-jar", NAME + ".jar",
                "--main-class", "org.vdsoexplorer.Main", "--dest", dist.toString()));
        for (String o : jvmOptions) jp.addAll(List.of("--java-options", o));
        jp.addAll(List.of("--java-options", "-XX:AOTCache=$APPDIR/" + NAME + ".aot"));
        if (isWindows()) {
            // vdso-explorer.exe is a GUI program (no console: the headless commands would print nowhere); a second
            // launcher with the same options and cache, vdso-explorer-cli.exe, runs them in the console
            Path props = dist.resolve("cli-launcher.properties");
            Files.writeString(props, "win-console=true\n");
            jp.addAll(List.of("--add-launcher", NAME + "-cli=" + props));
        }
        tool("jpackage", jp.toArray(String[]::new));

        Path image = dist.resolve(isMac() ? NAME + ".app" : NAME);
        train(image, dist);

        if (!installer.equals("none")) {
            List<String> inst = new ArrayList<>(List.of("--type", installer, "--app-image", image.toString(), "--name", NAME,
                    "--app-version", version, "--dest", dist.toString(), "--vendor", "vDSO Explorer",
                    "--description", "Interactive visualizer of the Linux vDSO clock_gettime() fast path"));
            if (installer.equals("deb")) {
                // src/dist/deb: postinst/prerm for which a missing desktop menu (a server) is not an error
                inst.addAll(List.of("--linux-shortcut", "--linux-menu-group", "Education", "--resource-dir", args[4]));
            }
            if (installer.equals("msi") || installer.equals("exe")) inst.addAll(List.of("--win-menu", "--win-shortcut"));
            tool("jpackage", inst.toArray(String[]::new));
        }
        deleteTree(input);
        System.out.println("dist: app image " + image + (installer.equals("none") ? "" : ", " + installer + " in " + dist));
    }

    /** bin/jvm.options without comments and blank lines (the launcher's cfg cannot read an @argfile). */
    static List<String> jvmOptions(Path file) throws IOException {
        return Files.readAllLines(file).stream().map(l -> l.replaceAll("(^|\\s)#.*", "").strip())
                .filter(l -> !l.isEmpty()).toList();
    }

    /**
     * JavaFX's native libraries next to the JDK's (lib/, bin/ on Windows), so the app loads them from there
     * instead of unpacking them from the module into ~/.openjfx/cache on first start.
     */
    static void copyNativeLibs(Path javafxJars, Path runtime) throws IOException {
        Path dest = runtime.resolve(isWindows() ? "bin" : "lib");
        try (Stream<Path> jars = Files.list(javafxJars)) {
            for (Path jar : jars.toList()) {
                try (ZipFile z = new ZipFile(jar.toFile())) {
                    for (var e : java.util.Collections.list(z.entries())) {
                        String n = e.getName();
                        if (n.contains("/") || !(n.endsWith(".so") || n.endsWith(".dylib") || n.endsWith(".dll"))) continue;
                        try (InputStream in = z.getInputStream(e)) {
                            Files.copy(in, dest.resolve(n), StandardCopyOption.REPLACE_EXISTING);
                        }
                    }
                }
            }
        }
    }

    /**
     * The image's AOT cache: its launcher run once headless (window up, model at full speed) with AOTCacheOutput
     * in place of AOTCache in its cfg, so class path, module options and runtime are exactly those of a start.
     */
    static void train(Path image, Path dist) throws Exception {
        // jpackage's layouts: vdso-explorer.app/Contents/app (macOS), vdso-explorer/app (Windows), vdso-explorer/lib/app
        Path app = isMac() ? image.resolve("Contents/app") : image.resolve(isWindows() ? "app" : "lib/app");
        Path cfg = app.resolve(NAME + ".cfg");
        String original = Files.readString(cfg);
        Files.writeString(cfg, original.replace("-XX:AOTCache=", "-XX:AOTCacheOutput="));
        Path launcher = isMac() ? image.resolve("Contents/MacOS/" + NAME)
                : image.resolve(isWindows() ? NAME + ".exe" : "bin/" + NAME);
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "bench-ui", "1").redirectErrorStream(true)
                .redirectOutput(dist.resolve("aot-training.log").toFile());
        pb.environment().put("JAVA_TOOL_OPTIONS", "-Dglass.platform=Headless -Dprism.order=sw -Dvdso.explorer.data.dir="
                + dist.resolve("aot-training-data"));
        int rc = pb.start().waitFor();
        Files.writeString(cfg, original);
        deleteTree(dist.resolve("aot-training-data"));
        if (rc != 0 || !Files.exists(app.resolve(NAME + ".aot"))) {
            throw new IllegalStateException("AOT training run failed (exit " + rc + "): see " + dist.resolve("aot-training.log"));
        }
    }

    static void tool(String name, String... args) {
        System.out.println(name + " " + String.join(" ", args));
        ToolProvider t = ToolProvider.findFirst(name).orElseThrow(() -> new IllegalStateException("this JDK has no " + name));
        int rc = t.run(System.out, System.err, args);
        if (rc != 0) throw new IllegalStateException(name + " failed (exit " + rc + ")");
    }

    static boolean isMac() { return System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("mac"); }

    static boolean isWindows() { return System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("windows"); }

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) return;
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(q);
        }
    }

    private Dist() {}
}

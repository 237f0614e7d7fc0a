package org.vdsoexplorer.host.validate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.util.Resources;

/**
 * Compiles the C model natively and runs it. Every source is read from the project's assets at run time
 * (assets/csrc/vdso_model.c, vdso.lds, caller_loop.c, native/validate_main.c), so whatever the C model says
 * now is what runs. Each variant is compiled with the compiler and the flags its listing's '#' header records
 * and linked as build-listings.sh links it (vdso.lds); the caller loop with the compiler and flags of
 * assets/listings/caller/gettime_perf.lst (-O0); the driver with the caller loop's compiler at -O2. All of
 * it happens in a fresh directory from {@link Files#createTempDirectory}, deleted afterwards.
 */
public final class NativeHarness {
    /** What a run needs: which rows, how long, and the kernel's TSC conversion (mult/shift of the hres and raw bases). */
    public record Plan(Compiler compiler, List<Variant> variants, List<Clock> clocks, int rounds, long batchMicros,
                       long hresMult, long hresShift, long rawMult, long rawShift) {}

    /** A compiler as a listing's header names it, and what is installed under that name. */
    public record Toolchain(String executable, String listingVersion, String installedVersion) {
        public boolean sameVersion() { return listingVersion.equals(installedVersion); }
    }

    /** The result: the driver's output and the two toolchains (variants; caller loop and driver). */
    public record Run(DriverOutput output, Toolchain model, Toolchain caller, List<String> notes) {}

    /** Thrown when the machine cannot run the harness (no compiler, not x86-64); its message is one line. */
    public static final class Unavailable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Unavailable(String message) { super(message); }
    }

    /** The link step of build-listings.sh's emit(): a vDSO-like shared object laid out by vdso.lds. */
    static final List<String> LINK = List.of("-nostdlib", "-shared", "-fuse-ld=bfd", "-Wl,-T,vdso.lds", "-Wl,--hash-style=gnu",
            "-Wl,-soname,linux-vdso.so.1", "-Wl,--build-id=none", "-Wl,--no-warn-rwx-segments");

    private NativeHarness() {}

    /** The variants the harness runs: every real one (not the broken-on-purpose readers, not legacy's syscall stubs). */
    public static List<Variant> variants() {
        return Stream.of(Variant.values()).filter(v -> !v.broken() && v != Variant.LEGACY).toList();
    }

    /** Whether this JVM runs on x86-64 Linux; null if it does, else the one-line reason. */
    public static String platformProblem() {
        String arch = System.getProperty("os.arch", "?"), os = System.getProperty("os.name", "?");
        if (!os.equals("Linux") || !(arch.equals("amd64") || arch.equals("x86_64")))
            return "needs x86-64 Linux (this is " + os + " on " + arch + "): the C model's counter read is x86 code";
        return null;
    }

    /** The value of a '# key: ' header line of a listing. */
    static String header(String listing, String key) {
        for (String line : listing.split("\n")) {
            if (!line.startsWith("#")) break;
            if (line.startsWith("# " + key + ": ")) return line.substring(key.length() + 4).trim();
        }
        throw new IllegalArgumentException("listing without a '# " + key + ":' header line");
    }

    /**
     * The '# flags:' line as arguments. build-listings.sh joins them with spaces, and a -D value may hold spaces
     * ("-DHRES_INLINE=static __always_inline"): a word that does not start with '-' belongs to the one before.
     * A parenthesised remark (the caller listing's) is dropped.
     */
    static List<String> flags(String line) {
        String s = line.replaceAll("\\([^)]*\\)", " ").trim();
        List<String> out = new ArrayList<>();
        for (String w : s.split("\\s+")) {
            if (w.isEmpty()) continue;
            if (!w.startsWith("-") && !out.isEmpty()) out.set(out.size() - 1, out.getLast() + " " + w);
            else out.add(w);
        }
        return out;
    }

    /** The first line of {@code exe --version}, or null when it cannot be run. */
    static String version(String exe) {
        try {
            Process p = new ProcessBuilder(exe, "--version").redirectErrorStream(true).start();
            String first = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().findFirst().orElse("");
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 ? first.trim() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The caller listing's compiler: the first word of its '# compiler:' line ("gcc-12 (Debian ...) 12.2.0"). */
    static String callerCompiler(String callerListing) { return header(callerListing, "compiler").split(" ")[0]; }

    public static Run run(Plan plan) {
        String problem = platformProblem();
        if (problem != null) throw new Unavailable(problem);
        String callerListing = Resources.text("/assets/listings/caller/gettime_perf.lst");
        String ccCaller = callerCompiler(callerListing), cc = plan.compiler().cliName();
        String vCaller = version(ccCaller), vModel = version(cc);
        if (vModel == null) throw new Unavailable(cc + " is not installed: the native run compiles the C model with the listings' compiler");
        if (vCaller == null) throw new Unavailable(ccCaller + " is not installed: the caller loop's listing was compiled with it");
        Path dir = null;
        try {
            dir = Files.createTempDirectory("vdso-validate");
            for (String f : List.of("vdso_model.c", "vdso.lds", "caller_loop.c"))
                Files.writeString(dir.resolve(f), Resources.text("/assets/csrc/" + f));
            Files.writeString(dir.resolve("validate_main.c"), Resources.text("/assets/csrc/native/validate_main.c"));
            List<String> notes = new ArrayList<>();
            String firstListing = null;
            List<String> images = new ArrayList<>();
            for (Variant v : plan.variants()) {
                String listing = Resources.text("/" + plan.compiler().listingPath(v));
                if (firstListing == null) firstListing = listing;
                List<String> cmd = new ArrayList<>(List.of(cc));
                cmd.addAll(flags(header(listing, "flags")));
                cmd.addAll(List.of("-c", "vdso_model.c", "-o", v.cliName() + ".o"));
                exec(dir, cmd);
                List<String> link = new ArrayList<>(List.of(cc));
                link.addAll(LINK);
                link.addAll(List.of("-o", v.cliName() + ".so", v.cliName() + ".o"));
                exec(dir, link);
                String so = dir.resolve(v.cliName() + ".so").toString();
                images.add("host:" + v.cliName() + ":0:" + so);
                if (v.timens()) images.add("namespace:" + v.cliName() + ":" + (v.expectsV57NamespacePage() ? "7fffffff" : "ffffffff") + ":" + so);
            }
            List<String> caller = new ArrayList<>(List.of(ccCaller));
            caller.addAll(flags(header(callerListing, "flags")));
            caller.addAll(List.of("-c", "caller_loop.c", "-o", "caller_loop.o"));
            exec(dir, caller);
            exec(dir, List.of(ccCaller, "-O2", "-Wall", "-o", "validate_main", "validate_main.c", "caller_loop.o", "-lrt"));
            Toolchain model = new Toolchain(cc, firstListing == null ? "?" : header(firstListing, "compiler"), vModel);
            Toolchain call = new Toolchain(ccCaller, header(callerListing, "compiler"), vCaller);
            for (Toolchain t : List.of(model, call))
                if (!t.sameVersion()) notes.add("the listings were made by '" + t.listingVersion() + "', this machine has '" + t.installedVersion() + "'");
            List<String> cmd = new ArrayList<>(List.of(dir.resolve("validate_main").toString(), Integer.toString(plan.rounds()),
                    Long.toString(plan.batchMicros()), Long.toString(plan.hresMult()), Long.toString(plan.hresShift()),
                    Long.toString(plan.rawMult()), Long.toString(plan.rawShift()),
                    String.join(",", plan.clocks().stream().map(c -> Integer.toString(c.id)).toList())));
            cmd.addAll(images);
            // a hang guard, not a speed check: the batches are timed by thread CPU time, so on a machine shared with
            // other work (2 cores, a loaded CI) the wall time can be many times the CPU time the plan needs
            long budget = 600 + plan.rounds() * (long) images.size() * plan.clocks().size() * plan.batchMicros() * 60 / 1_000_000;
            List<String> lines = exec(dir, cmd, budget);
            return new Run(DriverOutput.parse(lines), model, call, notes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (dir != null) delete(dir);
        }
    }

    private static List<String> exec(Path dir, List<String> cmd) throws IOException { return exec(dir, cmd, 300); }

    private static List<String> exec(Path dir, List<String> cmd, long timeoutSeconds) throws IOException {
        Path err = dir.resolve("stderr.txt"), out = dir.resolve("stdout.txt");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectError(err.toFile()).redirectOutput(out.toFile()).start();
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(cmd.getFirst() + " did not finish in " + timeoutSeconds + " s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
        if (p.exitValue() != 0) {
            String msg = Files.readString(err).lines().filter(l -> !l.isBlank()).limit(3).reduce((a, b) -> a + " / " + b).orElse("");
            throw new IllegalStateException(String.format(Locale.ROOT, "%s failed (exit %d): %s",
                    Path.of(cmd.getFirst()).getFileName(), p.exitValue(), msg.replace(dir.toString() + "/", "")));
        }
        return Files.readAllLines(out, StandardCharsets.UTF_8);
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temp directory is harmless
        }
    }
}

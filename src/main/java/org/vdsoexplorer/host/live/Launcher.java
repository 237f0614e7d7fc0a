package org.vdsoexplorer.host.live;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vdsoexplorer.host.live.TaskProcess.Kind;
import org.vdsoexplorer.host.live.TaskProcess.TaskFailure;

/**
 * Starts the two tasks: the host task (a plain child JVM) and the namespace task, a child JVM in a new
 * time namespace with the model's offsets (monotonic +500 s, boottime +1000 s) made by util-linux
 * {@code unshare --time}: as root first, then with {@code -r} (a new user namespace, where unprivileged
 * user namespaces are allowed). When neither works the failure says exactly why and what would help.
 */
public final class Launcher {
    /** The model's namespace offsets (scenario timens), in seconds. */
    public static final long MONOTONIC_OFFSET = 500, BOOTTIME_OFFSET = 1000;

    /**
     * @param unshare  the unshare command (and any wrapper before it), e.g. {@code [unshare]}
     * @param tryUserNamespace  whether to try {@code unshare -r} when the plain call is refused
     * @param startTimeout  how long a child JVM may take to say READY
     */
    public record Config(List<String> unshare, boolean tryUserNamespace, Duration startTimeout) {
        public static Config defaults() { return new Config(List.of("unshare"), true, Duration.ofSeconds(30)); }

        public Config withUnshare(List<String> u) { return new Config(u, tryUserNamespace, startTimeout); }

        public Config withUserNamespace(boolean b) { return new Config(unshare, b, startTimeout); }

        public Config withStartTimeout(Duration d) { return new Config(unshare, tryUserNamespace, d); }
    }

    private Launcher() {}

    public static TaskProcess host(Config c) throws TaskFailure {
        return TaskProcess.start("host", List.of(), c.startTimeout());
    }

    /** The namespace task, or a failure whose message explains why there is none. */
    public static TaskProcess timens(Config c) throws TaskFailure {
        String os = System.getProperty("os.name", "?");
        if (!os.toLowerCase(Locale.ROOT).contains("linux")) {
            throw new TaskFailure("timens: not available on " + os + ": time namespaces are a Linux feature (5.6 or newer "
                    + "with CONFIG_TIME_NS); the host side is shown alone", Kind.UNAVAILABLE);
        }
        if (!Files.exists(Path.of("/proc/self/timens_offsets"))) {
            throw new TaskFailure("timens: this kernel has no time namespaces (/proc/self/timens_offsets is missing): they need "
                    + "Linux 5.6 or newer built with CONFIG_TIME_NS=y; the host side is shown alone", Kind.UNAVAILABLE);
        }
        String exe = c.unshare().getFirst();
        if (exe.contains("/") ? !TaskProcess.isExecutable(Path.of(exe)) : which(exe) == null) {
            throw new TaskFailure("timens: '" + exe + "' was not found" + (exe.contains("/") ? "" : " on PATH") + ": install util-linux 2.36 or newer "
                    + "(Debian/Ubuntu: apt-get install util-linux; Fedora: dnf install util-linux); the host side is shown alone",
                    Kind.UNAVAILABLE);
        }
        List<String> tried = new ArrayList<>();
        for (boolean user : c.tryUserNamespace() ? List.of(false, true) : List.of(false)) {
            List<String> prefix = new ArrayList<>(c.unshare());
            if (user) prefix.add("-r");
            prefix.addAll(List.of("--time", "--monotonic", Long.toString(MONOTONIC_OFFSET), "--boottime",
                    Long.toString(BOOTTIME_OFFSET), "--"));
            try {
                return TaskProcess.start("timens", prefix, c.startTimeout());
            } catch (TaskFailure f) {
                if (f.kind() == Kind.TIMEOUT) throw f;
                tried.add((user ? "'unshare -r --time' (a new user namespace): " : "'unshare --time': ") + f.getMessage()
                        .replaceFirst("^timens: ", ""));
            }
        }
        throw new TaskFailure("timens: could not start a task in a new time namespace. Tried " + String.join("; then ", tried)
                + ". A time namespace needs CAP_SYS_ADMIN: run as root (in a container: --cap-add SYS_ADMIN, or a "
                + "seccomp profile that allows unshare(CLONE_NEWTIME)), or allow unprivileged user namespaces "
                + "(sysctl kernel.unprivileged_userns_clone=1 on Debian, user.max_user_namespaces > 0, no AppArmor "
                + "restriction) so that 'unshare -r' works. The host side is shown alone.", Kind.DENIED);
    }

    static Path which(String exe) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, exe);
            if (TaskProcess.isExecutable(p)) return p;
        }
        return null;
    }
}

package org.vdsoexplorer.host.live;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Skips (with the reason) live-lab tests that need what this machine may not have. */
final class LiveAssume {
    private static Boolean timens;

    private LiveAssume() {}

    static void linuxX86() {
        assumeTrue(System.getProperty("os.name", "").toLowerCase().contains("linux")
                && System.getProperty("os.arch", "").matches("amd64|x86_64"), "the live lab reads x86-64 Linux pages");
        assumeTrue(Files.isReadable(Path.of("/proc/self/maps")), "no /proc/self/maps");
    }

    /** A time namespace can be made here (unshare --time as root, or unshare -r --time). */
    static void timens() {
        linuxX86();
        if (timens == null) timens = works(List.of("unshare", "--time", "true")) || works(List.of("unshare", "-r", "--time", "true"));
        assumeTrue(timens, "unshare --time does not work here (no util-linux unshare, no CAP_SYS_ADMIN and no "
                + "unprivileged user namespaces, or a kernel without CONFIG_TIME_NS)");
    }

    static boolean root() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream().anyMatch(l -> l.matches("Uid:\\s+0\\s.*"));
        } catch (java.io.IOException e) {
            return false;
        }
    }

    static boolean works(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}

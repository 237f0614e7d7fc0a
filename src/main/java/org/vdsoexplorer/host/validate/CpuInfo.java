package org.vdsoexplorer.host.validate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The CPU as /proc/cpuinfo names it (its first processor): vendor_id, cpu family, model, model name and the
 * "cpu MHz" line (on many machines and VMs the nominal or TSC rate, not the clock the core runs at).
 */
public record CpuInfo(String vendor, int family, int model, String modelName, double mhz) {

    public static CpuInfo parse(String text) {
        Map<String, String> f = new HashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                if (!f.isEmpty()) break; // the first processor only
                continue;
            }
            int colon = line.indexOf(':');
            if (colon > 0) f.putIfAbsent(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
        }
        return new CpuInfo(f.getOrDefault("vendor_id", "?"), parseInt(f.get("cpu family")), parseInt(f.get("model")),
                f.getOrDefault("model name", "?"), parseDouble(f.get("cpu MHz")));
    }

    /** This machine's, or an unknown CPU when /proc/cpuinfo cannot be read. */
    public static CpuInfo read() {
        try {
            return parse(Files.readString(Path.of("/proc/cpuinfo")));
        } catch (IOException | RuntimeException e) {
            return new CpuInfo("?", -1, -1, "?", Double.NaN);
        }
    }

    /** "AuthenticAMD family 25 (0x19) model 17 (0x11), AMD EPYC". */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "%s family %d (%#x) model %d (%#x), %s", vendor, family, family, model, model, modelName);
    }

    private static int parseInt(String s) {
        try {
            return s == null ? -1 : Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static double parseDouble(String s) {
        try {
            return s == null ? Double.NaN : Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}

package org.vdsoexplorer.sim.timing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Which core of the pipeline table a CPU is: its vendor, family and model (as /proc/cpuinfo prints them) looked up
 * in the table's {@code cpuid:} list. A CPU no line names gets the table's default (first) core, and
 * {@link #why()} says that it is a fallback.
 *
 * @param core    the core to predict with
 * @param matched true if a {@code cpuid:} line named this CPU; false for the fallback
 * @param why     one sentence: which core and why (or why the default)
 */
public record CorePick(Core core, boolean matched, String why) {
    /** What identifies the CPU: {@code vendor_id}, {@code cpu family}, {@code model}. */
    public record Cpu(String vendor, int family, int model) {
        @Override public String toString() {
            return String.format(Locale.ROOT, "%s family %#x model %#x", vendor, family, model);
        }
    }

    /** Where Linux prints the CPU's identity. */
    public static final Path PROC_CPUINFO = Path.of("/proc/cpuinfo");

    /**
     * The first processor's vendor, family and model in /proc/cpuinfo text (x86: {@code vendor_id}, {@code cpu family},
     * {@code model} lines, decimal); empty if one of them is missing or not a number.
     */
    public static Optional<Cpu> parse(String cpuinfo) {
        String vendor = null;
        Integer family = null, model = null;
        for (String line : cpuinfo.split("\n")) {
            if (line.isBlank()) {
                if (vendor != null || family != null || model != null) break; // end of the first processor's block
                continue;
            }
            int colon = line.indexOf(':');
            if (colon < 0) continue;
            String k = line.substring(0, colon).trim(), v = line.substring(colon + 1).trim();
            try {
                switch (k) {
                    case "vendor_id" -> vendor = v;
                    case "cpu family" -> family = Integer.parseInt(v);
                    case "model" -> model = Integer.parseInt(v);
                    default -> { }
                }
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        if (vendor == null || vendor.isEmpty() || family == null || model == null) return Optional.empty();
        return Optional.of(new Cpu(vendor, family, model));
    }

    /** The core for that CPU, or the table's default with a sentence saying it is a fallback. */
    public static CorePick pick(TimingTable table, Cpu cpu) {
        for (TimingTable.CpuidRange r : table.cpuid()) {
            if (r.matches(cpu.vendor(), cpu.family(), cpu.model())) {
                Core c = table.core(r.core()).orElseThrow();
                return new CorePick(c, true, c.id() + " (" + c.label() + "): this CPU is " + cpu + ", which "
                        + table.origin() + " maps to " + c.id() + " (family " + String.format(Locale.ROOT, "%#x", r.family())
                        + " models " + r.text() + ": " + r.source() + ")");
            }
        }
        Core d = table.defaultCore();
        return new CorePick(d, false, d.id() + " (" + d.label() + ") as a fallback: this CPU is " + cpu + ", and "
                + table.origin() + " has no table for it, so the model uses its default core, not this CPU's");
    }

    /** The core for the CPU that /proc/cpuinfo text describes; the default (said so) if the text names none. */
    public static CorePick fromCpuinfo(TimingTable table, String cpuinfo) {
        return parse(cpuinfo).map(c -> pick(table, c)).orElseGet(() -> fallback(table,
                "/proc/cpuinfo names no vendor_id, cpu family and model"));
    }

    /** The core for this machine's CPU (reads /proc/cpuinfo). */
    public static CorePick thisMachine(TimingTable table) {
        try {
            return fromCpuinfo(table, Files.readString(PROC_CPUINFO, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return fallback(table, "cannot read " + PROC_CPUINFO + " (" + e.getMessage() + ")");
        }
    }

    private static CorePick fallback(TimingTable table, String reason) {
        Core d = table.defaultCore();
        return new CorePick(d, false, d.id() + " (" + d.label() + ") as a fallback: " + reason
                + ", so the model uses the default core of " + table.origin() + ", not this CPU's");
    }
}

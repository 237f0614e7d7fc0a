package org.vdsoexplorer.sim.real;

import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One machine's vDSO as the live lab copied it (`live capture FILE`): the kernel and CPU, and per task (the host
 * task, and the task in a time namespace when one could be made) its [vvar], [vvar_vclock] and [vdso] pages at
 * their real addresses, an unbacked page as {@code bytes == null}, and the clock_gettime() results read right
 * after the copy (the copy was taken again after them and was unchanged: no update_vsyscall() ran in between).
 * {@code disassembly} is objdump's AT&T text of the host task's [vdso] .text at its real address, made when
 * captured (null when objdump was not installed then). Immutable; read and written by {@link CaptureFile}.
 *
 * @param clocksource  /sys/devices/system/clocksource/clocksource0/current_clocksource when captured
 * @param cpuFlags     the "flags" line of /proc/cpuinfo (which counter read the kernel patched in follows from it)
 * @param coreGhz      the core clock calibrated when captured (validate's chain of dependent adds), 0 if it could not be
 * @param coreGhzHow   how coreGhz was found, or why there is none
 */
public record Capture(String format, int version, String captured, String kernel, String clocksource, Cpu cpu,
                      List<String> cpuFlags, double coreGhz, String coreGhzHow, List<Task> tasks, String disassembly) {
    public static final String FORMAT = "vdso-explorer capture";
    public static final int VERSION = 1;

    /** The CPU as /proc/cpuinfo names it. */
    public record Cpu(String vendor, int family, int model, String modelName) {
        @Override public String toString() {
            return String.format(java.util.Locale.ROOT, "%s family %#x model %#x (%s)", vendor, family, model, modelName);
        }
    }

    /** One task: its pages and its clock readings. {@code timensOffsets}: clock to [seconds, nanoseconds]. */
    public record Task(String task, Map<String, List<Long>> timensOffsets, List<Mapping> mappings, List<Reading> clocks) {
        public Optional<Mapping> mapping(String name) { return mappings.stream().filter(m -> m.name().equals(name)).findFirst(); }

        /** The reading of clock id {@code id}, if it was read. */
        public Optional<Reading> clock(int id) { return clocks.stream().filter(c -> c.id() == id).findFirst(); }

        /** True for a task in a time namespace (a non-zero offset). */
        public boolean inNamespace() {
            return timensOffsets.values().stream().anyMatch(v -> v.stream().anyMatch(x -> x != 0));
        }

        /** The [vdso] mapping's bytes, its pages in order. */
        public byte[] vdsoImage() {
            Mapping m = mapping(VDSO).orElseThrow(() -> new IllegalStateException("the " + task + " task has no [vdso] mapping"));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (Page p : m.pages()) out.writeBytes(p.bytes() == null ? new byte[PAGE] : p.bytes());
            return out.toByteArray();
        }
    }

    /** A mapping ("[vvar]", "[vvar_vclock]", "[vdso]") at {@code start}, its pages by slot. */
    public record Mapping(String name, long start, List<Page> pages) {
        public Optional<Page> page(int slot) { return pages.stream().filter(p -> p.slot() == slot).findFirst(); }
    }

    /** One 4 KiB page; {@code bytes} null when no page backs the slot (reading it raised SIGBUS). */
    public record Page(int slot, byte[] bytes) {
        public boolean backed() { return bytes != null; }
    }

    /** One clock_gettime(id) result in nanoseconds (seconds * 10^9 + nanoseconds). */
    public record Reading(String clock, int id, long ns) {}

    public static final int PAGE = 4096;
    public static final String VVAR = "[vvar]", VCLOCK = "[vvar_vclock]", VDSO = "[vdso]";

    /** The same capture with the core clock calibrated as {@code how} says. */
    public Capture withCoreGhz(double ghz, String how) {
        return new Capture(format, version, captured, kernel, clocksource, cpu, cpuFlags, ghz, how, tasks, disassembly);
    }

    public Optional<Task> task(String name) { return tasks.stream().filter(t -> t.task().equals(name)).findFirst(); }

    public List<String> taskNames() { return tasks.stream().map(Task::task).toList(); }

    /** One line for people: "Linux 6.18.44 on AuthenticAMD family 0x1a model 0x2 (AMD EPYC), clocksource kvm-clock". */
    public String describe() { return "Linux " + kernel + " on " + cpu + ", clocksource " + clocksource; }
}

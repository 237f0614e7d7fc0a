package org.vdsoexplorer.host.live;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;

/**
 * The child process of the live lab (one per task: the host task, and the task started in a new time
 * namespace by {@code unshare}). It answers one command per stdin line with lines ending in {@code END}:
 * <pre>
 *   info                      INFO key value...  (kernel, clocksource, timens_offsets, maps, pid)
 *   warmup MS                 compiles and calibrates the call loops
 *   measure MS                R clock path calls nanos   (one interleaved round over {@link Item#ALL})
 *   pages [die]               TRY mapping slot, then PAGE mapping slot address mono_ns hex | FAULT mapping slot why
 *   seqwatch MAPPING SLOT OFF MS   SEQWATCH first last changes max_gap_ns samples
 *   seq MAPPING SLOT OFF      SEQ value mono_ns
 *   capture                   MAP mapping start, PAGE mapping slot address hex | FAULT ..., CLOCK name id ns, CAPTURE attempts stable
 *   quit
 * </pre>
 * A page read that faults (an unbacked vvar slot raises SIGBUS) is reported as FAULT: HotSpot turns the
 * SIGBUS of a memory-segment access into an InternalError; with {@code die} the child instead ends by a
 * real SIGBUS (the parent then reports the page unbacked and starts a new child for the rest). Only this
 * process is ever at risk; the app and the CLI only read its output.
 */
public final class Probe {
    static final String END = "END";
    private static final int PAGE = 4096;
    private static final int CLOCK_THREAD_CPUTIME_ID = 3;
    static final List<String> MAPPINGS = List.of("[vvar]", "[vvar_vclock]", "[vdso]");

    private Probe() {}

    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        out.println("READY " + ProcessHandle.current().pid());
        out.flush();
        String line;
        while ((line = in.readLine()) != null) {
            String[] w = line.trim().split("\\s+");
            try {
                switch (w[0]) {
                    case "quit" -> { return; }
                    case "info" -> info(out);
                    case "warmup" -> warmup(out, Long.parseLong(w[1]));
                    case "measure" -> measure(out, Long.parseLong(w[1]));
                    case "pages" -> pages(out, w.length > 1 && w[1].equals("die"), w.length > 2 ? Integer.parseInt(w[2]) : 0);
                    case "seqwatch" -> seqwatch(out, w[1], Integer.parseInt(w[2]), Integer.parseInt(w[3]), Long.parseLong(w[4]));
                    case "seq" -> seq(out, w[1], Integer.parseInt(w[2]), Integer.parseInt(w[3]));
                    case "capture" -> capture(out);
                    default -> out.println("ERROR unknown command " + w[0]);
                }
            } catch (Throwable t) {
                out.println("ERROR " + String.valueOf(t).replace('\n', ' '));
            }
            out.println(END);
            out.flush();
        }
    }

    private static void info(PrintStream out) throws IOException {
        out.println("INFO kernel " + read("/proc/sys/kernel/osrelease"));
        out.println("INFO clocksource " + read("/sys/devices/system/clocksource/clocksource0/current_clocksource"));
        out.println("INFO pid " + ProcessHandle.current().pid());
        Path tns = Path.of("/proc/self/timens_offsets");
        if (Files.isReadable(tns)) {
            for (String l : Files.readAllLines(tns)) out.println("INFO timens_offsets " + l.trim().replaceAll("\\s+", " "));
        } else {
            out.println("INFO timens_offsets none");
        }
        for (String l : Files.readAllLines(Path.of("/proc/self/maps"))) {
            for (String m : MAPPINGS) if (l.endsWith(m)) out.println("INFO map " + l.substring(0, l.indexOf(' ')) + " " + m);
        }
        for (Item it : Item.ALL) {
            if (it.path().equals("vdso")) out.println("INFO clock " + it.clock() + " " + Native.clockNanos(it.id()));
        }
        out.println("INFO auxv_sysinfo_ehdr " + Long.toHexString(Native.getauxval(Native.AT_SYSINFO_EHDR)));
    }

    private static String read(String f) {
        try {
            return Files.readString(Path.of(f)).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static void warmup(PrintStream out, long ms) throws Throwable {
        // enough iterations of each loop for C2 (and on-stack replacement) to compile it
        long end = System.nanoTime() + ms * 1_000_000;
        do {
            for (Item it : Item.ALL) it.run(20_000);
        } while (System.nanoTime() < end);
        out.println("WARM");
    }

    private static final long[] perCallGuess = new long[Item.ALL.size()];

    /** One round: every item timed once, for about {@code ms} / items each, in {@link Item#ALL} order. */
    private static void measure(PrintStream out, long ms) throws Throwable {
        long budget = ms * 1_000_000 / Item.ALL.size();
        for (int i = 0; i < Item.ALL.size(); i++) {
            Item it = Item.ALL.get(i);
            if (perCallGuess[i] == 0) {
                long t0 = Native.clockNanos(CLOCK_THREAD_CPUTIME_ID);
                it.run(10_000);
                perCallGuess[i] = Math.max(1, (Native.clockNanos(CLOCK_THREAD_CPUTIME_ID) - t0) / 10_000);
            }
            long n = Math.max(1000, budget / perCallGuess[i]);
            // the thread's CPU time, not the wall clock: time this thread spent preempted by other
            // processes (a shared machine) does not count
            long t0 = Native.clockNanos(CLOCK_THREAD_CPUTIME_ID);
            it.run(n);
            long dt = Native.clockNanos(CLOCK_THREAD_CPUTIME_ID) - t0;
            perCallGuess[i] = Math.max(1, dt / n);
            out.println("R " + it.clock() + " " + it.path() + " " + n + " " + dt);
        }
    }

    static long mapStart(String mapping) throws IOException {
        for (String l : Files.readAllLines(Path.of("/proc/self/maps"))) {
            if (l.endsWith(mapping)) return Long.parseUnsignedLong(l.substring(0, l.indexOf('-')), 16);
        }
        return -1;
    }

    private static void pages(PrintStream out, boolean die, int skip) throws IOException {
        int k = 0;
        for (String l : Files.readAllLines(Path.of("/proc/self/maps"))) {
            String mapping = MAPPINGS.stream().filter(l::endsWith).findFirst().orElse(null);
            if (mapping == null) continue;
            String[] range = l.substring(0, l.indexOf(' ')).split("-");
            long start = Long.parseUnsignedLong(range[0], 16), end = Long.parseUnsignedLong(range[1], 16);
            for (int slot = 0; start + (long) slot * PAGE < end; slot++, k++) {
                if (k < skip) continue;
                out.println("TRY " + mapping + " " + slot);
                out.flush();
                long addr = start + (long) slot * PAGE;
                byte[] bytes = new byte[PAGE];
                try {
                    MemorySegment.copy(MemorySegment.ofAddress(addr).reinterpret(PAGE), ValueLayout.JAVA_BYTE, 0, bytes, 0, PAGE);
                } catch (InternalError e) {
                    if (die) {
                        out.flush();
                        Native.dieBySignal(7); // SIGBUS, as a C reader would get
                    }
                    out.println("FAULT " + mapping + " " + slot + " SIGBUS, which the JVM turned into '" + e.getMessage() + "'");
                    continue;
                }
                long mono = Native.clockNanos(1);
                out.println("PAGE " + mapping + " " + slot + " " + Long.toHexString(addr) + " " + mono + " "
                        + HexFormat.of().formatHex(bytes));
            }
        }
    }

    /** The clocks the x86 vDSO serves (include/vdso/datapage.h VDSO_HRES, VDSO_COARSE, VDSO_RAW): name and id. */
    static final List<Item> CAPTURE_CLOCKS = List.of(new Item("realtime", "vdso", 0), new Item("monotonic", "vdso", 1),
            new Item("monotonic-raw", "vdso", 4), new Item("realtime-coarse", "vdso", 5),
            new Item("monotonic-coarse", "vdso", 6), new Item("boottime", "vdso", 7), new Item("tai", "vdso", 11));

    /**
     * Copies every [vvar] and [vvar_vclock] page (null: unbacked) and the [vdso], reads each vDSO clock right after,
     * and copies the vvar pages again: when the two copies agree, no update_vsyscall() (and no pvclock update) ran
     * between the copy and the readings, so the readings follow from the copied pages. Up to 50 attempts; the last
     * is reported with {@code stable false} if none agreed.
     */
    private static void capture(PrintStream out) throws IOException {
        List<String[]> maps = new java.util.ArrayList<>();
        for (String l : Files.readAllLines(Path.of("/proc/self/maps"))) {
            for (String m : MAPPINGS) {
                if (!l.endsWith(m)) continue;
                String[] r = l.substring(0, l.indexOf(' ')).split("-");
                maps.add(new String[] {m, r[0], r[1]});
            }
        }
        byte[][] first = null;
        long[] clocks = new long[CAPTURE_CLOCKS.size()];
        int attempt = 0;
        boolean stable = false;
        while (attempt++ < 50 && !stable) {
            first = copyAll(maps);
            for (int i = 0; i < clocks.length; i++) clocks[i] = Native.clockNanos(CAPTURE_CLOCKS.get(i).id());
            byte[][] again = copyAll(maps);
            stable = java.util.Arrays.deepEquals(first, again);
        }
        int k = 0;
        for (String[] m : maps) {
            long start = Long.parseUnsignedLong(m[1], 16), end = Long.parseUnsignedLong(m[2], 16);
            out.println("MAP " + m[0] + " " + m[1]);
            for (int slot = 0; start + (long) slot * PAGE < end; slot++, k++) {
                if (first[k] == null) out.println("FAULT " + m[0] + " " + slot + " SIGBUS");
                else out.println("PAGE " + m[0] + " " + slot + " " + Long.toHexString(start + (long) slot * PAGE) + " 0 "
                        + HexFormat.of().formatHex(first[k]));
            }
        }
        for (int i = 0; i < clocks.length; i++) {
            out.println("CLOCK " + CAPTURE_CLOCKS.get(i).clock() + " " + CAPTURE_CLOCKS.get(i).id() + " " + clocks[i]);
        }
        out.println("CAPTURE " + attempt + " " + stable);
    }

    /** Every page of {@code maps} in order; null for a page whose read faulted. */
    private static byte[][] copyAll(List<String[]> maps) {
        List<byte[]> pages = new java.util.ArrayList<>();
        for (String[] m : maps) {
            long start = Long.parseUnsignedLong(m[1], 16), end = Long.parseUnsignedLong(m[2], 16);
            for (long addr = start; addr < end; addr += PAGE) {
                byte[] bytes = new byte[PAGE];
                try {
                    MemorySegment.copy(MemorySegment.ofAddress(addr).reinterpret(PAGE), ValueLayout.JAVA_BYTE, 0, bytes, 0, PAGE);
                    pages.add(bytes);
                } catch (InternalError e) {
                    pages.add(null);
                }
            }
        }
        return pages.toArray(byte[][]::new);
    }

    private static MemorySegment word(String mapping, int slot, int offset) throws IOException {
        long start = mapStart(mapping);
        if (start < 0) throw new IllegalStateException("no " + mapping + " mapping");
        return MemorySegment.ofAddress(start + (long) slot * PAGE + offset).reinterpret(4);
    }

    /** Samples seq as fast as it can for {@code ms}: how often the kernel's writer really updated the page. */
    private static void seqwatch(PrintStream out, String mapping, int slot, int offset, long ms) throws IOException {
        MemorySegment seq = word(mapping, slot, offset);
        int first = seq.get(JAVA_INT, 0), last = first;
        long changes = 0, samples = 0, maxGap = 0;
        long t0 = System.nanoTime(), lastChange = t0, end = t0 + ms * 1_000_000;
        long now;
        while ((now = System.nanoTime()) < end) {
            int s = seq.get(JAVA_INT, 0);
            samples++;
            if (s != last) {
                if ((s & 1) == 0) { // count completed updates (the even value after the writer's odd phase)
                    changes++;
                    maxGap = Math.max(maxGap, now - lastChange);
                    lastChange = now;
                }
                last = s;
            }
        }
        maxGap = Math.max(maxGap, end - lastChange);
        out.println("SEQWATCH " + Integer.toUnsignedString(first) + " " + Integer.toUnsignedString(last) + " " + changes
                + " " + maxGap + " " + samples);
    }

    private static void seq(PrintStream out, String mapping, int slot, int offset) throws IOException {
        int s = word(mapping, slot, offset).get(JAVA_INT, 0);
        out.println("SEQ " + Integer.toUnsignedString(s) + " " + Native.clockNanos(1));
    }

    /** What a round times: five clocks through the vDSO, monotonic through the syscall, and the downcall alone. */
    public record Item(String clock, String path, int id) {
        public static final String DOWNCALL = "downcall";
        public static final List<Item> ALL = List.of(
                new Item("labs", DOWNCALL, -1),
                new Item("realtime", "vdso", 0),
                new Item("monotonic", "vdso", 1),
                new Item("monotonic-coarse", "vdso", 6),
                new Item("monotonic-raw", "vdso", 4),
                new Item("boottime", "vdso", 7),
                new Item("monotonic", "syscall", 1));

        void run(long n) throws Throwable {
            switch (path) {
                case DOWNCALL -> Native.labsLoop(n);
                case "syscall" -> Native.syscallLoop(id, n);
                default -> {
                    if (Native.clockLoop(id, n) != 0) throw new IllegalStateException("clock_gettime(" + clock + ") failed");
                }
            }
        }
    }
}

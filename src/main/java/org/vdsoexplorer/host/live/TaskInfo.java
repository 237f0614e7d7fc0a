package org.vdsoexplorer.host.live;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a task reported about itself ({@code info}): kernel release, current clocksource, its
 * /proc/self/timens_offsets, where [vvar], [vvar_vclock] and [vdso] are mapped, one reading of each clock
 * and getauxval(AT_SYSINFO_EHDR).
 *
 * @param timensOffsets  clock name to {seconds, nanoseconds}, as the file lists them (empty if there is none)
 * @param maps           "start-end name" per mapping, in address order
 * @param clocks         clock name to nanoseconds, read once by clock_gettime()
 */
public record TaskInfo(String task, long pid, String kernel, String clocksource, Map<String, long[]> timensOffsets,
                       List<String> maps, Map<String, Long> clocks, String auxvSysinfoEhdr) {

    /** Whether this task runs in a time namespace other than the initial one (any non-zero offset). */
    public boolean inNamespace() {
        return timensOffsets.values().stream().anyMatch(v -> v[0] != 0 || v[1] != 0);
    }

    public static TaskInfo parse(String task, List<String> lines) {
        String kernel = "unknown", cs = "unknown", aux = "0";
        long pid = -1;
        Map<String, long[]> offsets = new LinkedHashMap<>();
        List<String> maps = new ArrayList<>();
        Map<String, Long> clocks = new LinkedHashMap<>();
        for (String l : lines) {
            String[] w = l.split(" ");
            if (w.length < 3 || !w[0].equals("INFO")) continue;
            switch (w[1]) {
                case "kernel" -> kernel = w[2];
                case "clocksource" -> cs = w[2];
                case "pid" -> pid = Long.parseLong(w[2]);
                case "timens_offsets" -> {
                    if (w.length == 5) offsets.put(w[2], new long[] {Long.parseLong(w[3]), Long.parseLong(w[4])});
                }
                case "map" -> maps.add(w[2] + " " + w[3]);
                case "clock" -> clocks.put(w[2], Long.parseLong(w[3]));
                case "auxv_sysinfo_ehdr" -> aux = w[2];
                default -> { }
            }
        }
        return new TaskInfo(task, pid, kernel, cs, offsets, maps, clocks, aux);
    }
}

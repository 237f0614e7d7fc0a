package org.vdsoexplorer.host.live;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vdsoexplorer.sim.real.Capture;
import org.vdsoexplorer.sim.real.RealCode;
import org.vdsoexplorer.sim.timing.CorePick;

/**
 * {@code live capture}: the live lab's tasks copy their pages and read their clocks ({@link Probe}'s
 * {@code capture}), and this turns their answers, /proc/cpuinfo and objdump's disassembly of the host task's
 * [vdso] into one {@link Capture}.
 */
public final class Capturing {
    private Capturing() {}

    /** Captures every task the session could start; a task whose copy never held still is left out, said so in problems. */
    public static Capture capture(LiveSession s, LiveSession.Progress p, List<String> problems) throws IOException {
        s.start(p);
        List<Capture.Task> tasks = new ArrayList<>();
        for (String t : List.copyOf(s.infos().keySet())) {
            p.update(0.4, "copying the pages of the " + t + " task and reading its clocks");
            List<String> lines = s.askTask(t, "capture");
            if (lines == null) continue;
            String last = lines.stream().filter(l -> l.startsWith("CAPTURE ")).findFirst().orElse("CAPTURE 0 false");
            if (!last.endsWith(" true")) {
                problems.add(t + ": the pages changed between every copy and the clock readings (" + last + "); task left out");
                continue;
            }
            tasks.add(task(s.infos().get(t), lines));
        }
        if (tasks.isEmpty()) throw new IOException("no task could be captured" + (s.problems().isEmpty() ? "" : ": " + s.problems()));
        problems.addAll(s.problems());
        TaskInfo host = s.infos().get(tasks.getFirst().task());
        String cpuinfo = read("/proc/cpuinfo");
        Capture.Task first = tasks.getFirst();
        p.update(0.9, "disassembling the vDSO (objdump)");
        String dis = RealCode.disassemble(first.vdsoImage(), first.mapping(Capture.VDSO).orElseThrow().start()).orElse(null);
        if (dis == null) problems.add("objdump is not installed: the capture holds no disassembly (it opens where objdump is)");
        return new Capture(Capture.FORMAT, Capture.VERSION, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                host.kernel(), host.clocksource(), cpu(cpuinfo), flags(cpuinfo), 0, "not calibrated", tasks, dis);
    }

    static Capture.Task task(TaskInfo info, List<String> lines) {
        Map<String, Capture.Mapping> maps = new LinkedHashMap<>();
        Map<String, List<Capture.Page>> pages = new LinkedHashMap<>();
        List<Capture.Reading> clocks = new ArrayList<>();
        for (String l : lines) {
            String[] w = l.split(" ");
            switch (w[0]) {
                case "MAP" -> pages.put(w[1], new ArrayList<>());
                case "CLOCK" -> clocks.add(new Capture.Reading(w[1], Integer.parseInt(w[2]), Long.parseLong(w[3])));
                default -> { }
            }
        }
        Map<String, Long> starts = new LinkedHashMap<>();
        for (String l : lines) {
            String[] w = l.split(" ");
            if (w[0].equals("MAP")) starts.put(w[1], Long.parseUnsignedLong(w[2], 16));
        }
        for (PageDecoder.Raw r : PageDecoder.parse(lines)) pages.get(r.mapping()).add(new Capture.Page(r.slot(), r.bytes()));
        pages.forEach((m, ps) -> maps.put(m, new Capture.Mapping(m, starts.get(m), ps)));
        Map<String, List<Long>> offsets = new LinkedHashMap<>();
        info.timensOffsets().forEach((k, v) -> offsets.put(k, Arrays.stream(v).boxed().toList()));
        return new Capture.Task(info.task(), offsets, List.copyOf(maps.values()), clocks);
    }

    /** vendor, family and model as {@link CorePick#parse} reads them (the same reading the core pick makes), and the model name. */
    static Capture.Cpu cpu(String cpuinfo) {
        String name = first(cpuinfo).getOrDefault("model name", "?");
        return CorePick.parse(cpuinfo).map(c -> new Capture.Cpu(c.vendor(), c.family(), c.model(), name))
                .orElseGet(() -> new Capture.Cpu("?", -1, -1, name));
    }

    static List<String> flags(String cpuinfo) {
        String fl = first(cpuinfo).get("flags");
        return fl == null ? List.of() : List.of(fl.trim().split("\\s+"));
    }

    /** The first processor's "key : value" lines. */
    private static Map<String, String> first(String cpuinfo) {
        Map<String, String> f = new LinkedHashMap<>();
        for (String line : cpuinfo.split("\n")) {
            if (line.isBlank()) {
                if (!f.isEmpty()) break;
                continue;
            }
            int colon = line.indexOf(':');
            if (colon > 0) f.putIfAbsent(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
        }
        return f;
    }

    private static String read(String f) {
        try {
            return Files.readString(Path.of(f), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}

package org.vdsoexplorer.lesson;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cpu.Category;

/**
 * The app's views a lesson step can focus, each with the names of the elements a step can highlight in
 * it. The names are the lesson format's vocabulary (documented in lessons/README.md); the app maps each
 * one to a node. In the code view {@code c:LINE} and {@code asm:ADDR} also name a source line or an
 * instruction (checked against the step's listing like a breakpoint).
 */
public enum View {
    CODE("code", List.of("source", "listing", "current", "registers", "stack", "spills")),
    PAGES("pages", List.of("task", "slots", "slot-0", "slot-1", "slot-2", "slot-3", "last-read", "trail", "host", "offset")),
    SEQLOCK("seqlock", List.of("seq", "counts", "writer", "why", "inject", "timeline")),
    DISPATCH("dispatch", List.of("path", "banner", "tsc", "pvclock", "hvclock", "none", "timens", "fallback")),
    COUNTERS("counters", List.of("this-call", "total", "ns-per-call", "calls-per-3s", "step", "breakdown")),
    COMPARE("compare", List.of("a", "b", "difference")),
    /** The Your kernel tab: a captured vDSO stepped (its four panes, the writer row, the returned time, the update button). */
    KERNEL("kernel", List.of("code", "listing", "registers", "seqlock", "writer", "pages", "path", "result", "status", "update"));

    private final String lessonName;
    private final List<String> elements;

    View(String lessonName, List<String> fixed) {
        this.lessonName = lessonName;
        java.util.ArrayList<String> all = new java.util.ArrayList<>(fixed);
        if (lessonName.equals("code")) {
            for (int i = 0; i < Registers.COUNT; i++) all.add("reg-" + Registers.name64(i));
            all.add("reg-rip");
            all.add("reg-rflags");
        }
        if (lessonName.equals("counters")) {
            for (Category c : Category.values()) all.add(c.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        this.elements = List.copyOf(all);
    }

    /** The name a lesson uses ("seqlock"). */
    public String lessonName() { return lessonName; }

    /** The element names a step may highlight in this view (code also takes c:LINE and asm:ADDR). */
    public List<String> elements() { return elements; }

    public static Optional<View> byName(String s) {
        return Arrays.stream(values()).filter(v -> v.lessonName.equals(s)).findFirst();
    }

    public static String names() { return Arrays.stream(values()).map(View::lessonName).collect(Collectors.joining(", ")); }
}

package org.vdsoexplorer.app;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.vdsoexplorer.model.Setup;
import org.vdsoexplorer.model.Variant;
import org.vdsoexplorer.model.kernel.Clock;
import org.vdsoexplorer.model.kernel.Scenario;

/**
 * A demo to share: scenario, variant, clock, the writer's tick, the step reached, breakpoints and the
 * writer updates the user placed (reader step to count). Stored as a small properties file; opening it
 * rebuilds the same model state by replaying the placements (the model is deterministic). No JavaFX.
 */
public record DemoState(Scenario scenario, Variant variant, Clock clock, long tickCycles, long position,
                        SortedSet<Integer> breakInstructions, SortedSet<Integer> breakLines,
                        SortedMap<Long, Integer> writerUpdates) {

    public static final String FORMAT = "vdso-explorer-demo 1";

    /** The state of {@code s} now. */
    public static DemoState of(Session s) {
        Setup st = s.setup();
        return new DemoState(st.scenario(), st.variant(), st.clock(), st.tickCycles(), s.position(),
                new TreeSet<>(s.breakInstructions()), new TreeSet<>(s.breakLines()), new TreeMap<>(s.writerUpdates()));
    }

    public Setup setup() { return Setup.of(scenario, variant, clock).withTick(tickCycles); }

    public void write(Path file) throws IOException {
        Properties p = new Properties();
        p.setProperty("format", FORMAT);
        p.setProperty("scenario", scenario.cliName());
        p.setProperty("variant", variant.cliName());
        p.setProperty("clock", clock.cliName());
        p.setProperty("tick-cycles", Long.toString(tickCycles));
        p.setProperty("step", Long.toString(position));
        p.setProperty("breakpoints.instructions", join(breakInstructions));
        p.setProperty("breakpoints.lines", join(breakLines));
        p.setProperty("writer-updates", writerUpdates.entrySet().stream()
                .map(e -> e.getKey() + "x" + e.getValue()).collect(Collectors.joining(",")));
        // written beside the target and moved over it: a crash mid-write never leaves a torn demo file
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                p.store(w, "vDSO Explorer demo: open it in the app to get the same state");
            }
            try {
                Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static String join(SortedSet<Integer> s) { return s.stream().map(String::valueOf).collect(Collectors.joining(",")); }

    /** Reads a demo file; throws IllegalArgumentException naming the file and the bad entry. */
    public static DemoState read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        if (!FORMAT.equals(p.getProperty("format"))) throw bad(file, "format", p.getProperty("format"));
        Scenario s = Scenario.byName(value(p, file, "scenario")).orElseThrow(() -> bad(file, "scenario", p.getProperty("scenario")));
        Variant v = Variant.byName(value(p, file, "variant")).orElseThrow(() -> bad(file, "variant", p.getProperty("variant")));
        Clock c = Clock.byName(value(p, file, "clock")).orElseThrow(() -> bad(file, "clock", p.getProperty("clock")));
        try {
            long tick = Long.parseLong(value(p, file, "tick-cycles"));
            long step = Long.parseLong(value(p, file, "step"));
            if (tick < 0 || step < 0) throw bad(file, "step", "negative");
            SortedMap<Long, Integer> updates = new TreeMap<>();
            for (String e : list(p.getProperty("writer-updates", ""))) {
                String[] kv = e.split("x");
                updates.put(Long.parseLong(kv[0]), Integer.parseInt(kv[1]));
            }
            DemoState d = new DemoState(s, v, c, tick, step, ints(p.getProperty("breakpoints.instructions", "")),
                    ints(p.getProperty("breakpoints.lines", "")), updates);
            String why = d.setup().problem();
            if (why != null) throw new IllegalArgumentException(file + ": " + why);
            return d;
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException(file + ": bad number: " + e.getMessage());
        }
    }

    private static String value(Properties p, Path file, String key) {
        String v = p.getProperty(key);
        if (v == null) throw new IllegalArgumentException(file + ": missing '" + key + "'");
        return v.trim();
    }

    private static IllegalArgumentException bad(Path file, String key, String v) {
        return new IllegalArgumentException(file + ": bad " + key + " '" + v + "'");
    }

    private static List<String> list(String s) {
        return Arrays.stream(s.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
    }

    private static SortedSet<Integer> ints(String s) {
        return list(s).stream().map(Integer::parseInt).collect(Collectors.toCollection(TreeSet::new));
    }

    /** Rebuilds this state in {@code session}: new machine, placements replayed, stepped to {@link #position()}. */
    public void applyTo(Session session) {
        session.load(setup());
        session.breakInstructions().addAll(breakInstructions);
        session.breakLines().addAll(breakLines);
        long end = Math.max(position, writerUpdates.isEmpty() ? 0 : writerUpdates.lastKey());
        for (long p = 0; p <= end; p++) {
            Integer n = writerUpdates.get(p);
            if (n != null) for (int i = 0; i < n; i++) session.injectQuiet();
            if (p < end) session.stepQuiet();
        }
        session.seek(position);
    }

    /** For tests and messages. */
    @Override public String toString() {
        return scenario.cliName() + "/" + variant.cliName() + "/" + clock.cliName() + " step " + position
                + " updates " + writerUpdates + " breakpoints " + breakInstructions + " lines " + breakLines;
    }

    static Map<Long, Integer> shift(Map<Long, Integer> m, long by) {
        Map<Long, Integer> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k + by, v));
        return out;
    }
}

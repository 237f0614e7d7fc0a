package org.vdsoexplorer.session;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.vdsoexplorer.sim.Listings;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.SetupText;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.TimingTable;
import org.vdsoexplorer.util.AtomicFiles;
import org.vdsoexplorer.util.BadInputException;
import org.vdsoexplorer.util.Known;
import org.vdsoexplorer.util.Range;

/**
 * A demo to share: the setup (scenario, variant, clock, compiler, timing model and core, the writer's tick, written
 * and read by {@link SetupText}, the one text form of a setup), the step reached, breakpoints and the
 * writer updates the user placed (reader step to count). Stored as a small {@code key=value} file (the
 * properties syntax, one entry per line); opening it rebuilds the same model state by replaying the
 * placements (the model is deterministic, see {@link DemoReplay}). No JavaFX.
 *
 * <p>Reading validates ranges, not just syntax: steps, counts, ticks and breakpoints must lie within what
 * the model can reach ({@link #STEPS}, {@link #COUNT}, {@link SetupText#tickRange}, the listing's size); every
 * refusal is a {@link BadInputException} naming the file, the line and the allowed range in words.
 */
public record DemoState(Setup setup, long position, SortedSet<Integer> breakInstructions, SortedSet<Integer> breakLines,
                        SortedMap<Long, Integer> writerUpdates) {

    public static final String FORMAT = "vdso-explorer-demo 1";
    /** Demo files are a few lines; anything larger is not one. */
    public static final int MAX_BYTES = 1 << 20;
    /** Reader steps a demo may stand at or place updates before: what a replay reaches in a few minutes. */
    public static final Range STEPS = new Range(0, 1_000_000_000L, "reader steps");
    /** Updates placed before one reader step (the K key pressed that often). */
    public static final Range COUNT = new Range(1, 100, "updates");
    /** Placements in all. */
    public static final int MAX_PLACEMENTS = 10_000;
    /** The setup's keys ({@link SetupText#KEYS}) between the format and the step; compiler, timing and core may be absent (older files). */
    private static final List<String> KEYS = java.util.stream.Stream.of(List.of("format"), SetupText.KEYS,
            List.of("step", "breakpoints.instructions", "breakpoints.lines", "writer-updates")).flatMap(List::stream).toList();
    /** What a file that leaves a setup key out gets (the files of before compiler and timing were saved: gcc 12, additive). */
    private static final Setup BASE = Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC);

    /** The state of {@code s} now. */
    public static DemoState of(Session s) {
        return new DemoState(s.setup(), s.position(), new TreeSet<>(s.breakInstructions()), new TreeSet<>(s.breakLines()),
                new TreeMap<>(s.writerUpdates()));
    }

    public Scenario scenario() { return setup.scenario(); }

    public Variant variant() { return setup.variant(); }

    public Clock clock() { return setup.clock(); }

    public long tickCycles() { return setup.tickCycles(); }

    /** Reader steps a replay of this demo executes. */
    public long replaySteps() { return position; }

    /** The file's text. */
    public String text() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("format", FORMAT);
        p.putAll(SetupText.fields(setup));
        p.put("step", Long.toString(position));
        p.put("breakpoints.instructions", join(breakInstructions));
        p.put("breakpoints.lines", join(breakLines));
        p.put("writer-updates", writerUpdates.entrySet().stream()
                .map(e -> e.getKey() + "x" + e.getValue()).collect(Collectors.joining(",")));
        StringBuilder sb = new StringBuilder("# vDSO Explorer demo: open it in the app to get the same state\n");
        p.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        return sb.toString();
    }

    /** Writes the demo atomically (temp file, fsync, rename): a crash mid-write never leaves a torn file. */
    public void write(Path file) throws IOException { AtomicFiles.write(file, text().getBytes(StandardCharsets.UTF_8)); }

    private static String join(SortedSet<Integer> s) { return s.stream().map(String::valueOf).collect(Collectors.joining(",")); }

    // ---- reading ------------------------------------------------------------------------------

    /** Reads and validates a demo file; throws {@link BadInputException} naming the file, line and reason. */
    public static DemoState read(Path file) throws IOException {
        String name = file.toString();
        byte[] bytes = AtomicFiles.input(file, MAX_BYTES, "a demo file");
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new BadInputException(name, 1, "not UTF-8 text: not a demo file");
        }
        return parse(name, text);
    }

    /** One {@code key=value} entry and its line. */
    private record Value(String text, int line) {}

    private static final Pattern UPDATE = Pattern.compile("(\\d{1,19})x(\\d{1,19})");
    private static final Pattern INT = Pattern.compile("\\d{1,19}");

    /** Parses and validates demo text from {@code file} (the name used in messages). */
    public static DemoState parse(String file, String text) {
        Map<String, Value> p = entries(file, text);
        Value format = p.get("format");
        if (format == null || !FORMAT.equals(format.text())) {
            throw new BadInputException(file, format == null ? 1 : format.line(), "not a demo file: the first entry must be 'format="
                    + FORMAT + "'" + (format == null ? "" : ", found '" + Known.shown(format.text()) + "'"));
        }
        Map<String, SetupText.Field> fields = new LinkedHashMap<>();
        for (String k : SetupText.KEYS) {
            Value e = p.get(k);
            if (e != null) fields.put(k, new SetupText.Field(e.text(), e.line()));
        }
        Setup setup = SetupText.parse(file, fields, BASE, TimingTable.defaults());
        for (String k : List.of(SetupText.SCENARIO, SetupText.VARIANT, SetupText.CLOCK, SetupText.TICK)) need(p, file, k);
        String why = setup.problem();
        if (why != null) throw new BadInputException(file, p.get("variant").line(), why);
        long step = number(p, file, "step", STEPS);

        Variant v = setup.variant();
        Listing listing = Listings.of(v, setup.compiler());
        int maxLine = listing.instructions().stream().mapToInt(i -> i.source().line()).max().orElse(1);
        SortedSet<Integer> bi = ints(p, file, "breakpoints.instructions",
                new Range(0, listing.instructions().size() - 1, "(instruction indices of the " + v.cliName() + " listing"
                        + (setup.compiler() == org.vdsoexplorer.sim.Compiler.GCC_12 ? "" : " by " + setup.compiler().cliName()) + ")"));
        SortedSet<Integer> bl = ints(p, file, "breakpoints.lines", new Range(1, maxLine, "(C lines of the model)"));

        SortedMap<Long, Integer> updates = new TreeMap<>();
        Value u = p.get("writer-updates");
        if (u != null) {
            List<String> items = items(u.text());
            if (items.size() > MAX_PLACEMENTS) {
                throw new BadInputException(file, u.line(), "'writer-updates' lists " + items.size()
                        + " placements, at most " + Range.fmt(MAX_PLACEMENTS) + " are allowed");
            }
            for (String item : items) {
                Matcher m = UPDATE.matcher(item);
                if (!m.matches()) {
                    throw new BadInputException(file, u.line(), "'writer-updates': '" + Known.shown(item)
                            + "' must be STEPxCOUNT (e.g. 120x1: one update before reader step 120)");
                }
                long at = checked(file, u.line(), "writer-updates", "step of '" + item + "'", m.group(1), STEPS);
                long n = checked(file, u.line(), "writer-updates", "count of '" + item + "'", m.group(2), COUNT);
                if (updates.put(at, (int) n) != null) {
                    throw new BadInputException(file, u.line(), "'writer-updates': step " + at + " is listed twice");
                }
            }
        }
        return new DemoState(setup, step, bi, bl, updates);
    }

    /** The entries of a {@code key=value} text with their lines; unknown keys, repeats and escapes refused. */
    private static Map<String, Value> entries(String file, String text) {
        Map<String, Value> out = new LinkedHashMap<>();
        String[] lines = text.split("\r?\n|\r", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i].strip();
            int line = i + 1;
            if (l.isEmpty() || l.startsWith("#") || l.startsWith("!")) continue;
            if (l.indexOf('\\') >= 0) {
                throw new BadInputException(file, line, "a backslash: escapes and continued lines are not part of a demo file");
            }
            int eq = firstSeparator(l);
            if (eq < 0) throw new BadInputException(file, line, "expected key=value, found '" + Known.shown(l) + "'");
            String key = l.substring(0, eq).strip(), value = l.substring(eq + 1).strip();
            if (!KEYS.contains(key)) throw new BadInputException(file, line, Known.unknown("key", key, KEYS));
            Value first = out.putIfAbsent(key, new Value(value, line));
            if (first != null) {
                throw new BadInputException(file, line, "'" + key + "' is given twice (first on line " + first.line() + ")");
            }
        }
        if (out.isEmpty()) throw new BadInputException(file, 1, "empty: not a demo file");
        return out;
    }

    private static int firstSeparator(String l) {
        int eq = l.indexOf('='), colon = l.indexOf(':');
        return eq < 0 ? colon : colon < 0 ? eq : Math.min(eq, colon);
    }

    private static Value need(Map<String, Value> p, String file, String key) {
        Value v = p.get(key);
        if (v == null) throw new BadInputException(file, 1, "missing '" + key + "'");
        return v;
    }

    private static long number(Map<String, Value> p, String file, String key, Range range) {
        Value v = need(p, file, key);
        return checked(file, v.line(), key, null, v.text(), range);
    }

    /** A whole number within {@code range}; {@code what} names it within the entry. */
    private static long checked(String file, int line, String key, String what, String s, Range range) {
        String name = "'" + key + "'" + (what == null ? "" : " " + what);
        if (!INT.matcher(s).matches()) {
            throw new BadInputException(file, line, name + " is '" + Known.shown(s) + "', must be a whole number " + range.words());
        }
        java.math.BigInteger v = new java.math.BigInteger(s);
        if (v.compareTo(java.math.BigInteger.valueOf((long) range.min())) < 0
                || v.compareTo(java.math.BigInteger.valueOf((long) range.max())) > 0) {
            throw new BadInputException(file, line, name + " is " + String.format(java.util.Locale.ROOT, "%,d", v)
                    + ", must be " + range.words());
        }
        return v.longValueExact();
    }

    private static SortedSet<Integer> ints(Map<String, Value> p, String file, String key, Range range) {
        SortedSet<Integer> out = new TreeSet<>();
        Value v = p.get(key);
        if (v == null) return out;
        List<String> items = items(v.text());
        if (items.size() > range.max() - range.min() + 1) {
            throw new BadInputException(file, v.line(), "'" + key + "' lists " + items.size() + " entries, more than there are");
        }
        for (String item : items) out.add((int) checked(file, v.line(), key, "entry", item, range));
        return out;
    }

    private static List<String> items(String s) {
        return java.util.Arrays.stream(s.split(",", -1)).map(String::strip).filter(x -> !x.isEmpty()).toList();
    }


    /**
     * Rebuilds this state in {@code session} on the calling thread (see {@link DemoReplay} for the
     * cancellable replay with progress the app uses).
     */
    public void applyTo(Session session) {
        session.adopt(DemoReplay.replay(this, (done, total) -> { }, () -> false));
    }

    /** For tests and messages. */
    @Override public String toString() {
        return SetupText.describe(setup) + " step " + position
                + " updates " + writerUpdates + " breakpoints " + breakInstructions + " lines " + breakLines;
    }

    static Map<Long, Integer> shift(Map<Long, Integer> m, long by) {
        Map<Long, Integer> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k + by, v));
        return out;
    }
}

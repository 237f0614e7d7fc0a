package org.vdsoexplorer.sim;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Kernel;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.Core;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;
import org.vdsoexplorer.util.BadInputException;
import org.vdsoexplorer.util.Known;
import org.vdsoexplorer.util.Range;

/**
 * The one text form of a {@link Setup}: its keys ({@link #KEYS}), the one parser ({@link #parse}) and the one
 * serialiser ({@link #fields}). Demo files ({@code key=value}), lesson setup blocks and seeds.yaml ({@code key: value}),
 * the command line ({@code --key value}) and the GIF export all read a setup through it, so a name is refused the same
 * way everywhere ({@link Known#unknown}) and what one writes the others read back.
 *
 * <ul>
 * <li>{@code scenario}, {@code variant}, {@code clock}, {@code compiler}: by their command-line names;</li>
 * <li>{@code timing}: {@code additive} or {@code pipeline} (also {@code pipeline:CORE}); {@code core}: the pipeline
 * table's core (zen2, zen3, ...; alone it means the pipeline on that core). {@code timing: pipeline} without a core
 * keeps the base's core if it already ran the pipeline, else takes the table's default (first) core;</li>
 * <li>{@code tick-cycles}: the writer's tick period in cycles, 0 (no ticks) or within {@link #tickRange}.</li>
 * </ul>
 * A key not written keeps the base setup's value (a lesson step inherits the step before, a demo file the defaults).
 * Whether the combination can run ({@link Setup#problem()}) is the caller's check: a report filter need not be one.
 */
public final class SetupText {
    public static final String SCENARIO = "scenario", VARIANT = "variant", CLOCK = "clock", COMPILER = "compiler",
            TIMING = "timing", CORE = "core", TICK = "tick-cycles";
    /** Every key, in the order the serialiser writes them. */
    public static final List<String> KEYS = List.of(SCENARIO, VARIANT, CLOCK, COMPILER, TIMING, CORE, TICK);
    /** The tick a setup may be given, from 10 kHz to 10 Hz of simulated time (Linux's HZ is 100 to 1000). */
    static final double FASTEST_TICK_HZ = 10_000, SLOWEST_TICK_HZ = 10;

    private static final Pattern WHOLE = Pattern.compile("\\d{1,19}");

    private SetupText() {}

    /** One written value and its line in the input (1 where the input has no lines, as on the command line). */
    public record Field(String value, int line) {}

    /** Where the parser reports a problem: the line and the message (without file or line). */
    @FunctionalInterface
    public interface Problems {
        void at(int line, String message);
    }

    /**
     * {@code base} with the values of {@code fields} (keys of {@link #KEYS}; others are the caller's and ignored),
     * core names resolved in {@code table}; null if a value was refused (each one reported to {@code problems}).
     */
    public static Setup parse(Map<String, Field> fields, Setup base, TimingTable table, Problems problems) {
        boolean[] bad = {false};
        Problems p = (line, m) -> {
            bad[0] = true;
            problems.at(line, m);
        };
        Setup s = base;
        Scenario sc = named(fields.get(SCENARIO), SCENARIO, Scenario::byName, Scenario.all(), Scenario::cliName, p);
        if (sc != null) s = s.with(sc);
        Variant v = named(fields.get(VARIANT), VARIANT, Variant::byName, List.of(Variant.values()), Variant::cliName, p);
        if (v != null) s = s.with(v);
        Clock c = named(fields.get(CLOCK), CLOCK, name -> Arrays.stream(Clock.values()).filter(k -> k.cliName().equals(name))
                .findFirst(), List.of(Clock.values()), Clock::cliName, p);
        if (c != null) s = s.with(c);
        Compiler co = named(fields.get(COMPILER), COMPILER, Compiler::byName, List.of(Compiler.values()), Compiler::cliName, p);
        if (co != null) s = s.with(co);
        TimingModel t = timing(fields.get(TIMING), fields.get(CORE), base.timing(), table, p);
        if (t != null) s = s.with(t);
        Field tick = fields.get(TICK);
        if (tick != null) {
            long cycles = tick(tick, base, p);
            if (cycles >= 0) s = s.withTick(cycles);
        }
        return bad[0] ? null : s;
    }

    /** {@link #parse} of a file's fields: the first refusal is a {@link BadInputException} naming {@code file} and its line. */
    public static Setup parse(String file, Map<String, Field> fields, Setup base, TimingTable table) {
        return parse(fields, base, table, (line, m) -> { throw new BadInputException(file, line, m); });
    }

    /** The serialiser: every key of {@link #KEYS} with {@code s}'s value ({@code core} only for the pipeline), in order. */
    public static Map<String, String> fields(Setup s) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put(SCENARIO, s.scenario().cliName());
        out.put(VARIANT, s.variant().cliName());
        out.put(CLOCK, s.clock().cliName());
        out.put(COMPILER, s.compiler().cliName());
        out.put(TIMING, s.timing().isPipeline() ? "pipeline" : "additive");
        if (s.timing().isPipeline()) out.put(CORE, s.timing().core().id());
        out.put(TICK, Long.toString(s.tickCycles()));
        return out;
    }

    /** The ticks {@code base}'s clock rate allows besides 0: 10 kHz to 10 Hz, never shorter than one writer update. */
    public static Range tickRange(Setup base) {
        long fastest = Math.max(Setup.tickCycles(base.ghz(), FASTEST_TICK_HZ), writerUpdateCycles(base));
        return new Range(fastest, Math.max(fastest, Setup.tickCycles(base.ghz(), SLOWEST_TICK_HZ)), "cycles");
    }

    private static long writerUpdateCycles(Setup base) { return Kernel.WRITER_STEPS * base.costs().writerStepMilli() / 1000; }

    private static <T> T named(Field f, String what, Function<String, Optional<T>> byName, List<T> all,
                               Function<T, String> name, Problems p) {
        if (f == null) return null;
        Optional<T> v = byName.apply(f.value().strip());
        if (v.isEmpty()) p.at(f.line(), Known.unknown(what, f.value(), all.stream().map(name).toList()));
        return v.orElse(null);
    }

    /** The timing model {@code timing} and {@code core} name (either may be absent); null if neither is written or one is refused. */
    private static TimingModel timing(Field timing, Field core, TimingModel base, TimingTable table, Problems p) {
        Core named = null;
        if (core != null) {
            named = table.core(core.value().strip()).orElse(null);
            if (named == null) {
                p.at(core.line(), Known.unknown(CORE, core.value(), TimingModel.coreIds(table)));
                return null;
            }
        }
        if (timing == null) return named == null ? null : TimingModel.pipeline(named);
        String spec = timing.value().strip();
        if (spec.equals("pipeline")) {
            if (named != null) return TimingModel.pipeline(named);
            return base.isPipeline() && table.core(base.core().id()).isPresent() ? base : TimingModel.pipeline(table.defaultCore());
        }
        TimingModel t;
        try {
            t = TimingModel.parse(spec, table);
        } catch (IllegalArgumentException e) {
            p.at(timing.line(), e.getMessage());
            return null;
        }
        if (named != null && !t.isPipeline()) {
            p.at(core.line(), "core '" + named.id() + "' is a core of the pipeline model, but timing is 'additive'");
            return null;
        }
        if (named != null && !named.id().equals(t.core().id())) {
            p.at(core.line(), "core '" + named.id() + "' and timing '" + spec + "' name different cores");
            return null;
        }
        return t;
    }

    /** The tick in cycles; -1 if refused. */
    private static long tick(Field f, Setup base, Problems p) {
        Range ticks = tickRange(base);
        String s = f.value().strip();
        String allowed = "0 (no ticks) or " + ticks.words() + " (a 10 kHz to 10 Hz tick; a writer update takes "
                + Range.fmt(writerUpdateCycles(base)) + " cycles)";
        if (!WHOLE.matcher(s).matches()) {
            p.at(f.line(), "'" + TICK + "' is '" + Known.shown(s) + "', must be a whole number: " + allowed);
            return -1;
        }
        BigInteger v = new BigInteger(s);
        if (v.signum() != 0 && (v.compareTo(BigInteger.valueOf((long) ticks.min())) < 0
                || v.compareTo(BigInteger.valueOf((long) ticks.max())) > 0)) {
            p.at(f.line(), "'" + TICK + "' is " + String.format(java.util.Locale.ROOT, "%,d", v) + ", must be " + allowed);
            return -1;
        }
        return v.longValueExact();
    }

    /** The setup's names, "scenario / variant / clock", with the compiler and timing model when they are not the defaults. */
    public static String describe(Setup s) {
        List<String> parts = new ArrayList<>(List.of(s.scenario().cliName(), s.variant().cliName(), s.clock().cliName()));
        if (s.compiler() != Compiler.GCC_12) parts.add(s.compiler().cliName());
        if (s.timing().isPipeline()) parts.add(s.timing().shortLabel());
        return String.join(" / ", parts);
    }

    /** The names that tell {@code a} from {@code b}, e.g. "timens-inline" or "host / unlikely" (a comparison's labels). */
    public static String difference(Setup a, Setup b) {
        List<String> parts = new ArrayList<>();
        if (a.scenario() != b.scenario()) parts.add(a.scenario().cliName());
        if (a.variant() != b.variant()) parts.add(a.variant().cliName());
        if (a.clock() != b.clock()) parts.add(a.clock().cliName());
        if (a.compiler() != b.compiler()) parts.add(a.compiler().cliName());
        if (!a.timing().equals(b.timing())) parts.add(a.timing().shortLabel());
        return String.join(" / ", parts);
    }
}

package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.Core;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;
import org.vdsoexplorer.util.BadInputException;

/** The one text form of a setup: what the serialiser writes the parser reads back; every refusal in one form, at its line. */
class SetupTextTest {
    private static final TimingTable TABLE = TimingTable.defaults();
    private static final Setup BASE = Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC);

    /** The serialiser's fields as parser input, each on its own line. */
    private static Map<String, SetupText.Field> written(Setup s) {
        Map<String, SetupText.Field> out = new LinkedHashMap<>();
        int line = 1;
        for (var e : SetupText.fields(s).entrySet()) out.put(e.getKey(), new SetupText.Field(e.getValue(), line++));
        return out;
    }

    private static Map<String, SetupText.Field> one(String key, String value) { return Map.of(key, new SetupText.Field(value, 7)); }

    /** The problems parsing {@code fields} over {@link #BASE} reports, as "line: message". */
    private static List<String> problems(Map<String, SetupText.Field> fields) {
        List<String> out = new ArrayList<>();
        assertNull(SetupText.parse(fields, BASE, TABLE, (line, m) -> out.add(line + ": " + m)));
        return out;
    }

    @Test
    void everyCombinationOfCompilerTimingAndCoreRoundTrips() {
        List<TimingModel> timings = new ArrayList<>(List.of(TimingModel.ADDITIVE));
        for (Core c : TABLE.cores()) timings.add(TimingModel.pipeline(c));
        int n = 0;
        for (Compiler c : Compiler.values()) {
            for (TimingModel t : timings) {
                Setup s = Setup.of(Scenario.TIMENS, Variant.TIMENS_NOINLINE, Clock.BOOTTIME).with(c).with(t).withTick(0);
                assertEquals(s, SetupText.parse("f", written(s), BASE, TABLE), s.toString());
                n++;
            }
        }
        assertEquals(Compiler.values().length * (1 + TABLE.cores().size()), n);
    }

    @Test
    void keysNotWrittenKeepTheBase() {
        Setup base = BASE.with(Compiler.CLANG_16).with(TimingModel.pipeline(TABLE.cores().getLast()));
        Setup s = SetupText.parse("f", one("variant", "before"), base, TABLE);
        assertEquals(base.with(Variant.BEFORE), s);
        // timing: pipeline keeps a pipeline base's core; a core alone means the pipeline on it
        assertEquals(base.timing(), SetupText.parse("f", one("timing", "pipeline"), base, TABLE).timing());
        assertEquals(TimingModel.pipeline(TABLE.defaultCore()), SetupText.parse("f", one("timing", "pipeline"), BASE, TABLE).timing());
        Core other = TABLE.cores().get(1);
        assertEquals(TimingModel.pipeline(other), SetupText.parse("f", one("core", other.id()), BASE, TABLE).timing());
        assertEquals(TimingModel.pipeline(other), SetupText.parse("f", one("timing", "pipeline:" + other.id()), BASE, TABLE).timing());
    }

    /** The Hyper-V regression's scenario was renamed to say that only v5.13-rc1 shipped it; files with the old name open. */
    @Test
    void theFormerNameOfTheHyperVRegressionScenarioStillOpens() {
        assertEquals("hyperv-5.13-rc1", Scenario.HYPERV_5_13.cliName());
        assertEquals(Scenario.HYPERV_5_13, SetupText.parse("f", one("scenario", "hyperv-5.13"), BASE, TABLE).scenario());
        assertEquals(Scenario.HYPERV_5_13, SetupText.parse("f", one("scenario", "hyperv-5.13-rc1"), BASE, TABLE).scenario());
        assertEquals("hyperv-5.13-rc1", SetupText.fields(BASE.with(Scenario.HYPERV_5_13)).get("scenario"), "written with the new name");
    }

    @Test
    void unknownNamesAreRefusedInOneFormAtTheirLine() {
        String cores = String.join(", ", TABLE.cores().stream().map(Core::id).toList());
        assertEquals(List.of("7: unknown scenario 'mars' (known: " + Scenario.names() + ")"), problems(one("scenario", "mars")));
        assertEquals(List.of("7: unknown variant 'fast' (known: " + Variant.names() + ")"), problems(one("variant", "fast")));
        assertEquals(List.of("7: unknown compiler 'icc' (known: " + Compiler.names() + ")"), problems(one("compiler", "icc")));
        assertEquals(List.of("7: unknown core 'm1' (known: " + cores + ")"), problems(one("core", "m1")));
        assertEquals(List.of("7: unknown core 'm1' (known: " + cores + ")"), problems(one("timing", "pipeline:m1")));
        String timing = problems(one("timing", "fast")).getFirst();
        assertTrue(timing.startsWith("7: unknown timing 'fast' (known: additive, pipeline, pipeline:" + TABLE.defaultCore().id()), timing);
        // a clock by its command-line name only, as lessons always required
        assertTrue(problems(one("clock", "MONOTONIC")).getFirst().startsWith("7: unknown clock 'MONOTONIC' (known: realtime, monotonic"));
        // every problem of a block is reported, each at its own line
        Map<String, SetupText.Field> two = new LinkedHashMap<>();
        two.put("scenario", new SetupText.Field("mars", 3));
        two.put("clock", new SetupText.Field("sundial", 5));
        List<String> p = problems(two);
        assertEquals(2, p.size(), p.toString());
        assertTrue(p.get(0).startsWith("3: unknown scenario 'mars'") && p.get(1).startsWith("5: unknown clock 'sundial'"), p.toString());
    }

    @Test
    void contradictionsAndBadTicksAreRefused() {
        Map<String, SetupText.Field> f = new LinkedHashMap<>();
        f.put("timing", new SetupText.Field("additive", 2));
        f.put("core", new SetupText.Field(TABLE.defaultCore().id(), 3));
        assertTrue(problems(f).getFirst().startsWith("3: core '" + TABLE.defaultCore().id() + "' is a core of the pipeline model"), problems(f).toString());
        var range = SetupText.tickRange(BASE);
        assertTrue(problems(one("tick-cycles", "-1")).getFirst().startsWith("7: 'tick-cycles' is '-1', must be a whole number"));
        assertTrue(problems(one("tick-cycles", "1")).getFirst().startsWith("7: 'tick-cycles' is 1, must be 0 (no ticks) or " + range.words()));
        assertEquals(0, SetupText.parse("f", one("tick-cycles", "0"), BASE, TABLE).tickCycles());
        long slowest = (long) range.max();
        assertEquals(slowest, SetupText.parse("f", one("tick-cycles", Long.toString(slowest)), BASE, TABLE).tickCycles());
        BadInputException e = assertThrows(BadInputException.class, () -> SetupText.parse("d.demo", one("tick-cycles", "99999999999999999999"), BASE, TABLE));
        assertTrue(e.getMessage().startsWith("d.demo:7: 'tick-cycles' is"), e.getMessage());
    }

    @Test
    void labelsNameWhatDiffers() {
        Setup a = Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.MONOTONIC);
        assertEquals("host / unlikely / monotonic", SetupText.describe(a));
        assertEquals("host / unlikely / monotonic / clang-16 / " + TimingModel.pipeline(TABLE.defaultCore()).shortLabel(),
                SetupText.describe(a.with(Compiler.CLANG_16).with(TimingModel.pipeline(TABLE.defaultCore()))));
        assertEquals("unlikely", SetupText.difference(a, a.with(Variant.BEFORE)));
        assertEquals("clang-16", SetupText.difference(a.with(Compiler.CLANG_16), a));
        assertEquals("", SetupText.difference(a, a));
    }
}

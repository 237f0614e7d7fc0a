package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.Core;
import org.vdsoexplorer.sim.timing.TimingModel;
import org.vdsoexplorer.sim.timing.TimingTable;

/**
 * Issue 23 item 3: a demo saved with every compiler and every timing model (additive, the pipeline on the table's
 * default core and on a core that is not the default) reopens identical: the same setup, position, registers,
 * cycles and model digest. Before the setup had one serialiser, the file dropped compiler and timing, so a
 * clang or pipeline demo reopened as gcc-12 / additive and landed in another state.
 */
class DemoRoundTripTest {

    /** Additive, the pipeline on the default core, and on the last core of the table (not the default). */
    static List<TimingModel> timings() {
        TimingTable t = TimingTable.defaults();
        List<Core> cores = t.cores();
        Core other = cores.getLast();
        assertNotEquals(t.defaultCore().id(), other.id(), "the table has a non-default core");
        return List.of(TimingModel.ADDITIVE, TimingModel.pipeline(t.defaultCore()), TimingModel.pipeline(other));
    }

    static Stream<Arguments> combinations() {
        List<Arguments> out = new ArrayList<>();
        for (Compiler c : Compiler.values()) for (TimingModel t : timings()) out.add(Arguments.of(c, t));
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("combinations")
    void aSavedDemoReopensIdentical(Compiler compiler, TimingModel timing, @TempDir Path dir) throws Exception {
        Setup setup = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC).with(compiler).with(timing);
        Session s = new Session(setup);
        s.runCall();
        for (int i = 0; i < 9; i++) s.step();
        s.injectWriterUpdate();
        s.runCall();
        for (int i = 0; i < 13; i++) s.step();
        s.toggleInstructionBreakpoint(3);
        s.placeWriterUpdate(s.position() + 5);

        Path file = dir.resolve("demo.vdso-demo");
        DemoState.of(s).write(file);
        Session t = DemoReplay.replay(DemoState.read(file), (a, b) -> { }, () -> false);

        assertEquals(s.setup(), t.setup(), "the same setup");
        assertEquals(compiler, t.setup().compiler());
        assertEquals(timing, t.setup().timing());
        assertEquals(s.position(), t.position(), "the same position");
        assertArrayEquals(s.machine().cpu().cpu.r, t.machine().cpu().cpu.r, "the same registers");
        assertEquals(s.machine().cyclesMilli(), t.machine().cyclesMilli(), "the same cycles");
        assertEquals(s.machine().digest(), t.machine().digest(), "the same model state");
        assertEquals(s.writerUpdates(), t.writerUpdates());
        assertEquals(s.breakInstructions(), t.breakInstructions());
        assertEquals(2, t.writerUpdates().size(), "the injected and the placed update");
    }
}

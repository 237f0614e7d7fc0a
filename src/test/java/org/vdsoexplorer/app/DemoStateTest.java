package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.session.DemoState;
import org.vdsoexplorer.session.Session;

/** A saved demo reopens to the identical model state: same step, registers, retries, breakpoints. */
class DemoStateTest {

    @Test
    void saveAndOpenReproduceTheState(@TempDir Path dir) throws Exception {
        Session s = new Session(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(0));
        s.runCall();
        s.step();
        while (s.callLog().stream().noneMatch(e -> e instanceof Event.MemRead r && r.where() instanceof org.vdsoexplorer.sim.kernel.VvarLocation v && v.slot() == 3)) s.step();
        s.injectWriterUpdate();
        s.runCall();
        for (int i = 0; i < 17; i++) s.step();
        s.toggleInstructionBreakpoint(5);
        s.toggleLineBreakpoint(366);
        Path file = dir.resolve("demo.vdso-demo");
        DemoState.of(s).write(file);
        assertTrue(Files.readString(file).contains("scenario=timens"));

        Session t = new Session(Setup.of(Scenario.HOST, Variant.BEFORE, Clock.REALTIME));
        DemoState d = DemoState.read(file);
        d.applyTo(t);
        assertEquals(s.setup().scenario(), t.setup().scenario());
        assertEquals(s.setup().variant(), t.setup().variant());
        assertEquals(0, t.setup().tickCycles());
        assertEquals(s.position(), t.position());
        assertArrayEquals(s.machine().cpu().cpu.r, t.machine().cpu().cpu.r);
        assertEquals(s.machine().cyclesMilli(), t.machine().cyclesMilli());
        assertEquals(s.machine().retries(), t.machine().retries());
        assertTrue(t.machine().retries() > 0);
        assertEquals(s.writerUpdates(), t.writerUpdates());
        assertEquals(s.breakInstructions(), t.breakInstructions());
        assertEquals(s.breakLines(), t.breakLines());
        assertEquals(s.callLog().stream().map(Object::toString).toList(), t.callLog().stream().map(Object::toString).toList());
    }

    @Test
    void badFilesAreRefusedWithTheReason(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.vdso-demo");
        Files.writeString(f, "format=vdso-explorer-demo 1\nscenario=timens\nvariant=before\nclock=monotonic\n"
                + "tick-cycles=0\nstep=3\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DemoState.read(f));
        assertTrue(e.getMessage().contains("no time-namespace support"), e.getMessage());
        Files.writeString(f, "format=vdso-explorer-demo 1\nscenario=nowhere\n");
        e = assertThrows(IllegalArgumentException.class, () -> DemoState.read(f));
        assertTrue(e.getMessage().contains("scenario"), e.getMessage());
    }
}

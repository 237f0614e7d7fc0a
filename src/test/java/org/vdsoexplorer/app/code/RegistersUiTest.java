package org.vdsoexplorer.app.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.util.ArrayList;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.vdsoexplorer.app.HeadlessStage;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * The code view's registers and run: the register file before a call's first instruction shows the entry state, a
 * new machine flashes nothing, and at full speed the view holds still. The window runs on a manual clock: a run
 * advances by the frames the test plays (16 ms apart, as at 60 Hz), not by the time the machine takes.
 */
@ExtendWith(ApplicationExtension.class)
class RegistersUiTest {
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    private MainWindow w;
    private final org.vdsoexplorer.app.common.FrameClock.Manual clock = org.vdsoexplorer.app.common.FrameClock.manual();

    @Start
    void start(Stage stage) {
        w = HeadlessStage.show(stage, Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), clock);
    }

    /** {@code millis} of 60 Hz frames (the run's only clock). */
    private void play(long millis) { fxRun(() -> clock.frames((int) (millis / 16), 16)); }

    @Stop
    void stop() { w.dispose(); }

    private List<String> changed() {
        return fx(() -> {
            List<String> out = new ArrayList<>();
            for (Node n : w.code().lookupAll(".reg-value")) if (n.getPseudoClassStates().contains(CHANGED)) out.add(n.getId());
            return out;
        });
    }

    /** (The code view refreshes on every session notification: no explicit refresh here, so a stale comparison shows.) */
    private void assertEntryState(Clock clock) {
        Machine m = w.session().machine();
        assertFalse(m.inCall());
        assertEquals(Fmt.reg(clock.id), fx(() -> w.code().registerText(Registers.RDI)), "rdi = the clock id");
        assertEquals(Fmt.reg(Machine.TIMESPEC), fx(() -> w.code().registerText(Registers.RSI)), "rsi = the timespec");
        long rsp = m.cpu().cpu.r[Registers.RSP];
        assertEquals(Fmt.reg(rsp), fx(() -> w.code().registerText(Registers.RSP)));
        assertEquals(Machine.CALLER_RETURN, m.addressSpace().read(rsp, 8), "rsp at the return address");
        assertEquals(Fmt.reg(m.next().address()), fx(() -> w.code().registerText(Registers.COUNT)), "rip at the entry");
    }

    @Test
    void entryStateAtTheStartAndNothingChangedAfterResetOrSwitch() {
        assertEntryState(Clock.MONOTONIC);
        assertEquals(List.of(), changed(), "nothing has changed at the start");
        fxRun(() -> {
            for (int i = 0; i < 31; i++) w.session().step();
        });
        fxRun(() -> w.session().reset());
        assertEntryState(Clock.MONOTONIC);
        assertEquals(List.of(), changed(), "after a reset");
        fxRun(() -> {
            for (int i = 0; i < 30; i++) w.session().step();
            w.session().load(Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.REALTIME));
        });
        assertEntryState(Clock.REALTIME);
        assertEquals(List.of(), changed(), "after a scenario switch");
        fxRun(() -> w.session().step());
        assertTrue(changed().contains("reg-rip"), "a step changes rip: " + changed());
        // between calls: the next call's entry state, not the last call's leftovers
        fxRun(() -> w.session().runCall());
        assertEntryState(Clock.REALTIME);
    }

    private String title() { return fx(() -> ((javafx.scene.control.Label) w.code().lookup("#code-current")).getText()); }

    private int row() { return fx(() -> ((CodePane) w.code().lookup("#code-listing")).current()); }

    /**
     * At a speed a person can follow the code view follows the run; at full speed it holds still and says so;
     * pausing shows the instruction the run stopped at.
     */
    @Test
    void fullSpeedHoldsTheCodeStillAndPauseShowsWhereItStopped() {
        fxRun(() -> {
            w.setSpeed(0.2); // about 16 steps a second, the slider's default
            w.setRunning(true);
        });
        play(600);
        String before = title();
        long at = fx(() -> w.session().position());
        assertFalse(before.startsWith("running at full speed"), before);
        assertTrue(at > 0 && at < 20, "about 16 steps a second: " + at + " steps in 0.6 s");
        play(500);
        assertFalse(before.equals(title()), "the title follows the run: " + before);
        fxRun(() -> {
            w.setSpeed(1.0);
            w.setRunning(true);
        });
        play(600);
        assertTrue(title().startsWith("running at full speed"), title());
        int held = row();
        long steps = fx(() -> w.session().position());
        play(600);
        assertTrue(fx(() -> w.session().position()) > steps, "the model ran on");
        assertEquals(held, row(), "the listing's highlight held still");
        fxRun(() -> w.setRunning(false));
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        String stopped = fx(() -> w.session().machine().next().addressHex());
        assertTrue(title().contains(stopped), "after the pause the title names the next instruction " + stopped + ": " + title());
    }
}

package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.ArrayList;
import java.util.concurrent.TimeUnit;
import org.vdsoexplorer.session.Runner;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.app.seqlock.SeqlockView;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.SeqlockTrace;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.dispatch.Dispatch.Node;
import org.vdsoexplorer.sim.dispatch.Dispatch;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * The walkthrough on the headless platform: timens / timens-inline, stepped with the keyboard
 * and the buttons; every view is checked against the model state it projects. The window runs on a manual clock: a
 * run moves by the frames a test plays, and each frame's model slice is budgeted on the clock's work count.
 */
@ExtendWith(ApplicationExtension.class)
class WalkthroughUiTest {

    private MainWindow w;
    private final org.vdsoexplorer.app.common.FrameClock.Manual clock = org.vdsoexplorer.app.common.FrameClock.manual();

    @Start
    void start(Stage stage) {
        w = HeadlessStage.show(stage, Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC), clock);
        w.root().requestFocus();
    }

    @Stop
    void stop() {
        w.dispose();
    }

    private Machine m() { return w.session().machine(); }

    private String text(FxRobot robot, String id) { return robot.lookup(id).queryAs(Label.class).getText(); }

    /** Checks code view, pages view and counters against the machine. */
    private void assertViewsMatchModel(FxRobot robot) {
        Machine m = m();
        Instruction next = m.next();
        if (m.inCall()) assertEquals(m.cpu().current().index(), w.code().currentIndex(), "highlighted instruction");
        assertEquals(next.index(), w.code().currentIndex());
        assertEquals(next.source().line(), w.code().currentLine(), "highlighted C line");
        // what the panes draw: the highlighted listing row is that instruction, the source row that line, both in view
        var listing = w.code().listingPane();
        assertEquals(next, w.code().listingItem(listing.current()), "the listing pane highlights the next instruction");
        assertTrue(listing.current() >= listing.firstVisible() && listing.current() <= listing.lastVisible(),
                "the highlighted instruction is scrolled into view");
        assertTrue(listing.rows().get(listing.current()).text().contains(next.addressHex()), "its row shows its address");
        var source = w.code().sourcePane();
        assertEquals(next.source().line() - 1, source.current(), "the source pane highlights the C line");
        assertTrue(source.current() >= source.firstVisible() && source.current() <= source.lastVisible(),
                "the highlighted C line is scrolled into view");
        for (int r = 0; r < Registers.COUNT; r++) {
            assertEquals(Fmt.reg(m.cpu().cpu.r[r]), w.code().registerText(r), "register " + Registers.name64(r));
        }
        for (int i = 0; i < AddressSpace.SLOTS; i++) {
            var page = m.addressSpace().slot(i);
            assertEquals(page == null ? "unbacked" : page.kind().label(), w.pages().slotKindText(i), "slot " + i);
            if (page == null) continue;
            for (var f : w.pages().slotFieldValues(i).entrySet()) {
                String name = org.vdsoexplorer.sim.kernel.DataLayout.fieldName(page.kind(), f.getKey());
                if (name.endsWith(".clock_mode")) continue;
                int size = name.endsWith(".seq") || name.endsWith(".mult") || name.endsWith(".shift") ? 4 : 8;
                assertEquals(Long.toString(page.read(f.getKey(), size)), f.getValue(), "slot " + i + " " + name);
            }
        }
        assertEquals(Fmt.cycles(m.callCyclesMilli()), text(robot, "#counter-call-cycles"));
        assertEquals(Fmt.num(m.callInstructions()), text(robot, "#counter-call-insns"));
        assertEquals(Fmt.cycles(m.cyclesMilli()), text(robot, "#counter-total-cycles"));
        assertEquals(Fmt.num(w.session().position()), text(robot, "#counter-position"));
        int[] spills = w.session().spills();
        assertEquals("spills this call: " + spills[0] + " push, " + spills[1] + " pop", w.code().spillText());
    }

    @Test
    void keyboardStepsThroughTheTimensCall(FxRobot robot) {
        robot.type(KeyCode.RIGHT);
        assertEquals(1, w.session().position());
        assertTrue(m().inCall());
        assertViewsMatchModel(robot);
        assertEquals("TIMENS", w.pages().slotKindText(0), "namespace task: page 0 is the namespace page");
        assertEquals("VVAR", w.pages().slotKindText(3), "the real data page is in slot 3");
        assertEquals("unbacked", w.pages().slotKindText(1));

        // step with the keyboard until the namespace page's odd seq has been read
        int guard = 0;
        while (w.seqlock().marks().stream().noneMatch(k -> k instanceof SeqlockTrace.SeqLoad l && l.namespacePage())
                && guard++ < 200) {
            robot.type(KeyCode.SPACE);
        }
        SeqlockTrace.SeqLoad ns = (SeqlockTrace.SeqLoad) w.seqlock().marks().stream()
                .filter(k -> k instanceof SeqlockTrace.SeqLoad).findFirst().orElseThrow();
        assertTrue(ns.namespacePage());
        assertEquals(1, ns.value(), "the namespace page's seq is 1 (odd)");
        assertEquals(0, w.pages().litSlot(), "the seq read lights slot 0");
        assertTrue(w.pages().litField().endsWith(".seq"), w.pages().litField());
        assertViewsMatchModel(robot);
        // the prologue's callee-saved pushes are on the stack and counted
        assertTrue(w.session().spills()[0] >= 6, "pushes in the prologues: " + w.session().spills()[0]);

        // on, with PageDown, until the real data page (slot 3) is read
        guard = 0;
        while (w.pages().litSlot() != 3 && guard++ < 200) robot.type(KeyCode.PAGE_DOWN);
        assertEquals(3, w.pages().litSlot());
        assertTrue(w.dispatch().currentPath().containsAll(List.of(Node.TIMENS_PAGE, Node.DO_HRES_TIMENS)),
                w.dispatch().currentPath().toString());
        assertViewsMatchModel(robot);

        // step back with Left and PageUp: exact, and the views follow
        long p = w.session().position();
        robot.type(KeyCode.LEFT);
        robot.type(KeyCode.PAGE_UP);
        assertEquals(p - 2, w.session().position());
        assertViewsMatchModel(robot);

        // finish the call with Enter: the counters agree with the call's result
        robot.type(KeyCode.ENTER);
        assertFalse(m().inCall());
        assertEquals(Fmt.cycles(m().lastCall().costMilli()), text(robot, "#counter-call-cycles"));
        assertEquals(List.of(Node.CLOCK, Node.MASK_HRES, Node.DO_HRES, Node.TIMENS_PAGE, Node.DO_HRES_TIMENS,
                Node.HW_TSC, Node.RESULT), w.dispatch().currentPath());
        assertEquals(1L, w.dispatch().edgeCounts().get(new Dispatch.Edge(Node.DO_HRES_TIMENS, Node.HW_TSC)));
        // and the canvas shows one count per counted edge, with the model's figure
        java.util.Map<Dispatch.Edge, String> expected = new java.util.HashMap<>();
        w.session().paths().edgeCounts().forEach((e, n) -> expected.put(e, "\u00d7" + n));
        assertEquals(expected, w.dispatch().drawnCounts(), "count labels drawn on the dispatch graph");
        assertViewsMatchModel(robot);
    }

    @Test
    void buttonsStepAndTheWriterCausesARetry(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents(); // the first layout done before the robot aims at a button
        robot.clickOn("#run-call");
        assertEquals(1, m().calls());
        robot.clickOn("#step");
        // into the second call, up to the first seq load of the real data page
        int guard = 0;
        while (w.session().callLog().stream().noneMatch(e -> e instanceof Event.MemRead r && r.where() instanceof org.vdsoexplorer.sim.kernel.VvarLocation v && v.slot() == 3)
                && guard++ < 200) {
            robot.type(KeyCode.RIGHT);
        }
        robot.clickOn("#step-back");
        robot.clickOn("#step");
        assertViewsMatchModel(robot);
        robot.clickOn("#inject");
        robot.clickOn("#run-call");
        assertEquals(2, m().calls());
        assertTrue(m().lastCall().retries() > 0, "retries in call 2: " + m().lastCall());
        assertTrue(m().retries() > 0, "the read straddled the update");
        assertTrue(w.seqlock().marks().stream().anyMatch(k -> k instanceof SeqlockTrace.Retry));
        assertTrue(w.seqlock().marks().stream().anyMatch(k -> k instanceof SeqlockTrace.Writer));
        assertTrue(w.seqlock().whyText().startsWith("Retry"), w.seqlock().whyText());
        assertTrue(w.seqlock().seqText().startsWith("seq = " + m().kernel().seq()), w.seqlock().seqText());
        assertViewsMatchModel(robot);
    }

    @Test
    void resetStartsOverAndTheViewsFollowTheNewMachine(FxRobot robot) {
        robot.type(KeyCode.ENTER);
        robot.type(KeyCode.ENTER);
        Machine before = m();
        robot.type(KeyCode.HOME);
        assertTrue(before != m(), "a new machine");
        assertEquals(0, w.session().position());
        assertEquals(0, m().calls());
        robot.type(KeyCode.RIGHT);
        assertViewsMatchModel(robot);
        robot.type(KeyCode.ENTER);
        assertViewsMatchModel(robot);
    }

    @Test
    void compareTabStepsBothVariantsInLockstep(FxRobot robot) {
        robot.interact(() -> {
            w.showCompare(true);
            w.compare().setVariants(Variant.TIMENS_INLINE, Variant.TIMENS_NOINLINE);
        });
        assertTrue(w.comparing());
        var a = w.compare().sessionA();
        var b = w.compare().sessionB();
        assertEquals(Variant.TIMENS_INLINE, a.setup().variant());
        assertEquals(Variant.TIMENS_NOINLINE, b.setup().variant());
        robot.type(KeyCode.RIGHT);
        robot.type(KeyCode.SPACE);
        assertEquals(2, a.position());
        assertEquals(2, b.position());
        assertEquals(0, w.session().position(), "the keys drive the comparison, not the main session");
        robot.type(KeyCode.ENTER);
        assertEquals(1, a.machine().calls());
        assertEquals(1, b.machine().calls());
        long delta = b.machine().callCyclesMilli() - a.machine().callCyclesMilli();
        String expected = delta == 0 ? "0" : (delta > 0 ? "+" : "\u2212") + String.format(java.util.Locale.ROOT, "%,.2f",
                Math.abs(delta) / 1000.0);
        assertEquals(expected, w.compare().cycleDeltaText());
        int[] sa = a.spills(), sb = b.spills();
        assertTrue(sb[0] + sb[1] > sa[0] + sa[1], "noinline spills more: " + (sa[0] + sa[1]) + " vs " + (sb[0] + sb[1]));
        assertTrue(w.compare().diff().countOnlyA() > 0 && w.compare().diff().countOnlyB() > 0);
        // the bars are each setup's steady state (the report's row), measured in the background
        long perA = org.vdsoexplorer.report.Report.measure(a.setup()).callsIn3s();
        try {
            org.testfx.util.WaitForAsyncUtils.waitFor(60, java.util.concurrent.TimeUnit.SECONDS,
                    () -> org.vdsoexplorer.app.Fx.fx(() -> w.compare().barsText()).startsWith("A timens-inline: " + Fmt.big(perA)));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError(w.compare().barsText());
        }
        // an invalid pair is refused with the reason, without a crash
        robot.interact(() -> w.compare().setVariants(Variant.BEFORE, Variant.TIMENS_NOINLINE));
        Label problem = robot.lookup("#compare-problem").queryAs(Label.class);
        assertTrue(problem.isVisible());
        assertTrue(problem.getText().contains("no time-namespace support"), problem.getText());
        robot.type(KeyCode.RIGHT); // ignored
        robot.interact(() -> w.showCompare(false));
        robot.type(KeyCode.RIGHT);
        assertEquals(1, w.session().position());
    }

    @Test
    void demoFileReopensTheSameState(FxRobot robot, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        robot.type(KeyCode.ENTER);
        for (int i = 0; i < 9; i++) robot.type(KeyCode.RIGHT);
        robot.type(KeyCode.K);
        for (int i = 0; i < 5; i++) robot.type(KeyCode.RIGHT);
        long p = w.session().position();
        long[] regs = m().cpu().cpu.r.clone();
        java.nio.file.Path file = dir.resolve("x.vdso-demo");
        robot.interact(() -> w.saveDemo(file));
        robot.type(KeyCode.HOME);
        robot.interact(() -> w.variantPicker().setValue(Variant.TIMENS_NOINLINE));
        assertEquals(0, w.session().position());
        var opening = Fx.fx(() -> w.openDemo(file));
        assertTrue(waitDone(opening), "the demo opens (off the FX thread)");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Variant.TIMENS_INLINE, w.variantPicker().getValue());
        assertEquals(Variant.TIMENS_INLINE, w.session().setup().variant());
        assertEquals(p, w.session().position());
        org.junit.jupiter.api.Assertions.assertArrayEquals(regs, m().cpu().cpu.r);
        assertEquals(1, w.session().writerUpdates().size());
        assertViewsMatchModel(robot);
    }

    private static boolean waitDone(javafx.concurrent.Task<?> t) {
        try {
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> Fx.fx(() -> t.getState().ordinal()
                    >= javafx.concurrent.Worker.State.SUCCEEDED.ordinal()));
        } catch (java.util.concurrent.TimeoutException e) {
            return false;
        }
        return Fx.fx(t::getState) == javafx.concurrent.Worker.State.SUCCEEDED;
    }

    @Test
    void stepLineAndBackLine(FxRobot robot) {
        robot.type(KeyCode.RIGHT);
        robot.type(KeyCode.DOWN);
        int line = m().next().source().line();
        long p = w.session().position();
        robot.type(KeyCode.DOWN);
        assertTrue(m().next().source().line() != line || !m().inCall());
        robot.type(KeyCode.UP);
        assertEquals(p, w.session().position());
        assertViewsMatchModel(robot);
    }

    @Test
    void breakpointStopsTheRunAndRunToCursorReachesTheLine(FxRobot robot) throws Exception {
        // a breakpoint on the first instruction of timens_add_offset's *sec += offs->sec (Gleixner's design)
        int addLine = org.vdsoexplorer.sim.CSource.lineOf("Gleixner's design: an unconditional", "\t*sec += offs->sec;");
        Instruction target = m().listing().instructions().stream()
                .filter(i -> i.source().line() == addLine).findFirst().orElseThrow();
        robot.interact(() -> w.session().toggleInstructionBreakpoint(target.index()));
        robot.interact(() -> {
            w.setSpeed(1.0);
            w.setRunning(true);
        });
        int frames = Fx.fx(() -> {
            int n = 0;
            while (w.running() && n < 10_000) {
                clock.advanceMillis(16);
                n++;
            }
            return n;
        });
        assertFalse(w.running(), "the run stopped at the breakpoint (after " + frames + " frames)");
        assertEquals(target.index(), m().next().index());
        assertEquals(target.index(), w.code().currentIndex());
        assertViewsMatchModel(robot);
        // run to cursor: do_hres_timens's ts->tv_sec = sec + ...
        int storeLine = org.vdsoexplorer.sim.CSource.lineOf("TIMENS_INLINE int do_hres_timens(",
                "\tts->tv_sec = sec + __iter_div_u64_rem(ns, NSEC_PER_SEC, &ns);");
        robot.interact(() -> w.session().runToLine(storeLine, 10_000));
        assertEquals(storeLine, m().next().source().line());
        assertEquals(storeLine, w.code().currentLine());
        assertViewsMatchModel(robot);
    }

    @Test
    void invalidCombinationShowsTheReason(FxRobot robot) {
        robot.interact(() -> w.variantPicker().setValue(Variant.BEFORE));
        String why = Setup.of(Scenario.TIMENS, Variant.BEFORE, Clock.MONOTONIC).problem();
        assertNotNull(why);
        Label problem = robot.lookup("#problem").queryAs(Label.class);
        assertTrue(problem.isVisible());
        assertTrue(problem.getText().contains(why), problem.getText());
        assertTrue(robot.lookup("#step").queryAs(Button.class).isDisabled());
        robot.type(KeyCode.RIGHT); // ignored, no crash
        assertEquals(0, w.session().position());
        robot.interact(() -> w.variantPicker().setValue(Variant.TIMENS_NOINLINE));
        assertFalse(problem.isVisible());
        assertEquals(Variant.TIMENS_NOINLINE, w.session().setup().variant());
        robot.type(KeyCode.ENTER);
        assertEquals(1, m().calls());
        assertViewsMatchModel(robot);
    }

    @Test
    void hyperv513MakesTheFallbackObvious(FxRobot robot) {
        robot.interact(() -> {
            w.scenarioPicker().setValue(Scenario.HYPERV_5_13);
            w.clockPicker().setValue(Clock.REALTIME);
        });
        robot.type(KeyCode.ENTER);
        robot.type(KeyCode.ENTER);
        assertEquals(2, m().fallbacks());
        assertTrue(w.dispatch().currentPath().contains(Node.FALLBACK));
        assertTrue(w.dispatch().bannerText().startsWith("SYSCALL FALLBACK"), w.dispatch().bannerText());
        assertEquals(2L, w.dispatch().edgeCounts().get(new Dispatch.Edge(Node.HW_NONE, Node.FALLBACK)));
        Label syscall = robot.lookup("#cat-syscall").queryAs(Label.class);
        assertTrue(syscall.isVisible());
        assertEquals("syscall " + Fmt.cycles(w.session().callCategoryMilli(org.vdsoexplorer.sim.cpu.Category.SYSCALL)),
                syscall.getText());
        assertViewsMatchModel(robot);
    }

    @Test
    void fullSpeedRunKeepsTheFxThreadResponsive(FxRobot robot) {
        robot.interact(() -> {
            w.setSpeed(1.0);
            w.setRunning(true);
        });
        // each frame hands the FX thread back: its model slice ends once the runner's work clock passes the slice
        // budget (half the frame budget), which it reads every 64 steps; the manual clock's work count moves a fixed
        // amount per read, so that bounds the steps of a frame whatever the machine's speed
        long reads = Runner.FRAME_BUDGET_NANOS / 2 / org.vdsoexplorer.app.common.FrameClock.Manual.WORK_TICK_NANOS + 1;
        long most = 64 * reads;
        List<Long> perFrame = Fx.fx(() -> {
            List<Long> out = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                long before = w.session().position();
                clock.advanceMillis(16);
                out.add(w.session().position() - before);
            }
            return out;
        });
        assertTrue(perFrame.stream().allMatch(n -> n > 0 && n <= most), "steps per frame within (0, " + most + "]: " + perFrame);
        assertTrue(w.running(), "still running");
        robot.interact(() -> w.setRunning(false));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(m().calls() > 10, "calls at full speed: " + m().calls());
        assertViewsMatchModel(robot);
    }

    @Test
    void whileRunningFastTheCallViewsShowTheLastFinishedCallWhole(FxRobot robot) {
        robot.interact(() -> {
            w.session().runCall();
            w.session().runCall();
            for (int i = 0; i < 20; i++) w.session().step();
        });
        List<Node> last = w.session().paths().lastPath();
        assertTrue(m().inCall());
        robot.interact(() -> {
            w.dispatch().setRunning(true);
            w.seqlock().setRunning(true);
            w.dispatch().refresh();
            w.seqlock().refresh();
        });
        assertEquals(last, w.dispatch().currentPath(), "the last finished call's path, not a half-lit one");
        int finishedSteps = (int) w.session().lastCallLog().stream().filter(e -> e instanceof Event.Retired).count();
        assertEquals(finishedSteps, w.seqlock().steps(), "the seqlock timeline spans the whole finished call");
        robot.interact(() -> {
            w.dispatch().setRunning(false);
            w.seqlock().setRunning(false);
            w.session().fire();
        });
        assertEquals(Dispatch.of(w.session().setup(), w.session().callLog()), w.dispatch().currentPath(), "stepping: live");
        assertEquals(w.session().callLog().stream().filter(e -> e instanceof Event.Retired).count(), w.seqlock().steps());
    }
}

package org.vdsoexplorer.app.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.vdsoexplorer.app.HeadlessStage;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.app.lesson.MainWindowLessonHost;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.lesson.StepSetup;
import org.vdsoexplorer.lesson.View;
import org.vdsoexplorer.report.Report;
import org.vdsoexplorer.report.Row;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.session.Session;

/**
 * The compare tab with two scenarios (hyperv vs hyperv-5.13-rc1, host vs timens): panes, listing diff,
 * per-category deltas and calls per 3 s against each pane's machine and against report rows; lockstep
 * when the two take different paths; invalid combinations; a lesson step comparing two scenarios.
 */
@ExtendWith(ApplicationExtension.class)
class CompareViewUiTest {
    private static final Setup HYPERV = Setup.of(Scenario.HYPERV, Variant.TIMENS_INLINE, Clock.MONOTONIC);
    private static final Setup HYPERV_513 = Setup.of(Scenario.HYPERV_5_13, Variant.TIMENS_INLINE, Clock.MONOTONIC);
    private static final Setup HOST = Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC);
    private static final Setup TIMENS = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC);

    private MainWindow w;

    @Start
    void start(Stage stage) {
        w = HeadlessStage.show(stage, TIMENS);
        w.root().requestFocus();
    }

    @Stop
    void stop() {
        w.dispose();
    }

    private CompareView open(FxRobot robot, Setup a, Setup b) {
        robot.interact(() -> {
            w.showCompare(true);
            w.compare().setSetups(a, b);
        });
        return w.compare();
    }

    @Test
    void beforeTheFirstCallEachListingShowsItsEntryPoint(FxRobot robot) {
        CompareView c = open(robot, HOST, TIMENS);
        WaitForAsyncUtils.waitForFxEvents();
        for (String pane : List.of("a", "b")) {
            Session s = pane.equals("a") ? c.sessionA() : c.sessionB();
            Instruction entry = s.machine().next(); // where the first call starts: __vdso_clock_gettime
            assertTrue(!s.machine().inCall() && "__vdso_clock_gettime".equals(entry.symbol()), String.valueOf(entry.symbol()));
            boolean shown = robot.lookup("#compare-listing-" + pane + " .list-cell").queryAll().stream()
                    .anyMatch(n -> n instanceof ListCell<?> cell && !cell.isEmpty() && cell.getItem() instanceof Instruction in
                            && in.index() == entry.index() && cell.isVisible());
            assertTrue(shown, pane + ": the entry row " + entry.addressHex() + " is on screen, not the file's top");
        }
    }

    private static String signed(long milli) {
        return milli == 0 ? "0" : (milli > 0 ? "+" : "\u2212") + String.format(java.util.Locale.ROOT, "%,.2f", Math.abs(milli) / 1000.0);
    }

    /** Waits (off the FX thread) until the bars show both steady states, then returns the bars' text. */
    private static String steadyBars(CompareView c) {
        try {
            org.testfx.util.WaitForAsyncUtils.waitFor(90, java.util.concurrent.TimeUnit.SECONDS,
                    () -> org.vdsoexplorer.app.Fx.fx(() -> !c.barsText().contains("measuring")));
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("still measuring: " + c.barsText());
        }
        return org.vdsoexplorer.app.Fx.fx(c::barsText);
    }

    private static double ns(Machine m) { return m.lastCall().costMilli() / 1000.0 / m.setup().ghz(); }

    /** Table, category deltas and bars against the two sessions' machines. */
    private static void assertTableMatchesModel(CompareView c) {
        Session a = c.sessionA(), b = c.sessionB();
        assertEquals(signed(b.machine().callCyclesMilli() - a.machine().callCyclesMilli()), c.cycleDeltaText());
        for (Category cat : Category.values()) {
            long va = a.callCategoryMilli(cat), vb = b.callCategoryMilli(cat);
            assertEquals(va == 0 && vb == 0 ? "" : signed(vb - va), c.categoryDeltaText(cat), cat.label());
        }
    }

    @Test
    void hypervAgainstHyperv513RunsOneListingAndShowsTheSyscallFallback(FxRobot robot) {
        CompareView c = open(robot, HYPERV, HYPERV_513);
        assertEquals("", c.problemText());
        assertEquals(Scenario.HYPERV, c.sessionA().setup().scenario());
        assertEquals(Scenario.HYPERV_5_13, c.sessionB().setup().scenario());
        assertEquals(Scenario.HYPERV, c.pickers("A").get(0).getValue());
        assertEquals(Scenario.HYPERV_5_13, c.pickers("B").get(0).getValue());
        assertEquals(Variant.TIMENS_INLINE, c.pickers("B").get(1).getValue());
        // one listing: the diff says so instead of marking lines
        assertTrue(c.identicalListings());
        assertEquals(0, c.diff().countOnlyA());
        assertEquals(0, c.diff().countOnlyB());
        assertTrue(c.diffText().startsWith("Same listing in both panes (timens-inline.lst"), c.diffText());
        assertTrue(robot.lookup("#compare-title").queryAs(Label.class).getText().contains("scenario hyperv vs hyperv-5.13-rc1"));

        robot.type(KeyCode.ENTER); // one whole call in each
        Machine ma = c.sessionA().machine(), mb = c.sessionB().machine();
        assertEquals(1, ma.calls());
        assertEquals(1, mb.calls());
        assertEquals(0, ma.fallbacks());
        assertEquals(1, mb.fallbacks(), "hyperv-5.13-rc1 advertises clock_mode NONE: the call falls back");
        assertEquals(0, c.sessionA().callCategoryMilli(Category.SYSCALL));
        long sys = c.sessionB().callCategoryMilli(Category.SYSCALL);
        assertTrue(sys > 0);
        assertEquals(signed(sys), c.categoryDeltaText(Category.SYSCALL));
        assertTrue(c.cycleDeltaText().startsWith("+"), c.cycleDeltaText());
        assertTableMatchesModel(c);
        assertEquals("", c.lockstepText());
        // the bars and the speed line: each setup's steady state (the report's rows), the same after 1 and 101 calls
        Row ra = Report.measure(HYPERV), rb = Report.measure(HYPERV_513);
        String bars = "A hyperv: " + Fmt.big(ra.callsIn3s()) + " calls in 3 s | B hyperv-5.13-rc1: " + Fmt.big(rb.callsIn3s())
                + " calls in 3 s";
        assertEquals(bars, steadyBars(c));
        String speed = robot.lookup("#compare-speed").queryAs(Label.class).getText();
        assertTrue(speed.startsWith("Steady state: A makes "), speed);
        robot.interact(() -> c.runCalls(100));
        assertTableMatchesModel(c);
        assertEquals(bars, c.barsText());
        assertEquals(speed, robot.lookup("#compare-speed").queryAs(Label.class).getText());
        // the live calls drift towards the steady state: call 101 is within 5 % of the report's figure
        assertEquals(ra.callsIn3s(), 3e9 / ns(ma), ra.callsIn3s() * 0.05, "A's last call vs report " + ra);
        assertEquals(rb.callsIn3s(), 3e9 / ns(mb), rb.callsIn3s() * 0.05, "B's last call vs report " + rb);
    }

    @Test
    void lockstepWaitsForThePaneStillInItsCall(FxRobot robot) {
        CompareView c = open(robot, HYPERV, HYPERV_513);
        Session a = c.sessionA(), b = c.sessionB();
        List<String> errors = new java.util.ArrayList<>();
        int[] waited = new int[1];
        // the keys drive both panes
        robot.type(KeyCode.RIGHT);
        robot.type(KeyCode.SPACE);
        assertEquals(2, a.position());
        assertEquals(2, b.position());
        // by instruction: the two calls differ in length, one pane returns first and waits
        robot.interact(() -> {
            for (int i = 0; i < 2000 && (a.machine().calls() < 1 || b.machine().calls() < 1); i++) {
                boolean aWaits = !a.machine().inCall() && b.machine().inCall();
                boolean bWaits = !b.machine().inCall() && a.machine().inCall();
                long pa = a.position(), pb = b.position();
                if (aWaits || bWaits) {
                    waited[0]++;
                    String waiter = aWaits ? "A" : "B";
                    if (!c.lockstepText().startsWith(waiter + " finished call 1 first and waits")) errors.add(c.lockstepText());
                    if (!c.statusText(waiter).contains("waiting for " + (aWaits ? "B" : "A"))) errors.add(c.statusText(waiter));
                }
                c.step();
                if (a.position() != (aWaits ? pa : pa + 1)) errors.add("A moves unless it waits, step " + i);
                if (b.position() != (bWaits ? pb : pb + 1)) errors.add("B moves unless it waits, step " + i);
            }
        });
        assertEquals(List.of(), errors);
        assertEquals(1, a.machine().calls());
        assertEquals(1, b.machine().calls());
        assertTrue(waited[0] > 0, "the calls have different lengths, so one pane waited");
        assertEquals("", c.lockstepText());
        // the next step starts the second call in both
        robot.type(KeyCode.RIGHT);
        assertTrue(a.machine().inCall() && b.machine().inCall());

        // by C line: ends with both calls done, and a waiting pane never moves
        robot.type(KeyCode.DOWN);
        robot.interact(() -> {
            for (int i = 0; i < 500 && (a.machine().calls() < 2 || b.machine().calls() < 2); i++) {
                long pa = a.position(), pb = b.position();
                boolean aWaits = !a.machine().inCall() && b.machine().inCall();
                boolean bWaits = !b.machine().inCall() && a.machine().inCall();
                c.stepLine();
                if (aWaits && pa != a.position()) errors.add("A waits, but moved a line");
                if (bWaits && pb != b.position()) errors.add("B waits, but moved a line");
            }
        });
        assertEquals(List.of(), errors);
        assertEquals(2, a.machine().calls());
        assertEquals(2, b.machine().calls());

        // by whole call: with one pane waiting, Enter finishes the other; the waiting one does not start another
        robot.interact(() -> {
            c.step();
            for (int i = 0; i < 2000 && a.machine().inCall() == b.machine().inCall(); i++) c.step();
        });
        assertTrue(a.machine().inCall() != b.machine().inCall());
        robot.type(KeyCode.ENTER);
        assertEquals(3, a.machine().calls());
        assertEquals(3, b.machine().calls());
        assertFalse(a.machine().inCall() || b.machine().inCall());
        assertTableMatchesModel(c);
    }

    @Test
    void hostAgainstTimensMarksTheInstructionsOnlyOneRan(FxRobot robot) {
        CompareView c = open(robot, HOST, TIMENS);
        assertTrue(c.identicalListings());
        robot.interact(() -> c.runCalls(2));
        Machine ma = c.sessionA().machine(), mb = c.sessionB().machine();
        assertTrue(mb.callInstructions() > ma.callInstructions(), "the namespace detour costs instructions");
        assertTableMatchesModel(c);
        assertEquals("A host: " + Fmt.big(Report.measure(HOST).callsIn3s()) + " calls in 3 s | B timens: "
                + Fmt.big(Report.measure(TIMENS).callsIn3s()) + " calls in 3 s", steadyBars(c));
        // the marks on screen are the instructions retired in one call and not in the other
        BitSet ranA = ran(c.sessionA()), ranB = ran(c.sessionB());
        PseudoClass ranOnly = PseudoClass.getPseudoClass("ran-only");
        int checked = 0, marked = 0;
        for (String pane : List.of("a", "b")) {
            BitSet mine = pane.equals("a") ? ranA : ranB, theirs = pane.equals("a") ? ranB : ranA;
            // scroll to a region B alone ran: the first instruction only B retired
            int target = pane.equals("b") ? firstOnly(ranB, ranA) : firstOnly(ranA, ranB);
            if (target >= 0) {
                var list = robot.lookup("#compare-listing-" + pane).queryListView();
                robot.interact(() -> {
                    for (int r = 0; r < list.getItems().size(); r++) {
                        if (list.getItems().get(r) instanceof Instruction in && in.index() == target) list.scrollTo(Math.max(0, r - 3));
                    }
                });
            }
            for (Node n : robot.lookup("#compare-listing-" + pane + " .list-cell").queryAll()) {
                if (!(n instanceof ListCell<?> cell) || cell.isEmpty() || !(cell.getItem() instanceof Instruction in)) continue;
                boolean expect = mine.get(in.index()) && !theirs.get(in.index());
                assertEquals(expect, cell.getPseudoClassStates().contains(ranOnly), pane + " " + in.addressHex());
                assertEquals(expect, cell.getText().startsWith("\u25b8"), pane + " " + in.addressHex());
                checked++;
                if (expect) marked++;
            }
        }
        assertTrue(checked > 20, "cells checked: " + checked);
        assertTrue(marked > 0, "some instructions ran in one pane only");
        assertTrue(firstOnly(ranB, ranA) >= 0, "timens runs code host does not");
    }

    private static BitSet ran(Session s) {
        BitSet b = new BitSet();
        for (Event e : s.callLog()) if (e instanceof Event.Retired r) b.set(r.insn().index());
        return b;
    }

    private static int firstOnly(BitSet mine, BitSet theirs) {
        BitSet x = (BitSet) mine.clone();
        x.andNot(theirs);
        return x.nextSetBit(0);
    }

    @Test
    void twoVariantsStillDiffTheListings(FxRobot robot) {
        CompareView c = open(robot, TIMENS, TIMENS.with(Variant.TIMENS_NOINLINE));
        assertFalse(c.identicalListings());
        assertTrue(c.diff().countFrameOnlyB() > 0, "noinline has its own prologues and epilogues");
        assertTrue(c.diffText().startsWith("Shaded: instructions only in A (\u2212) or only in B (+)"), c.diffText());
        assertTrue(robot.lookup("#compare-pane-a .pane-title").queryAs(Label.class).getText()
                .contains(c.diff().countOnlyA() + " instructions only here"));
        assertTrue(c.diffText().contains(c.diff().countFrameOnlyB() + " only in B."), c.diffText());
        PseudoClass only = PseudoClass.getPseudoClass("only");
        var list = robot.lookup("#compare-listing-b").queryListView();
        robot.interact(() -> {
            for (int r = 0; r < list.getItems().size(); r++) {
                if (list.getItems().get(r) instanceof Instruction in && c.diff().onlyInB(in.index())) {
                    list.scrollTo(Math.max(0, r - 3));
                    break;
                }
            }
        });
        int marked = 0;
        for (Node n : robot.lookup("#compare-listing-b .list-cell").queryAll()) {
            if (!(n instanceof ListCell<?> cell) || cell.isEmpty() || !(cell.getItem() instanceof Instruction in)) continue;
            assertEquals(c.diff().onlyInB(in.index()), cell.getPseudoClassStates().contains(only), in.addressHex());
            if (c.diff().onlyInB(in.index())) marked++;
        }
        assertTrue(marked > 0);
    }

    @Test
    void invalidCombinationShowsItsReasonAndStepsNothing(FxRobot robot) {
        CompareView c = open(robot, HOST, TIMENS);
        Session a = c.sessionA(), b = c.sessionB();
        @SuppressWarnings("unchecked") ComboBox<Variant> variantB = (ComboBox<Variant>) c.pickers("B").get(1);
        robot.interact(() -> variantB.setValue(Variant.BEFORE));
        Label problem = robot.lookup("#compare-problem").queryAs(Label.class);
        assertTrue(problem.isVisible());
        assertTrue(c.problemText().contains("B (timens / before / monotonic)"), c.problemText());
        assertTrue(c.problemText().contains("no time-namespace support"), c.problemText());
        assertSame(a, c.sessionA());
        assertEquals(Variant.TIMENS_INLINE, c.sessionB().setup().variant(), "B still runs the last valid setup");
        robot.type(KeyCode.RIGHT);
        robot.type(KeyCode.ENTER);
        robot.clickOn("#compare-100");
        assertEquals(0, a.position());
        assertEquals(0, b.position());
        assertEquals(0, w.session().position(), "the main session does not move either");

        // a 2007 scenario with a vDSO variant: the other reason
        @SuppressWarnings("unchecked") ComboBox<Scenario> scenarioA = (ComboBox<Scenario>) c.pickers("A").get(0);
        robot.interact(() -> {
            variantB.setValue(Variant.TIMENS_INLINE);
            scenarioA.setValue(Scenario.SYSENTER_2007);
        });
        assertTrue(c.problemText().contains("A (sysenter-2007 / timens-inline / monotonic)"), c.problemText());
        assertTrue(c.problemText().contains("has no vDSO"), c.problemText());
        // picking the legacy variant makes it runnable: two 2007 syscall stubs against host's vDSO
        @SuppressWarnings("unchecked") ComboBox<Variant> variantA = (ComboBox<Variant>) c.pickers("A").get(1);
        robot.interact(() -> variantA.setValue(Variant.LEGACY));
        assertEquals("", c.problemText());
        assertFalse(problem.isVisible());
        assertEquals(Scenario.SYSENTER_2007, c.sessionA().setup().scenario());
        assertFalse(c.identicalListings());
        robot.type(KeyCode.ENTER);
        assertEquals(1, c.sessionA().machine().calls());
        assertEquals(1, c.sessionB().machine().calls());
        assertTrue(c.sessionA().callCategoryMilli(Category.SYSCALL) > 0);
        assertTableMatchesModel(c);
    }

    @Test
    void theMainWindowsScenarioCarriesOverAndLegacyScenariosTakeTheLegacyVariant(FxRobot robot) {
        CompareView c = open(robot, HOST, HOST.with(Variant.TIMENS_NOINLINE));
        robot.interact(() -> w.scenarioPicker().setValue(Scenario.PARAVIRT_2007));
        assertEquals(Scenario.HOST, c.sessionA().setup().scenario(), "the main window refuses paravirt-2007 / timens-inline");
        robot.interact(() -> w.variantPicker().setValue(Variant.LEGACY));
        assertEquals(Variant.LEGACY, w.session().setup().variant());
        assertEquals("", c.problemText());
        assertEquals(Scenario.PARAVIRT_2007, c.sessionA().setup().scenario());
        assertEquals(Variant.LEGACY, c.sessionA().setup().variant());
        assertEquals(Variant.LEGACY, c.sessionB().setup().variant());
        robot.interact(() -> w.scenarioPicker().setValue(Scenario.PVCLOCK));
        robot.interact(() -> w.variantPicker().setValue(Variant.UNLIKELY));
        assertEquals(Scenario.PVCLOCK, c.sessionA().setup().scenario());
        assertEquals(Scenario.PVCLOCK, c.sessionB().setup().scenario());
    }

    @Test
    void aLessonStepComparingTwoScenariosOpensTheCompareTab(FxRobot robot) throws Exception {
        MainWindowLessonHost host = new MainWindowLessonHost(w);
        StepSetup st = new StepSetup(1, Setup.of(Scenario.HYPERV, Variant.ALWAYS_INLINE_ALL, Clock.REALTIME), null, List.of(), List.of(),
                Setup.of(Scenario.HYPERV_5_13, Variant.ALWAYS_INLINE_ALL, Clock.REALTIME), View.COMPARE, "difference", Map.of());
        Node[] focused = new Node[1];
        robot.interact(() -> {
            try {
                host.apply(st);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            focused[0] = host.focused();
        });
        assertTrue(w.comparing());
        CompareView c = w.compare();
        assertEquals(CompareView.describe(st.modelSetup()), CompareView.describe(c.sessionA().setup()));
        assertEquals("hyperv-5.13-rc1 / always-inline-all / realtime", CompareView.describe(c.sessionB().setup()));
        assertNotNull(focused[0]);
        assertEquals("compare-table", focused[0].getId());
        // the main window's listener does not undo the comparison on the next refresh
        robot.interact(() -> w.session().fire());
        assertEquals(Scenario.HYPERV_5_13, c.sessionB().setup().scenario());
        robot.type(KeyCode.ENTER);
        assertEquals(1, c.sessionB().machine().fallbacks());
        assertTableMatchesModel(c);
    }
}

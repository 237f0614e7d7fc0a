package org.vdsoexplorer.app.pages;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.util.List;
import java.util.function.Predicate;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.vdsoexplorer.app.HeadlessStage;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.DataLayout;
import org.vdsoexplorer.sim.kernel.Kernel;
import org.vdsoexplorer.sim.kernel.Page;
import org.vdsoexplorer.sim.kernel.PageKind;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.session.Session;

/**
 * The pages view's two columns, the pointer the code follows and the offset addition, stepped through
 * namespace and host calls and checked against the model: the running task's machine, a separately
 * built machine of the other scenario, the call's reads and its result.
 */
@ExtendWith(ApplicationExtension.class)
class PagesViewUiTest {
    private MainWindow w;

    @Start
    void start(Stage stage) {
        w = HeadlessStage.show(stage, Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
    }

    @Stop
    void stop() {
        w.dispose();
    }

    private Session s() { return w.session(); }

    private PagesView pages() { return w.pages(); }

    private static String kind(Page p) { return p == null ? "unbacked" : p.kind().label(); }

    /** Steps (notifying the views after each step) until {@code p} holds for a read of this call; true if it did. */
    private boolean stepUntilRead(Predicate<Event.MemRead> p) {
        return fx(() -> {
            for (int i = 0; i < 2_000; i++) {
                s().step();
                List<Event> log = s().callLog();
                Event last = null;
                for (int k = log.size() - 1; k >= 0; k--) {
                    if (log.get(k) instanceof Event.MemRead r) {
                        last = r;
                        break;
                    }
                    if (log.get(k) instanceof Event.CallStart) break;
                }
                if (last instanceof Event.MemRead r && p.test(r) && pages().litSlot() >= 0) return true;
                if (!s().machine().inCall()) return false;
            }
            return false;
        });
    }

    /** A read of the namespace page's offset[MONOTONIC] (its nsec half if {@code nsec}, else its sec half). */
    private static boolean isOffset(Event.MemRead r, boolean nsec) {
        return r.where() instanceof org.vdsoexplorer.sim.kernel.VvarLocation v && v.field() != null
                && v.field().isNamespaceOffset() && v.field().clock() == Clock.MONOTONIC.id && v.field().isNsec() == nsec;
    }

    /** Both columns show the slot kinds of the model's two tasks: the running machine's and a separately built one. */
    private void assertColumns(Scenario running, Scenario other) {
        Machine m = s().machine();
        assertEquals(running, m.setup().scenario());
        AddressSpace otherAs = new Machine(m.setup().with(other).with(Variant.TIMENS_INLINE)).addressSpace();
        for (int i = 0; i < AddressSpace.SLOTS; i++) {
            assertEquals(kind(m.addressSpace().slot(i)), pages().slotKindText(i), "running slot " + i);
            assertEquals(kind(otherAs.slot(i)), pages().otherKindText(i), "other task's slot " + i);
        }
        assertEquals(other, pages().otherScenario());
        assertTrue(pages().runningTaskText().startsWith("\u25B6 running: " + (running.namespace() ? "namespace" : "host")),
                pages().runningTaskText());
        assertEquals(other.namespace() ? "namespace task" : "host task", pages().otherTaskText());
    }

    @Test
    void namespaceCallFollowsPageZeroThenSlotThreeAndAddsTheOffset() {
        fxRun(() -> s().runCall()); // one whole call first: the second starts from a warm state
        assertColumns(Scenario.TIMENS, Scenario.HOST);
        assertEquals(List.of("TIMENS", "unbacked", "unbacked", "VVAR"),
                List.of(pages().slotKindText(0), pages().slotKindText(1), pages().slotKindText(2), pages().slotKindText(3)));
        assertEquals(List.of("VVAR", "unbacked", "unbacked", "unbacked"), List.of(pages().otherKindText(0),
                pages().otherKindText(1), pages().otherKindText(2), pages().otherKindText(3)));

        // 1: the first load is seq from page 0, the namespace page: odd, lit in slot 0
        assertTrue(stepUntilRead(r -> true));
        Machine m = s().machine();
        assertEquals(0, pages().litSlot());
        assertTrue(pages().litField().endsWith(".seq"), pages().litField());
        Page timens = m.addressSpace().slot(0);
        int seqOff = DataLayout.data(DataLayout.CS_HRES_COARSE, DataLayout.SEQ);
        assertEquals(Long.toString(timens.read(seqOff, 4)), pages().slotFieldValues(0).get(seqOff));
        assertEquals(1, timens.read(seqOff, 4), "the namespace page's seq is 1");
        assertArrayEquals(new int[] {0}, pages().hops());

        // 2: clock_mode TIMENS sends it to the real data page in slot 3: the hop 0 -> 3
        assertTrue(stepUntilRead(r -> m.addressSpace().slotOf(r.address()) == 3));
        assertEquals(3, pages().litSlot());
        assertArrayEquals(new int[] {0, 3}, pages().hops());
        List<String> trail = pages().trailTexts();
        assertEquals(2, trail.size(), trail.toString());
        assertTrue(trail.get(0).startsWith("1  slot 0 TIMENS"), trail.get(0));
        assertTrue(trail.get(1).contains("2  slot 3 VVAR"), trail.get(1));
        PagesView.OffsetSum before = pages().offsetSum();
        assertNotNull(before);
        assertFalse(before.read(), "the offset is not read yet");
        assertNull(before.host());

        // 3: back to page 0 for offset[MONOTONIC]: the sum shows host time + offset with the model's values
        // gcc may load .nsec before .sec (gcc 12 does since the TSC case lost its likely()): either order
        assertTrue(stepUntilRead(r -> isOffset(r, false) || isOffset(r, true)));
        String first = pages().litField();
        assertTrue(first.endsWith("offset[MONOTONIC].sec") || first.endsWith("offset[MONOTONIC].nsec"), first);
        assertEquals(0, pages().litSlot());
        assertArrayEquals(new int[] {0, 3, 0}, pages().hops());
        boolean secondIsNsec = first.endsWith(".sec");
        assertTrue(stepUntilRead(r -> isOffset(r, secondIsNsec)));
        PagesView.OffsetSum sum = pages().offsetSum();
        assertTrue(sum.read());
        int offSec = DataLayout.basetime(DataLayout.CS_HRES_COARSE, Clock.MONOTONIC.id);
        assertArrayEquals(new long[] {timens.read(offSec, 8), timens.read(offSec + 8, 8)}, sum.offset(),
                "offset[MONOTONIC] from the namespace page");
        assertArrayEquals(new long[] {Kernel.nsOffsetSec(Clock.MONOTONIC), 0}, sum.offset());
        long[] ref = fx(() -> m.kernel().reference(Clock.MONOTONIC, m.kernel().lastTsc()));
        assertArrayEquals(new long[] {ref[0] - Scenario.TIMENS_MONOTONIC_OFFSET_SEC, ref[1]}, sum.host(),
                "host time: the kernel's time at this call's counter read, without the namespace offset");
        assertArrayEquals(ref, sum.sum(), "host + offset = the kernel's namespace time");
        assertNull(sum.returned(), "the call has not returned yet");
        assertTrue(pages().offsetText().startsWith(PagesView.ts(sum.host()) + " + " + PagesView.ts(sum.offset()) + " = "
                + PagesView.ts(sum.sum())), pages().offsetText());

        // the end of the call: the sum is what clock_gettime() returned, and what the kernel says it should be
        CallResult r = fx(() -> s().runCall());
        assertTrue(r.correct(), "the model's call is correct");
        PagesView.OffsetSum end = pages().offsetSum();
        assertArrayEquals(new long[] {r.sec(), r.nsec()}, end.sum(), "host + offset = the returned time");
        assertArrayEquals(new long[] {r.sec(), r.nsec()}, end.returned());
        assertArrayEquals(sum.host(), end.host(), "the host time read during the call");
        assertTrue(pages().offsetText().contains("\u2713 returned"), pages().offsetText());
        assertArrayEquals(new int[] {0, 3, 0}, pages().hops(), "the trail of the finished call stays");
    }

    @Test
    void eachNamespaceClockAddsItsOwnOffset() {
        for (Clock c : List.of(Clock.REALTIME, Clock.MONOTONIC_RAW, Clock.BOOTTIME, Clock.MONOTONIC_COARSE)) {
            fxRun(() -> s().load(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, c)));
            CallResult r = fx(() -> s().runCall());
            assertTrue(r.correct(), c + " call correct");
            PagesView.OffsetSum sum = pages().offsetSum();
            assertTrue(sum.read(), c + ": the offset was read");
            assertEquals(c, sum.clock());
            assertArrayEquals(new long[] {Kernel.nsOffsetSec(c), 0}, sum.offset(), c + " offset");
            assertArrayEquals(new long[] {r.sec(), r.nsec()}, sum.sum(), c + ": host + offset = returned");
            assertArrayEquals(r.expected(), sum.sum(), c + ": = the kernel's reference");
            assertArrayEquals(new int[] {0, 3, 0}, pages().hops(), c + " hops");
        }
    }

    @Test
    void hostTaskBesideANamespaceTask() {
        fxRun(() -> s().load(Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC)));
        assertColumns(Scenario.HOST, Scenario.TIMENS);
        assertEquals("VVAR", pages().slotKindText(0));
        assertEquals("TIMENS", pages().otherKindText(0));
        assertEquals("VVAR", pages().otherKindText(3));
        PagesView.OffsetSum none = pages().offsetSum();
        assertNull(none.host(), "no call returned yet");
        assertTrue(stepUntilRead(r -> true));
        assertEquals(0, pages().litSlot(), "a host task reads page 0, the real data");
        CallResult r = fx(() -> s().runCall());
        assertTrue(r.correct());
        assertArrayEquals(new int[] {0}, pages().hops(), "a host task never leaves slot 0");
        // the other task's namespace page, built separately, holds the offset the view adds
        Machine ns = new Machine(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
        Page tp = ns.addressSpace().slot(0);
        int off = DataLayout.basetime(DataLayout.CS_HRES_COARSE, Clock.MONOTONIC.id);
        PagesView.OffsetSum sum = pages().offsetSum();
        assertArrayEquals(new long[] {tp.read(off, 8), tp.read(off + 8, 8)}, sum.offset());
        assertArrayEquals(new long[] {r.sec(), r.nsec()}, sum.host(), "the host time is what this task returned");
        assertArrayEquals(new long[] {r.sec() + Scenario.TIMENS_MONOTONIC_OFFSET_SEC, r.nsec()}, sum.sum());
        assertFalse(sum.read(), "a host task reads no offset");
    }

    @Test
    void variantWithoutNamespaceCodeStillShowsTheKernelsNamespaceLayout() {
        fxRun(() -> s().load(Setup.of(Scenario.HOST, Variant.BEFORE, Clock.MONOTONIC)));
        assertEquals(Scenario.TIMENS, pages().otherScenario());
        assertEquals("TIMENS", pages().otherKindText(0));
        assertEquals("VVAR", pages().otherKindText(3));
    }

    @Test
    void noOtherTaskWhereTheModelHasNone() {
        fxRun(() -> s().load(Setup.of(Scenario.PVCLOCK, Variant.TIMENS_INLINE, Clock.MONOTONIC)));
        assertNull(pages().otherScenario());
        assertNull(pages().otherKindText(0));
        assertNull(pages().offsetSum(), "no namespace on either side: no offset addition");
        assertEquals("PVCLOCK", pages().slotKindText(1));
        fxRun(() -> s().runCall());
        int[] hops = pages().hops();
        assertEquals(0, hops[0], "the pvclock path starts at slot 0");
        assertTrue(java.util.Arrays.stream(hops).anyMatch(h -> h == 1), "and reads the pvclock page in slot 1");
    }
}

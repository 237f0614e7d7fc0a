package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.SeqlockTrace.Mark;
import org.vdsoexplorer.sim.SeqlockTrace.Odd;
import org.vdsoexplorer.sim.SeqlockTrace.Placed;
import org.vdsoexplorer.sim.SeqlockTrace.Retry;
import org.vdsoexplorer.sim.SeqlockTrace.SeqLoad;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.DataLayout;
import org.vdsoexplorer.sim.kernel.PageKind;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * The seqlock trace of a call against the kernel's own account of it (its retry and odd-spin counts, its
 * SeqRetry events, the seq values it wrote) with writer updates placed at chosen reader steps.
 */
class SeqlockTraceTest {

    /** One call of {@code setup} (the second: the first warms up), with an update placed before reader step {@code at}. */
    private record Run(List<Event> log, CallResult result, long seqBefore) {}

    private static Run secondCallWithUpdateAt(Setup setup, int at) {
        Machine m = new Machine(setup);
        m.runCall();
        long seqBefore = m.kernel().seq();
        List<Event> log = new ArrayList<>();
        m.setSink(log::add);
        CallResult r = null;
        for (int k = 0; r == null; k++) {
            if (k == at) m.injectWriterUpdate();
            r = m.step();
        }
        return new Run(log, r, seqBefore);
    }

    /** Reader step (within the call) of the first seq load of the real data page, found by address. */
    private static int firstRealSeqLoad(Setup setup) {
        Machine m = new Machine(setup);
        m.runCall();
        List<Event> log = new ArrayList<>();
        m.setSink(log::add);
        AddressSpace as = m.addressSpace();
        int at = 0;
        while (true) {
            m.step();
            for (Event e : log) {
                if (e instanceof Event.MemRead r && as.slotOf(r.address()) >= 0
                        && as.slot(as.slotOf(r.address())).kind() == PageKind.VVAR
                        && r.address() - as.slotAddress(as.slotOf(r.address())) == DataLayout.data(DataLayout.CS_HRES_COARSE, DataLayout.SEQ)) {
                    return at;
                }
            }
            log.clear();
            at++;
        }
    }

    private static void assertAgreesWithTheKernel(Run run, SeqlockTrace t) {
        assertEquals(run.result().instructions(), t.steps());
        List<Retry> retries = t.marks().stream().filter(k -> k instanceof Retry).map(k -> (Retry) k).toList();
        assertEquals(run.result().retries(), retries.size(), "retries");
        assertEquals(run.result().oddSpins(), t.marks().stream().filter(k -> k instanceof Odd).count(), "odd spins");
        List<long[]> kernel = run.log().stream().filter(e -> e instanceof Event.SeqRetry).map(e -> (Event.SeqRetry) e)
                .map(e -> new long[] {e.begin(), e.now()}).toList();
        assertEquals(kernel.size(), retries.size());
        for (int i = 0; i < kernel.size(); i++) {
            assertArrayEquals(kernel.get(i), new long[] {retries.get(i).begin(), retries.get(i).now()});
        }
        // on the real page every check follows an even begin load, and fails exactly where a retry is marked
        SeqLoad begin = null;
        for (Mark k : t.marks()) {
            if (!(k instanceof SeqLoad l) || l.namespacePage()) continue;
            if (l.check()) {
                assertNotNull(begin, "a check without a begin at reader step " + l.at());
                long b = begin.value();
                boolean retried = retries.stream().anyMatch(r -> r.at() == l.at());
                assertEquals(l.value() != b, retried, "check at " + l.at());
                begin = null;
            } else if ((l.value() & 1) == 0) {
                assertNull(begin, "two begin loads without a check, the second at " + l.at());
                begin = l;
            }
        }
        assertNull(begin, "the call ended between a begin load and its check");
    }

    @Test
    void anUpdateBetweenBeginAndCheckIsOneRetryAttributedToIt() {
        for (Scenario s : List.of(Scenario.HOST, Scenario.TIMENS)) {
            Setup setup = Setup.of(s, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(0);
            int begin = firstRealSeqLoad(setup);
            Run run = secondCallWithUpdateAt(setup, begin + 1);
            SeqlockTrace t = SeqlockTrace.of(run.log(), Map.of((long) begin + 1, 1));
            assertAgreesWithTheKernel(run, t);
            assertEquals(1, run.result().retries(), s + ": the kernel counts one retry");
            Retry r = t.lastRetry();
            assertEquals(run.seqBefore(), r.begin());
            assertTrue(r.now() == run.seqBefore() + 1 || r.now() == run.seqBefore() + 2,
                    "the check read the seq of the update in progress or done: " + r.now());
            assertEquals(1, r.update(), "the placed update is the first (no ticks)");
            assertTrue(r.placedUpdate());
            assertTrue(t.marks().contains(new Placed(begin + 1, 1)));
            assertEquals(1, t.lastWriter().update());
            assertEquals(s.namespace(), t.marks().stream().anyMatch(k -> k instanceof SeqLoad l && l.namespacePage()));
        }
    }

    @Test
    void anUpdateJustBeforeTheBeginLoadMakesTheReaderSpin() {
        Setup setup = Setup.of(Scenario.HOST, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(0);
        int begin = firstRealSeqLoad(setup);
        Run run = secondCallWithUpdateAt(setup, begin);
        SeqlockTrace t = SeqlockTrace.of(run.log(), Map.of());
        assertAgreesWithTheKernel(run, t);
        assertTrue(run.result().oddSpins() > 0, "seq was odd at the begin load");
        assertEquals(0, run.result().retries());
        assertNull(t.lastRetry());
    }

    @Test
    void withTheTickRacingEveryCallAgrees() {
        Setup setup = Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC).withTick(1_500);
        Machine m = new Machine(setup);
        List<Event> log = new ArrayList<>();
        m.setSink(log::add);
        long retries = 0;
        for (int i = 0; i < 200; i++) {
            log.clear();
            CallResult r = m.runCall();
            retries += r.retries();
            assertAgreesWithTheKernel(new Run(List.copyOf(log), r, -1), SeqlockTrace.of(log, Map.of()));
        }
        assertTrue(retries > 0, "the tick raced the reader");
    }
}

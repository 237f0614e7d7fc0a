package org.vdsoexplorer.sim.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.timing.Core;
import org.vdsoexplorer.sim.timing.CorePick;
import org.vdsoexplorer.sim.timing.TimingTable;

/**
 * The recorded call of the captured code (only the shipped capture: it runs on any machine): it returns the kernel's
 * time for every clock of both tasks, takes the instructions and warm cycles {@code live run} counts, and its path is
 * what its loads read (a namespace page before the data, pvclock's page, the counter read); a placed update makes it
 * retry, and one held open makes it wait on an odd seq first.
 */
class RealTraceTest {
    private static final Capture CAPTURE = CaptureFile.example();
    private static final Listing CODE = RealCode.listing(CAPTURE);
    private static final Core CORE = CorePick.pick(TimingTable.defaults(),
            new CorePick.Cpu(CAPTURE.cpu().vendor(), CAPTURE.cpu().family(), CAPTURE.cpu().model())).core();

    private static List<RealMark> marks(RealTrace t) { return t.path().stream().map(RealTrace.PathStep::mark).toList(); }

    @Test void everyClockOfEveryTaskReturnsTheKernelsTimeWithTheFiguresLiveRunPrints() {
        List<RealRows.Row> rows = RealRows.rows(CAPTURE, CODE, CORE, null, null);
        assertEquals(14, rows.size());
        for (RealRows.Row row : rows) {
            RealTrace t = RealTrace.record(CAPTURE, CODE, CORE, row.task(), row.id(), -1, -1);
            String what = row.task() + " " + row.clock();
            assertNull(t.stopped(), what);
            assertEquals(row.capturedNs(), t.returnedNs(), what + ": the captured clock_gettime() result, to the ns");
            assertEquals(0, t.rax(), what);
            assertEquals(row.instructions(), t.steps(), what);
            assertEquals(row.cycles(), t.frames().getLast().cyclesMilli() / 1000.0, 1e-9, what + ": the warm call's cycles");
            List<RealMark> m = marks(t);
            assertEquals(RealMark.CLOCK_ID, m.getFirst(), what);
            assertEquals(RealMark.RETURN, m.getLast(), what);
            assertTrue(m.indexOf(RealMark.SEQ_BEGIN) < m.indexOf(RealMark.SEQ_SAME), what);
            assertEquals(row.coarse(), !m.contains(RealMark.COUNTER), what + ": a coarse clock reads no counter");
            assertEquals(row.coarse(), !m.contains(RealMark.CLOCK_MODE), what);
            if (row.task().equals("timens")) {
                assertTrue(m.indexOf(RealMark.NAMESPACE_PAGE) >= 0 && m.indexOf(RealMark.NAMESPACE_PAGE) < m.indexOf(RealMark.SEQ_BEGIN),
                        what + ": the namespace page is found before the data page's seq is read");
            } else {
                assertFalse(m.contains(RealMark.NAMESPACE_PAGE), what);
            }
            assertEquals(0, t.retries(), what);
            assertTrue(t.reads().stream().noneMatch(r -> r.field().startsWith("+")), what + ": every field read is named: " + t.reads());
        }
    }

    @Test void theFramesAreTheMachineBeforeEachInstruction() {
        RealTrace t = RealTrace.record(CAPTURE, CODE, null, "host", RealTime.MONOTONIC, -1, -1);
        RealTrace.Frame first = t.frames().getFirst();
        assertEquals(RealTime.MONOTONIC, first.registers().get(Registers.RDI));
        assertEquals(RealMachine.TIMESPEC, first.registers().get(Registers.RSI));
        assertEquals(RealCode.symbol(CODE, RealCode.CLOCK_GETTIME), first.rip());
        assertEquals(List.of(RealMachine.CALLER_RETURN), first.stack(), "the caller's return address, and nothing below it yet");
        for (RealTrace.Frame f : t.frames()) {
            if (f.next() >= 0) assertEquals(CODE.get(f.next()).address(), f.rip(), "frame " + f.step());
        }
        assertEquals(-1, t.frames().getLast().next());
        assertEquals(RealMachine.CALLER_RETURN, t.frames().getLast().rip());
    }

    @Test void anUpdateBetweenTheSeqReadsMakesTheRealCodeReadAgain() {
        for (String task : CAPTURE.taskNames()) {
            RealTrace quiet = RealTrace.record(CAPTURE, CODE, null, task, RealTime.MONOTONIC, -1, -1);
            long begin = quiet.path().stream().filter(p -> p.mark() == RealMark.SEQ_BEGIN).findFirst().orElseThrow().step();
            RealTrace t = RealTrace.record(CAPTURE, CODE, null, task, RealTime.MONOTONIC, begin + 1, begin + 1);
            assertEquals(1, t.retries(), task + ": " + t.path());
            assertNull(t.stopped());
            assertEquals(quiet.capturedNs(), t.returnedNs(), task + ": the read after the retry is the updated pages' time, to the ns");
            RealTrace.PageBytes data = data(t.pagesAt(0)), updated = data(t.pagesAt(begin + 1));
            assertEquals(data.read(RealTime.SEQ, 4) + 2, updated.read(RealTime.SEQ, 4), task + ": vdso_write_begin and _end each add 1");
            assertTrue(t.steps() > quiet.steps(), task);

            RealTrace early = RealTrace.record(CAPTURE, CODE, null, task, RealTime.MONOTONIC, 0, 0);
            assertEquals(0, early.retries(), task + ": an update before the first seq read is no retry");
        }
    }

    @Test void anUpdateHeldOpenMakesTheReaderWaitOnAnOddSeqFirst() {
        RealTrace quiet = RealTrace.record(CAPTURE, CODE, null, "host", RealTime.MONOTONIC, -1, -1);
        long begin = quiet.path().stream().filter(p -> p.mark() == RealMark.SEQ_BEGIN).findFirst().orElseThrow().step();
        RealTrace t = RealTrace.record(CAPTURE, CODE, null, "host", RealTime.MONOTONIC, begin + 1, begin + 120);
        List<RealMark> m = marks(t);
        int retry = m.indexOf(RealMark.RETRY), odd = m.indexOf(RealMark.ODD_SPIN);
        assertTrue(retry >= 0 && odd > retry, m.toString());
        assertTrue(m.lastIndexOf(RealMark.SEQ_BEGIN) > odd, "after the writer ends, an even seq: " + m);
        assertTrue((data(t.pagesAt(begin + 1)).read(RealTime.SEQ, 4) & 1) == 1, "odd while the update is open");
        assertEquals(quiet.capturedNs(), t.returnedNs());
    }

    private static RealTrace.PageBytes data(List<RealTrace.PageBytes> pages) {
        return pages.stream().filter(p -> p.kind() == RealFields.Kind.DATA).findFirst().orElseThrow();
    }
}

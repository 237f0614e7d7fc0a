package org.vdsoexplorer.sim.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.cost.CostTable;

/**
 * The writer of the captured layout (kernel/time/vsyscall.c update_vsyscall(), v6.15+) placed inside a call of the
 * real code: placed between the reader's seq load and its recheck, the reader retries (a third seq load) and still
 * returns the kernel's time for its counter value; placed before the call, no retry. Only the shipped capture.
 */
class RealWriterTest {
    private static final Capture CAPTURE = CaptureFile.example();
    private static final Listing CODE = RealCode.listing(CAPTURE);

    @Test void anUpdateBetweenTheSeqLoadsMakesTheRealCodeRetry() {
        for (String task : CAPTURE.taskNames()) {
            Capture.Task t = CAPTURE.task(task).orElseThrow();
            RealTime ref = RealTime.of(t);
            long tsc = ref.tscFor(RealTime.MONOTONIC, t.clock(RealTime.MONOTONIC).orElseThrow().ns()).orElseThrow();
            long later = tsc - 5_000_000; // the tick that updates runs at a counter value a little before the reader's

            RealMachine quiet = new RealMachine(CAPTURE, CODE, task, CostTable.defaults(), null);
            RealMachine.Placed none = quiet.callWithUpdate(RealTime.MONOTONIC, tsc, -1, List.of());
            // the data page's seq read at the start and rechecked at the end; the namespace task reads its namespace page's seq first
            int quietLoads = task.equals("timens") ? 3 : 2;
            assertEquals(quietLoads, none.seqLoads(), task);
            long firstSeqStep = firstSeqLoad(quiet, tsc);

            RealMachine m = new RealMachine(CAPTURE, CODE, task, CostTable.defaults(), null);
            List<RealWriter.Store> update = RealWriter.update(m.space(), m.time(), later);
            assertTrue(update.getFirst().field().contains("seq (vdso_write_begin: odd)"));
            assertTrue(update.getLast().field().contains("seq (vdso_write_end: even)"));
            RealMachine.Placed p = m.callWithUpdate(RealTime.MONOTONIC, tsc, firstSeqStep + 1, update);
            assertEquals(quietLoads + 2, p.seqLoads(), task + ": the recheck saw a new seq, so the loop ran again (2 more seq loads)");
            assertEquals(m.time().at(RealTime.MONOTONIC, tsc).ns(), p.call().ns(), task + ": the retried read is the updated pages' time");
            assertEquals(none.call().ns(), p.call().ns(), task + ": an update moves the bases, not the time at a given counter value"
                    + " (to the ns: the shifted nanoseconds carry the fraction)");

            RealMachine before = new RealMachine(CAPTURE, CODE, task, CostTable.defaults(), null);
            RealMachine.Placed early = before.callWithUpdate(RealTime.MONOTONIC, tsc, 0, RealWriter.update(before.space(), before.time(), later));
            assertEquals(quietLoads, early.seqLoads(), task + ": an update before the call is no retry");
        }
    }

    /** The reader instruction index of the data page's first seq load in a quiet call (the one before the recheck). */
    private static long firstSeqLoad(RealMachine m, long tsc) {
        List<Long> at = new java.util.ArrayList<>();
        long[] n = {0};
        m.cpu().setSink(e -> {
            if (e instanceof org.vdsoexplorer.sim.event.Event.Retired) n[0]++;
            if (e instanceof org.vdsoexplorer.sim.event.Event.MemRead r && r.size() == 4 && m.isSeq(r.address())) at.add(n[0]);
        });
        m.enter(RealTime.MONOTONIC, tsc);
        while (!m.cpu().outsideText()) m.cpu().step();
        m.cpu().setSink(null);
        return at.get(at.size() - 2);
    }
}

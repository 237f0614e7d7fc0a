package org.vdsoexplorer.sim.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.cost.CostTable;

/**
 * The real code, checked against the machine, with only the shipped capture: for every clock the vDSO serves and
 * both tasks, the TSC value that the captured pages map to the clock_gettime() result read right after the copy
 * (found by {@link RealTime#tscFor}, the kernel's arithmetic written from its sources) is fed to the interpreter
 * running the captured __vdso_clock_gettime, which must return that result to the nanosecond, by the vDSO's own
 * path (no syscall) on this capture's kvm-clock with a stable pvclock page.
 */
class RealVdsoExactTest {
    private static final Capture CAPTURE = CaptureFile.example();
    private static final Listing CODE = RealCode.listing(CAPTURE);

    @Test void everyClockOfBothTasksReturnsTheCapturedTimeToTheNanosecond() {
        List<String> rows = new ArrayList<>();
        for (Capture.Task t : CAPTURE.tasks()) {
            RealTime ref = RealTime.of(t);
            assertEquals(RealTime.MODE_PVCLOCK, ref.clockMode(), "clocksource kvm-clock: VDSO_CLOCKMODE_PVCLOCK");
            assertTrue(ref.pvclockStable(), "the captured pvclock page says PVCLOCK_TSC_STABLE_BIT");
            RealMachine m = new RealMachine(CAPTURE, CODE, t.task(), CostTable.defaults(), null);
            for (Capture.Reading r : t.clocks()) {
                boolean coarse = ((RealTime.COARSE >>> r.id()) & 1) != 0;
                long tsc = coarse ? 0 : ref.tscFor(r.id(), r.ns()).orElseThrow(
                        () -> new AssertionError(t.task() + " " + r.clock() + ": no TSC value maps to " + r.ns()));
                RealMachine.Call c = m.call(r.id(), tsc);
                assertEquals(0, c.rax(), t.task() + " " + r.clock());
                assertFalse(c.fellBack(), t.task() + " " + r.clock() + " took the syscall");
                assertEquals(r.ns(), c.ns(), t.task() + " " + r.clock() + " at tsc " + tsc);
                rows.add(t.task() + " " + r.clock() + " " + RealTime.split(c.ns()) + " " + c.instructions());
            }
        }
        assertEquals(14, rows.size(), String.join("\n", rows));
    }

    @Test void theNamespaceTaskReadsItsOffsetsFromTheNamespacePage() {
        Capture.Task ns = CAPTURE.task("timens").orElseThrow();
        RealTime ref = RealTime.of(ns);
        assertEquals(500_000_000_000L, ref.offset(RealTime.MONOTONIC));
        assertEquals(1000_000_000_000L, ref.offset(RealTime.BOOTTIME));
        assertEquals(0, ref.offset(RealTime.REALTIME));
    }

    @Test void aTscOneTickLaterIsLaterAndTheCodeAgreesWithTheReference() {
        Capture.Task t = CAPTURE.task("host").orElseThrow();
        RealTime ref = RealTime.of(t);
        RealMachine m = new RealMachine(CAPTURE, CODE, "host", CostTable.defaults(), null);
        long tsc = ref.tscFor(RealTime.MONOTONIC, t.clock(RealTime.MONOTONIC).orElseThrow().ns()).orElseThrow();
        for (long d : new long[] {1, 1000, 2_000_000_000L}) {
            assertEquals(ref.at(RealTime.MONOTONIC, tsc + d).ns(), m.call(RealTime.MONOTONIC, tsc + d).ns());
        }
    }

    /**
     * The other paths the same code has, made by the kernel's own stores into the captured pages: without
     * PVCLOCK_TSC_STABLE_BIT vread_pvclock() gives up and the call takes the syscall; with clock_mode TSC the counter
     * is read directly (a counter just past cycle_last: the fast path; one behind it: the slow path's "negative delta"
     * answer, base >> shift); each agrees with the reference.
     */
    @Test void theFallbackAndTheTscPathsRunAndAgreeWithTheReference() {
        Capture.Task t = CAPTURE.task("host").orElseThrow();
        long tsc = RealTime.of(t).tscFor(RealTime.MONOTONIC, t.clock(RealTime.MONOTONIC).orElseThrow().ns()).orElseThrow();
        RealMachine unstable = new RealMachine(CAPTURE, CODE, "host", CostTable.defaults(), null);
        unstable.space().kernelWrite(unstable.space().address(Capture.VCLOCK, 0) + RealTime.PV_FLAGS, 1, 0);
        RealMachine.Call c = unstable.call(RealTime.MONOTONIC, tsc);
        assertTrue(c.fellBack(), "no stable bit: the syscall");
        assertEquals(t.clock(RealTime.MONOTONIC).orElseThrow().ns(), c.ns(), "the kernel's answer is the same time");

        RealMachine direct = new RealMachine(CAPTURE, CODE, "host", CostTable.defaults(), null);
        direct.space().kernelWrite(direct.space().address(Capture.VVAR, 0) + RealTime.MODE, 4, RealTime.MODE_TSC);
        long last = direct.space().read(direct.space().address(Capture.VVAR, 0) + RealTime.CYCLE_LAST, 8);
        for (long at : new long[] {last + 12_345, last - 5}) {
            for (int id : new int[] {RealTime.REALTIME, RealTime.MONOTONIC, RealTime.BOOTTIME}) {
                RealMachine.Call d = direct.call(id, at);
                assertFalse(d.fellBack());
                assertEquals(direct.time().at(id, at).ns(), d.ns(), "clock " + id + " at cycle_last " + (at - last));
                assertEquals(RealTime.Path.HRES, direct.time().at(id, at).path());
            }
        }
    }
}

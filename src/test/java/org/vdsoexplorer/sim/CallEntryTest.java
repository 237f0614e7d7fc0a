package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/** Before a call's first instruction the machine holds the caller loop's entry state, at the start and between calls. */
class CallEntryTest {

    private static void assertEntry(Machine m, Clock clock) {
        long[] r = m.cpu().cpu.r;
        assertFalse(m.inCall());
        assertEquals(clock.id, r[Registers.RDI]);
        assertEquals(Machine.TIMESPEC, r[Registers.RSI]);
        assertEquals(Machine.CALLER_RETURN, m.addressSpace().read(r[Registers.RSP], 8), "rsp at the return address");
        assertEquals(m.next().address(), m.cpu().cpu.rip, "rip at the entry point");
        assertEquals(m.listing().symbol(m.setup().scenario().entry().symbol()).orElseThrow(), m.cpu().cpu.rip);
    }

    @Test
    void entryStateAtTheStartAndAfterEachCall() {
        Setup setup = Setup.of(Scenario.TIMENS, Variant.TIMENS_NOINLINE, Clock.MONOTONIC);
        Machine m = new Machine(setup);
        assertEntry(m, Clock.MONOTONIC);
        long[] fresh = m.cpu().cpu.r.clone();
        long[] beforeRet = null;
        CallResult r = null;
        while (r == null) {
            beforeRet = m.cpu().cpu.r.clone();
            r = m.step();
        }
        // the call left values in caller-saved registers (rax, rcx, rdx, rsi, rdi, r8-r11) before returning
        boolean scratchUsed = false;
        for (int reg : new int[] {Registers.RAX, Registers.RCX, Registers.RDX, Registers.R8, Registers.R9, Registers.R10, Registers.R11}) {
            scratchUsed |= beforeRet[reg] != fresh[reg];
        }
        assertTrue(scratchUsed, "the call used scratch registers");
        assertEntry(m, Clock.MONOTONIC);
        assertArrayEquals(fresh, m.cpu().cpu.r, "call 2 starts from the same registers as call 1: no leftovers");
        assertEquals(0, r.ret());
        assertTrue(r.correct());
        m.runCall();
        assertArrayEquals(fresh, m.cpu().cpu.r);
    }

    @Test
    void aSnapshotBetweenCallsKeepsTheEntryState() {
        Timeline t = new Timeline(new Machine(Setup.of(Scenario.HOST, Variant.UNLIKELY, Clock.REALTIME)));
        t.runCall();
        long end = t.position();
        t.step();
        t.seek(end);
        assertEntry(t.machine(), Clock.REALTIME);
        t.seek(0);
        assertEntry(t.machine(), Clock.REALTIME);
    }
}

package org.vdsoexplorer.sim.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.ListingParser;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cpu.ExecutionException;
import org.vdsoexplorer.sim.cpu.Fault;

/** The captured address space faults as the machine does, and code outside the subset stops naming instruction and address. */
class RealMemoryTest {
    private static final Capture CAPTURE = CaptureFile.example();

    @Test void anUnbackedVvarSlotIsSigbusAndUnmappedMemorySigsegv() {
        Capture.Task host = CAPTURE.task("host").orElseThrow();
        RealSpace s = new RealSpace(host, 0);
        long vvar = host.mapping(Capture.VVAR).orElseThrow().start();
        Fault bus = assertThrows(Fault.class, () -> s.read(vvar + Capture.PAGE + 8, 8));
        assertEquals("SIGBUS", bus.signal());
        assertTrue(bus.getMessage().contains("[vvar] slot 1 is not backed"), bus.getMessage());
        assertEquals("SIGSEGV", assertThrows(Fault.class, () -> s.read(vvar - 8, 8)).signal());
        assertEquals("SIGSEGV", assertThrows(Fault.class, () -> s.write(vvar, 4, 1)).signal(), "vvar is read-only to user space");
        // the data page reads as captured: seq at offset 0
        assertEquals(java.nio.ByteBuffer.wrap(host.mapping(Capture.VVAR).orElseThrow().page(0).orElseThrow().bytes())
                .order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(0) & 0xffffffffL, s.read(vvar, 4));
    }

    @Test void anInstructionOutsideTheSubsetStopsNamingItAndItsAddress() {
        Capture.Task host = CAPTURE.task("host").orElseThrow();
        long at = host.mapping(Capture.VDSO).orElseThrow().start() + 0xb10;
        String text = String.format("%016x <__vdso_clock_gettime>:%n %x:\tcpuid%n %x:\tret%n", at, at, at + 2);
        Listing l = ListingParser.parse("x", "x.lst", text);
        RealMachine m = new RealMachine(CAPTURE, l, "host", CostTable.defaults(), null);
        ExecutionException e = assertThrows(ExecutionException.class, () -> m.call(1, 0));
        assertTrue(e.getMessage().startsWith("0x" + Long.toHexString(at) + " (__vdso_clock_gettime+0x0): x.lst:2: instruction 'cpuid' is outside the modelled"),
                e.getMessage());
    }
}

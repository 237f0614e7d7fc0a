package org.vdsoexplorer.sim.cpu;

import org.vdsoexplorer.sim.event.Location;

/** The address space the interpreter reads and writes. Little-endian; sizes 1, 2, 4, 8. */
public interface Memory {
    long read(long address, int size);

    void write(long address, int size, long value);

    /** What lives at {@code address}, typed (for events); a bare address unless the memory knows better. */
    default Location locate(long address) { return new Location.Address(address); }
}

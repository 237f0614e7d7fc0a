package org.vdsoexplorer.sim.kernel;

import org.vdsoexplorer.sim.event.Location;

/** An access to the task's stack at {@code address}. */
public record StackLocation(long address) implements Location {
    @Override public String label() { return "stack 0x" + Long.toHexString(address); }
}

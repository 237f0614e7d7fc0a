package org.vdsoexplorer.model.kernel;

import org.vdsoexplorer.model.event.Location;

/** An access to the task's stack at {@code address}. */
public record StackLocation(long address) implements Location {
    @Override public String label() { return "stack 0x" + Long.toHexString(address); }
}

package org.vdsoexplorer.sim.kernel;

import org.vdsoexplorer.sim.event.Location;

/**
 * An access to vvar slot {@code slot}: the {@code field} of the page backing it, or null when the slot is
 * not backed for the task.
 */
public record VvarLocation(int slot, Field field) implements Location {

    /** The kind of page in the slot, or null if the slot is unbacked. */
    public PageKind kind() { return field == null ? null : field.kind(); }

    /** True when this is a 32-bit-aligned seq field of a vdso_data (real or namespace page). */
    public boolean isSeq() { return field != null && field.isSeq(); }

    @Override
    public String label() {
        return field == null ? "vvar slot " + slot + " (unbacked)"
                : "vvar slot " + slot + " (" + field.kind().label() + ") " + field.name();
    }
}

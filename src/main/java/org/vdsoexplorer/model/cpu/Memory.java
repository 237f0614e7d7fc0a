package org.vdsoexplorer.model.cpu;

/** The address space the interpreter reads and writes. Little-endian; sizes 1, 2, 4, 8. */
public interface Memory {
    long read(long address, int size);

    void write(long address, int size, long value);

    /** A human name for what lives at {@code address} ("vvar slot 0 (VVAR) _vdso_data[0].seq"), for events. */
    default String describe(long address) { return "0x" + Long.toHexString(address); }
}

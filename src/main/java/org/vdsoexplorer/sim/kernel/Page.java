package org.vdsoexplorer.sim.kernel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.vdsoexplorer.sim.state.Derived;

/**
 * One 4 KiB page of kernel-owned memory, little-endian. Mutable; its bytes are copied for snapshots (memory, so
 * not a {@code StepState}: a page shares one copy between snapshots while it is unchanged).
 */
public final class Page {
    public static final int SIZE = 4096;
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

    private final PageKind kind;
    final byte[] bytes;
    /**
     * A copy equal to the page's bytes, shared by every snapshot taken since the last write (null after a
     * write). Most pages do not change between snapshots (the vvar page changes only on writer updates,
     * only the top of the stack moves), so snapshots share their copies instead of allocating new ones.
     */
    @Derived("cache: a copy equal to the bytes (dropped on write); the bytes are saved through snapshotBytes()")
    private byte[] clean;

    public Page(PageKind kind) {
        this(kind, new byte[SIZE]);
    }

    private Page(PageKind kind, byte[] bytes) {
        this.kind = kind;
        this.bytes = bytes;
    }

    public PageKind kind() { return kind; }

    public long read(int off, int size) {
        return switch (size) {
            case 8 -> (long) I64.get(bytes, off);
            case 4 -> ((int) I32.get(bytes, off)) & 0xffffffffL;
            case 2 -> ((short) I16.get(bytes, off)) & 0xffffL;
            default -> bytes[off] & 0xffL;
        };
    }

    public void write(int off, int size, long v) {
        clean = null;
        switch (size) {
            case 8 -> I64.set(bytes, off, v);
            case 4 -> I32.set(bytes, off, (int) v);
            case 2 -> I16.set(bytes, off, (short) v);
            default -> bytes[off] = (byte) v;
        }
    }

    /** The page's bytes as an array nobody may modify (shared between snapshots while the page is unchanged). */
    public byte[] snapshotBytes() {
        if (clean == null) clean = bytes.clone();
        return clean;
    }

    /** Sets the page to {@code b}, an array from {@link #snapshotBytes()} (kept as the clean copy). */
    public void restoreBytes(byte[] b) {
        System.arraycopy(b, 0, bytes, 0, SIZE);
        clean = b;
    }
}

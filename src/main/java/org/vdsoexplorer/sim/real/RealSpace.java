package org.vdsoexplorer.sim.real;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.sim.cpu.Fault;
import org.vdsoexplorer.sim.cpu.Memory;

/**
 * A captured task's address space as its vDSO code sees it: the task's [vvar], [vvar_vclock] and [vdso] pages
 * (read-only; a slot no page backs raises SIGBUS, as vvar_fault() answers VM_FAULT_SIGBUS), one stack page,
 * and nothing else: any other address is SIGSEGV. The mappings sit at the task's own addresses moved by
 * {@code delta} (0 for the task whose code the listing is; another task's are moved next to that code, so the
 * RIP-relative references of the one listing reach them). {@link #kernelWrite} is the kernel's store into a vvar
 * page (the writer), which user space cannot make.
 */
public final class RealSpace implements Memory {
    public static final long STACK_TOP = 0x7ffd_f000_0000L;
    public static final int STACK_SIZE = Capture.PAGE;

    /** One mapped page: its mapping, slot, start and bytes (null: unbacked). */
    public record Region(String mapping, int slot, long start, byte[] bytes) {}

    private final List<Region> regions = new ArrayList<>();
    private final byte[] stack = new byte[STACK_SIZE];

    public RealSpace(Capture.Task task, long delta) {
        for (Capture.Mapping m : task.mappings()) {
            for (Capture.Page p : m.pages()) {
                regions.add(new Region(m.name(), p.slot(), m.start() + delta + (long) p.slot() * Capture.PAGE,
                        p.bytes() == null ? null : p.bytes().clone()));
            }
        }
    }

    public List<Region> regions() { return List.copyOf(regions); }

    /** The page at {@code address}, or null if none is mapped there (the stack is not a region). */
    public Region region(long address) {
        for (Region r : regions) if (address >= r.start() && address < r.start() + Capture.PAGE) return r;
        return null;
    }

    /** The start address of {@code mapping}'s slot {@code slot}, or -1. */
    public long address(String mapping, int slot) {
        for (Region r : regions) if (r.mapping().equals(mapping) && r.slot() == slot) return r.start();
        return -1;
    }

    @Override public long read(long address, int size) {
        long v = 0;
        for (int i = 0; i < size; i++) v |= (byteAt(address + i) & 0xffL) << (8 * i);
        return v;
    }

    private byte byteAt(long a) {
        long so = a - (STACK_TOP - STACK_SIZE);
        if (so >= 0 && so < STACK_SIZE) return stack[(int) so];
        Region r = region(a);
        if (r == null) throw new Fault("SIGSEGV", a, "read of unmapped address");
        if (r.bytes() == null) throw new Fault("SIGBUS", a, r.mapping() + " slot " + r.slot() + " is not backed for this task");
        return r.bytes()[(int) (a - r.start())];
    }

    @Override public void write(long address, int size, long value) {
        for (int i = 0; i < size; i++) {
            long a = address + i;
            long so = a - (STACK_TOP - STACK_SIZE);
            if (so >= 0 && so < STACK_SIZE) {
                stack[(int) so] = (byte) (value >>> (8 * i));
                continue;
            }
            Region r = region(a);
            throw new Fault("SIGSEGV", a, r == null ? "write of unmapped address" : "write to " + r.mapping() + ", read-only to user space");
        }
    }

    /** The kernel's store into a mapped page (update_vsyscall()); user space cannot write there. */
    public void kernelWrite(long address, int size, long value) {
        for (int i = 0; i < size; i++) {
            Region r = region(address + i);
            if (r == null || r.bytes() == null) throw new IllegalArgumentException("no backed page at 0x" + Long.toHexString(address + i));
            r.bytes()[(int) (address + i - r.start())] = (byte) (value >>> (8 * i));
        }
    }

    /** The current bytes of a mapped page (a copy), or null if unbacked or unmapped. */
    public byte[] page(String mapping, int slot) {
        for (Region r : regions) if (r.mapping().equals(mapping) && r.slot() == slot) return r.bytes() == null ? null : r.bytes().clone();
        return null;
    }

    public boolean userWritable(long address, int size) {
        long so = address - (STACK_TOP - STACK_SIZE);
        return so >= 0 && so + size <= STACK_SIZE;
    }
}

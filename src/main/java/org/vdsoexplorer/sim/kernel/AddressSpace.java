package org.vdsoexplorer.sim.kernel;

import org.vdsoexplorer.sim.cpu.Fault;
import org.vdsoexplorer.sim.cpu.Memory;
import org.vdsoexplorer.sim.event.Location;
import org.vdsoexplorer.sim.state.Derived;

/**
 * A task's user address space as the vDSO code sees it: four vvar slots just below the vDSO text (the
 * layout of vdso-layout.lds.S), the text itself, and a stack. Which page backs each slot is the
 * kernel's choice; an unbacked slot faults with SIGBUS when touched, as the v5.6 vvar fault handler does.
 */
public final class AddressSpace implements Memory {
    public static final int SLOTS = 4;
    public static final long STACK_TOP = 0x7ffd_f000_0000L;
    /**
     * Two pages: the caller's frame, the timespec and every modelled call fit in the top one (the listings, the caller
     * loop and the interpreter's test programs all run within it), and a buffer may straddle the two; below them nothing
     * is mapped and an access faults (SIGSEGV), where a real process would have more stack. The model maps only what the
     * code it runs uses, so a stray address faults instead of reading zeros.
     */
    public static final int STACK_SIZE = 8 * 1024;

    /** Told about each 32-bit read of a vdso_data seq field (the model's seqlock probe). */
    public interface SeqProbe {
        void seqRead(int slot, Page page, int base, long value);
    }

    private final long vvarStart;
    private final long textStart, textEnd;
    private final Page[] slots = new Page[SLOTS];
    private final Page[] stackPages = new Page[STACK_SIZE / Page.SIZE];
    @Derived("wiring: the kernel's seqlock probe, set once")
    private SeqProbe probe;
    /**
     * The {@link #locate} answer per vvar and stack byte, made on first use (immutable records, so one per address
     * serves every event: with a sink attached each access would otherwise allocate one or two objects).
     */
    @Derived("cache: immutable answers made on first use, the same for every state")
    private Location[] vvarLocations, stackLocations;

    public AddressSpace(long textStart, long textEnd) {
        this.textStart = textStart;
        this.textEnd = textEnd;
        // the image starts at the page holding the text (ELF headers first); vvar_start = image - 4 pages
        this.vvarStart = (textStart & ~0xfffL) - (long) SLOTS * Page.SIZE;
        for (int i = 0; i < stackPages.length; i++) stackPages[i] = new Page(PageKind.VVAR); // plain storage
    }

    public long vvarStart() { return vvarStart; }

    public long slotAddress(int slot) { return vvarStart + (long) slot * Page.SIZE; }

    public void map(int slot, Page page) {
        slots[slot] = page;
        if (vvarLocations != null) java.util.Arrays.fill(vvarLocations, slot * Page.SIZE, (slot + 1) * Page.SIZE, null);
    }

    public Page slot(int slot) { return slots[slot]; }

    public void setProbe(SeqProbe probe) { this.probe = probe; }

    /** An access that crosses a 4 KiB page: byte by byte, each from its own page; a fault names the first bad byte. */
    private long readSplit(long address, int size) {
        long v = 0;
        for (int i = 0; i < size; i++) v |= read(address + i, 1) << (8 * i);
        return v;
    }

    @Override
    public long read(long address, int size) {
        long off = address - vvarStart;
        if (off >= 0 && off < (long) SLOTS * Page.SIZE) {
            int slot = (int) (off >>> 12), po = (int) (off & 0xfff);
            if (po + size > Page.SIZE) return readSplit(address, size);
            Page p = slots[slot];
            if (p == null) throw unbacked(address, slot);
            long v = p.read(po, size);
            if (probe != null && size == 4 && (p.kind() == PageKind.VVAR || p.kind() == PageKind.TIMENS)) {
                int rel = po - DataLayout.VDSO_DATA_OFFSET;
                if (rel == 0 || rel == DataLayout.VDSO_DATA_SIZE) probe.seqRead(slot, p, rel == 0 ? 0 : 1, v);
            }
            return v;
        }
        long so = address - (STACK_TOP - STACK_SIZE);
        if (so >= 0 && so + size <= STACK_SIZE) {
            int po = (int) (so & 0xfff);
            return po + size > Page.SIZE ? readSplit(address, size) : stackPages[(int) (so >>> 12)].read(po, size);
        }
        throw segv(address, "read");
    }

    @Override
    public void write(long address, int size, long value) {
        long so = address - (STACK_TOP - STACK_SIZE);
        if (so >= 0 && so + size <= STACK_SIZE) {
            int po = (int) (so & 0xfff);
            if (po + size <= Page.SIZE) stackPages[(int) (so >>> 12)].write(po, size, value);
            else for (int i = 0; i < size; i++) write(address + i, 1, value >>> (8 * i)); // crosses a page, all in the stack
            return;
        }
        long off = address - vvarStart;
        if (off >= 0 && off < (long) SLOTS * Page.SIZE) {
            throw new Fault("SIGSEGV", address, "the vvar pages are read-only to user space");
        }
        throw segv(address, "write");
    }

    private Fault unbacked(long address, int slot) {
        return new Fault("SIGBUS", address, "vvar slot " + slot + " is not backed for this task");
    }

    private Fault segv(long address, String what) {
        if (address >= textStart && address < textEnd) {
            return new Fault("SIGSEGV", address, what + " of the vDSO text is not modelled");
        }
        return new Fault("SIGSEGV", address, what + " of unmapped address");
    }

    /** True if user memory [address, address+size) is writable (for the kernel's copy_to_user). */
    public boolean userWritable(long address, int size) {
        long so = address - (STACK_TOP - STACK_SIZE);
        return so >= 0 && so + size <= STACK_SIZE;
    }

    @Override
    public Location locate(long address) {
        long off = address - vvarStart;
        if (off >= 0 && off < (long) SLOTS * Page.SIZE) {
            if (vvarLocations == null) vvarLocations = new Location[SLOTS * Page.SIZE];
            Location l = vvarLocations[(int) off];
            if (l == null) {
                int slot = (int) (off >>> 12);
                Page p = slots[slot];
                l = new VvarLocation(slot, p == null ? null : new Field(p.kind(), (int) (off & 0xfff)));
                vvarLocations[(int) off] = l;
            }
            return l;
        }
        long so = address - (STACK_TOP - STACK_SIZE);
        if (so >= 0 && so < STACK_SIZE) {
            if (stackLocations == null) stackLocations = new Location[STACK_SIZE];
            Location l = stackLocations[(int) so];
            if (l == null) {
                l = new StackLocation(address);
                stackLocations[(int) so] = l;
            }
            return l;
        }
        return new Location.Address(address);
    }

    /** Which slot an address falls in, or -1. */
    public int slotOf(long address) {
        long off = address - vvarStart;
        return off >= 0 && off < (long) SLOTS * Page.SIZE ? (int) (off >>> 12) : -1;
    }

    byte[][] saveStack() {
        byte[][] s = new byte[stackPages.length][];
        for (int i = 0; i < s.length; i++) s[i] = stackPages[i].snapshotBytes();
        return s;
    }

    void restoreStack(byte[][] s) {
        for (int i = 0; i < s.length; i++) stackPages[i].restoreBytes(s[i]);
    }
}

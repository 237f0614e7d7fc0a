package org.vdsoexplorer.session;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.dispatch.Dispatch;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.PageKind;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.Pipeline;

/**
 * What the views draw, read from the model once per refresh: an immutable value (records, unmodifiable lists, page
 * bytes nobody writes) that {@link Session#snapshot()} builds after the model moved and every view reads instead of
 * the machine, as Ripes' views see the processor through an interface. The app may not touch the simulator's mutable
 * types at all (ArchitectureTest's {@code viewsReadOnlyTheSnapshot}); tests build one with the constructor.
 *
 * @param machine          which model instance this shows: a new number after a load, reset or adopted session
 * @param position         reader steps since the start (the session's global position)
 * @param earliest         the earliest position step-back reaches
 * @param callStart        the position of reader step 0 of the call in {@link #callLog}
 * @param next             the instruction the next step executes (the entry point between calls)
 * @param callLog          the events of the call in progress (or of the last finished one, between calls)
 * @param lastCallLog      the events of the last call that finished as the model ran forward (empty after a seek)
 * @param callCategoryMilli milli-cycles of the current (or last) call by category, every category present
 * @param otherTask        the other task's pages on the same kernel (a host task beside a namespace task), or null
 * @param otherScenario    that task's scenario, or null
 * @param referenceNow     a namespace task's kernel reference time {sec, nsec} at the call's counter read while a call
 *                         is in progress, else null
 * @param pipeline         the pipeline timing model's rows, or null with the additive model
 */
public record ModelSnapshot(long machine, Setup setup, Listing listing, long position, long earliest, long callStart, boolean inCall,
                            Instruction next, Counters counters, RegisterFile registers, Stack stack, Seqlock seqlock,
                            VvarPages pages, VvarPages otherTask, Scenario otherScenario, List<Event> callLog,
                            List<Event> lastCallLog, Map<Category, Long> callCategoryMilli, Spills spills, Paths paths,
                            CallResult lastCall, List<Long> referenceNow, PipelineRows pipeline) {

    /** {@code callLog} and {@code lastCallLog} are kept, not copied: they must not change (the session passes prefixes of logs it only appends to). */
    public ModelSnapshot {
        callLog = Collections.unmodifiableList(callLog);
        lastCallLog = Collections.unmodifiableList(lastCallLog);
        callCategoryMilli = Map.copyOf(callCategoryMilli);
        referenceNow = referenceNow == null ? null : List.copyOf(referenceNow);
    }

    /** The call in progress, or the last one between calls (0 before the first). */
    public long callNumber() { return inCall ? counters.calls() + 1 : counters.calls(); }

    /** The seconds a time namespace adds to clock {@code c} in this model (the kernel's offsets). */
    public static long namespaceOffsetSec(org.vdsoexplorer.sim.kernel.Clock c) {
        return org.vdsoexplorer.sim.kernel.Kernel.nsOffsetSec(c);
    }

    /** Milli-cycles of {@code c} in the current (or last) call. */
    public long callCategoryMilli(Category c) { return callCategoryMilli.getOrDefault(c, 0L); }

    /** The model's counters: totals, and the call in progress (or the last call, between calls). */
    public record Counters(long calls, long retries, long oddSpins, long fallbacks, long cyclesMilli, long instructions,
                           long callCyclesMilli, long callInstructions) {}

    /** The reader's general registers (by {@link org.vdsoexplorer.sim.asm.Registers} number), rip and rflags. */
    public record RegisterFile(List<Long> general, long rip, long rflags) {
        public RegisterFile {
            general = List.copyOf(general);
        }

        public long get(int reg) { return general.get(reg); }
    }

    /**
     * The stack from the caller's return address ({@code top}) down to {@code rsp}: {@code words.get(i)} is the
     * quadword at {@code top - 8 i}. {@code rsp} is {@code top + 8} (no words) when the stack pointer is outside the
     * caller's frame and the bounded window below it.
     */
    public record Stack(long top, long rsp, List<Long> words) {
        public Stack {
            words = List.copyOf(words);
        }

        public long address(int i) { return top - 8L * i; }
    }

    /** The seqlock as the kernel holds it: the data page's seq, this call's retries and odd spins, the writer. */
    public record Seqlock(long seq, int callRetries, int callOddSpins, int updateCount, long tickMilli,
                          boolean writerActive) {}

    /** Reader pushes and pops of general registers in the current call (its return address excluded). */
    public record Spills(int push, int pop) {}

    /** The dispatch paths of the finished calls: the last one's, and how many calls took each edge and node. */
    public record Paths(List<Dispatch.Node> lastPath, Map<Dispatch.Edge, Long> edgeCounts,
                        Map<Dispatch.Node, Long> nodeCounts) {
        public Paths {
            lastPath = List.copyOf(lastPath);
            edgeCounts = Map.copyOf(edgeCounts);
            nodeCounts = Map.copyOf(nodeCounts);
        }
    }

    /**
     * A task's vvar slots ({@link #SLOTS} pages just below the vDSO text at {@code vvarStart}); an unbacked slot is
     * null.
     */
    public record VvarPages(long vvarStart, List<PageImage> slots) {
        public static final int SLOTS = org.vdsoexplorer.sim.kernel.AddressSpace.SLOTS;

        public VvarPages {
            if (slots.size() != SLOTS) throw new IllegalArgumentException(slots.size() + " slots, not " + SLOTS);
            slots = Collections.unmodifiableList(new java.util.ArrayList<>(slots)); // nulls allowed: unbacked
        }

        /** The page in {@code slot}, or null if the slot is unbacked. */
        public PageImage slot(int slot) { return slots.get(slot); }

        public long slotAddress(int slot) { return vvarStart + (long) slot * PageImage.SIZE; }

        /** Which slot {@code address} falls in, or -1. */
        public int slotOf(long address) {
            long off = address - vvarStart;
            return off >= 0 && off < (long) SLOTS * PageImage.SIZE ? (int) (off / PageImage.SIZE) : -1;
        }

        /** The slot's page offset of {@code address}. */
        public int offsetIn(int slot, long address) { return (int) (address - slotAddress(slot)); }
    }

    /** One vvar page's bytes at the snapshot, little-endian; never written (the model's copy-on-write page copy). */
    public static final class PageImage {
        public static final int SIZE = org.vdsoexplorer.sim.kernel.Page.SIZE;
        private final PageKind kind;
        private final ByteBuffer bytes;
        /** The array {@link #bytes} reads (never written): the session reuses an image while its page keeps that copy. */
        private final byte[] source;

        /** {@code bytes} must not be modified afterwards (the model hands out such copies: Page.snapshotBytes). */
        public PageImage(PageKind kind, byte[] bytes) {
            if (bytes.length != SIZE) throw new IllegalArgumentException(bytes.length + " bytes, not a page");
            this.kind = kind;
            this.source = bytes;
            this.bytes = ByteBuffer.wrap(bytes).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
        }

        public PageKind kind() { return kind; }

        /** The unsigned value of {@code size} (1, 2, 4 or 8) bytes at page offset {@code off}. */
        public long read(int off, int size) {
            return switch (size) {
                case 8 -> bytes.getLong(off);
                case 4 -> Integer.toUnsignedLong(bytes.getInt(off));
                case 2 -> Short.toUnsignedLong(bytes.getShort(off));
                default -> Byte.toUnsignedLong(bytes.get(off));
            };
        }

        boolean shows(byte[] b) { return source == b; }

        /** True when both show the same bytes of the same kind of page. */
        public boolean sameAs(PageImage o) { return o != null && kind == o.kind && bytes.equals(o.bytes); }
    }

    /**
     * The pipeline model's timeline rows the view draws: the call in progress, or the last call right after it ended.
     * {@code counterRead}: the row is an rdtsc/rdtscp; {@code hidden}: a push that finished while a counter read was
     * executing (its cost under the read's latency), as the pipeline model decides.
     */
    public record PipelineRows(List<Row> rows) {
        public PipelineRows {
            rows = List.copyOf(rows);
        }

        public record Row(Pipeline.Slot slot, boolean counterRead, boolean hidden) {}
    }
}

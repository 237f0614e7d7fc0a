package org.vdsoexplorer.session;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.RandomAccess;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.OtherTask;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cpu.Category;
import org.vdsoexplorer.sim.cpu.Cpu;
import org.vdsoexplorer.sim.dispatch.PathStats;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Kernel;
import org.vdsoexplorer.sim.kernel.Page;
import org.vdsoexplorer.sim.timing.Pipeline;

/**
 * Builds a session's {@link ModelSnapshot} from its machine through the model's public getters, copying only what the
 * views draw, and reusing the parts of the previous snapshot that did not change (pages whose copy-on-write copy is
 * the same array, the other task's pages, the dispatch counts until a call ends, the pipeline rows while equal). The
 * call's event log is not copied: the snapshot holds a fixed-length prefix of a list the session only appends to.
 */
final class SnapshotTaker {
    /** The stack words a snapshot holds at most (from the caller's return address down). */
    static final int STACK_WORDS = 64;

    private ModelSnapshot last;
    /** The other task beside the current setup's, built once per setup (its pages never change). */
    private Setup otherFor;
    private ModelSnapshot.VvarPages otherPages;
    private org.vdsoexplorer.sim.kernel.Scenario otherScenario;
    private long pathsVersionShown = -1;
    private final long[] categories = new long[Category.values().length];

    /** A snapshot of {@code s} now. */
    ModelSnapshot take(Session s) {
        Machine m = s.machine();
        Setup setup = m.setup();
        Cpu cpu = m.cpu().cpu;
        long[] general = Arrays.copyOf(cpu.r, Registers.COUNT);
        List<Long> regs = new ArrayList<>(general.length);
        for (long v : general) regs.add(v);
        ModelSnapshot.RegisterFile registers = new ModelSnapshot.RegisterFile(regs, cpu.rip, cpu.rflags());
        Kernel k = m.kernel();
        ModelSnapshot.Seqlock seqlock = new ModelSnapshot.Seqlock(k.seq(), k.callRetries(), k.callOddSpins(),
                k.updateCount(), k.tickMilli(), k.writerActive());
        m.cpu().categoryMillis(categories);
        long[] atStart = s.categoryAtCallStart();
        EnumMap<Category, Long> byCategory = new EnumMap<>(Category.class);
        for (Category c : Category.values()) byCategory.put(c, categories[c.ordinal()] - atStart[c.ordinal()]);
        ModelSnapshot.Counters counters = new ModelSnapshot.Counters(m.calls(), m.retries(), m.oddSpins(), m.fallbacks(),
                m.cyclesMilli(), m.instructions(), m.callCyclesMilli(), m.callInstructions());
        if (otherFor == null || !otherFor.equals(setup)) {
            otherFor = setup;
            OtherTask o = OtherTask.of(m);
            otherScenario = o == null ? null : o.scenario();
            otherPages = o == null ? null : pages(o.addressSpace(), null);
        }
        List<Event> log = Prefix.of(s.callLogList());
        List<Event> lastLog = !log.isEmpty() && log.getLast() instanceof Event.CallEnd ? log : s.lastCallLog();
        int push = 0, pop = 0;
        for (Event e : log) {
            if (e instanceof Event.Push p && p.reg() >= 0) push++;
            if (e instanceof Event.Pop p && p.reg() >= 0) pop++;
        }
        ModelSnapshot.Paths paths = pathsVersionShown == s.pathsVersion() && last != null ? last.paths() : paths(s.paths());
        pathsVersionShown = s.pathsVersion();
        last = new ModelSnapshot(s.machineNumber(), setup, m.listing(), s.position(), s.earliest(), s.callStart(), m.inCall(), m.next(),
                counters, registers, stack(m, cpu.r[Registers.RSP]), seqlock,
                pages(m.addressSpace(), last == null ? null : last.pages()), otherPages, otherScenario, log, lastLog,
                byCategory, new ModelSnapshot.Spills(push, pop), paths, m.lastCall(), referenceNow(m),
                pipeline(m, last == null ? null : last.pipeline()));
        return last;
    }

    private static ModelSnapshot.Stack stack(Machine m, long rsp) {
        long top = Machine.STACK_START - 8;
        if (rsp > Machine.STACK_START || rsp < Machine.STACK_START - 8L * STACK_WORDS) rsp = Machine.STACK_START;
        List<Long> words = new ArrayList<>();
        for (long a = top; a >= rsp; a -= 8) words.add(m.addressSpace().read(a, 8));
        return new ModelSnapshot.Stack(top, rsp, words);
    }

    /** {@code as}'s slots, reusing {@code before} (or its pages) where the page's bytes are the same copy. */
    private static ModelSnapshot.VvarPages pages(AddressSpace as, ModelSnapshot.VvarPages before) {
        List<ModelSnapshot.PageImage> slots = new ArrayList<>(AddressSpace.SLOTS);
        boolean same = before != null && before.vvarStart() == as.vvarStart();
        for (int i = 0; i < AddressSpace.SLOTS; i++) {
            Page p = as.slot(i);
            ModelSnapshot.PageImage was = before == null ? null : before.slot(i);
            if (p == null) {
                slots.add(null);
                same &= was == null;
                continue;
            }
            byte[] b = p.snapshotBytes(); // the same array while the page is unchanged
            ModelSnapshot.PageImage img = was != null && was.kind() == p.kind() && was.shows(b) ? was
                    : new ModelSnapshot.PageImage(p.kind(), b);
            same &= img == was;
            slots.add(img);
        }
        return same ? before : new ModelSnapshot.VvarPages(as.vvarStart(), slots);
    }

    private static ModelSnapshot.Paths paths(PathStats p) {
        return new ModelSnapshot.Paths(p.lastPath(), p.edgeCounts(), p.nodeCounts());
    }

    /** A namespace task's reference time at the call's counter read, while a call runs (the pages view's sum). */
    private static List<Long> referenceNow(Machine m) {
        if (!m.inCall() || !m.setup().scenario().namespace()) return null;
        Clock c = m.setup().clock();
        Kernel k = m.kernel();
        long[] r = c.coarse() ? k.coarseReference(c, k.validatedSeq()) : k.reference(c, k.lastTsc());
        return r == null ? null : List.of(r[0], r[1]);
    }

    private static ModelSnapshot.PipelineRows pipeline(Machine m, ModelSnapshot.PipelineRows before) {
        Pipeline p = m.pipeline();
        if (p == null) return null;
        List<Pipeline.Slot> current = p.currentRows();
        List<Pipeline.Slot> shown = current.isEmpty() ? p.lastRows() : current;
        if (before != null && before.rows().size() == shown.size()) {
            boolean equal = true;
            for (int i = shown.size() - 1; i >= 0 && equal; i--) equal = before.rows().get(i).slot().equals(shown.get(i));
            if (equal) return before;
        }
        List<Pipeline.Slot> context = new ArrayList<>(p.lastRows());
        context.addAll(shown);
        List<ModelSnapshot.PipelineRows.Row> rows = new ArrayList<>(shown.size());
        for (Pipeline.Slot r : shown) {
            boolean push = m.listing().get(r.index()).text().startsWith("push");
            rows.add(new ModelSnapshot.PipelineRows.Row(r, p.isCounterRead(r), push && p.underCounterRead(r, context)));
        }
        return new ModelSnapshot.PipelineRows(rows);
    }

    /**
     * The first {@code size} events of a log that is only ever appended to (the session starts a new list rather than
     * clearing one): a fixed view that later appends do not change, so a snapshot holds it without copying.
     */
    static final class Prefix extends AbstractList<Event> implements RandomAccess {
        private final List<Event> backing;
        private final int size;

        private Prefix(List<Event> backing, int size) {
            this.backing = backing;
            this.size = size;
        }

        static List<Event> of(List<Event> appendOnly) { return new Prefix(appendOnly, appendOnly.size()); }

        @Override public Event get(int i) {
            java.util.Objects.checkIndex(i, size);
            return backing.get(i);
        }

        @Override public int size() { return size; }
    }
}

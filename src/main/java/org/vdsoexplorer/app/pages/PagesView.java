package org.vdsoexplorer.app.pages;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.VPos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.app.common.Clipped;
import org.vdsoexplorer.app.common.Flash;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.model.CallResult;
import org.vdsoexplorer.model.Machine;
import org.vdsoexplorer.model.OtherTask;
import org.vdsoexplorer.model.Setup;
import org.vdsoexplorer.model.asm.Instruction;
import org.vdsoexplorer.model.event.Event;
import org.vdsoexplorer.model.kernel.AddressSpace;
import org.vdsoexplorer.model.kernel.Clock;
import org.vdsoexplorer.model.kernel.DataLayout;
import org.vdsoexplorer.model.kernel.Field;
import org.vdsoexplorer.model.kernel.Kernel;
import org.vdsoexplorer.model.kernel.Page;
import org.vdsoexplorer.model.kernel.PageKind;
import org.vdsoexplorer.model.kernel.Scenario;
import org.vdsoexplorer.model.kernel.VvarLocation;
import org.vdsoexplorer.viewmodel.Session;

/**
 * Time-namespace page ordering, two tasks on one kernel side by side: the running task's address space
 * as the vDSO code sees it (the four vvar slots, the page each holds or unbacked, and the vDSO text) with
 * the fields the code reads and their current values, the field read by the last step lit and the
 * pointer the code follows through the slots this call (numbered runs of reads, arrows between them);
 * beside it, slot for slot, the other kind of task on the same kernel (a host task beside a namespace
 * task and the reverse), from a second model instance of that scenario. Below, the namespace offset
 * being added: host time + offset[clk] = namespace time, with the model's values.
 * Projected from the machines' AddressSpace pages and the call's MemRead / CallEnd events.
 */
public final class PagesView extends BorderPane {
    /** Rows of the grid: slots 0..3, then the vDSO text. */
    private static final int TEXT_ROW = AddressSpace.SLOTS;
    private static final int FIELDS = 8;
    private static final int TRAIL = HopGutter.MAX_RUNS;

    private static final PseudoClass LIT = PseudoClass.getPseudoClass("lit");
    private static final PseudoClass ODD = PseudoClass.getPseudoClass("odd");
    private static final PseudoClass SHARED = PseudoClass.getPseudoClass("shared");
    private static final PseudoClass NONE = PseudoClass.getPseudoClass("none");
    private static final PseudoClass UNBACKED = PseudoClass.getPseudoClass("unbacked");
    private static final PseudoClass TEXT = PseudoClass.getPseudoClass("text");
    private static final Map<PageKind, PseudoClass> KIND = new EnumMap<>(PageKind.class);

    static {
        for (PageKind k : PageKind.values()) KIND.put(k, PseudoClass.getPseudoClass(k.name().toLowerCase(Locale.ROOT)));
    }

    private final Session session;
    private SlotGrid grid;
    private final Label task = new Label(), other = new Label();
    private org.vdsoexplorer.app.common.Tips.Lazy taskTip, otherTip;
    private final Region runningColumn = new Region(), otherColumn = new Region();
    private final Label lastRead = new Label();
    private final HBox trail = new HBox(4);
    private final Label trailTitle = new Label("path:");
    private final List<Label> trailRuns = new ArrayList<>();
    /** The offset addition: three rows (host time, + offset, = namespace time) of sign, value, what it is. */
    private final javafx.scene.layout.GridPane offset = new javafx.scene.layout.GridPane();
    private final Label[] eqValue = new Label[3], eqWhat = new Label[3];
    private final RunningCell[] cells = new RunningCell[AddressSpace.SLOTS];
    private final OtherCell[] others = new OtherCell[AddressSpace.SLOTS];
    private final RunningText text = new RunningText();
    private final Label otherText = new Label("vDSO text"), otherTextNote = new Label();
    private final HopGutter gutter;

    /** The machine the cells show (retargeted on reset or a new setup). */
    private Machine builtFor;
    /** The other task on the same kernel, built once per setup; null if the model has none for it. */
    private Setup siblingFor;
    private AddressSpace sibling;
    private Scenario siblingScenario;

    // the shown state, for tests
    private final String[] kindText = new String[AddressSpace.SLOTS], otherKindText = new String[AddressSpace.SLOTS];
    private int litSlot = -1;
    private String litField = "";
    private int[] hops = new int[0];
    private OffsetSum sum;

    /** Reduced motion for all pages views (set from the window's toggle). */
    private static volatile boolean reducedMotionAll;

    /**
     * The namespace offset being added, with the model's values: {@code host} (the host time of this
     * call's clock at this call's counter read), {@code offset} (offset[clk] as the code read it from the
     * namespace page, or as the namespace page holds it), {@code sum} = host + offset normalised,
     * {@code returned} the time the call returned (null while the call runs). Each a {sec, nsec} pair.
     */
    public record OffsetSum(Clock clock, long[] host, long[] offset, long[] sum, long[] returned, boolean read) {}

    public PagesView(Session session) {
        this.session = session;
        getStyleClass().addAll("view", "pages");
        getStylesheets().add(PagesView.class.getResource("pages.css").toExternalForm());
        setId("pages-view");
        Label title = new Label("Time-namespace page ordering: two tasks, one kernel");
        title.getStyleClass().add("view-title");
        title.setMinWidth(0);
        setTop(title);

        gutter = new HopGutter(this::markerY, x -> lastRead.getFont().getSize());
        buildGrid();

        lastRead.setId("pages-last-read");
        lastRead.getStyleClass().add("last-read");
        lastRead.setMinWidth(0);
        lastRead.managedProperty().bind(lastRead.visibleProperty());
        trail.managedProperty().bind(trail.visibleProperty());
        trail.setId("pages-trail");
        trail.getStyleClass().add("trail");
        trailTitle.getStyleClass().add("trail-title");
        trailTitle.setMinWidth(USE_PREF_SIZE);
        trail.getChildren().add(trailTitle);
        for (int i = 0; i < TRAIL; i++) {
            Label r = new Label();
            r.getStyleClass().add("run");
            r.setMinWidth(0);
            r.managedProperty().bind(r.visibleProperty());
            trailRuns.add(r);
            trail.getChildren().add(r);
        }
        org.vdsoexplorer.app.common.Tips.install(trail, "The slots this call read, in order: each number is a run of loads from one "
                + "slot (the pointer the code follows), as marked beside the slots");
        offset.setId("pages-offset");
        offset.getStyleClass().add("offset-sum");
        offset.setHgap(8);
        for (int c = 0; c < 3; c++) {
            eqValue[c] = new Label();
            eqValue[c].getStyleClass().add("eq-value");
            eqValue[c].setMinWidth(USE_PREF_SIZE);
            eqWhat[c] = new Label();
            eqWhat[c].getStyleClass().add("eq-what");
            eqWhat[c].setMinWidth(0);
            offset.add(eqValue[c], 2 * c, 0);
            offset.add(eqWhat[c], 2 * c, 1);
            if (c < 2) {
                Label op = new Label(c == 0 ? "+" : "=");
                op.getStyleClass().add("eq-sign");
                offset.add(op, 2 * c + 1, 0);
            }
        }
        org.vdsoexplorer.app.common.Tips.install(offset, "do_hres_timens() / do_coarse_timens(): the time read from the real data page "
                + "plus offset[clk] from the namespace page (timens_add_offset), with the model's values");

        VBox body = new VBox(2, grid, offset, lastRead, trail);
        body.setPadding(new Insets(3, 0, 0, 0));
        // clipped when the window is short rather than pushing the other views off screen
        setCenter(new Clipped(body));
        setMinHeight(0);
        session.addListener(this::refresh);
        refresh();
    }

    private void buildGrid() {
        // the columns' frames, behind the cells: the running task's is the thick blue one
        runningColumn.getStyleClass().add("running-column");
        otherColumn.getStyleClass().add("other-column");
        otherColumn.setId("pages-host");
        grid = new SlotGrid(runningColumn, otherColumn, gutter);
        grid.setId("pages-slots");
        grid.getStyleClass().add("slots");

        task.setId("pages-task");
        task.getStyleClass().add("task-head");
        other.getStyleClass().add("task-head");
        other.setId("pages-other-task");
        for (Label l : new Label[] {task, other}) {
            l.setMinWidth(0);
            l.setMaxWidth(Double.MAX_VALUE);
        }
        taskTip = org.vdsoexplorer.app.common.Tips.lazy(task);
        otherTip = org.vdsoexplorer.app.common.Tips.lazy(other);
        Label slotCol = new Label("slot");
        slotCol.getStyleClass().add("slot-head");
        grid.addRow(slotCol, task, other);

        for (int i = 0; i < TEXT_ROW; i++) {
            cells[i] = new RunningCell(i);
            others[i] = new OtherCell(i);
            grid.addRow(null, cells[i].box, others[i].box);
        }
        otherText.getStyleClass().add("slot-kind");
        otherText.setMinWidth(USE_PREF_SIZE);
        otherTextNote.getStyleClass().add("slot-holds");
        otherTextNote.setMinWidth(0);
        otherTextNote.setWrapText(true); // a narrow column: two short lines rather than "the same co..."
        HBox.setHgrow(otherTextNote, javafx.scene.layout.Priority.ALWAYS);
        HBox ot = new HBox(6, otherText, otherTextNote);
        ot.setAlignment(javafx.geometry.Pos.BASELINE_LEFT);
        ot.getStyleClass().addAll("slot", "other");
        ot.pseudoClassStateChanged(TEXT, true);
        ot.setMinWidth(0);
        grid.addRow(null, text.box, ot);
        org.vdsoexplorer.app.common.Tips.install(gutter, "The pointer the code follows: 1 is the first slot this call read, the "
                + "arrows go to the next slot read (yellow: the latest)");
    }

    /** The y of slot {@code s}'s hop marker, relative to the gutter. */
    private double markerY(int s) {
        Node b = cells[s].box;
        return b.getLayoutY() - gutter.getLayoutY() + 2;
    }

    public void setReducedMotion(boolean reduced) { reducedMotionAll = reduced; }

    private Boolean compact;

    @Override
    protected void layoutChildren() {
        // a narrow view (a 1280 x 800 projector): the other task's cells drop what their pages hold (tooltips keep
        // it), and the trail and last-read lines go (the gutter's numbered markers and the lit field show them)
        boolean c = getWidth() < SlotGrid.COMPACT;
        if (compact == null || compact != c) {
            compact = c;
            for (OtherCell o : others) o.holds.setVisible(!c);
            // the gutter's numbered markers carry the trail, the lit field the last read
            trail.setVisible(!c);
            lastRead.setVisible(!c);
            if (builtFor != null) updateOffset(builtFor, lastReads, lastEnd);
        }
        super.layoutChildren();
    }

    // ---- accessors for tests and lessons ------------------------------------------------------

    /** What the view shows for the running task's slot {@code i}: "TIMENS", "VVAR", ..., or "unbacked". */
    public String slotKindText(int i) { return kindText[i]; }

    /** What the view shows for the other task's slot {@code i}, or null when no other task is shown. */
    public String otherKindText(int i) { return sibling == null ? null : otherKindText[i]; }

    /** The other task's scenario (host beside a namespace task and the reverse), or null if none is modelled. */
    public Scenario otherScenario() { return sibling == null ? null : siblingScenario; }

    /** The heading of the running task's column. */
    public String runningTaskText() { return task.getText(); }

    /** The heading of the other task's column. */
    public String otherTaskText() { return other.getText(); }

    /** The shown values of the running task's slot {@code slot}: page offset to the text shown (for tests). */
    public Map<Integer, String> slotFieldValues(int slot) {
        Map<Integer, String> out = new LinkedHashMap<>();
        RunningCell c = cells[slot];
        if (c.page == null) return out;
        for (int i = 0; i < c.shown; i++) out.put(c.fields[i].off, c.fields[i].value.getText());
        return out;
    }

    /** The slot whose field the last step read, or -1. */
    public int litSlot() { return litSlot; }

    /** The field name the last step read ("" if none). */
    public String litField() { return litField; }

    /** The slots of this call's runs of reads, in order (the pointer the code followed). */
    public int[] hops() { return hops.clone(); }

    /** The texts of the trail's runs ("1 slot 0 TIMENS ×2", ...). */
    public List<String> trailTexts() {
        List<String> out = new ArrayList<>();
        for (Label l : trailRuns) if (l.isVisible()) out.add(l.getText());
        return out;
    }

    /** The offset addition shown, or null when the scenario has no time namespace on either side. */
    public OffsetSum offsetSum() { return sum; }

    /** The text of the offset addition, row by row ("" when not shown). */
    public String offsetText() {
        if (!offset.isVisible()) return "";
        StringBuilder sb = new StringBuilder();
        sb.append(eqValue[0].getText()).append(" + ").append(eqValue[1].getText()).append(" = ").append(eqValue[2].getText())
                .append('\n')
                .append(eqWhat[0].getText()).append(" | ").append(eqWhat[1].getText()).append(" | ").append(eqWhat[2].getText());
        return sb.toString();
    }

    // ---- refresh ------------------------------------------------------------------------------

    public void refresh() {
        Machine m = session.machine();
        AddressSpace as = m.addressSpace();
        if (builtFor != m) retarget(m);

        // reads of this call, and those of the last step (after the last Retired but one)
        List<Event.MemRead> reads = new ArrayList<>();
        Event.MemRead lit = null;
        Event.CallEnd end = null;
        List<Event> log = session.callLog();
        int lastRetired = -1, prevRetired = -1;
        for (int i = 0; i < log.size(); i++) {
            if (log.get(i) instanceof Event.Retired) {
                prevRetired = lastRetired;
                lastRetired = i;
            }
        }
        for (int i = 0; i < log.size(); i++) {
            Event e = log.get(i);
            if (e instanceof Event.MemRead r && as.slotOf(r.address()) >= 0) {
                reads.add(r);
                if (i > prevRetired && i <= Math.max(lastRetired, 0)) lit = r;
            } else if (e instanceof Event.CallEnd c) {
                end = c;
            }
        }
        // an open predict question about the next slot or page: no trail, nothing lit (see PredictKind.masks)
        boolean hideTrail = session.masked(org.vdsoexplorer.model.lesson.Shown.PAGE_TRAIL);
        if (hideTrail) {
            lit = null;
            reads.clear();
        }
        litSlot = lit == null ? -1 : as.slotOf(lit.address());
        litField = lit == null ? "" : field(as, lit.address());

        // runs of reads from one slot: the pointer the code follows
        List<int[]> runs = new ArrayList<>(); // {slot, reads}
        for (Event.MemRead r : reads) {
            int s = as.slotOf(r.address());
            if (runs.isEmpty() || runs.getLast()[0] != s) runs.add(new int[] {s, 0});
            runs.getLast()[1]++;
        }
        hops = runs.stream().mapToInt(r -> r[0]).toArray();
        int from = Math.max(0, runs.size() - TRAIL);
        int[] shown = new int[runs.size() - from];
        for (int i = 0; i < shown.length; i++) shown[i] = runs.get(from + i)[0];
        gutter.setRuns(shown, from);
        for (int i = 0; i < AddressSpace.SLOTS; i++) {
            cells[i].update(as, lit);
        }
        for (int i = 0; i < TRAIL; i++) {
            Label l = trailRuns.get(i);
            int k = from + i;
            if (k >= runs.size()) {
                l.setVisible(false);
                continue;
            }
            int s = runs.get(k)[0];
            Page p = as.slot(s);
            l.setText((i == 0 ? "" : "\u2192 ") + (k + 1) + "  slot " + s + " " + (p == null ? "unbacked" : p.kind().label())
                    + " \u00d7" + runs.get(k)[1]);
            for (PageKind pk : PageKind.values()) l.pseudoClassStateChanged(KIND.get(pk), p != null && p.kind() == pk);
            l.pseudoClassStateChanged(LIT, k == runs.size() - 1);
            l.setVisible(true);
        }
        trailTitle.setText(hideTrail ? "path: ? (hidden until you reveal)" : runs.isEmpty() ? "path: no vvar read yet in this call"
                : from > 0 ? "path: \u2026" : "path:");
        text.update(m);

        if (hideTrail) {
            lastRead.setText("last read: ? (hidden until you reveal)");
        } else if (lit != null) {
            lastRead.setText("last read: slot " + litSlot + " " + kindText[litSlot] + "  " + shortField(litField) + " = "
                    + lit.value() + describeValue(lit.where() instanceof VvarLocation v ? v.field() : null, lit.value()));
        } else {
            lastRead.setText(reads.isEmpty() ? "last read: none from the vvar slots yet in this call"
                    : "last step read no vvar slot (" + reads.size() + " vvar reads so far in this call)");
        }
        lastReads = reads;
        lastEnd = end;
        updateOffset(m, reads, end);
    }

    private List<Event.MemRead> lastReads = List.of();
    private Event.CallEnd lastEnd;

    /** Retargets the cells to a new machine (a reset or a new setup): its pages, the other task's. */
    private void retarget(Machine m) {
        builtFor = m;
        AddressSpace as = m.addressSpace();
        Setup setup = m.setup();
        if (siblingFor == null || !siblingFor.equals(setup)) {
            siblingFor = setup;
            OtherTask o = OtherTask.of(m);
            siblingScenario = o == null ? null : o.scenario();
            sibling = o == null ? null : o.addressSpace();
        }
        boolean ns = setup.scenario().namespace();
        task.setText("\u25B6 running: " + (ns ? "namespace task" : "host task"));
        taskTip.setText("The task the session runs (scenario " + setup.scenario().cliName() + "): the code steps through "
                + "its slots");
        grid.setOther(sibling != null);
        if (sibling == null) {
            task.setText(task.getText() + "   (no namespace task modelled here)");
            other.setText("");
            taskTip.setText(taskTip.getText() + ". The model's time-namespace task runs on the bare-metal TSC host: "
                    + "choose scenario host or timens to see a host task and a namespace task side by side");
        } else {
            other.setText(siblingScenario.namespace() ? "namespace task" : "host task");
            otherTip.setText("Another task on the same kernel (scenario " + siblingScenario.cliName() + "), a second model "
                    + "instance: the same kernel pages, mapped in "
                    + (siblingScenario.namespace() ? "the namespace order" : "the host order"));
        }
        for (int i = 0; i < AddressSpace.SLOTS; i++) {
            cells[i].retarget(m);
            others[i].retarget(m);
        }
        otherTextNote.setText(sibling == null ? "" : "the same code");
        otherText.setVisible(sibling != null);
    }

    // ---- the offset being added ---------------------------------------------------------------

    private void updateOffset(Machine m, List<Event.MemRead> reads, Event.CallEnd end) {
        Setup setup = m.setup();
        Clock clk = setup.clock();
        boolean ns = setup.scenario().namespace();
        AddressSpace nsAs = ns ? m.addressSpace() : sibling;
        if (nsAs == null || setup.scenario().legacy() || nsAs.slot(0) == null || nsAs.slot(0).kind() != PageKind.TIMENS) {
            sum = null;
            offset.setVisible(false);
            return;
        }
        int base = clk == Clock.MONOTONIC_RAW ? DataLayout.CS_RAW : DataLayout.CS_HRES_COARSE;
        int offSec = DataLayout.basetime(base, clk.id);
        Page timens = nsAs.slot(0);
        long[] off = {timens.read(offSec, 8), timens.read(offSec + 8, 8)};
        String offName = "offset[" + clk.name() + "]";
        boolean read = false;
        if (ns) {
            // what the code read from the namespace page, if it has
            boolean sec = false, nsec = false;
            for (Event.MemRead r : reads) {
                int s = m.addressSpace().slotOf(r.address());
                Page p = m.addressSpace().slot(s);
                if (p == null || p.kind() != PageKind.TIMENS) continue;
                int po = (int) (r.address() - m.addressSpace().slotAddress(s));
                Field f = new Field(PageKind.TIMENS, po);
                if (!f.isNamespaceOffset()) continue;
                if (!f.isNsec()) {
                    off[0] = r.value();
                    sec = true;
                } else {
                    off[1] = r.value();
                    nsec = true;
                }
                offName = shortField(f.name()).replaceAll("\\.n?sec$", "");
            }
            read = sec && nsec;
        }
        long[] returned = end == null ? null : new long[] {end.sec(), end.nsec()};
        long[] host = null;
        if (ns && read) {
            long[] ref = reference(m, end);
            if (ref != null) host = new long[] {ref[0] - Kernel.nsOffsetSec(clk), ref[1]};
        } else if (!ns && returned != null && end.ret() == 0) {
            host = returned;
        }
        long[] total = host == null ? null : add(host, off);
        sum = new OffsetSum(clk, host, off, total, returned, read);

        String check = "";
        boolean c = compact != null && compact;
        if (ns) {
            eqWhat[0].setText(c ? "host time (slot 3)" : host == null ? "host time (slot 3 VVAR): not yet" : "host time (slot 3 VVAR)");
            eqWhat[1].setText(offName + (read ? (c ? " (slot 0)" : " (slot 0 TIMENS)") : c ? ": not read" : ": not read yet"));
            if (returned != null && total != null) {
                check = returned[0] == total[0] && returned[1] == total[1] ? "\u2713 returned" : "\u2260 returned " + ts(returned);
            }
            eqWhat[2].setText((c ? "ns time" : "namespace time") + (check.isEmpty() ? "" : "  " + check));
        } else {
            eqWhat[0].setText(host == null ? (c ? "host: no offset" : "host time: no offset added")
                    : c ? "host (returned)" : "host time (returned)");
            eqWhat[1].setText(offName + (c ? "" : " (namespace task's slot 0)"));
            eqWhat[2].setText(c ? "namespace task" : "a namespace task's time");
        }
        eqValue[0].setText(host == null ? "?" : ts(host));
        eqValue[1].setText(ts(off));
        eqValue[2].setText(total == null ? "?" : ts(total));
        offset.setVisible(true);
    }

    /** The kernel's reference time (namespace offset included) of this call's clock at its counter read. */
    private static long[] reference(Machine m, Event.CallEnd end) {
        Clock c = m.setup().clock();
        CallResult last = m.lastCall();
        if (end != null && last != null && last.number() == end.callNumber()) return last.expected();
        if (end != null) return null;
        return c.coarse() ? m.kernel().coarseReference(c, m.kernel().validatedSeq()) : m.kernel().reference(c, m.kernel().lastTsc());
    }

    static long[] add(long[] a, long[] b) {
        long nsec = a[1] + b[1];
        long sec = a[0] + b[0] + Math.floorDiv(nsec, 1_000_000_000L);
        return new long[] {sec, Math.floorMod(nsec, 1_000_000_000L)};
    }

    /** "3745.456052012 s". */
    static String ts(long[] t) { return String.format(Locale.ROOT, "%d.%09d s", t[0], t[1]); }

    // ---- cells --------------------------------------------------------------------------------


    private static void kindPseudo(Node n, Page p) {
        for (PageKind k : PageKind.values()) n.pseudoClassStateChanged(KIND.get(k), p != null && p.kind() == k);
        n.pseudoClassStateChanged(UNBACKED, p == null);
    }

    /** A short name for what a page kind holds, for the cell heads. */
    private static String holds(PageKind k) {
        return switch (k) {
            case VVAR -> "the real vdso_data";
            case TIMENS -> "namespace page";
            case PVCLOCK -> "pvclock page";
            case HVCLOCK -> "TSC page";
        };
    }

    private final class RunningCell {
        final int slot;
        final Label kind = new Label(), holds = new Label();
        final FlowPane box = new FlowPane(5, 0);
        final FieldChip[] fields = new FieldChip[FIELDS];
        org.vdsoexplorer.app.common.Tips.Lazy tip;
        Page page;
        int shown;
        FieldChip extra;

        RunningCell(int slot) {
            this.slot = slot;
            kind.getStyleClass().add("slot-kind");
            kind.setId("slot-kind-" + slot);
            kind.setMinWidth(USE_PREF_SIZE);
            holds.getStyleClass().add("slot-holds");
            holds.setMinWidth(0);
            holds.managedProperty().bind(holds.visibleProperty());
            box.getChildren().addAll(kind, holds);
            for (int i = 0; i < FIELDS; i++) {
                fields[i] = new FieldChip();
                box.getChildren().add(fields[i].row);
            }
            box.setRowValignment(VPos.BASELINE);
            box.setPrefWrapLength(200);
            box.getStyleClass().add("slot");
            box.setId("slot-" + slot);
            box.setMinWidth(0);
            tip = org.vdsoexplorer.app.common.Tips.lazy(box);
        }

        void retarget(Machine m) {
            page = m.addressSpace().slot(slot);
            kindText[slot] = page == null ? "unbacked" : page.kind().label();
            kind.setText(kindText[slot]);
            holds.setText(page == null ? "SIGBUS if touched" : "");
            holds.setVisible(page == null);
            kindPseudo(box, page);
            String at = "vvar slot " + slot + " at " + Fmt.hex(m.addressSpace().slotAddress(slot)) + " (vvar_start + " + slot
                    + " pages, just below the vDSO text)";
            tip.setText(page == null ? at + " is not backed for this task: a load from it faults with SIGBUS"
                    : at + " holds the " + page.kind().label() + " page: " + page.kind().holds()
                    + ". The fields the code reads, with their current values; the one the last step read is lit");
            shown = 0;
            if (page != null) {
                String prev = "";
                for (Map.Entry<Integer, Integer> f : fields(page.kind(), m.setup().clock()).entrySet()) {
                    prev = fields[shown++].retarget(page, f.getKey(), f.getValue(), prev);
                }
            }
            for (int i = 0; i < FIELDS; i++) fields[i].row.setVisible(i < shown);
            extra = shown < FIELDS ? fields[shown] : null;
        }

        void update(AddressSpace as, Event.MemRead lit) {
            boolean here = lit != null && as.slotOf(lit.address()) == slot;
            box.pseudoClassStateChanged(LIT, here);
            if (page == null) return;
            int litOff = here ? (int) (lit.address() - as.slotAddress(slot)) : -1;
            boolean shownLit = false;
            for (int i = 0; i < shown; i++) {
                FieldChip r = fields[i];
                boolean on = litOff >= r.off && litOff < r.off + r.size;
                shownLit |= on;
                r.update(on, session.masked(org.vdsoexplorer.model.lesson.Shown.SEQ));
            }
            if (extra != null) {
                if (litOff >= 0 && !shownLit) {
                    extra.retarget(page, litOff, lit.size(), "");
                    extra.update(true, session.masked(org.vdsoexplorer.model.lesson.Shown.SEQ));
                    extra.row.setVisible(true);
                } else {
                    extra.row.setVisible(false);
                }
            }
        }
    }

    /** One field of a page: its C name and current value, lit while the last step reads it. */
    private static final class FieldChip {
        Page page;
        int off, size;
        final Label name = new Label(), value = new Label();
        final HBox row = new HBox(3, name, value);
        org.vdsoexplorer.app.common.Tips.Lazy tip;

        FieldChip() {
            name.getStyleClass().add("field-name");
            value.getStyleClass().add("field-value");
            row.getStyleClass().add("field");
            row.setAlignment(javafx.geometry.Pos.BASELINE_LEFT);
            row.managedProperty().bind(row.visibleProperty());
            tip = org.vdsoexplorer.app.common.Tips.lazy(row);
        }

        /** Shows field {@code off} of {@code page}; a ".nsec" after its ".sec" drops the shared prefix. */
        String retarget(Page page, int off, int size, String prev) {
            this.page = page;
            this.off = off;
            this.size = size;
            String n = shortField(DataLayout.fieldName(page.kind(), off));
            int dot = n.lastIndexOf("].");
            String prefix = dot > 0 ? n.substring(0, dot + 1) : n;
            name.setText(dot > 0 && prefix.equals(prev) ? n.substring(dot + 1) : n);
            return prefix;
        }

        /** {@code hideSeq}: a seq field shows "?" (an open question asks for it). */
        void update(boolean lit, boolean hideSeq) {
            if (lit && !row.getPseudoClassStates().contains(LIT) && !reducedMotionAll) Flash.on(row, 300);
            Field f = new Field(page.kind(), off);
            long v = page.read(off, size);
            boolean hide = hideSeq && f.isSeq();
            value.setText(hide ? "?" : f.isClockMode() ? mode(v).replace("VCLOCK_", "") : Long.toString(v));
            value.pseudoClassStateChanged(ODD, !hide && f.isSeq() && (v & 1) != 0);
            row.pseudoClassStateChanged(LIT, lit);
            if (hide) {
                tip.setText(f.name() + " at page offset " + Fmt.hex(off) + ": hidden until you reveal");
                return;
            }
            tip.setText(f.name() + " at page offset " + Fmt.hex(off) + " = " + v + describeValue(f, v)
                    + (f.isBasetime() && f.isNsec() ? "  (for the hres clocks: nanoseconds << shift)" : ""));
        }
    }

    /** The other task's slot: the kind of page it holds there, and whether that page is one the running task maps too. */
    private final class OtherCell {
        final int slot;
        final Label kind = new Label(), holds = new Label();
        /** What the other task's page says, in pieces that wrap separately. */
        final Label[] note = {new Label(), new Label(), new Label(), new Label()};
        final FlowPane box;
        org.vdsoexplorer.app.common.Tips.Lazy tip;

        OtherCell(int slot) {
            this.slot = slot;
            kind.getStyleClass().add("slot-kind");
            kind.setMinWidth(USE_PREF_SIZE);
            holds.getStyleClass().add("slot-holds");
            holds.setMinWidth(0);
            holds.managedProperty().bind(holds.visibleProperty());
            box = new FlowPane(5, 0, kind, holds);
            for (Label n : note) {
                n.getStyleClass().add("other-note");
                n.setMinWidth(0);
                n.managedProperty().bind(n.visibleProperty());
                box.getChildren().add(n);
            }
            box.setRowValignment(VPos.BASELINE);
            box.setPrefWrapLength(150);
            box.getStyleClass().addAll("slot", "other");
            box.setId("other-slot-" + slot);
            box.setMinWidth(0);
            box.setMaxHeight(Double.MAX_VALUE);
            tip = org.vdsoexplorer.app.common.Tips.lazy(box);
        }

        void note(String... parts) {
            for (int i = 0; i < note.length; i++) {
                note[i].setText(parts[i]);
                note[i].setVisible(!parts[i].isEmpty());
            }
        }

        void retarget(Machine m) {
            Page p = sibling == null ? null : sibling.slot(slot);
            box.setVisible(sibling != null);
            otherKindText[slot] = sibling == null ? null : p == null ? "unbacked" : p.kind().label();
            kind.setText(otherKindText[slot] == null ? "" : otherKindText[slot]);
            kindPseudo(box, p);
            box.pseudoClassStateChanged(NONE, sibling == null);
            if (p == null) {
                holds.setText("");
                note("", "", "", "");
                tip.setText("slot " + slot + " is not backed for the other task: SIGBUS if touched");
                box.pseudoClassStateChanged(SHARED, false);
                return;
            }
            holds.setText(holds(p.kind()));
            // the kernel's clock pages are shared by every task; the namespace page is per namespace
            int same = -1;
            AddressSpace as = m.addressSpace();
            for (int j = 0; j < AddressSpace.SLOTS && p.kind() != PageKind.TIMENS; j++) {
                if (as.slot(j) != null && as.slot(j).kind() == p.kind()) same = j;
            }
            box.pseudoClassStateChanged(SHARED, same >= 0);
            if (same >= 0) {
                note(same == slot ? "the same page," : "same page as", "\u25B6 slot " + same, "", "");
            } else if (p.kind() == PageKind.TIMENS) {
                Clock c = m.setup().clock();
                int base = c == Clock.MONOTONIC_RAW ? DataLayout.CS_RAW : DataLayout.CS_HRES_COARSE;
                note("seq " + p.read(DataLayout.data(base, DataLayout.SEQ), 4),
                        mode(p.read(DataLayout.data(base, DataLayout.CLOCK_MODE), 4)).replace("VCLOCK_", ""),
                        "offset[" + c.name() + "]", signed(p.read(DataLayout.basetime(base, c.id), 8)) + " s");
            } else {
                note("", "", "", "");
            }
            tip.setText("the other task's slot " + slot + ": the " + p.kind().label() + " page, " + p.kind().holds()
                    + (same >= 0 ? " (one kernel page, mapped by both tasks)" : ""));
        }
    }

    private static String signed(long v) { return v >= 0 ? "+" + v : Long.toString(v); }

    private final class RunningText {
        final Label kind = new Label("vDSO text"), range = new Label(), rip = new Label();
        final HBox box;

        RunningText() {
            kind.getStyleClass().add("slot-kind");
            kind.setMinWidth(USE_PREF_SIZE);
            range.getStyleClass().add("slot-holds");
            range.setMinWidth(USE_PREF_SIZE);
            rip.getStyleClass().add("slot-holds");
            rip.setMinWidth(0);
            box = new HBox(6, kind, range, rip);
            box.setAlignment(javafx.geometry.Pos.BASELINE_LEFT);
            box.getStyleClass().add("slot");
            box.pseudoClassStateChanged(TEXT, true);
            box.setId("slot-text");
            box.setMinWidth(0);
            org.vdsoexplorer.app.common.Tips.install(box, "The vDSO code: the vvar slots sit just below it, so the code reaches them "
                    + "%rip-relative");
        }

        void update(Machine m) {
            range.setText(Fmt.hex(m.listing().textStart()) + "\u2013" + Fmt.hex(m.listing().textEnd()));
            Instruction next = m.next();
            rip.setText(next == null ? "" : "next " + next.addressHex() + " " + next.symbol());
        }
    }

    // ---- names --------------------------------------------------------------------------------

    private static String describeValue(Field field, long v) {
        if (field == null) return "";
        if (field.isClockMode()) return "  (" + mode(v) + ")";
        if (field.isSeq()) return (v & 1) != 0 ? "  (odd)" : "  (even)";
        return "";
    }

    static String mode(long v) {
        if (v == DataLayout.VCLOCK_TIMENS) return "VCLOCK_TIMENS";
        if (v == DataLayout.VCLOCK_TSC) return "VCLOCK_TSC";
        if (v == DataLayout.VCLOCK_PVCLOCK) return "VCLOCK_PVCLOCK";
        if (v == DataLayout.VCLOCK_HVCLOCK) return "VCLOCK_HVCLOCK";
        if (v == DataLayout.VCLOCK_NONE) return "VCLOCK_NONE";
        return Long.toString(v);
    }

    private static String shortField(String f) {
        return f.replace("vdso_data[CS_HRES_COARSE].", "").replace("vdso_data[CS_RAW].", "raw.");
    }

    private static String field(AddressSpace as, long address) {
        int s = as.slotOf(address);
        Page p = as.slot(s);
        if (p == null) return "(unbacked)";
        return DataLayout.fieldName(p.kind(), (int) ((address - as.slotAddress(s)) & 0xfff));
    }

    /** The fields shown for a page kind (page offset to size), for the chosen clock, in a compact order. */
    static Map<Integer, Integer> fields(PageKind kind, Clock clock) {
        Map<Integer, Integer> f = new LinkedHashMap<>();
        // MONOTONIC_RAW reads vdso_data[CS_RAW] (its seq, mode, ... and the namespace page's offset there)
        int base = clock == Clock.MONOTONIC_RAW ? DataLayout.CS_RAW : DataLayout.CS_HRES_COARSE;
        switch (kind) {
            case VVAR -> {
                f.put(DataLayout.data(base, DataLayout.SEQ), 4);
                f.put(DataLayout.data(base, DataLayout.CLOCK_MODE), 4);
                f.put(DataLayout.data(base, DataLayout.MULT), 4);
                f.put(DataLayout.data(base, DataLayout.SHIFT), 4);
                f.put(DataLayout.data(base, DataLayout.CYCLE_LAST), 8);
                f.put(DataLayout.basetime(base, clock.id), 8);
                f.put(DataLayout.basetime(base, clock.id) + 8, 8);
            }
            case TIMENS -> {
                f.put(DataLayout.data(base, DataLayout.SEQ), 4);
                f.put(DataLayout.data(base, DataLayout.CLOCK_MODE), 4);
                f.put(DataLayout.basetime(base, clock.id), 8);
                f.put(DataLayout.basetime(base, clock.id) + 8, 8);
            }
            case PVCLOCK -> {
                f.put(DataLayout.PV_VERSION, 4);
                f.put(DataLayout.PV_MUL, 4);
                f.put(DataLayout.PV_SHIFT, 1);
                f.put(DataLayout.PV_FLAGS, 1);
                f.put(DataLayout.PV_TSC_TIMESTAMP, 8);
                f.put(DataLayout.PV_SYSTEM_TIME, 8);
            }
            case HVCLOCK -> {
                f.put(DataLayout.HV_SEQUENCE, 4);
                f.put(DataLayout.HV_SCALE, 8);
                f.put(DataLayout.HV_OFFSET, 8);
            }
        }
        return f;
    }
}

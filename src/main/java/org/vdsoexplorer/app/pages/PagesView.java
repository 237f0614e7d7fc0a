package org.vdsoexplorer.app.pages;

import static org.vdsoexplorer.app.pages.PageNames.describeValue;
import static org.vdsoexplorer.app.pages.PageNames.field;
import static org.vdsoexplorer.app.pages.PageNames.fields;
import static org.vdsoexplorer.app.pages.PageNames.holds;
import static org.vdsoexplorer.app.pages.PageNames.shortField;
import static org.vdsoexplorer.app.pages.PageStyle.KIND;
import static org.vdsoexplorer.app.pages.PageStyle.LIT;
import static org.vdsoexplorer.app.pages.PageStyle.TEXT;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.PageKind;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.kernel.VvarLocation;
import org.vdsoexplorer.session.Session;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.ModelSnapshot.PageImage;
import org.vdsoexplorer.session.ModelSnapshot.VvarPages;

/**
 * Time-namespace page ordering, two tasks on one kernel side by side: the running task's address space
 * as the vDSO code sees it (the four vvar slots, the page each holds or unbacked, and the vDSO text) with
 * the fields the code reads and their current values, the field read by the last step lit and the
 * pointer the code follows through the slots this call (numbered runs of reads, arrows between them);
 * beside it, slot for slot, the other kind of task on the same kernel (a host task beside a namespace
 * task and the reverse), from a second model instance of that scenario. Below, the namespace offset
 * being added: host time + offset[clk] = namespace time, with the model's values.
 * Projected from the machines' VvarPages pages and the call's MemRead / CallEnd events. Parts: the
 * running task's slots ({@link RunningCell}, fields as {@link FieldChip}s), the other task's
 * ({@link OtherCell}), the offset addition ({@link OffsetPanel}); names in {@link PageNames}.
 */
public final class PagesView extends BorderPane {
    /** Rows of the grid: slots 0..3, then the vDSO text. */
    private static final int TEXT_ROW = VvarPages.SLOTS;
    private static final int TRAIL = HopGutter.MAX_RUNS;

    private final Session session;
    private SlotGrid grid;
    private final Label task = new Label(), other = new Label();
    private org.vdsoexplorer.app.common.Tips.Lazy taskTip, otherTip;
    private final Region runningColumn = new Region(), otherColumn = new Region();
    private final Label lastRead = new Label();
    private final HBox trail = new HBox(4);
    private final Label trailTitle = new Label("path:");
    private final List<Label> trailRuns = new ArrayList<>();
    private final OffsetPanel offsetPanel = new OffsetPanel();
    private final RunningCell[] cells = new RunningCell[VvarPages.SLOTS];
    private final OtherCell[] others = new OtherCell[VvarPages.SLOTS];
    private final RunningText text = new RunningText();
    private final Label otherText = new Label("vDSO text"), otherTextNote = new Label();
    private final HopGutter gutter;

    /** The machine the cells show (retargeted on reset or a new setup). */
    private long builtFor = -1;
    /** The snapshot shown last (the offset sum is redrawn from it when the layout turns compact). */
    private ModelSnapshot shownSnapshot;
    /** The other task on the same kernel, built once per setup; null if the model has none for it. */
    private VvarPages sibling;
    private Scenario siblingScenario;

    // the shown state, for tests
    private final String[] kindText = new String[VvarPages.SLOTS], otherKindText = new String[VvarPages.SLOTS];
    private int litSlot = -1;
    private String litField = "";
    private int[] hops = new int[0];
    private OffsetSum sum;

    /** Reduced motion (set from the window's toggle): a newly lit field is not flashed. */
    private boolean reducedMotion;

    /**
     * The namespace offset being added, with the model's values: {@code host} (the host time of this
     * call's clock at this call's counter read), {@code offset} (offset[clk] as the code read it from the
     * namespace page, or as the namespace page holds it), {@code sum} = host + offset normalised,
     * {@code returned} the time the call returned (null while the call runs). Each a {sec, nsec} pair.
     */
    public record OffsetSum(Clock clock, long[] host, long[] offset, long[] sum, long[] returned, boolean read) {}

    /** The fields' flashes, timed on the window's clock. */
    private final org.vdsoexplorer.app.common.Flash flash;

    /** The pages view of {@code session}; a newly lit field flashes for 300 ms of the window's {@code clock}. */
    public PagesView(Session session, org.vdsoexplorer.app.common.FrameClock clock) {
        this.session = session;
        this.flash = new org.vdsoexplorer.app.common.Flash(clock);
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
        org.vdsoexplorer.app.common.StableSize.height(trail); // with or without its run chips (a pixel taller): the same height
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

        VBox body = new VBox(2, grid, offsetPanel.node, lastRead, trail);
        body.setPadding(new Insets(3, 0, 0, 0));
        // scrolls when the window is short (presenter mode at 250 %) rather than pushing the other views off screen
        setCenter(org.vdsoexplorer.app.common.Scrolling.vertical(body, "pages-scroll"));
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
            l.setWrapText(true); // a narrow column (presenter mode at 250 %): two lines rather than cut
        }
        taskTip = org.vdsoexplorer.app.common.Tips.lazy(task);
        otherTip = org.vdsoexplorer.app.common.Tips.lazy(other);
        Label slotCol = new Label("slot");
        slotCol.getStyleClass().add("slot-head");
        grid.addRow(slotCol, task, other);

        for (int i = 0; i < TEXT_ROW; i++) {
            cells[i] = new RunningCell(i, session, flash, () -> reducedMotion);
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

    public void setReducedMotion(boolean reduced) { reducedMotion = reduced; }

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
            if (shownSnapshot != null) updateOffset(shownSnapshot, lastReads, lastEnd);
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
    public String offsetText() { return offsetPanel.text(); }

    // ---- refresh ------------------------------------------------------------------------------

    public void refresh() {
        ModelSnapshot m = session.snapshot();
        VvarPages as = m.pages();
        if (builtFor != m.machine()) retarget(m);
        shownSnapshot = m;

        // reads of this call, and those of the last step (after the last Retired but one)
        List<Event.MemRead> reads = new ArrayList<>();
        Event.MemRead lit = null;
        Event.CallEnd end = null;
        List<Event> log = m.callLog();
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
        boolean hideTrail = session.masked(org.vdsoexplorer.lesson.Shown.PAGE_TRAIL);
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
        for (int i = 0; i < VvarPages.SLOTS; i++) {
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
            PageImage p = as.slot(s);
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

    private void updateOffset(ModelSnapshot m, List<Event.MemRead> reads, Event.CallEnd end) {
        sum = offsetPanel.update(m, sibling, reads, end, compact != null && compact);
    }

    private List<Event.MemRead> lastReads = List.of();
    private Event.CallEnd lastEnd;

    /** Retargets the cells to a new machine (a reset or a new setup): its pages, the other task's. */
    private void retarget(ModelSnapshot m) {
        builtFor = m.machine();
        Setup setup = m.setup();
        siblingScenario = m.otherScenario();
        sibling = m.otherTask();
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
        for (int i = 0; i < VvarPages.SLOTS; i++) {
            kindText[i] = cells[i].retarget(m);
            otherKindText[i] = others[i].retarget(m, sibling);
        }
        otherTextNote.setText(sibling == null ? "" : "the same code");
        otherText.setVisible(sibling != null);
    }

    /** "3745.456052012 s". */
    static String ts(long[] t) { return String.format(Locale.ROOT, "%d.%09d s", t[0], t[1]); }

    private final class RunningText {
        final Label kind = new Label("vDSO text"), range = new Label(), rip = new Label();
        /** Wraps like the slots' cells ({@link RunningCell}): "next 46a do_hres" goes under the range in a narrow column. */
        final javafx.scene.layout.FlowPane box;

        RunningText() {
            kind.getStyleClass().add("slot-kind");
            kind.setMinWidth(USE_PREF_SIZE);
            range.getStyleClass().add("slot-holds");
            range.setMinWidth(USE_PREF_SIZE);
            rip.getStyleClass().add("slot-holds");
            org.vdsoexplorer.app.common.StableSize.width(rip); // "next 4ca do_hres" wraps the same way whatever the function
            box = new javafx.scene.layout.FlowPane(6, 0, kind, range, rip);
            box.setRowValignment(javafx.geometry.VPos.BASELINE);
            box.setPrefWrapLength(200);
            box.getStyleClass().add("slot");
            box.pseudoClassStateChanged(TEXT, true);
            box.setId("slot-text");
            box.setMinWidth(0);
            org.vdsoexplorer.app.common.Tips.install(box, "The vDSO code: the vvar slots sit just below it, so the code reaches them "
                    + "%rip-relative");
        }

        void update(ModelSnapshot m) {
            range.setText(Fmt.hex(m.listing().textStart()) + "\u2013" + Fmt.hex(m.listing().textEnd()));
            Instruction next = m.next();
            rip.setText(next == null ? "" : "next " + next.addressHex() + " " + next.symbol());
        }
    }

}

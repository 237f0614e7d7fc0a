package org.vdsoexplorer.app.pages;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.app.Fmt;
import org.vdsoexplorer.app.Session;
import org.vdsoexplorer.model.Machine;
import org.vdsoexplorer.model.asm.Instruction;
import org.vdsoexplorer.model.event.Event;
import org.vdsoexplorer.model.kernel.AddressSpace;
import org.vdsoexplorer.model.kernel.Clock;
import org.vdsoexplorer.model.kernel.DataLayout;
import org.vdsoexplorer.model.kernel.Page;
import org.vdsoexplorer.model.kernel.PageKind;

/**
 * The task's address space as the vDSO code sees it: the four vvar slots (the page each holds, or
 * unbacked) and the vDSO text, with the fields the code reads shown with their current values, the
 * field read by the last step lit, and the trail of reads of this call (which slot the code followed).
 * Projected from the machine's AddressSpace pages and the call's MemRead events.
 */
public final class PagesView extends BorderPane {
    private final Session session;
    private final HBox slots = new HBox(8);
    private final FlowPane trail = new FlowPane(4, 4);
    private final Label task = new Label();
    private final Label lastRead = new Label();
    private final Label host = new Label();
    private org.vdsoexplorer.model.Setup hostFor;
    /** The shown state, for tests: slot index to the label text of the page kind. */
    private final String[] kindText = new String[AddressSpace.SLOTS];
    private int litSlot = -1;
    private String litField = "";

    public PagesView(Session session) {
        this.session = session;
        getStyleClass().add("view");
        setId("pages-view");
        Label title = new Label("Time-namespace page ordering: vvar slots and vDSO text");
        title.getStyleClass().add("view-title");
        task.getStyleClass().add("view-status");
        task.setId("pages-task");
        setTop(new VBox(2, title, task));
        slots.setId("pages-slots");
        lastRead.setId("pages-last-read");
        lastRead.getStyleClass().add("last-read");
        lastRead.setWrapText(true);
        trail.setId("pages-trail");
        Label trailTitle = new Label("reads this call, in order:");
        trailTitle.getStyleClass().add("pane-title");
        host.setId("pages-host");
        host.getStyleClass().add("host-task");
        host.setWrapText(true);
        host.managedProperty().bind(host.visibleProperty());
        host.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        lastRead.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        VBox body = new VBox(6, slots, host, lastRead, trailTitle, trail);
        body.setPadding(new Insets(6, 0, 0, 0));
        // clipped when the window is short rather than pushing the other views off screen
        setCenter(new org.vdsoexplorer.app.Clipped(body));
        setMinHeight(0);
        session.addListener(this::refresh);
        refresh();
    }

    /**
     * For a namespace task: the slots a host task of the same kernel sees (a second model instance of the
     * host scenario, built once per setup), so the two orders can be compared.
     */
    private void hostLine(Machine m) {
        if (!m.setup().scenario().namespace()) {
            host.setVisible(false);
            return;
        }
        if (hostFor != m.setup()) {
            hostFor = m.setup();
            AddressSpace has = new Machine(m.setup().with(org.vdsoexplorer.model.kernel.Scenario.HOST)).addressSpace();
            StringBuilder sb = new StringBuilder("host task of the same kernel:  ");
            for (int i = 0; i < AddressSpace.SLOTS; i++) {
                Page p = has.slot(i);
                sb.append("slot ").append(i).append(' ').append(p == null ? "unbacked" : p.kind().label())
                        .append(i < AddressSpace.SLOTS - 1 ? "  \u00b7  " : "");
            }
            sb.append("   \u2014 the namespace task swaps page 0 for the TIMENS page and finds the real data in slot 3");
            host.setText(sb.toString());
        }
        host.setVisible(true);
    }

    /** What the view shows for slot {@code i}: "TIMENS", "VVAR", ..., or "unbacked". */
    public String slotKindText(int i) { return kindText[i]; }

    /** The shown values of slot {@code slot}'s fields: page offset to the text shown (for tests). */
    public Map<Integer, String> slotFieldValues(int slot) {
        Map<Integer, String> out = new LinkedHashMap<>();
        for (FieldRow r : boxes.get(slot).rows) out.put(r.off, r.value.getText().substring(r.suffix.length()));
        return out;
    }

    /** The slot whose field the last step read, or -1. */
    public int litSlot() { return litSlot; }

    /** The field name the last step read ("" if none). */
    public String litField() { return litField; }

    public void refresh() {
        Machine m = session.machine();
        AddressSpace as = m.addressSpace();
        boolean ns = m.setup().scenario().namespace();
        task.setText((ns ? "namespace task: page 0 is the TIMENS page, the real vdso_data is in slot 3"
                : "host task: page 0 is the real vdso_data") + "   (scenario " + m.setup().scenario().cliName() + ")");

        hostLine(m);

        // reads of this call, and those of the last step (after the last Retired but one)
        List<Event.MemRead> reads = new ArrayList<>();
        List<Event.MemRead> stepReads = new ArrayList<>();
        List<Event> log = session.callLog();
        int lastRetired = -1, prevRetired = -1;
        for (int i = 0; i < log.size(); i++) {
            if (log.get(i) instanceof Event.Retired) {
                prevRetired = lastRetired;
                lastRetired = i;
            }
        }
        for (int i = 0; i < log.size(); i++) {
            if (log.get(i) instanceof Event.MemRead r && as.slotOf(r.address()) >= 0) {
                reads.add(r);
                if (i > prevRetired && i < Math.max(lastRetired, 0) + 1) stepReads.add(r);
            }
        }
        Event.MemRead lit = stepReads.isEmpty() ? null : stepReads.getLast();
        litSlot = lit == null ? -1 : as.slotOf(lit.address());
        litField = lit == null ? "" : field(as, lit.address());

        if (builtFor != m) build(m);
        for (SlotBox b : boxes) b.update(m, reads, lit);
        textBox.update(m);

        if (lit != null) {
            lastRead.setText("last step read slot " + litSlot + " (" + kindText[litSlot] + "): " + litField + " = "
                    + lit.value() + describeValue(litField, lit.value()));
        } else {
            lastRead.setText(reads.isEmpty() ? "no vvar read yet in this call"
                    : "last step read no vvar page (" + reads.size() + " vvar reads so far in this call)");
        }
        int from = Math.max(0, reads.size() - CHIPS);
        for (int i = 0; i < CHIPS; i++) {
            Label c = chips.get(i);
            int k = from + i;
            if (k >= reads.size()) {
                c.setVisible(false);
                continue;
            }
            Event.MemRead r = reads.get(k);
            int sl = as.slotOf(r.address());
            String f = field(as, r.address());
            c.setText(sl + ": " + shortField(f) + " = " + (f.endsWith(".clock_mode") ? mode(r.value()).replace("VCLOCK_", "")
                    : Long.toString(r.value())));
            Page p = as.slot(sl);
            for (PageKind pk : PageKind.values()) pseudo(c, KIND.get(pk), p != null && p.kind() == pk);
            c.setVisible(true);
        }
    }

    private static final int CHIPS = 16;
    private final List<Label> chips = new ArrayList<>();
    private final List<SlotBox> boxes = new ArrayList<>();
    private TextBox textBox;
    /** The machine the boxes were built for: its pages are the ones shown (rebuilt on reset or a new setup). */
    private Machine builtFor;
    private static final java.util.Map<PageKind, javafx.css.PseudoClass> KIND = new java.util.EnumMap<>(PageKind.class);
    private static final javafx.css.PseudoClass LIT = javafx.css.PseudoClass.getPseudoClass("lit");

    static {
        for (PageKind k : PageKind.values()) KIND.put(k, javafx.css.PseudoClass.getPseudoClass(k.name().toLowerCase()));
    }

    private static void pseudo(javafx.scene.Node n, javafx.css.PseudoClass pc, boolean on) {
        if (n.getPseudoClassStates().contains(pc) != on) n.pseudoClassStateChanged(pc, on);
    }

    /** Builds the boxes for the task's mapping (fixed for a setup); refresh only updates them. */
    private void build(Machine m) {
        builtFor = m;
        boxes.clear();
        List<VBox> nodes = new ArrayList<>();
        for (int i = 0; i < AddressSpace.SLOTS; i++) {
            SlotBox b = new SlotBox(m, i);
            boxes.add(b);
            nodes.add(b.box);
        }
        textBox = new TextBox();
        nodes.add(textBox.box);
        for (int i = 0; i < nodes.size(); i++) {
            VBox b = nodes.get(i);
            boolean backed = i < AddressSpace.SLOTS && boxes.get(i).page != null;
            HBox.setHgrow(b, backed ? Priority.ALWAYS : Priority.SOMETIMES);
            if (!backed) b.setMaxWidth(150); // unbacked slots and the text need less room than pages with fields
            b.setMinWidth(backed ? 190 : 110);
        }
        slots.getChildren().setAll(nodes);
        if (chips.isEmpty()) {
            for (int i = 0; i < CHIPS; i++) {
                Label c = new Label();
                c.getStyleClass().add("chip");
                c.managedProperty().bind(c.visibleProperty());
                chips.add(c);
            }
            trail.getChildren().setAll(chips);
        }
    }

    private final class SlotBox {
        final int slot;
        final VBox box = new VBox(2);
        final Label count = new Label();
        final List<FieldRow> rows = new ArrayList<>();
        final FieldRow extra;
        final Page page;

        SlotBox(Machine m, int slot) {
            this.slot = slot;
            AddressSpace as = m.addressSpace();
            page = as.slot(slot);
            kindText[slot] = page == null ? "unbacked" : page.kind().label();
            Label head = new Label("slot " + slot + "  " + Fmt.hex(as.slotAddress(slot) & 0xffff_ffffL).replace("0x", "\u2026"));
            head.getStyleClass().add("slot-head");
            Label kind = new Label(kindText[slot]);
            kind.getStyleClass().add("slot-kind");
            kind.setId("slot-kind-" + slot);
            Label holds = new Label(page == null ? "not backed: SIGBUS if touched" : page.kind().holds());
            holds.getStyleClass().add("slot-holds");
            holds.setWrapText(true);
            count.getStyleClass().add("slot-count");
            box.getChildren().addAll(head, kind, holds, count);
            box.getStyleClass().addAll("slot", "kind-" + kindClass(page));
            box.setId("slot-" + slot);
            if (page != null) {
                for (Map.Entry<Integer, Integer> f : fields(page.kind(), m.setup().clock()).entrySet()) {
                    FieldRow r = new FieldRow(page, f.getKey(), f.getValue());
                    rows.add(r);
                    box.getChildren().add(r.row);
                }
                extra = new FieldRow(page, 0, 4);
                extra.row.setVisible(false);
                box.getChildren().add(extra.row);
            } else {
                extra = null;
            }
        }

        void update(Machine m, List<Event.MemRead> reads, Event.MemRead lit) {
            AddressSpace as = m.addressSpace();
            int n = 0;
            for (Event.MemRead r : reads) if (as.slotOf(r.address()) == slot) n++;
            count.setText(n == 0 ? "not read" : "read " + n + "\u00d7 this call");
            boolean here = lit != null && as.slotOf(lit.address()) == slot;
            pseudo(box, LIT, here);
            if (page == null) return;
            int litOff = here ? (int) (lit.address() - as.slotAddress(slot)) : -1;
            boolean shownLit = false;
            for (FieldRow r : rows) {
                boolean on = litOff >= r.off && litOff < r.off + r.size;
                shownLit |= on;
                r.update(on);
            }
            if (litOff >= 0 && !shownLit) {
                extra.retarget(litOff, lit.size());
                extra.update(true);
                extra.row.setVisible(true);
            } else {
                extra.row.setVisible(false);
            }
        }
    }

    /** Reduced motion for all pages views (set from the window's toggle). */
    private static volatile boolean reducedMotionAll;

    public void setReducedMotion(boolean reduced) { reducedMotionAll = reduced; }

    private static final javafx.css.PseudoClass ODD = javafx.css.PseudoClass.getPseudoClass("odd");

    private static final class FieldRow {
        final Page page;
        int off, size;
        final Label name = new Label(), value = new Label();
        final VBox row = new VBox(0, name, value);
        final Tooltip tip = new Tooltip();
        String suffix = "";

        FieldRow(Page page, int off, int size) {
            this.page = page;
            name.getStyleClass().add("field-name");
            value.getStyleClass().add("field-value");
            row.getStyleClass().add("field");
            row.managedProperty().bind(row.visibleProperty());
            Tooltip.install(row, tip);
            retarget(off, size);
        }

        void retarget(int off, int size) {
            this.off = off;
            this.size = size;
            // "offset[MONOTONIC].sec": the array element on the name line, ".sec" before the value (narrow boxes)
            String n = shortField(DataLayout.fieldName(page.kind(), off));
            int dot = n.lastIndexOf("].");
            name.setText(dot > 0 ? n.substring(0, dot + 1) : n);
            suffix = dot > 0 ? n.substring(dot + 1) + " " : "";
        }

        void update(boolean lit) {
            if (lit && !row.getPseudoClassStates().contains(LIT) && !reducedMotionAll) {
                javafx.animation.FadeTransition f = new javafx.animation.FadeTransition(javafx.util.Duration.millis(220), row);
                f.setFromValue(0.3);
                f.setToValue(1);
                f.play();
            }
            String fname = DataLayout.fieldName(page.kind(), off);
            long v = page.read(off, size);
            value.setText(suffix + (fname.endsWith(".clock_mode") ? mode(v).replace("VCLOCK_", "") : Long.toString(v)));
            pseudo(value, ODD, fname.endsWith(".seq") && (v & 1) != 0);
            pseudo(row, LIT, lit);
            tip.setText(fname + " at page offset " + Fmt.hex(off) + " = " + v);
        }
    }

    private static final class TextBox {
        final VBox box;
        final Label rip = new Label(), range = new Label();

        TextBox() {
            Label head = new Label("vDSO text");
            head.getStyleClass().add("slot-head");
            Label kind = new Label("code");
            kind.getStyleClass().add("slot-kind");
            range.getStyleClass().add("slot-holds");
            rip.getStyleClass().add("field-name");
            rip.setWrapText(true);
            Label note = new Label("vvar slots sit just below this text: code reaches them %rip-relative");
            note.getStyleClass().add("slot-holds");
            note.setWrapText(true);
            box = new VBox(2, head, kind, range, rip, note);
            box.getStyleClass().addAll("slot", "kind-text");
            box.setId("slot-text");
        }

        void update(Machine m) {
            range.setText(Fmt.hex(m.listing().textStart()) + "\u2013" + Fmt.hex(m.listing().textEnd()));
            Instruction next = m.next();
            rip.setText(next == null ? "" : "next: " + next.addressHex() + " in " + next.symbol());
        }
    }

    private static String describeValue(String field, long v) {
        if (field.endsWith(".clock_mode")) return "  (" + mode(v) + ")";
        if (field.endsWith(".seq")) return (v & 1) != 0 ? "  (odd)" : "  (even)";
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

    private static String kindClass(Page p) { return p == null ? "unbacked" : p.kind().name().toLowerCase(); }

    /** The fields shown for a page kind (page offset to size), for the chosen clock. */
    static Map<Integer, Integer> fields(PageKind kind, Clock clock) {
        Map<Integer, Integer> f = new LinkedHashMap<>();
        int base = clock == Clock.MONOTONIC_RAW ? DataLayout.CS_RAW : DataLayout.CS_HRES_COARSE;
        switch (kind) {
            case VVAR -> {
                f.put(DataLayout.data(DataLayout.CS_HRES_COARSE, DataLayout.SEQ), 4);
                f.put(DataLayout.data(base, DataLayout.CLOCK_MODE), 4);
                f.put(DataLayout.data(base, DataLayout.CYCLE_LAST), 8);
                f.put(DataLayout.data(base, DataLayout.MULT), 4);
                f.put(DataLayout.data(base, DataLayout.SHIFT), 4);
                f.put(DataLayout.basetime(base, clock.id), 8);
                f.put(DataLayout.basetime(base, clock.id) + 8, 8);
            }
            case TIMENS -> {
                f.put(DataLayout.data(DataLayout.CS_HRES_COARSE, DataLayout.SEQ), 4);
                f.put(DataLayout.data(DataLayout.CS_HRES_COARSE, DataLayout.CLOCK_MODE), 4);
                f.put(DataLayout.basetime(DataLayout.CS_HRES_COARSE, clock.id), 8);
                f.put(DataLayout.basetime(DataLayout.CS_HRES_COARSE, clock.id) + 8, 8);
            }
            case PVCLOCK -> {
                f.put(DataLayout.PV_VERSION, 4);
                f.put(DataLayout.PV_TSC_TIMESTAMP, 8);
                f.put(DataLayout.PV_SYSTEM_TIME, 8);
                f.put(DataLayout.PV_MUL, 4);
                f.put(DataLayout.PV_SHIFT, 1);
                f.put(DataLayout.PV_FLAGS, 1);
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

package org.vdsoexplorer.app.code;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.Session;

/**
 * The code view's side column: the spill count of this call, the register file (the registers the last step
 * changed flashing; two columns, or one when two do not fit beside the code panes) and the stack from the caller's
 * return address down to rsp (pushes of this call annotated), in a vertical scroll pane. {@link CodeView} places it.
 */
final class RegisterColumn {
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    private static final PseudoClass PUSHED = PseudoClass.getPseudoClass("pushed");
    private static final PseudoClass TOP = PseudoClass.getPseudoClass("top");
    /** Registers flash (fade in) only when refreshes are at least this far apart (not while running fast). */
    private static final long FLASH_GAP_NANOS = 250_000_000L;
    private static final int STACK_ROWS = 14;

    private final Session session;
    private final org.vdsoexplorer.app.common.FrameClock clock;
    private final org.vdsoexplorer.app.common.Flash flash;
    final VBox side;
    final ScrollPane scroll;
    private final GridPane regs = new GridPane();
    private final Label[] regNames = new Label[Registers.COUNT + 2];
    private final Label[] regValues = new Label[Registers.COUNT + 2];
    private final VBox stack = new VBox();
    private final Label spills = new Label();
    private boolean oneColumn;
    private long[] lastRegs;
    /** The machine {@link #lastRegs} came from ({@link ModelSnapshot#machine()}): a new one (reset, new setup) has nothing "changed". */
    private long regsOf = -1;
    private long lastRefresh;
    /** Whether this refresh flashes what changed (steps far enough apart to be watched). */
    private boolean flashNow;
    /** How many stack rows fit the side column's height now. */
    private int stackLimit = STACK_ROWS;
    private final List<Label[]> stackRows = new ArrayList<>();

    RegisterColumn(Session session, org.vdsoexplorer.app.common.FrameClock clock) {
        this.session = session;
        this.clock = clock;
        this.flash = new org.vdsoexplorer.app.common.Flash(clock);
        regs.setId("code-registers");
        regs.getStyleClass().add("registers");
        regs.setHgap(8);
        regs.setVgap(1);
        for (int i = 0; i < regValues.length; i++) {
            String name = i < Registers.COUNT ? Registers.name64(i) : i == Registers.COUNT ? "rip" : "rflags";
            Label n = new Label(name);
            n.getStyleClass().add("reg-name");
            Label v = new Label("");
            v.getStyleClass().add("reg-value");
            v.setMinWidth(Region.USE_PREF_SIZE);
            v.setId("reg-" + name);
            regValues[i] = v;
            regNames[i] = n;
        }
        placeRegisters(false);
        Label regTitle = new Label("Registers");
        regTitle.getStyleClass().add("pane-title");
        org.vdsoexplorer.app.common.Tips.install(regTitle, "The reader's register file; yellow: changed by the last step");
        Label stackTitle = new Label("Stack (caller's frame at the top)");
        stackTitle.getStyleClass().add("pane-title");
        stack.setId("code-stack");
        stack.getStyleClass().add("stack");
        spills.setId("code-spills");
        spills.getStyleClass().add("spills");
        org.vdsoexplorer.app.common.Tips.install(spills, "Callee-saved registers pushed by prologues and popped by epilogues in "
                + "this call: the cost of not inlining, or of needing more registers");
        // the spill count first: the figure the register-spills lesson asks about stays in view in a short column
        side = new VBox(6, spills, regTitle, regs, stackTitle, stack);
        side.setPadding(new Insets(0, 0, 0, 6));
        // scrolls when the window is short, so the code view never forces the other views off screen
        scroll = org.vdsoexplorer.app.common.Scrolling.vertical(side, "code-side");
        scroll.setMinWidth(0);
        // the stack shows the rows that fit whole (a row cut at the bottom reads as a different value)
        javafx.beans.InvalidationListener fitStack = o -> {
            int fit = stackRowsFitting(scroll.getHeight());
            if (fit != stackLimit) {
                stackLimit = fit;
                refreshStack(session.snapshot());
            }
        };
        scroll.heightProperty().addListener(fitStack);
        stack.layoutYProperty().addListener(fitStack);
    }

    /**
     * Two columns (rax..rdi | r8..r15, then rip and rflags: half the height of one column), or one column when two
     * do not fit beside the code panes.
     */
    void placeRegisters(boolean one) {
        oneColumn = one;
        regs.getChildren().clear();
        for (int i = 0; i < regValues.length; i++) {
            int col = one ? 0 : i < Registers.COUNT ? i / 8 : i - Registers.COUNT;
            int row = one ? i : i < Registers.COUNT ? i % 8 : 8;
            regs.add(regNames[i], col * 2, row);
            regs.add(regValues[i], col * 2 + 1, row);
        }
    }

    boolean oneColumn() { return oneColumn; }

    /** A new listing: nothing has "changed" on the next refresh. */
    void forgetRegisters() { lastRegs = null; }

    String registerText(int num) { return regValues[num].getText(); }

    String spillText() { return spills.getText(); }

    /** Shows {@code m}'s registers, stack and this call's spills. */
    void refresh(ModelSnapshot m, boolean reducedMotion) {
        refreshRegisters(m, reducedMotion);
        refreshStack(m);
        ModelSnapshot.Spills s = m.spills();
        Fmt.setText(spills, session.masked(org.vdsoexplorer.lesson.Shown.SPILLS) ? "spills this call: ? push, ? pop"
                : "spills this call: " + s.push() + " push, " + s.pop() + " pop");
    }

    private void refreshRegisters(ModelSnapshot m, boolean reducedMotion) {
        long t = clock.now();
        boolean flash = !reducedMotion && t - lastRefresh > FLASH_GAP_NANOS;
        flashNow = flash;
        lastRefresh = t;
        if (regsOf != m.machine()) lastRegs = null;
        regsOf = m.machine();
        ModelSnapshot.RegisterFile rf = m.registers();
        long[] now = new long[Registers.COUNT + 2];
        for (int i = 0; i < Registers.COUNT; i++) now[i] = rf.get(i);
        now[Registers.COUNT] = rf.rip();
        now[Registers.COUNT + 1] = rf.rflags();
        for (int i = 0; i < now.length; i++) {
            Label v = regValues[i];
            Fmt.setText(v, i == Registers.COUNT + 1 ? flags(now[i]) : Fmt.reg(now[i]));
            boolean changed = lastRegs != null && lastRegs[i] != now[i];
            v.pseudoClassStateChanged(CHANGED, changed);
            if (changed && flash) this.flash.on(v, 300);
            else if (!changed) this.flash.off(v); // :fresh shows only with :changed (app.css)
        }
        lastRegs = now;
    }

    private static String flags(long f) {
        return ((f & 0x40) != 0 ? "ZF " : "zf ") + ((f & 1) != 0 ? "CF " : "cf ") + ((f & 0x80) != 0 ? "SF " : "sf ")
                + ((f & 0x800) != 0 ? "OF" : "of");
    }

    private int stackRowsFitting(double height) {
        if (stackRows.isEmpty() || height <= 0) return STACK_ROWS;
        Node first = stackRows.getFirst()[0].getParent();
        double rowH = first.getLayoutBounds().getHeight();
        if (rowH <= 0) rowH = Math.ceil(stackRows.getFirst()[0].getFont().getSize() * 1.35);
        double top = stack.getLayoutY() + stack.getInsets().getTop() + stack.getInsets().getBottom() + 2;
        return (int) Math.max(1, Math.min(STACK_ROWS, Math.floor((height - top) / rowH)));
    }

    private void refreshStack(ModelSnapshot m) {
        if (stackRows.isEmpty()) {
            for (int i = 0; i < STACK_ROWS; i++) {
                Label off = new Label(), val = new Label(), note = new Label();
                off.getStyleClass().add("stack-off");
                val.getStyleClass().add("stack-value");
                note.getStyleClass().add("stack-note");
                HBox row = new HBox(8, off, val, note);
                row.getStyleClass().add("stack-row");
                row.managedProperty().bind(row.visibleProperty());
                stackRows.add(new Label[] {off, val, note});
                stack.getChildren().add(row);
            }
        }
        Map<Long, String> who = new HashMap<>();
        for (Event e : m.callLog()) {
            if (e instanceof Event.Push p) who.put(p.address(), p.reg() < 0 ? "return address" : "saved %" + Registers.name64(p.reg()));
        }
        ModelSnapshot.Stack st = m.stack();
        long rsp = st.rsp(), top = st.top();
        int shown = 0;
        for (; shown < st.words().size() && shown < stackLimit; shown++) {
            long a = st.address(shown), v = st.words().get(shown);
            String note = a == top ? "caller's return address" : who.getOrDefault(a, "frame");
            Label[] r = stackRows.get(shown);
            Fmt.setText(r[0], a == rsp ? "rsp \u2192" : "rsp+" + (a - rsp));
            Fmt.setText(r[1], Fmt.hex(v));
            Fmt.setText(r[2], note);
            Node row = r[0].getParent();
            row.setVisible(true);
            row.pseudoClassStateChanged(PUSHED, note.startsWith("saved"));
            row.pseudoClassStateChanged(TOP, a == rsp);
        }
        for (int i = shown; i < STACK_ROWS; i++) {
            Node row = stackRows.get(i)[0].getParent();
            row.setVisible(false);
            flash.off(row); // a hidden row's highlight would end unseen (see Flash)
        }
        if (flashNow && shown > 0 && stack.getUserData() instanceof Long prev && prev > rsp) {
            flash.on(stackRows.get(shown - 1)[0].getParent(), 300); // the pushed row
        }
        stack.setUserData(rsp);
    }
}

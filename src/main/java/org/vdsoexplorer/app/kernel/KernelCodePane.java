package org.vdsoexplorer.app.kernel;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.session.KernelSnapshot;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.Registers;

/**
 * The captured code as objdump disassembled it, at the addresses the capture's task mapped it, under the image's own
 * symbol names; the next instruction marked, the ones this call executed flagged; beside it the registers (those the
 * last step changed marked) and the stack from the caller's return address down.
 */
final class KernelCodePane extends KernelPane {
    private static final PseudoClass CURRENT = PseudoClass.getPseudoClass("current");
    private static final PseudoClass RAN = PseudoClass.getPseudoClass("ran");
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");

    /** A row: a symbol's label line, or an instruction. */
    record Row(String symbol, Instruction insn) {}

    private final ListView<Row> list = new ListView<>();
    private final Label[] regs = new Label[16];
    private final Label rip = new Label();
    private final VBox stack = new VBox();
    private Listing shown;
    private final Set<Integer> ran = new HashSet<>();
    private int current = -1;

    KernelCodePane() {
        super("kernel-code", "Code: the captured disassembly");
        list.getStyleClass().add("code-list");
        list.setId("kernel-listing");
        list.setFocusTraversable(false);
        list.setCellFactory(v -> new ListCell<>() {
            @Override protected void updateItem(Row r, boolean empty) {
                super.updateItem(r, empty);
                getStyleClass().remove("symbol");
                pseudoClassStateChanged(CURRENT, false);
                pseudoClassStateChanged(RAN, false);
                if (empty || r == null) {
                    setText(null);
                    return;
                }
                if (r.symbol() != null) {
                    getStyleClass().add("symbol");
                    setText("<" + r.symbol() + ">:");
                    return;
                }
                boolean cur = r.insn().index() == current, done = ran.contains(r.insn().index());
                setText((cur ? "\u25B6 " : done ? "\u2713 " : "  ") + r.insn().addressHex() + "  " + r.insn().text());
                pseudoClassStateChanged(CURRENT, cur);
                pseudoClassStateChanged(RAN, done && !cur);
            }
        });
        GridPane grid = new GridPane();
        grid.getStyleClass().add("registers");
        grid.setHgap(4);
        for (int i = 0; i < 16; i++) {
            Label name = new Label(Registers.name64(i));
            name.getStyleClass().add("reg-name");
            regs[i] = new Label();
            regs[i].getStyleClass().add("reg-value");
            regs[i].setId("kernel-reg-" + Registers.name64(i));
            grid.add(name, (i / 8) * 2, i % 8);
            grid.add(regs[i], (i / 8) * 2 + 1, i % 8);
        }
        Label ripName = new Label("rip");
        ripName.getStyleClass().add("reg-name");
        rip.getStyleClass().add("reg-value");
        grid.add(ripName, 0, 8);
        grid.add(rip, 1, 8, 3, 1);
        stack.getStyleClass().add("stack");
        stack.setId("kernel-stack");
        Label stackTitle = new Label("Stack (rsp at the bottom)");
        stackTitle.getStyleClass().add("pane-title");
        VBox side = new VBox(4, grid, stackTitle, stack);
        // the registers and stack scroll when the pane is short (a laptop), so the grid's rows keep their half each
        javafx.scene.control.ScrollPane sideScroll = scroll(side, "kernel-registers");
        sideScroll.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        side.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        list.setMinHeight(0);
        body.setCenter(list);
        VBox.setVgrow(body, Priority.ALWAYS);
        getChildren().addAll(title, body);
        // the registers beside the listing, or below it when the pane is narrow (a projector at 250 %)
        widthProperty().addListener((o, a, b) -> arrange(sideScroll));
        title.fontProperty().addListener((o, a, b) -> arrange(sideScroll));
        arrange(sideScroll);
        list.heightProperty().addListener((o, a, b) -> keepCurrentInSight());
    }

    private final javafx.scene.layout.BorderPane body = new javafx.scene.layout.BorderPane();

    /** Below {@link #SIDE_BELOW_EM} ems of width the registers and stack go under the listing. */
    static final double SIDE_BELOW_EM = 48;

    private void arrange(javafx.scene.Node side) {
        double em = title.getFont().getSize() / 1.15; // .view-title is 1.15 em
        boolean below = getWidth() > 0 && getWidth() / em < SIDE_BELOW_EM;
        javafx.scene.layout.BorderPane.setMargin(side, below ? new javafx.geometry.Insets(6, 0, 0, 0) : new javafx.geometry.Insets(0, 0, 0, 6));
        javafx.scene.control.ScrollPane scroll = (javafx.scene.control.ScrollPane) side;
        if (below && body.getBottom() != side) {
            body.setRight(null);
            body.setBottom(side);
            // a third of the pane: the listing keeps the rest, the registers and stack scroll
            scroll.prefHeightProperty().bind(heightProperty().multiply(0.34));
            scroll.setMinHeight(0);
        } else if (!below && body.getRight() != side) {
            body.setBottom(null);
            scroll.prefHeightProperty().unbind();
            scroll.setPrefHeight(javafx.scene.layout.Region.USE_COMPUTED_SIZE);
            body.setRight(side);
        }
    }

    @Override void show(KernelSnapshot s) {
        if (shown != s.listing()) {
            shown = s.listing();
            List<Row> rows = new ArrayList<>();
            java.util.Map<Long, String> names = new java.util.HashMap<>();
            s.listing().symbols().forEach((n, a) -> names.merge(a, n, (x, y) -> x.length() <= y.length() ? x : y));
            for (Instruction i : s.listing().instructions()) {
                String sym = names.get(i.address());
                if (sym != null) rows.add(new Row(sym, null));
                rows.add(new Row(null, i));
            }
            list.getItems().setAll(rows);
        }
        ran.clear();
        ran.addAll(s.executed());
        current = s.next() == null ? -1 : s.next().index();
        title.setText("Code: " + (s.next() == null ? "returned" : "next " + s.next().addressHex() + " in " + s.listing().symbolAt(s.next().address())));
        list.refresh();
        keepCurrentInSight();
        javafx.application.Platform.runLater(this::keepCurrentInSight); // again once the list has its size
        for (int i = 0; i < 16; i++) {
            regs[i].setText(String.format("%016x", s.registers().get(i)));
            regs[i].pseudoClassStateChanged(CHANGED, s.changed().contains(i));
        }
        rip.setText(String.format("%016x", s.registers().rip()));
        stack.getChildren().clear();
        for (int i = 0; i < s.stack().words().size(); i++) {
            long at = s.stack().address(i);
            Label l = new Label(String.format("%x  %016x%s", at & 0xffff, s.stack().words().get(i),
                    i == 0 ? "  return address" : at == s.stack().rsp() ? "  \u2190 rsp" : ""));
            l.getStyleClass().add("stack-row");
            stack.getChildren().add(l);
        }
        if (s.stack().words().isEmpty()) stack.getChildren().add(new Label("(returned: nothing below the caller)"));
    }

    /**
     * Scrolls the listing so the next instruction is the fourth row (as a debugger keeps its current line in place): by
     * index, so it holds before the list has its size too.
     */
    private void keepCurrentInSight() {
        if (current >= 0) list.scrollTo(Math.max(0, rowOf(current) - 3));
    }

    private int rowOf(int index) {
        for (int r = 0; r < list.getItems().size(); r++) {
            Row row = list.getItems().get(r);
            if (row.insn() != null && row.insn().index() == index) return r;
        }
        return 0;
    }

    // tests
    int currentIndex() { return current; }

    String registerText(int reg) { return regs[reg].getText(); }

    ListView<Row> listing() { return list; }
}

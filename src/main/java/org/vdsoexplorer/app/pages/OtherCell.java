package org.vdsoexplorer.app.pages;

import static org.vdsoexplorer.app.pages.PageNames.holds;
import static org.vdsoexplorer.app.pages.PageNames.mode;
import static org.vdsoexplorer.app.pages.PageNames.signed;
import static org.vdsoexplorer.app.pages.PageStyle.NONE;
import static org.vdsoexplorer.app.pages.PageStyle.SHARED;
import static org.vdsoexplorer.app.pages.PageStyle.kindPseudo;

import javafx.geometry.VPos;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.DataLayout;
import org.vdsoexplorer.sim.kernel.PageKind;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.ModelSnapshot.PageImage;
import org.vdsoexplorer.session.ModelSnapshot.VvarPages;

/** The other task's slot: the kind of page it holds there, and whether that page is one the running task maps too. */
final class OtherCell {
    final int slot;
    final Label kind = new Label(), holds = new Label();
    /** What the other task's page says, in pieces that wrap separately. */
    final Label[] note = {new Label(), new Label(), new Label(), new Label()};
    final FlowPane box;
    org.vdsoexplorer.app.common.Tips.Lazy tip;

    OtherCell(int slot) {
        this.slot = slot;
        kind.getStyleClass().add("slot-kind");
        kind.setMinWidth(Region.USE_PREF_SIZE);
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

    /** Shows the other task's ({@code sibling}'s, null: none) page in this slot beside {@code m}'s; returns its kind text or null. */
    String retarget(ModelSnapshot m, VvarPages sibling) {
        PageImage p = sibling == null ? null : sibling.slot(slot);
        box.setVisible(sibling != null);
        String kindText = sibling == null ? null : p == null ? "unbacked" : p.kind().label();
        kind.setText(kindText == null ? "" : kindText);
        kindPseudo(box, p);
        box.pseudoClassStateChanged(NONE, sibling == null);
        if (p == null) {
            holds.setText("");
            note("", "", "", "");
            tip.setText("slot " + slot + " is not backed for the other task: SIGBUS if touched");
            box.pseudoClassStateChanged(SHARED, false);
            return kindText;
        }
        holds.setText(holds(p.kind()));
        // the kernel's clock pages are shared by every task; the namespace page is per namespace
        int same = -1;
        VvarPages as = m.pages();
        for (int j = 0; j < VvarPages.SLOTS && p.kind() != PageKind.TIMENS; j++) {
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
        return kindText;
    }
}

package org.vdsoexplorer.app.pages;

import static org.vdsoexplorer.app.pages.PageNames.fields;
import static org.vdsoexplorer.app.pages.PageNames.holds;
import static org.vdsoexplorer.app.pages.PageStyle.LIT;
import static org.vdsoexplorer.app.pages.PageStyle.kindPseudo;

import java.util.Map;
import javafx.geometry.VPos;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.session.Session;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.ModelSnapshot.PageImage;
import org.vdsoexplorer.session.ModelSnapshot.VvarPages;

/** The running task's slot: the kind of page it holds (or unbacked) and the fields the code reads, the one read last lit. */
final class RunningCell {
    static final int FIELDS = 8;
    private final Session session;
    final int slot;
    final Label kind = new Label(), holds = new Label();
    final FlowPane box = new FlowPane(5, 0);
    final FieldChip[] fields = new FieldChip[FIELDS];
    org.vdsoexplorer.app.common.Tips.Lazy tip;
    PageImage page;
    int shown;
    FieldChip extra;

    RunningCell(int slot, Session session, org.vdsoexplorer.app.common.Flash flash, java.util.function.BooleanSupplier reducedMotion) {
        this.slot = slot;
        this.session = session;
        kind.getStyleClass().add("slot-kind");
        kind.setId("slot-kind-" + slot);
        kind.setMinWidth(Region.USE_PREF_SIZE);
        holds.getStyleClass().add("slot-holds");
        holds.setMinWidth(0);
        holds.managedProperty().bind(holds.visibleProperty());
        box.getChildren().addAll(kind, holds);
        for (int i = 0; i < FIELDS; i++) {
            fields[i] = new FieldChip(flash, reducedMotion);
            box.getChildren().add(fields[i].row);
        }
        box.setRowValignment(VPos.BASELINE);
        box.setPrefWrapLength(200);
        box.getStyleClass().add("slot");
        box.setId("slot-" + slot);
        box.setMinWidth(0);
        tip = org.vdsoexplorer.app.common.Tips.lazy(box);
    }

    /** Shows {@code m}'s page in this slot; returns the kind text shown. */
    String retarget(ModelSnapshot m) {
        page = m.pages().slot(slot);
        String kindText = page == null ? "unbacked" : page.kind().label();
        kind.setText(kindText);
        holds.setText(page == null ? "SIGBUS if touched" : "");
        holds.setVisible(page == null);
        kindPseudo(box, page);
        String at = "vvar slot " + slot + " at " + Fmt.hex(m.pages().slotAddress(slot)) + " (vvar_start + " + slot
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
        return kindText;
    }

    /** Shows the values of {@code as}'s page (this snapshot's bytes), the field {@code lit} read lit. */
    void update(VvarPages as, Event.MemRead lit) {
        boolean here = lit != null && as.slotOf(lit.address()) == slot;
        box.pseudoClassStateChanged(LIT, here);
        page = as.slot(slot);
        if (page == null) return;
        int litOff = here ? (int) (lit.address() - as.slotAddress(slot)) : -1;
        boolean shownLit = false;
        for (int i = 0; i < shown; i++) {
            FieldChip r = fields[i];
            boolean on = litOff >= r.off && litOff < r.off + r.size;
            shownLit |= on;
            r.update(page, on, session.masked(org.vdsoexplorer.lesson.Shown.SEQ));
        }
        if (extra != null) {
            if (litOff >= 0 && !shownLit) {
                extra.retarget(page, litOff, lit.size(), "");
                extra.update(page, true, session.masked(org.vdsoexplorer.lesson.Shown.SEQ));
                extra.row.setVisible(true);
            } else {
                extra.row.setVisible(false);
            }
        }
    }
}

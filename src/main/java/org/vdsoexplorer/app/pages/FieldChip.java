package org.vdsoexplorer.app.pages;

import static org.vdsoexplorer.app.pages.PageNames.describeValue;
import static org.vdsoexplorer.app.pages.PageNames.field;
import static org.vdsoexplorer.app.pages.PageNames.mode;
import static org.vdsoexplorer.app.pages.PageNames.shortField;
import static org.vdsoexplorer.app.pages.PageStyle.LIT;
import static org.vdsoexplorer.app.pages.PageStyle.ODD;

import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import org.vdsoexplorer.app.common.Flash;
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.sim.kernel.DataLayout;
import org.vdsoexplorer.sim.kernel.Field;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.ModelSnapshot.PageImage;
import org.vdsoexplorer.session.ModelSnapshot.VvarPages;

/** One field of a page: its C name and current value, lit while the last step reads it. */
final class FieldChip {
    PageImage page;
    int off, size;
    final Label name = new Label(), value = new Label();
    final HBox row = new HBox(3, name, value);
    org.vdsoexplorer.app.common.Tips.Lazy tip;
    /** The value keeps its widest width while this chip shows one field: the slot's flow wraps the same way every refresh. */
    private final org.vdsoexplorer.app.common.StableSize steady = org.vdsoexplorer.app.common.StableSize.width(value);

    /** True while the window's reduced motion is on: a newly lit field is then not flashed. */
    private final java.util.function.BooleanSupplier reducedMotion;

    /** The pages view's flashes (timed on its window's clock). */
    private final Flash flash;

    FieldChip(Flash flash, java.util.function.BooleanSupplier reducedMotion) {
        this.flash = flash;
        this.reducedMotion = reducedMotion;
        name.getStyleClass().add("field-name");
        value.getStyleClass().add("field-value");
        row.getStyleClass().add("field");
        row.setAlignment(javafx.geometry.Pos.BASELINE_LEFT);
        row.managedProperty().bind(row.visibleProperty());
        tip = org.vdsoexplorer.app.common.Tips.lazy(row);
    }

    /** Shows field {@code off} of {@code page}; a ".nsec" after its ".sec" drops the shared prefix. */
    String retarget(PageImage page, int off, int size, String prev) {
        this.page = page;
        this.off = off;
        this.size = size;
        String n = shortField(DataLayout.fieldName(page.kind(), off));
        int dot = n.lastIndexOf("].");
        String prefix = dot > 0 ? n.substring(0, dot + 1) : n;
        name.setText(dot > 0 && prefix.equals(prev) ? n.substring(dot + 1) : n);
        steady.reset();
        return prefix;
    }

    /** Shows the field's value in {@code page} (the snapshot's copy); {@code hideSeq}: a seq field shows "?" (an open question asks for it). */
    void update(PageImage page, boolean lit, boolean hideSeq) {
        this.page = page;
        if (lit && !row.getPseudoClassStates().contains(LIT) && !reducedMotion.getAsBoolean()) flash.on(row, 300);
        if (!lit) flash.off(row); // :fresh shows only with :lit (pages.css)
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

package org.vdsoexplorer.app.pages;

import static org.vdsoexplorer.app.pages.PageNames.shortField;

import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.DataLayout;
import org.vdsoexplorer.sim.kernel.Field;
import org.vdsoexplorer.sim.kernel.PageKind;
import org.vdsoexplorer.session.ModelSnapshot;
import org.vdsoexplorer.session.ModelSnapshot.PageImage;
import org.vdsoexplorer.session.ModelSnapshot.VvarPages;

/**
 * The namespace offset being added in the pages view, with the model's values: three columns (host time,
 * + offset[clk], = namespace time) of value over what it is.
 */
final class OffsetPanel {
    /** The offset addition: three rows (host time, + offset, = namespace time) of sign, value, what it is. */
    final GridPane node = new GridPane();
    private final Label[] eqValue = new Label[3], eqWhat = new Label[3];

    OffsetPanel() {
        node.setId("pages-offset");
        node.getStyleClass().add("offset-sum");
        node.setHgap(8);
        org.vdsoexplorer.app.common.StableSize.height(node); // "not yet" and the values wrap differently: the view below keeps still
        for (int c = 0; c < 3; c++) {
            eqValue[c] = new Label();
            eqValue[c].getStyleClass().add("eq-value");
            eqValue[c].setMinWidth(Region.USE_PREF_SIZE);
            org.vdsoexplorer.app.common.StableSize.width(eqValue[c]); // "?" as wide as the time it stands for
            eqWhat[c] = new Label();
            eqWhat[c].getStyleClass().add("eq-what");
            eqWhat[c].setWrapText(true); // under its value, on two lines in a narrow view rather than cut
            Label what = eqWhat[c]; // but never narrower than its longest word ("namespace" was split at 250 %)
            what.minWidthProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(() -> widestWord(what),
                    what.textProperty(), what.fontProperty(), what.paddingProperty()));
            eqWhat[c].setMinHeight(Region.USE_PREF_SIZE);
            node.add(eqValue[c], 2 * c, 0);
            node.add(eqWhat[c], 2 * c, 1);
            if (c < 2) {
                Label op = new Label(c == 0 ? "+" : "=");
                op.getStyleClass().add("eq-sign");
                node.add(op, 2 * c + 1, 0);
            }
        }
        org.vdsoexplorer.app.common.Tips.install(node, "do_hres_timens() / do_coarse_timens(): the time read from the real data page "
                + "plus offset[clk] from the namespace page (timens_add_offset), with the model's values");
    }

    private static double widestWord(Label l) {
        double w = 0;
        for (String word : l.getText().split("\\s+")) {
            w = Math.max(w, org.vdsoexplorer.app.common.DrawnText.measure(word, l.getFont())[0]);
        }
        return Math.ceil(w + l.getPadding().getLeft() + l.getPadding().getRight());
    }

    /** The text of the addition, row by row ("" when not shown). */
    String text() {
        if (!node.isVisible()) return "";
        StringBuilder sb = new StringBuilder();
        sb.append(eqValue[0].getText()).append(" + ").append(eqValue[1].getText()).append(" = ").append(eqValue[2].getText())
                .append('\n')
                .append(eqWhat[0].getText()).append(" | ").append(eqWhat[1].getText()).append(" | ").append(eqWhat[2].getText());
        return sb.toString();
    }

    /**
     * Shows the addition for {@code m}'s call ({@code sibling}: the other task's address space, or null;
     * {@code c}: compact texts) and returns it, or hides it and returns null when no side has a time namespace.
     */
    PagesView.OffsetSum update(ModelSnapshot m, VvarPages sibling, List<Event.MemRead> reads, Event.CallEnd end, boolean c) {
        Setup setup = m.setup();
        Clock clk = setup.clock();
        boolean ns = setup.scenario().namespace();
        VvarPages nsAs = ns ? m.pages() : sibling;
        if (nsAs == null || setup.scenario().legacy() || nsAs.slot(0) == null || nsAs.slot(0).kind() != PageKind.TIMENS) {
            node.setVisible(false);
            return null;
        }
        int base = clk == Clock.MONOTONIC_RAW ? DataLayout.CS_RAW : DataLayout.CS_HRES_COARSE;
        int offSec = DataLayout.basetime(base, clk.id);
        PageImage timens = nsAs.slot(0);
        long[] off = {timens.read(offSec, 8), timens.read(offSec + 8, 8)};
        String offName = "offset[" + clk.name() + "]";
        boolean read = false;
        if (ns) {
            // what the code read from the namespace page, if it has
            boolean sec = false, nsec = false;
            for (Event.MemRead r : reads) {
                int s = m.pages().slotOf(r.address());
                PageImage p = m.pages().slot(s);
                if (p == null || p.kind() != PageKind.TIMENS) continue;
                int po = (int) (r.address() - m.pages().slotAddress(s));
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
            if (ref != null) host = new long[] {ref[0] - ModelSnapshot.namespaceOffsetSec(clk), ref[1]};
        } else if (!ns && returned != null && end.ret() == 0) {
            host = returned;
        }
        long[] total = host == null ? null : add(host, off);
        PagesView.OffsetSum sum = new PagesView.OffsetSum(clk, host, off, total, returned, read);

        String check = "";
        if (ns) {
            eqWhat[0].setText(c ? "host time (slot 3)" : host == null ? "host time (slot 3 VVAR): not yet" : "host time (slot 3 VVAR)");
            eqWhat[1].setText(offName + (read ? (c ? " (slot 0)" : " (slot 0 TIMENS)") : c ? ": not read" : ": not read yet"));
            if (returned != null && total != null) {
                check = returned[0] == total[0] && returned[1] == total[1] ? "\u2713 returned" : "\u2260 returned " + PagesView.ts(returned);
            }
            eqWhat[2].setText((c ? "ns time" : "namespace time") + (check.isEmpty() ? "" : "  " + check));
        } else {
            eqWhat[0].setText(host == null ? (c ? "host: no offset" : "host time: no offset added")
                    : c ? "host (returned)" : "host time (returned)");
            eqWhat[1].setText(offName + (c ? "" : " (namespace task's slot 0)"));
            eqWhat[2].setText(c ? "namespace task" : "a namespace task's time");
        }
        eqValue[0].setText(host == null ? "?" : PagesView.ts(host));
        eqValue[1].setText(PagesView.ts(off));
        eqValue[2].setText(total == null ? "?" : PagesView.ts(total));
        node.setVisible(true);
        return sum;
    }

    /** The kernel's reference time (namespace offset included) of this call's clock at its counter read. */
    private static long[] reference(ModelSnapshot m, Event.CallEnd end) {
        CallResult last = m.lastCall();
        if (end != null && last != null && last.number() == end.callNumber()) return last.expected();
        if (end != null || m.referenceNow() == null) return null;
        return new long[] {m.referenceNow().get(0), m.referenceNow().get(1)};
    }

    static long[] add(long[] a, long[] b) {
        long nsec = a[1] + b[1];
        long sec = a[0] + b[0] + Math.floorDiv(nsec, 1_000_000_000L);
        return new long[] {sec, Math.floorMod(nsec, 1_000_000_000L)};
    }

}

package org.vdsoexplorer.app.kernel;

import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.session.KernelSnapshot;
import org.vdsoexplorer.sim.real.RealFields;

/**
 * The task's captured pages as the next instruction sees them, each field named by the layout of the captured kernel
 * (include/vdso/datapage.h, pvclock-abi.h at v6.18): the fields this call has read marked with the step that read
 * them, those the placed update changed with their old value. Pages clock_gettime() does not read, and unbacked ones,
 * take one line each.
 */
final class KernelPagesPane extends VBox {
    private static final PseudoClass READ = PseudoClass.getPseudoClass("read");
    private static final PseudoClass CHANGED = PseudoClass.getPseudoClass("changed");
    private final Label title = new Label("Pages: the captured [vvar] and [vvar_vclock]");
    private final VBox body = new VBox(6);

    private final javafx.scene.control.ScrollPane scroll;

    KernelPagesPane() {
        super(4);
        getStyleClass().addAll("view", "kernel-pane");
        setId("kernel-pages");
        title.getStyleClass().add("view-title");
        title.setWrapText(true);
        title.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        javafx.scene.layout.BorderPane holder = org.vdsoexplorer.app.common.Scrolling.content();
        holder.setCenter(body);
        scroll = org.vdsoexplorer.app.common.Scrolling.vertical(holder, "kernel-pages-scroll");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().addAll(title, scroll);
    }

    void show(KernelSnapshot s) {
        body.getChildren().clear();
        Label latest = null;
        long latestStep = -1;
        for (KernelSnapshot.Page p : s.pages()) {
            String head = p.mapping() + " page " + p.slot() + " at " + Long.toHexString(p.address()) + ": ";
            if (!p.backed()) {
                body.getChildren().add(line(head + "unbacked (a load here raises SIGBUS)", "page-unbacked"));
                continue;
            }
            if (p.kind() == RealFields.Kind.OTHER) {
                body.getChildren().add(line(head + p.kind().holds, "page-other"));
                continue;
            }
            VBox page = new VBox(1);
            page.getStyleClass().addAll("kernel-page", "page-" + p.kind().name().toLowerCase(Locale.ROOT));
            page.setId("kernel-page-" + p.mapping().replaceAll("[\\[\\]]", "") + "-" + p.slot());
            Label h = new Label(head + p.kind().holds);
            h.getStyleClass().add("page-head");
            h.setWrapText(true);
            h.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
            page.getChildren().add(h);
            VBox g = new VBox(0);
            for (KernelSnapshot.Value v : p.fields()) {
                String n = note(v);
                Label row = new Label(v.name() + " = " + value(v) + (n.isEmpty() ? "" : "   " + n));
                row.getStyleClass().add("field-row");
                row.setWrapText(true);
                row.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
                row.pseudoClassStateChanged(READ, v.readAt() >= 0);
                row.pseudoClassStateChanged(CHANGED, v.before() != null);
                g.getChildren().add(row);
                if (v.readAt() > latestStep) {
                    latestStep = v.readAt();
                    latest = row;
                }
            }
            page.getChildren().add(g);
            body.getChildren().add(page);
        }
        Label target = latest;
        javafx.application.Platform.runLater(() -> reveal(target));
    }

    /** Scrolls so the field read last is in sight (the top when none is read yet). */
    private void reveal(Label row) {
        double content = body.getHeight(), view = scroll.getViewportBounds().getHeight();
        if (row == null || content <= view) {
            scroll.setVvalue(0);
            return;
        }
        double y = body.sceneToLocal(row.localToScene(0, 0)).getY();
        double top = scroll.getVvalue() * (content - view);
        if (y < top || y + row.getHeight() > top + view) scroll.setVvalue(Math.max(0, Math.min(1, (y - view / 3) / (content - view))));
    }

    private static String value(KernelSnapshot.Value v) {
        return v.shown();
    }

    private static String note(KernelSnapshot.Value v) {
        String n = v.readAt() >= 0 ? "\u25C0 read by step " + v.readAt() : "";
        if (v.before() != null) n += (n.isEmpty() ? "" : ", ") + "was " + Long.toUnsignedString(v.before());
        return n;
    }

    private static Label line(String text, String style) {
        Label l = new Label(text);
        l.getStyleClass().addAll("kernel-row", style);
        l.setWrapText(true);
        l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        return l;
    }

    // tests
    java.util.List<String> readFieldTexts() {
        return body.lookupAll(".field-row").stream().map(n -> ((Label) n).getText()).filter(t -> t.contains("\u25C0")).toList();
    }
}

package org.vdsoexplorer.app.live;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.host.live.LiveFormat;
import org.vdsoexplorer.host.live.LiveSession;
import org.vdsoexplorer.host.live.PageDecoder;

/**
 * The decoded pages of the host task and the namespace task side by side, in the pages view's style (its
 * stylesheet and slot colours: data page blue, namespace page orange, vclock green, unbacked hatched).
 * The data page's seq label is updated by {@link #seq(String, long)} while the tab is open.
 */
final class LivePagesPane extends HBox {
    private final Map<String, Label> seqLabels = new HashMap<>();

    LivePagesPane() {
        super(12);
        getStyleClass().addAll("pages", "live-pages");
        getStylesheets().add(LivePagesPane.class.getResource("/org/vdsoexplorer/app/pages/pages.css").toExternalForm());
        setPadding(new Insets(4));
    }

    void show(List<PageDecoder.TaskPages> tasks, List<LiveSession.SeqWatch> watches) {
        getChildren().clear();
        seqLabels.clear();
        for (PageDecoder.TaskPages t : tasks) {
            VBox col = new VBox(4);
            col.setId("live-pages-" + t.task());
            col.getStyleClass().add(t.task().equals("host") ? "running-column" : "other-column");
            col.setPadding(new Insets(4));
            HBox.setHgrow(col, Priority.ALWAYS);
            col.setMinWidth(0);
            col.setPrefWidth(200); // the two columns share the width; their labels wrap
            col.setMaxWidth(Double.MAX_VALUE);
            Label head = new Label(t.task() + " task, pid " + t.info().pid() + " \u2014 /proc/self/timens_offsets: "
                    + offsets(t));
            head.getStyleClass().add("task-head");
            head.setWrapText(true);
            head.setMinWidth(0);
            Label layout = small(t.layoutNote());
            layout.setWrapText(true);
            col.getChildren().addAll(head, layout);
            for (LiveSession.SeqWatch w : watches) {
                if (w.task().equals(t.task())) {
                    col.getChildren().add(small(String.format(Locale.ROOT, "seq watched for %.1f s: %d updates (%.0f per second), "
                            + "longest gap %.0f ms", w.seconds(), w.updates(), w.perSecond(), w.maxGapMs())));
                }
            }
            for (PageDecoder.Page p : t.pages()) col.getChildren().add(slot(t.task(), p));
            getChildren().add(col);
        }
    }

    private static String offsets(PageDecoder.TaskPages t) {
        StringBuilder sb = new StringBuilder();
        t.info().timensOffsets().forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ", ").append(k).append(" +").append(v[0]).append(" s"));
        return sb.isEmpty() ? "none" : sb.toString();
    }

    private VBox slot(String task, PageDecoder.Page p) {
        VBox box = new VBox(1);
        box.getStyleClass().add("slot");
        box.setId("live-" + task + "-" + p.mapping().replaceAll("[\\[\\]]", "") + "-" + p.slot());
        box.pseudoClassStateChanged(PseudoClass.getPseudoClass(switch (p.kind()) {
            case "time-data" -> "vvar";
            case "timens" -> "timens";
            case "vclock" -> "pvclock";
            case "unbacked" -> "unbacked";
            default -> "text";
        }), true);
        Label kind = new Label(p.mapping() + " page " + p.slot() + ": " + p.kind());
        kind.getStyleClass().add("slot-kind");
        box.getChildren().add(kind);
        if (p.seq() != null) {
            Label seq = field("seq " + p.seq());
            if (p.kind().equals("time-data")) seqLabels.put(task, seq);
            box.getChildren().add(seq);
        }
        if (p.clockModeName() != null) box.getChildren().add(field("clock_mode " + p.clockModeName() + " (" + p.clockMode() + ")"));
        if (p.kind().equals("time-data")) {
            Map<String, Object> f = p.fields();
            box.getChildren().add(field("cycle_last " + f.get("cycle_last") + "   mult " + f.get("mult") + "   shift " + f.get("shift")
                    + (f.containsKey("tsc_ghz") ? "   (TSC " + f.get("tsc_ghz") + " GHz)" : "")));
            box.getChildren().add(field("basetime  " + times(f.get("basetime"))));
            if (f.get("raw") instanceof Map<?, ?> raw) box.getChildren().add(field("CS_RAW    " + times(raw.get("basetime"))));
        } else if (!p.fields().isEmpty()) {
            box.getChildren().add(field(LiveFormat.json(p.fields())));
        }
        Label note = small(p.note());
        note.setWrapText(true);
        box.getChildren().add(note);
        if (p.hex() != null) box.getChildren().add(field(p.hex().substring(0, Math.min(128, p.hex().length())) + "\u2026"));
        return box;
    }

    /** "monotonic 1742.955806800" per clock (sec and the nanoseconds, shifted back for the hres clocks). */
    private static String times(Object basetime) {
        StringBuilder sb = new StringBuilder();
        if (basetime instanceof Map<?, ?> m) {
            m.forEach((k, v) -> {
                if (v instanceof Map<?, ?> t) {
                    sb.append(sb.isEmpty() ? "" : "   ").append(k).append(' ')
                            .append(String.format(Locale.ROOT, "%d.%09d", (Long) t.get("sec"), (Long) t.get("ns")));
                }
            });
        }
        return sb.toString();
    }

    private static Label field(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("field-value");
        l.setWrapText(true);
        l.setMinWidth(0);
        return l;
    }

    private static Label small(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("slot-holds");
        return l;
    }

    /** A new reading of a task's data page seq (from the background poll). */
    void seq(String task, long seq) {
        Label l = seqLabels.get(task);
        if (l != null) l.setText("seq " + seq + (seq % 2 == 0 ? "" : "  (odd: the writer is mid-update)"));
    }

    /** The seq label text of a task's data page (tests). */
    String seqText(String task) {
        Label l = seqLabels.get(task);
        return l == null ? null : l.getText();
    }
}

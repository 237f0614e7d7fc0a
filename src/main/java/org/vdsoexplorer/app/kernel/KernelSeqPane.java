package org.vdsoexplorer.app.kernel;

import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import org.vdsoexplorer.session.KernelSnapshot;
import org.vdsoexplorer.sim.real.RealMark;

/**
 * The seqlock in the captured code: every seq read of this call so far (found from the decoded layout: a 4-byte load
 * of a vdso_clock's seq word), what the reader made of it, and the placed update_vsyscall()'s stores; above them a
 * strip of the call's instructions with the reads, the writer's span and the current instruction.
 */
final class KernelSeqPane extends VBox {
    private static final PseudoClass BAD = PseudoClass.getPseudoClass("bad");
    private static final PseudoClass DONE = PseudoClass.getPseudoClass("done");
    private final Label title = new Label("Seqlock: seq reads and the writer");
    private final Strip strip = new Strip();
    private final VBox rows = new VBox(2);
    private final Label hint = new Label();

    private final javafx.scene.control.ScrollPane scroll;

    KernelSeqPane() {
        super(4);
        getStyleClass().addAll("view", "kernel-pane");
        setId("kernel-seqlock");
        title.getStyleClass().add("view-title");
        title.setWrapText(true);
        title.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        hint.getStyleClass().add("kernel-hint");
        hint.setWrapText(true);
        hint.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        rows.setId("kernel-seq-rows");
        javafx.scene.layout.BorderPane holder = org.vdsoexplorer.app.common.Scrolling.content();
        holder.setCenter(rows);
        scroll = org.vdsoexplorer.app.common.Scrolling.vertical(holder, "kernel-seq-scroll");
        VBox.setVgrow(scroll, javafx.scene.layout.Priority.ALWAYS);
        getChildren().addAll(title, strip, hint, scroll);
    }

    void show(KernelSnapshot s) {
        strip.show(s);
        rows.getChildren().clear();
        for (KernelSnapshot.PathStep p : s.path()) {
            if (!p.done() || !seqMark(p.mark())) continue;
            Label l = new Label("step " + p.step() + ": " + p.detail() + " \u2014 " + words(p.mark()));
            l.getStyleClass().addAll("kernel-row", "seq-" + p.mark().name().toLowerCase(java.util.Locale.ROOT));
            l.setWrapText(true);
            l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
            l.pseudoClassStateChanged(BAD, p.mark() == RealMark.RETRY || p.mark() == RealMark.ODD_SPIN);
            rows.getChildren().add(l);
        }
        if (s.updateAt() >= 0) {
            List<KernelSnapshot.Store> u = s.update();
            boolean begun = !u.isEmpty() && u.getFirst().done(), ended = !u.isEmpty() && u.getLast().done();
            Label w = new Label("writer: update_vsyscall() before step " + s.updateAt()
                    + (s.updateEnd() > s.updateAt() ? ", vdso_write_end() before step " + s.updateEnd() : "") + ": "
                    + u.size() + " stores, seq " + u.getFirst().value() + " (odd) \u2026 " + u.getLast().value() + " (even)"
                    + (ended ? ", made" : begun ? ", begun: seq is odd now" : ", not yet made"));
            w.getStyleClass().addAll("kernel-row", "writer-row");
            w.setId("kernel-writer");
            w.setWrapText(true);
            w.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
            w.pseudoClassStateChanged(DONE, begun);
            rows.getChildren().add(0, w);
        }
        hint.setText(hint(s));
        javafx.application.Platform.runLater(() -> scroll.setVvalue(scroll.getVmax())); // the newest read in sight
    }

    private static boolean seqMark(RealMark m) {
        return m == RealMark.SEQ_BEGIN || m == RealMark.SEQ_SAME || m == RealMark.RETRY || m == RealMark.ODD_SPIN
                || m == RealMark.NAMESPACE_PAGE;
    }

    private static String words(RealMark m) {
        return switch (m) {
            case SEQ_BEGIN -> "begin: even, no update in progress";
            case SEQ_SAME -> "recheck: unchanged, the values read belong together";
            case RETRY -> "recheck: changed, so the code reads everything again";
            case ODD_SPIN -> "odd: the writer is mid-update, the reader waits";
            case NAMESPACE_PAGE -> "a namespace page: the data is one page further";
            default -> m.says;
        };
    }

    static String hint(KernelSnapshot s) {
        long retries = s.retries();
        if (retries > 0) return "Retries: " + retries + ". The update changed seq between the code's first read and its recheck.";
        if (s.updateAt() >= 0) return "An update is placed before step " + s.updateAt() + ". Step on and watch the recheck.";
        return "No update placed. Step to just after the seq read, then press K (Kernel update here) to place "
                + "update_vsyscall() before the recheck.";
    }

    // tests
    List<String> rowTexts() { return rows.getChildren().stream().map(n -> ((Label) n).getText()).toList(); }

    String hintText() { return hint.getText(); }

    /** The call's instructions left to right: seq reads as ticks, the writer's span as a band, a cursor at the next instruction. */
    static final class Strip extends Pane {
        private KernelSnapshot s;

        Strip() {
            getStyleClass().add("kernel-strip");
            widthProperty().addListener((o, a, b) -> draw());
            heightProperty().addListener((o, a, b) -> draw()); // its height is 1.8em (kernel.css): it follows the UI scale
        }

        void show(KernelSnapshot snapshot) {
            this.s = snapshot;
            draw();
        }

        private void draw() {
            getChildren().clear();
            if (s == null || s.steps() == 0 || getWidth() < 20 || getHeight() < 12) return;
            double w = getWidth() - 8, h = getHeight();
            java.util.function.DoubleUnaryOperator x = step -> 4 + w * step / s.steps();
            Line axis = new Line(4, h - 6, 4 + w, h - 6);
            axis.getStyleClass().add("strip-axis");
            getChildren().add(axis);
            if (s.updateAt() >= 0) {
                double a = x.applyAsDouble(s.updateAt()), b = x.applyAsDouble(Math.min(s.updateEnd(), s.steps()));
                Rectangle band = new Rectangle(a - 2, 2, Math.max(4, b - a + 4), h - 10);
                band.getStyleClass().add("strip-writer");
                getChildren().add(band);
            }
            for (KernelSnapshot.FieldRead r : s.reads()) {
                if (!r.seq()) continue;
                double at = x.applyAsDouble(r.step());
                Rectangle tick = new Rectangle(at - 1.5, 6, 3, h - 12);
                tick.getStyleClass().add((r.value() & 1) == 0 ? "strip-seq" : "strip-seq-odd");
                getChildren().add(tick);
            }
            double c = x.applyAsDouble(s.position());
            Line cursor = new Line(c, 0, c, h);
            cursor.getStyleClass().add("strip-cursor");
            getChildren().add(cursor);
        }
    }
}

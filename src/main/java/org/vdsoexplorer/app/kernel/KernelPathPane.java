package org.vdsoexplorer.app.kernel;

import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.session.KernelSnapshot;
import org.vdsoexplorer.sim.real.RealMark;

/**
 * The path the captured code has taken so far, one box per thing it did, in order (derived from the page fields it
 * read and the instructions it retired: the clock-id tests, a namespace page, seq, clock_mode, pvclock's page, the
 * counter read, the recheck, a retry, the syscall), and, when it returns, the time it returned beside the captured
 * clock_gettime() result.
 */
final class KernelPathPane extends VBox {
    private static final PseudoClass BAD = PseudoClass.getPseudoClass("bad");
    private static final PseudoClass LATEST = PseudoClass.getPseudoClass("latest");
    private final Label title = new Label("Path: what the code did");
    private final VBox steps = new VBox(3);
    private final Label result = new Label();

    private final javafx.scene.control.ScrollPane scroll;

    KernelPathPane() {
        super(4);
        getStyleClass().addAll("view", "kernel-pane");
        setId("kernel-path");
        title.getStyleClass().add("view-title");
        title.setWrapText(true);
        title.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        steps.setId("kernel-path-steps");
        result.setId("kernel-result");
        result.getStyleClass().add("kernel-result");
        result.setWrapText(true);
        result.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        javafx.scene.layout.BorderPane holder = org.vdsoexplorer.app.common.Scrolling.content();
        holder.setCenter(steps);
        scroll = org.vdsoexplorer.app.common.Scrolling.vertical(holder, "kernel-path-scroll");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().addAll(title, scroll, result);
    }

    void show(KernelSnapshot s) {
        steps.getChildren().clear();
        KernelSnapshot.PathStep last = null;
        for (KernelSnapshot.PathStep p : s.path()) if (p.done()) last = p;
        for (KernelSnapshot.PathStep p : s.path()) {
            if (!p.done()) continue;
            Label l = new Label((p == last ? "\u25B6 " : "") + "step " + p.step() + ": " + p.mark().says + "\n    " + p.detail());
            l.getStyleClass().addAll("path-box", "path-" + p.mark().name().toLowerCase(Locale.ROOT));
            l.setWrapText(true);
            l.setMaxWidth(Double.MAX_VALUE);
            l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
            l.pseudoClassStateChanged(BAD, p.mark() == RealMark.RETRY || p.mark() == RealMark.ODD_SPIN || p.mark() == RealMark.SYSCALL);
            l.pseudoClassStateChanged(LATEST, p == last);
            steps.getChildren().add(l);
        }
        if (steps.getChildren().isEmpty()) {
            Label l = new Label("Nothing yet: the first instructions test the clock id in registers; Step (Right) or "
                    + "Line (Down: to the next thing the code does).");
            l.getStyleClass().add("kernel-hint");
            l.setWrapText(true);
            l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
            steps.getChildren().add(l);
        }
        result.setText(result(s));
        javafx.application.Platform.runLater(() -> scroll.setVvalue(scroll.getVmax())); // the newest step in sight
        result.pseudoClassStateChanged(BAD, s.stopped() != null || (s.returnedNs() != null && !s.exact()));
    }

    static String result(KernelSnapshot s) {
        String captured = KernelSnapshot.seconds(s.capturedNs());
        if (s.stopped() != null) return "Stopped: " + s.stopped();
        if (s.returnedNs() == null) {
            return String.format(Locale.ROOT, "Counter value fed to the read: %d, the TSC value at which the captured pages give the "
                    + "captured clock_gettime() result, %s s.", s.tsc(), captured);
        }
        return "Returned " + KernelSnapshot.seconds(s.returnedNs()) + " s; the kernel's clock_gettime() gave " + captured + " s"
                + (s.exact() ? ": the same, to the nanosecond." : ": they differ.");
    }

    // tests
    java.util.List<String> stepTexts() { return steps.getChildren().stream().map(n -> ((Label) n).getText()).toList(); }

    String resultText() { return result.getText(); }
}

package org.vdsoexplorer.app.lesson;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.vdsoexplorer.app.HeadlessStage;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.VdsoExplorerApp;
import org.vdsoexplorer.app.common.Snapshots;
import org.vdsoexplorer.lesson.Lesson;

/**
 * A child JVM's main for the classroom-fault tests (robust.ClassroomLessonFaultsTest): the lessons panel opened the
 * way the app opens it ({@link LessonPane#open}, loading in the background) on a lesson file's folder, beside a main
 * window on a shown stage of the headless platform; the lesson's first step, then its last, laid out. Prints what the
 * panel shows, one {@code key=value} line each, and the heap the last step keeps (after a GC, against the first
 * step). Arguments: the lesson file, then {@code --fail-render} to make the last step's rendering throw an
 * OutOfMemoryError (what the panel does when rendering fails anyway).
 */
public final class LessonPaneProbe {
    private LessonPaneProbe() {}

    public static void main(String[] args) throws Exception {
        try {
            probe(args);
        } finally {
            System.exit(0); // the toolkit's threads would keep the JVM up (a failure shows as missing lines)
        }
    }

    private static void probe(String[] args) throws Exception {
        List<String> uncaught = new ArrayList<>();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught.add(t.getName() + ": " + e));
        Path file = Path.of(args[0]);
        boolean failRender = args.length > 1 && args[1].equals("--fail-render");
        Snapshots.startToolkit();
        LessonPane pane = fx(() -> {
            MainWindow w = VdsoExplorerApp.createMainWindow(VdsoExplorerApp.defaultSetup());
            LessonPane p = LessonPane.open(w, file.toAbsolutePath().getParent());
            w.root().setRight(p);
            HeadlessStage.show(new Stage(), w);
            return p;
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!fx(pane::isLoaded)) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("the lessons did not load in 120 s");
            fx(() -> null);
        }
        String name = file.getFileName().toString();
        Lesson l = fx(() -> pane.lessons().stream().filter(x -> Path.of(x.file()).getFileName().toString().equals(name))
                .findFirst().orElseThrow());
        fx(() -> {
            pane.openLesson(l);
            return null;
        });
        settle(pane);
        long before = used();
        long t0 = System.nanoTime();
        String thrown = fx(() -> {
            if (failRender) pane.renderer = s -> { throw new OutOfMemoryError("Java heap space"); };
            try {
                pane.go(l.steps().size() - 1);
                return "";
            } catch (Throwable e) {
                return e.toString();
            }
        });
        settle(pane);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        long after = used();
        fx(() -> {
            Node body = pane.lookup("#lesson-body");
            List<String> texts = new ArrayList<>();
            texts(body, texts);
            int[] counts = new int[2]; // table rows shown, paragraphs shown
            count(body, counts);
            Label cut = (Label) body.lookup(".md-cut");
            Label unshown = (Label) body.lookup("#lesson-step-unshown");
            Label setup = pane.setupStatusLabel();
            System.out.println("step=" + ((Label) pane.lookup("#lesson-step-count")).getText());
            System.out.println("nextDisabled=" + ((Button) pane.lookup("#lesson-next")).isDisabled());
            System.out.println("prevDisabled=" + ((Button) pane.lookup("#lesson-prev")).isDisabled());
            System.out.println("setup=" + (setup.isVisible() ? setup.getText() : ""));
            System.out.println("tableRows=" + counts[0]);
            System.out.println("paragraphs=" + counts[1]);
            System.out.println("cut=" + (cut == null ? "" : cut.getText()));
            System.out.println("unshown=" + (unshown == null ? "" : unshown.getText()));
            System.out.println("firstText=" + (texts.isEmpty() ? "" : texts.getFirst()));
            System.out.println("nodes=" + nodes(pane));
            return null;
        });
        System.out.println("thrown=" + thrown);
        System.out.println("uncaught=" + String.join("; ", uncaught));
        System.out.println("retainedBytes=" + (after - before));
        System.out.println("maxHeapBytes=" + Runtime.getRuntime().maxMemory());
        System.out.println("showMs=" + ms);
    }

    /** CSS, layout and a few pulses, then a GC. */
    private static void settle(LessonPane p) throws Exception {
        fx(() -> {
            p.getScene().getRoot().applyCss();
            p.getScene().getRoot().layout();
            return null;
        });
        for (int i = 0; i < 3; i++) fx(() -> null);
    }

    private static long used() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) System.gc();
        return rt.totalMemory() - rt.freeMemory();
    }

    private static void texts(Node n, List<String> out) {
        if (n instanceof Text t && !t.getText().isBlank()) out.add(t.getText());
        if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) texts(c, out);
    }

    private static void count(Node n, int[] counts) {
        if (n instanceof GridPane g && g.getStyleClass().contains("md-table")) {
            counts[0] += (int) g.getChildren().stream().map(GridPane::getRowIndex).distinct().count();
        }
        if (n.getStyleClass().contains("md-p")) counts[1]++;
        if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) count(c, counts);
    }

    private static int nodes(Node n) {
        int c = 1;
        if (n instanceof Parent p) for (Node x : p.getChildrenUnmodifiable()) c += nodes(x);
        return c;
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(c.call());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
        });
        return f.get(120, TimeUnit.SECONDS);
    }
}

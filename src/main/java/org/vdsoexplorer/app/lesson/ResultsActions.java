package org.vdsoexplorer.app.lesson;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputDialog;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.session.ClassReport;
import org.vdsoexplorer.session.ProgressStore;
import org.vdsoexplorer.session.Results;
import org.vdsoexplorer.util.AtomicFiles;

/**
 * The lesson list's results buttons (issue 26 item 4). "Export my results...": the student types their name and picks
 * a file; their answers go to FILE.json and FILE.csv ({@link Results}), written off the FX thread. "Class results...":
 * the teacher picks the folder of collected files and a window shows {@link ClassReport}: per question the share right
 * and the common wrong answers, per student the score, and the files skipped with why. Local files only.
 */
final class ResultsActions {
    private ResultsActions() {}

    /** The two buttons and the line that says what happened, for the picker. */
    static VBox row(ProgressStore progress, List<Lesson> lessons) {
        Label said = LessonPicker.meta("");
        said.setId("lesson-results-said");
        Button export = new Button("Export my results\u2026");
        export.setId("lesson-export-results");
        export.getStyleClass().add("lesson-small");
        export.setOnAction(e -> export(export, progress, lessons, said));
        Button view = new Button("Class results\u2026");
        view.setId("lesson-class-results");
        view.getStyleClass().add("lesson-small");
        view.setOnAction(e -> chooseClass(view, said));
        return new VBox(4, LessonQuestion.buttonFlow(export, view), said);
    }

    private static void export(Node owner, ProgressStore progress, List<Lesson> lessons, Label said) {
        TextInputDialog name = new TextInputDialog();
        name.setTitle("Export my results");
        name.setHeaderText("Your name, as your teacher should see it");
        name.initOwner(owner.getScene() == null ? null : owner.getScene().getWindow());
        String n = name.showAndWait().map(String::strip).orElse("");
        if (n.isEmpty()) return;
        javafx.stage.FileChooser c = new javafx.stage.FileChooser();
        c.setTitle("Export my results (a .json and a .csv beside it)");
        c.setInitialFileName(n.replaceAll("[^\\p{L}\\p{N}_-]+", "-") + ".json");
        java.io.File f = c.showSaveDialog(owner.getScene() == null ? null : owner.getScene().getWindow());
        if (f != null) export(progress, lessons, n, f.toPath(), said);
    }

    /** Writes {@code name}'s results to {@code file} off the FX thread; {@code said} tells where (or why not). */
    static void export(ProgressStore progress, List<Lesson> lessons, String name, Path file, Label said) {
        said.setText("Writing\u2026");
        org.vdsoexplorer.util.Background.run(() -> {
            String text;
            try {
                Results.File r = Results.of(name, progress, lessons, null);
                List<Path> ps = Results.write(r, file);
                text = "Wrote " + ps.get(0) + " and " + ps.get(1) + " (" + r.lessons().size() + " lesson(s)). Hand them to your teacher.";
            } catch (java.io.IOException e) {
                text = "Could not export: " + AtomicFiles.naming(e, file);
            } catch (RuntimeException e) {
                text = "Could not export: " + e.getMessage();
            }
            String t = text;
            Platform.runLater(() -> said.setText(t));
        });
    }

    private static void chooseClass(Node owner, Label said) {
        javafx.stage.DirectoryChooser c = new javafx.stage.DirectoryChooser();
        c.setTitle("The folder of your class's results files");
        java.io.File f = c.showDialog(owner.getScene() == null ? null : owner.getScene().getWindow());
        if (f != null) openClass(f.toPath(), said, owner);
    }

    /** Reads {@code dir} off the FX thread, then opens the class view on it. */
    static void openClass(Path dir, Label said, Node owner) {
        said.setText("Reading " + dir + "\u2026");
        org.vdsoexplorer.util.Background.run(() -> {
            ClassReport r;
            try {
                r = ClassReport.of(dir);
            } catch (java.io.IOException | RuntimeException e) {
                String why = "Cannot read " + dir + ": " + e.getMessage();
                Platform.runLater(() -> said.setText(why));
                return;
            }
            Platform.runLater(() -> {
                said.setText(r.scores().stream().map(ClassReport.Score::file).distinct().count() + " results file(s) read from " + dir
                        + (r.skipped().isEmpty() ? "" : ", " + r.skipped().size() + " skipped"));
                Stage s = new Stage();
                s.setTitle("Class results: " + dir);
                if (owner.getScene() != null) s.initOwner(owner.getScene().getWindow());
                s.setScene(new Scene(classView(r), 1100, 700));
                if (owner.getScene() != null) s.getScene().getStylesheets().setAll(owner.getScene().getStylesheets());
                s.show();
            });
        });
    }

    /** The class view: questions, students, skipped files. */
    static VBox classView(ClassReport r) {
        TableView<ClassReport.Question> qs = new TableView<>();
        qs.setId("class-questions");
        qs.getColumns().add(col("Lesson", q -> q.lesson()));
        qs.getColumns().add(col("Step", q -> Integer.toString(q.step())));
        qs.getColumns().add(col("Question", q -> q.title()));
        qs.getColumns().add(col("Right", q -> Math.round(100 * q.share()) + " % (" + q.right() + " of " + q.answered() + ")"));
        qs.getColumns().add(col("Common wrong answers", q -> String.join(", ", q.wrong().stream()
                .map((Map.Entry<String, Integer> w) -> "\u201c" + w.getKey() + "\u201d \u00d7" + w.getValue()).toList())));
        qs.getItems().setAll(r.questions());
        qs.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableView<ClassReport.Score> ss = new TableView<>();
        ss.setId("class-students");
        ss.getColumns().add(col("Student", s -> s.student()));
        ss.getColumns().add(col("Lesson", s -> s.lesson()));
        ss.getColumns().add(col("Score", s -> s.score() + " of " + s.questions()));
        ss.getColumns().add(col("Seed", s -> s.seed() == null ? "" : Long.toString(s.seed())));
        ss.getColumns().add(col("File", s -> s.file()));
        ss.getItems().setAll(r.scores());
        ss.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label qh = new Label("Per question: the share right and the most common wrong answers");
        qh.getStyleClass().add("lesson-subtitle");
        Label sh = new Label("Per student");
        sh.getStyleClass().add("lesson-subtitle");
        VBox box = new VBox(8, qh, qs, sh, ss);
        box.setId("class-view");
        box.setStyle("-fx-padding: 12; -fx-font-size: 15px;");
        VBox.setVgrow(qs, Priority.ALWAYS);
        VBox.setVgrow(ss, Priority.ALWAYS);
        for (ClassReport.Skipped k : r.skipped()) {
            Label l = LessonPicker.meta("Skipped " + k.file() + ": " + k.why());
            l.getStyleClass().add("class-skipped");
            box.getChildren().add(l);
        }
        return box;
    }

    private static <T> TableColumn<T, String> col(String name, java.util.function.Function<T, String> f) {
        TableColumn<T, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(f.apply(d.getValue())));
        c.setSortable(true);
        return c;
    }
}

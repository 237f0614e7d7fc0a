package org.vdsoexplorer.app.lesson;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.LessonFolder;
import org.vdsoexplorer.lesson.LessonLibrary;
import org.vdsoexplorer.lesson.Problem;
import org.vdsoexplorer.session.ProgressStore;

/**
 * The lesson picker of {@link LessonPane}: each lesson as a card with its minutes, prerequisites,
 * progress, problems of its file and Start/Resume/Reset buttons; files that could not be loaded; the
 * progress store's warning and where it saves; the two-click "Reset all progress".
 */
final class LessonPicker {
    private final LessonPane pane;
    private final ProgressStore progress;
    private final VBox pickerBox = new VBox(10);
    private final Label warning = new Label();
    private final Label loading = new Label("Loading lessons\u2026");
    private LessonLibrary.Loaded loaded;
    private LessonFolder.Source source;

    LessonPicker(LessonPane pane, ProgressStore progress) {
        this.pane = pane;
        this.progress = progress;
        warning.setId("lesson-warning");
        warning.getStyleClass().add("lesson-warning");
        warning.setWrapText(true);
        warning.managedProperty().bind(warning.visibleProperty());
        warning.setMinHeight(Region.USE_PREF_SIZE);
        warning.setVisible(false);
        loading.getStyleClass().add("lesson-meta");
        pickerBox.setPadding(new Insets(10));
        pickerBox.setId("lesson-picker");
    }

    /** The picker shows the warning and "Loading lessons...". */
    void showLoading() {
        pickerBox.getChildren().setAll(warning, loading);
    }

    /** The list of lessons as it stands ({@code loaded} null: still loading), in a scroll pane. */
    ScrollPane build(LessonLibrary.Loaded loaded, LessonFolder.Source source) {
        this.loaded = loaded;
        if (source != null) this.source = source;
        progress.reload(); // what another window saved since
        refreshWarning();
        Label head = new Label("Lessons");
        head.getStyleClass().add("lesson-title");
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox headRow = new HBox(8, head, gap);
        headRow.setAlignment(Pos.CENTER_LEFT);
        pickerBox.getChildren().setAll(headRow, warning);
        Button folder = new Button("Open lesson folder\u2026");
        folder.setId("lesson-open-folder");
        folder.setTooltip(new Tooltip("Show the lessons of another folder: your own (check it with check-lessons DIR), "
                + "or the shipped course again; the app's --lessons DIR does the same at start"));
        folder.getStyleClass().add("lesson-small");
        folder.setOnAction(e -> chooseFolder(folder));
        folder.setMinWidth(Region.USE_PREF_SIZE);
        if (loaded != null) {
            Button reset = new Button("Reset all progress");
            reset.setId("lesson-reset-all");
            reset.setTooltip(new Tooltip("Forget which steps and questions you have done in every lesson "
                    + "(asks for a second click)"));
            // two clicks: the first arms it (for a few seconds), the second forgets everything
            javafx.animation.PauseTransition disarm = new javafx.animation.PauseTransition(javafx.util.Duration.seconds(5));
            disarm.setOnFinished(e -> {
                reset.setText("Reset all progress");
                reset.getStyleClass().remove("armed-reset");
            });
            reset.setOnAction(e -> {
                if (!reset.getStyleClass().contains("armed-reset")) {
                    reset.setText("Click again to forget ALL lessons' progress");
                    reset.getStyleClass().add("armed-reset");
                    disarm.playFromStart();
                    return;
                }
                disarm.stop();
                progress.reset(null);
                progress.save();
                pane.showPicker();
            });
            reset.getStyleClass().add("lesson-small");
            headRow.getChildren().add(reset);
        }
        if (loaded == null) {
            pickerBox.getChildren().add(loading);
        } else {
            // where the lessons come from, in words: a folder by its name (its full path in the tooltip), never a machine path
            java.nio.file.Path dir = source.dir();
            boolean path = dir != null && source.description().equals(dir.toString())
                    || dir != null && source.description().equals(dir.toAbsolutePath().toString());
            Label from = new Label(path ? "Lessons in the folder \u201c" + dir.toAbsolutePath().normalize().getFileName() + "\u201d"
                    : "Lessons: " + source.description());
            if (path) from.setTooltip(new Tooltip(dir.toAbsolutePath().normalize().toString()));
            from.getStyleClass().add("lesson-meta");
            from.setWrapText(true);
            pickerBox.getChildren().addAll(from, folder); // on a row of its own: the head row stays as wide as it was
            for (Lesson l : Lesson.courseOrder(loaded.lessons())) pickerBox.getChildren().add(card(l));
            List<Lesson> side = loaded.lessons().stream().filter(Lesson::optional).toList();
            if (!side.isEmpty()) { // optional side lessons: listed apart, skipped by the course order
                Label t = new Label("Optional side lessons");
                t.getStyleClass().add("lesson-subtitle");
                t.setId("lesson-optional-title");
                pickerBox.getChildren().addAll(t, meta("Not part of the course order; take them when you are curious."));
                for (Lesson l : side) pickerBox.getChildren().add(card(l));
            }
            List<Problem> orphans = new ArrayList<>();
            for (Problem p : loaded.problems()) {
                if (loaded.lessons().stream().noneMatch(l -> l.file().equals(p.file()))) orphans.add(p);
            }
            if (loaded.lessons().isEmpty() && orphans.isEmpty()) {
                pickerBox.getChildren().add(meta("No lessons found."));
            }
            if (!orphans.isEmpty()) {
                Label t = new Label("Files that could not be loaded");
                t.getStyleClass().add("lesson-subtitle");
                pickerBox.getChildren().add(t);
                pickerBox.getChildren().add(problemList(orphans));
            }
            pickerBox.getChildren().add(ResultsActions.row(progress, loaded.lessons())); // under the list, as the line below
            Label saved = meta(progress.where()); // under the list: the cards stay where they were
            saved.setId("lesson-progress-file");
            pickerBox.getChildren().add(saved);
        }
        ScrollPane sp = new ScrollPane(pickerBox);
        sp.setFitToWidth(true);
        sp.getStyleClass().add("lesson-scroll");
        return sp;
    }

    /** The native folder dialog, starting in the folder shown; the chosen folder's lessons replace these. */
    private void chooseFolder(Node owner) {
        javafx.stage.DirectoryChooser c = new javafx.stage.DirectoryChooser();
        c.setTitle("Open lesson folder");
        java.nio.file.Path now = source == null ? null : source.dir().toAbsolutePath();
        if (now != null && java.nio.file.Files.isDirectory(now)) c.setInitialDirectory(now.toFile());
        java.io.File f = c.showDialog(owner.getScene() == null ? null : owner.getScene().getWindow());
        if (f != null) pane.openFolder(f.toPath());
    }

    void refreshWarning() {
        warning.setText(progress.warning());
        warning.setVisible(!progress.warning().isEmpty());
    }

    /** A lesson's objectives, shown at its start: "After this lesson you can:" and the list. */
    static Node objectives(Lesson l) {
        StringBuilder md = new StringBuilder("**After this lesson you can:**\n\n");
        for (String o : l.objectives()) md.append("- ").append(o.replace('\n', ' ')).append('\n');
        VBox box = MarkdownView.render(md.toString());
        box.setId("lesson-objectives");
        box.getStyleClass().add("lesson-objectives");
        return box;
    }

    static Label meta(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("lesson-meta");
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }

    private Node card(Lesson l) {
        Label title = new Label(l.title());
        title.getStyleClass().add("lesson-card-title");
        title.setWrapText(true);
        title.setMinHeight(Region.USE_PREF_SIZE);
        List<String> needs = new ArrayList<>();
        for (String p : l.prerequisites()) {
            ProgressStore.Entry e = progress.peek(p);
            Lesson named = loaded.byId(p); // in the folder, or the shipped course's
            String name = named == null ? p : named.title();
            needs.add(name + (e != null && e.done() ? " \u2713" : ""));
        }
        Label info = meta((l.optional() ? "optional \u00b7 " : "") + l.minutes() + " min \u00b7 " + l.steps().size() + " steps"
                + (needs.isEmpty() ? "" : " \u00b7 after: " + String.join(", ", needs)));
        Label prog = meta(progressText(l));
        prog.getStyleClass().add("lesson-progress");
        prog.setId("lesson-progress-" + l.id());
        VBox box = new VBox(3, title, info, prog);
        List<Problem> ps = loaded.problems().stream().filter(p -> p.file().equals(l.file())).toList();
        if (!ps.isEmpty()) box.getChildren().add(problemList(ps));
        box.getStyleClass().add("lesson-card");
        box.setId("lesson-card-" + l.id());
        box.setOnMouseClicked(e -> pane.openLesson(l));
        // Start (or Resume) is the card's one button; forgetting the progress is in its menu, and asks first
        javafx.scene.control.MenuItem forget = new javafx.scene.control.MenuItem("Forget my progress in this lesson\u2026");
        forget.setId("lesson-forget-" + l.id());
        forget.setOnAction(e -> {
            javafx.scene.control.Alert ask = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.CONFIRMATION,
                    "Forget which steps and questions you have done in \u201c" + l.title() + "\u201d? This cannot be undone.",
                    javafx.scene.control.ButtonType.CANCEL, javafx.scene.control.ButtonType.OK);
            ask.setHeaderText("Forget your progress?");
            if (pickerBox.getScene() != null) ask.initOwner(pickerBox.getScene().getWindow());
            ask.showAndWait().filter(b -> b == javafx.scene.control.ButtonType.OK).ifPresent(b -> {
                progress.reset(l.id());
                progress.save();
                pane.showPicker();
            });
        });
        javafx.scene.control.MenuButton more = new javafx.scene.control.MenuButton("More", null, forget);
        more.setId("lesson-more-" + l.id());
        more.getStyleClass().add("lesson-small");
        Button go = new Button(progress.peek(l.id()) == null ? "Start" : "Resume");
        go.setId("lesson-open-" + l.id());
        go.getStyleClass().add("accent");
        go.setOnAction(e -> pane.openLesson(l));
        HBox buttons = new HBox(6, go, more);
        box.getChildren().add(buttons);
        return box;
    }

    private String progressText(Lesson l) {
        ProgressStore.Entry e = progress.peek(l.id());
        if (e == null) return "not started";
        String lastHere = l.id().equals(progress.last()) ? "last opened \u00b7 " : "";
        int n = l.steps().size();
        long questions = l.steps().stream().filter(s -> s.question() != null).count();
        return lastHere + (e.done() ? "finished \u2713 \u00b7 " : "") + "step " + Math.min(e.step() + 1, n) + " of " + n
                + " \u00b7 " + e.right() + " of " + questions + " questions right";
    }

    static Node problemList(List<Problem> ps) {
        VBox v = new VBox(2);
        v.getStyleClass().add("lesson-problems");
        for (Problem p : ps.subList(0, Math.min(ps.size(), 30))) {
            Label l = new Label(shortName(p.file()) + ":" + p.line() + ": " + p.message());
            l.setWrapText(true);
            l.setMinHeight(Region.USE_PREF_SIZE);
            l.getStyleClass().add("lesson-problem");
            v.getChildren().add(l);
        }
        if (ps.size() > 30) v.getChildren().add(new Label("\u2026 and " + (ps.size() - 30) + " more"));
        return v;
    }

    private static String shortName(String file) {
        int i = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
        return i >= 0 ? file.substring(i + 1) : file;
    }
}

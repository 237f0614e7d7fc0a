package org.vdsoexplorer.app.lesson;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.lesson.Answer;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.LessonFolder;
import org.vdsoexplorer.lesson.LessonLibrary;
import org.vdsoexplorer.lesson.Problem;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.session.ProgressStore;

/**
 * The lessons side panel: a picker (each lesson with its minutes, prerequisites, progress and any
 * problems of its file) and a player (the step's Markdown, its setup applied to the app's model, its
 * question with hint, check or predict-then-reveal, and explanation). Keyboard, while the panel has
 * focus: PageDown/Right next step, PageUp/Left previous step ({@link LessonKeys}). Presenter mode: see
 * {@link Presenter}. The picker is a {@link LessonPicker}, the step's question panel a {@link LessonQuestion}, the line
 * under it saying what the step's setup did to the model a {@link SetupLine}.
 *
 * <p>Entry point: {@link #open(LessonWindow, Path)}; put the returned node beside the views, e.g.
 * {@code root().setRight(LessonPane.open(this, null))}.
 */
public final class LessonPane extends BorderPane {
    private final LessonWindow window;
    private final LessonHost host;
    private Path requestedDir;
    private final ProgressStore progress;
    private final Evaluator evaluator = new Evaluator();
    private final Presenter presenter;
    private LessonLibrary.Loaded loaded;
    private LessonFolder.Source source;

    private final LessonPicker picker;
    private final LessonQuestion question;
    private final LessonKeys keys = new LessonKeys(this);

    // player
    private final BorderPane playerBox = new BorderPane();
    private final Label lessonTitle = new Label();
    private final Label stepTitle = new Label();
    private final Label stepCount = new Label();
    private final SetupLine setupLine = new SetupLine();

    /** The step's setup status line (tests: a lookup can miss it before the scroll pane's skin exists). */
    Label setupStatusLabel() { return setupLine.label(); }
    private final VBox body = new VBox(12);
    private final VBox lessonProblems = new VBox(4);
    private final ScrollPane bodyScroll = new ScrollPane();
    private final Label hiddenNote = new Label("Lesson text hidden (T shows it)");
    private final Button prev = new Button("\u25c0 Previous");
    private final Button next = new Button("Next \u25b6");
    private final Button present = new Button("Presenter mode");
    private Lesson lesson;
    private int index = -1;

    /**
     * Builds the lessons panel for {@code w}: lessons from {@code lessonsDir} (null: ./lessons, or the
     * copy inside the app), progress in the user's data folder ({@link ProgressStore#defaultDir()}).
     * Adds lesson.css to the window's scene and installs the panel's keys. Loading runs in the
     * background; the panel never throws for bad lesson files.
     */
    public static LessonPane open(LessonWindow w, Path lessonsDir) {
        LessonPane p = new LessonPane(w, new MainWindowLessonHost(w), lessonsDir, ProgressStore.open());
        p.loadInBackground();
        return p;
    }

    /**
     * A panel on lessons loaded before from {@code lessonsDir} (several windows share one load: the screen
     * sweep, app.ScreenSweep), its progress in {@code progress}; otherwise as {@link #open(LessonWindow, Path)}.
     */
    public static LessonPane open(LessonWindow w, Path lessonsDir, LessonLibrary.Loaded lessons, ProgressStore progress) {
        LessonPane p = new LessonPane(w, new MainWindowLessonHost(w), lessonsDir, progress);
        p.loaded(LessonFolder.resolve(lessonsDir), lessons);
        return p;
    }

    /**
     * Shows the lessons panel at the right of {@code w}'s root, or hides it if shown; {@code panel} is the one
     * made before (null: made now, from the lessons of {@code dir}, null: the shipped course). Returns the panel.
     */
    public static LessonPane toggle(LessonWindow w, LessonPane panel, Path dir) {
        if (w.root().getRight() != null) {
            w.root().setRight(null);
            w.root().requestFocus();
            return panel;
        }
        LessonPane p = panel == null ? open(w, dir) : panel;
        w.root().setRight(p);
        return p;
    }

    LessonPane(LessonWindow w, LessonHost host, Path lessonsDir, ProgressStore progress) {
        this.window = w;
        this.host = host;
        this.requestedDir = lessonsDir;
        this.progress = progress;
        this.presenter = new Presenter(this, w, host);
        this.picker = new LessonPicker(this, progress);
        this.question = new LessonQuestion(this);
        setId("lesson-pane");
        getStyleClass().add("lesson-pane");
        setFocusTraversable(true);
        setMinWidth(300);
        addEventFilter(MouseEvent.MOUSE_PRESSED, e -> { if (!(e.getTarget() instanceof Node n && n.isFocusTraversable())) requestFocus(); });
        addStyles(w.scene());
        sceneProperty().addListener((o, a, b) -> addStyles(b));
        // a side panel: never more than a share of the window, so the views keep their room
        sceneProperty().addListener((o, a, b) -> bindWidth(b));
        bindWidth(getScene());
        keys.install(w.scene());
        sceneProperty().addListener((o, a, b) -> keys.install(b));
        sceneProperty().addListener((o, a, b) -> { // the panel closed: nothing masked, the views get the space back
            if (b == null) {
                question.close();
                host.mask(Set.of());
                host.questionShows(Set.of());
                host.clearFocus();
            }
        });

        buildPlayer();
        showPicker();
    }

    private void addStyles(Scene s) {
        if (s == null) return;
        String css = LessonPane.class.getResource("lesson.css").toExternalForm();
        if (!s.getStylesheets().contains(css)) s.getStylesheets().add(css);
    }

    /** The largest share of the window's width the panel takes (presenter mode lowers it). */
    final javafx.beans.property.DoubleProperty widthShare = new javafx.beans.property.SimpleDoubleProperty(0.42);

    private void bindWidth(Scene s) {
        maxWidthProperty().unbind();
        if (s != null) maxWidthProperty().bind(s.widthProperty().multiply(widthShare));
        else setMaxWidth(Double.MAX_VALUE);
    }

    // ---- loading ---------------------------------------------------------------------------

    void loadInBackground() {
        picker.showLoading();
        Path dir = requestedDir;
        org.vdsoexplorer.util.Background.run(() -> {
            LessonFolder.Source src = LessonFolder.resolve(dir);
            LessonLibrary.Loaded l;
            try {
                l = LessonLibrary.load(src.dir(), evaluator, true);
            } catch (RuntimeException e) {
                l = new LessonLibrary.Loaded(List.of(), List.of(new Problem(src.dir().toString(), 1, "could not load: " + e)));
            }
            LessonLibrary.Loaded done = l;
            Platform.runLater(() -> { // a folder opened since: its own load shows it, not this one
                if (java.util.Objects.equals(dir, requestedDir)) loaded(src, done);
            });
        });
    }

    /** Shows the lessons of {@code dir} instead ("Open lesson folder...", {@code --lessons DIR}), loaded in the background. */
    public void openFolder(Path dir) {
        requestedDir = dir;
        loaded = null;
        showPicker();
        loadInBackground();
    }

    public Path requestedFolder() { return requestedDir; } // null: the shipped course

    /** Loads synchronously (tests). */
    void loadNow() {
        LessonFolder.Source src = LessonFolder.resolve(requestedDir);
        loaded(src, LessonLibrary.load(src.dir(), evaluator, true));
    }

    private void loaded(LessonFolder.Source src, LessonLibrary.Loaded l) {
        this.source = src;
        this.loaded = l;
        if (lesson == null) showPicker();
    }

    /** True once the lessons are loaded. */
    public boolean isLoaded() { return loaded != null; }

    public List<Lesson> lessons() { return loaded == null ? List.of() : loaded.lessons(); }

    public List<Problem> problems() { return loaded == null ? List.of() : loaded.problems(); }

    ProgressStore progressStore() { return progress; }

    Evaluator evaluator() { return evaluator; }

    // ---- picker ----------------------------------------------------------------------------

    /** Shows the list of lessons. */
    public void showPicker() {
        presenter.exit();
        question.close();
        host.mask(Set.of());
        lesson = null;
        index = -1;
        setCenter(picker.build(loaded, source));
        setTop(null);
        setBottom(null);
    }

    void refreshWarning() { picker.refreshWarning(); }

    // ---- player ----------------------------------------------------------------------------

    private void buildPlayer() {
        Button back = new Button("\u25c0 Lessons");
        back.setId("lesson-back");
        back.setOnAction(e -> showPicker());
        lessonTitle.getStyleClass().add("lesson-title");
        lessonTitle.setWrapText(true);
        lessonTitle.setMinHeight(Region.USE_PREF_SIZE);
        stepCount.setId("lesson-step-count");
        stepCount.getStyleClass().add("lesson-meta");
        stepTitle.setId("lesson-step-title");
        stepTitle.getStyleClass().add("lesson-step-title");
        stepTitle.setWrapText(true);
        stepTitle.setMinHeight(Region.USE_PREF_SIZE);
        javafx.scene.layout.FlowPane top = new javafx.scene.layout.FlowPane(8, 4, back, stepCount);
        top.setAlignment(Pos.CENTER_LEFT);
        back.setMinWidth(Region.USE_PREF_SIZE);
        VBox header = new VBox(4, top, lessonTitle, stepTitle);
        header.getStyleClass().add("lesson-header");
        header.setPadding(new Insets(8, 10, 6, 10));
        body.setId("lesson-body");
        VBox questionBox = question.box();
        questionBox.setId("lesson-question");
        questionBox.getStyleClass().add("lesson-question");
        questionBox.managedProperty().bind(questionBox.visibleProperty());
        lessonProblems.managedProperty().bind(lessonProblems.visibleProperty());
        VBox content = new VBox(14, lessonProblems, body, questionBox, setupLine.label());
        content.setPadding(new Insets(10));
        bodyScroll.setContent(content);
        bodyScroll.setFitToWidth(true);
        bodyScroll.getStyleClass().add("lesson-scroll");
        bodyScroll.setId("lesson-scroll");
        org.vdsoexplorer.app.common.Scrolling.uncached(bodyScroll); // no bitmap cache: Node.snapshot could render it stale
        prev.setId("lesson-prev");
        next.setId("lesson-next");
        present.setId("lesson-present");
        prev.setTooltip(new Tooltip("Previous step (PageUp, Left)"));
        next.setTooltip(new Tooltip("Next step (PageDown, Right)"));
        present.setTooltip(new Tooltip("Full screen for the classroom: clicker keys step, B blanks, F5 or Ctrl +/- scales, "
                + "T lesson text, S spotlight, N speaker notes, Esc leaves"));
        prev.setOnAction(e -> go(index - 1));
        next.setOnAction(e -> go(index + 1));
        present.setOnAction(e -> presenter.toggle());
        for (Button b : List.of(prev, next, present)) b.setMinWidth(Region.USE_PREF_SIZE);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox nav = new HBox(8, prev, next, gap, present);
        nav.setAlignment(Pos.CENTER_LEFT);
        nav.getStyleClass().add("lesson-nav");
        nav.setPadding(new Insets(6, 10, 8, 10));
        hiddenNote.getStyleClass().add("lesson-meta");
        hiddenNote.setWrapText(true);
        hiddenNote.setPadding(new Insets(10));
        BorderPane.setAlignment(hiddenNote, Pos.TOP_LEFT);
        playerBox.setTop(header);
        playerBox.setCenter(bodyScroll);
        playerBox.setBottom(nav);
    }

    /** Opens {@code l} where the student left it (or at its first step). */
    public void openLesson(Lesson picked) {
        Lesson l = Assessing.forStudent(picked, progress); // an assessment: this student's draw
        lesson = l;
        ProgressStore.Entry e = progress.peek(l.id());
        int start = e == null ? 0 : Math.max(0, Math.min(e.step(), l.steps().size() - 1));
        lessonTitle.setText(Assessing.title(l));
        List<Problem> ps = loaded == null ? List.of() : loaded.problems().stream().filter(p -> p.file().equals(l.file())).toList();
        lessonProblems.getChildren().setAll(ps.isEmpty() ? List.of() : List.of(LessonPicker.problemList(ps)));
        lessonProblems.setVisible(!ps.isEmpty());
        setTop(null);
        setCenter(playerBox);
        index = -1;
        if (l.steps().isEmpty()) {
            stepTitle.setText("This lesson has no steps.");
            body.getChildren().setAll(MarkdownView.render(l.intro()));
            question.box().setVisible(false);
            return;
        }
        showStep(start, true);
        requestFocus();
    }

    /** Goes to step index {@code i} (0-based); out of range does nothing. */
    public void go(int i) {
        if (lesson == null || i < 0 || i >= lesson.steps().size() || i == index) return;
        showStep(i, i != index + 1);
    }

    public void nextStep() { go(index + 1); }

    public void previousStep() { go(index - 1); }

    private void showStep(int i, boolean jumped) {
        keyboardHere = keyboardInPane();
        Step s = lesson.steps().get(i);
        index = i;
        question.clearRevealed();
        progress.visit(lesson.id(), i, lesson.steps().size());
        progress.save();
        refreshWarning();
        stepCount.setText("Step " + (i + 1) + " of " + lesson.steps().size());
        stepTitle.setText(s.title());
        // the step's own navigation and setup line first: nothing that goes wrong below leaves the last step's
        prev.setDisable(i == 0);
        next.setDisable(i == lesson.steps().size() - 1);
        setupLine.show("", false);
        body.getChildren().clear();
        showBody(i, s);
        if (i == lesson.steps().size() - 1) {
            Lesson next = loaded == null ? null : Lesson.nextInCourse(loaded.lessons(), lesson);
            Label end = LessonPicker.meta("\u2713 End of the lesson. Your progress is saved; \u25c0 Lessons picks the next one"
                    + (next == null ? "." : " (next in the course: " + next.title() + ")."));
            end.setId("lesson-end");
            end.getStyleClass().add("lesson-end");
            body.getChildren().add(end);
        }
        setupLine.apply(host, s, jumped);
        question.build(s);
        bodyScroll.setVvalue(0);
        presenter.stepChanged(s);
        keepFocus();
    }

    /**
     * The step's text (with the intro on step 1) into the body, as far as {@link MarkdownView} shows it; should rendering
     * still fail (out of memory, a bug), the step says so instead of staying blank.
     */
    private void showBody(int i, Step s) {
        try {
            if (i == 0 && !lesson.objectives().isEmpty()) body.getChildren().add(LessonPicker.objectives(lesson));
            if (i == 0 && lesson.intro() != null && !lesson.intro().isBlank()) {
                VBox intro = MarkdownView.render(lesson.shownIntro());
                intro.getStyleClass().add("lesson-intro");
                body.getChildren().add(intro);
            }
            body.getChildren().add(renderer.apply(s.body()));
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            body.getChildren().clear();
            Label why = LessonPicker.meta("This step's text could not be shown: " + (e instanceof OutOfMemoryError
                    ? "the app ran out of memory rendering it" : e instanceof StackOverflowError ? "it is nested too deeply"
                    : "rendering failed (" + e + ")") + ". The steps before and after it still work.");
            why.setId("lesson-step-unshown");
            why.getStyleClass().add("bad");
            body.getChildren().add(why);
        }
    }

    /** Renders a step's body (tests replace it to make rendering fail). */
    java.util.function.Function<String, Node> renderer = MarkdownView::render;

    /** Whether the keyboard was in the panel (or nowhere) before the step changed the model and the controls. */
    private boolean keyboardHere;

    private boolean keyboardInPane() {
        Scene sc = getScene();
        if (sc == null) return false;
        Node f = sc.getFocusOwner();
        return f == null || f.getScene() != sc || !f.isVisible() || inside(f, this);
    }

    /** Notes whether the keyboard is in the panel before a reveal moves the model. */
    void noteKeyboard() { keyboardHere = keyboardInPane(); }

    /** True if the keyboard was in the panel before the reveal and is not now. */
    boolean keyboardLeftPane() { return keyboardHere && !keyboardInPane(); }

    /**
     * The step's controls were replaced and loading a setup may move the focus (the main window's pickers
     * hand it to the views): keep the keyboard in the panel if it was there.
     */
    private void keepFocus() {
        if (keyboardHere || keyboardInPane()) requestFocus();
    }

    /** Shows {@code text} on the step's setup line ("" hides it), marked as a problem if {@code bad}. */
    void status(String text, boolean bad) { setupLine.show(text, bad); }

    // ---- for the presenter and tests -------------------------------------------------------------

    LessonWindow window() { return window; }

    LessonHost host() { return host; }

    public Lesson lesson() { return lesson; }

    /** The 0-based index of the step shown, or -1. */
    public int stepIndex() { return index; }

    public Step step() { return lesson == null || index < 0 ? null : lesson.steps().get(index); }

    /** The answer the last reveal showed (null until a predict question of this step is revealed). */
    public Answer revealedAnswer() { return question.revealed(); }

    public Presenter presenter() { return presenter; }

    /** Shows or hides the lesson text (presenter's T). */
    void setTextVisible(boolean on) {
        bodyScroll.setVisible(on);
        bodyScroll.setManaged(on);
        playerBox.setCenter(on ? bodyScroll : hiddenNote);
        layoutForMode();
    }

    /** Labels and widths for self-paced or presenter mode (short labels, no lesson title, less width when presenting). */
    void layoutForMode() {
        boolean p = presenter.active();
        prev.setText(p ? "\u25c0" : "\u25c0 Previous");
        next.setText(p ? "\u25b6" : "Next \u25b6");
        present.setText(p ? "\u2715 Leave" : "Presenter mode");
        lessonTitle.setVisible(!p);
        lessonTitle.setManaged(!p);
        widthShare.set(!p ? 0.42 : textVisible() ? 0.34 : 0.2);
        setMinWidth(p && !textVisible() ? 160 : 300);
    }

    boolean textVisible() { return bodyScroll.isVisible(); }

    static boolean inside(Node n, Parent p) {
        for (Node x = n; x != null; x = x.getParent()) if (x == p) return true;
        return false;
    }
}

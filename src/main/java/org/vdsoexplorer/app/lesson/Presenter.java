package org.vdsoexplorer.app.lesson;

import java.util.List;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.effect.ColorAdjust;
import javafx.scene.effect.Effect;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.session.Action;
import org.vdsoexplorer.session.KeyMap;

/**
 * Classroom mode: full screen, the high-contrast projector stylesheet (presenter.css) on the scene, a
 * UI scale of 100-250 %, the lesson text large or hidden, a spotlight that rings the element the step highlights
 * (a thick black-yellow-black outline, presenter.css's {@code .spotlight}; the rest of the screen
 * keeps its contrast: dimming it washed its text out to 1.5:1 on a projector), a blank screen, and the speaker notes in their own window (on a second
 * screen if there is one; with one screen only when N asks, see {@link KeyMap#NOTES_WHERE}). Keys are the
 * window's {@link KeyMap} with one meaning each: PageDown/Right/Space (STEP) the next lesson step,
 * PageUp/Left (BACK) the previous, '.' blank, T lesson text, S spotlight, N notes window, Esc leave (first
 * un-blanks); Z and Ctrl +/- scale (the window's {@link org.vdsoexplorer.session.UiScale}), F5 runs.
 */
public final class Presenter {
    public static final int[] SCALES = {100, 125, 150, 175, 200, 250};
    static final double BASE_FONT = 16;
    /** The style class of the element the spotlight rings. */
    static final String SPOTLIGHT = "spotlight";

    private final LessonPane pane;
    private final LessonWindow w;
    private final LessonHost host;
    private boolean active, blank, spotlight = true;
    private int savedScale = 100;
    private String savedPaneStyle;
    private Effect savedEffect;
    private boolean wasFullScreen;
    private Node spotlit;
    private Stage notes;
    private javafx.event.EventHandler<javafx.stage.WindowEvent> notesCloser;
    private final Label notesTitle = new Label();
    private final Label notesText = new Label();
    private final Label notesNext = new Label();
    private final Label notesState = new Label();

    Presenter(LessonPane pane, LessonWindow w, LessonHost host) {
        this.pane = pane;
        this.w = w;
        this.host = host;
    }

    public boolean active() { return active; }

    public boolean blank() { return blank; }

    /** The UI scale in percent. */
    public int scale() { return w.model().scale().percent(); }

    public boolean spotlight() { return spotlight; }

    /** The speaker notes window (null until presenter mode was entered once). */
    public Stage notesStage() { return notes; }

    public String notesText() { return notesText.getText(); }

    public void toggle() {
        if (active) exit();
        else enter();
    }

    public void enter() {
        if (active || pane.lesson() == null) return;
        active = true;
        Scene s = w.scene();
        String css = Presenter.class.getResource("presenter.css").toExternalForm();
        if (!s.getStylesheets().contains(css)) s.getStylesheets().add(css);
        savedScale = scale();
        savedPaneStyle = pane.getStyle();
        pane.getStyleClass().add("presenting");
        w.root().getStyleClass().add("presenting");
        Window win = s.getWindow();
        if (win instanceof Stage st) {
            wasFullScreen = st.isFullScreen();
            st.setFullScreenExitHint("");
            st.setFullScreen(true);
        }
        toolbar(false);
        w.views().setPresenting(true);
        pane.layoutForMode();
        setScale(scale() == 100 ? 150 : scale());
        if (secondScreen() != null) showNotes();
        refreshSpotlight();
        pane.requestFocus();
    }

    public void exit() {
        if (!active) return;
        setBlank(false);
        unlight();
        active = false;
        Scene s = w.scene();
        s.getStylesheets().remove(Presenter.class.getResource("presenter.css").toExternalForm());
        pane.getStyleClass().remove("presenting");
        w.root().getStyleClass().remove("presenting");
        w.model().scale().set(savedScale);
        toolbar(true);
        w.views().setPresenting(false);
        pane.setStyle(savedPaneStyle == null ? "" : savedPaneStyle);
        pane.setTextVisible(true); // also restores the self-paced layout
        if (s.getWindow() instanceof Stage st && !wasFullScreen) st.setFullScreen(false);
        if (notes != null) notes.hide();
    }

    /**
     * The pickers, transport buttons and status line: hidden while presenting (the keys and the lesson drive the model;
     * presenter.css hides the tabs' headers too: the lesson picks the tab).
     */
    private void toolbar(boolean on) {
        for (String s : new String[] {".toolbar", "#status"}) { // and the status line: the audience reads the lesson
            Node n = w.root().lookup(s);
            if (n == null) continue;
            n.setVisible(on);
            n.setManaged(on);
        }
    }

    /** Sets the UI scale (clamped to 100-250 %): the window's {@link org.vdsoexplorer.session.UiScale}, which the layout follows. */
    public void setScale(int percent) {
        w.model().scale().set(Math.max(SCALES[0], Math.min(SCALES[SCALES.length - 1], percent)));
        if (!LessonPane.inside(pane, w.root())) {
            pane.setStyle(org.vdsoexplorer.session.UiScale.rootStyle(scale()));
        }
    }

    /** The window root's style for a UI scale of {@code percent} (also used by the GIF export). */
    public static String rootStyle(int percent) { return org.vdsoexplorer.session.UiScale.rootStyle(percent); }

    /** '.': everything black (the notes window says so). */
    public void setBlank(boolean on) {
        if (on == blank) return;
        blank = on;
        Parent root = w.scene().getRoot();
        if (on) {
            savedEffect = root.getEffect();
            root.setEffect(new ColorAdjust(0, 0, -1, 0));
        } else {
            root.setEffect(savedEffect);
        }
        notesState.setText(on ? "SCREEN BLANKED (B to show)" : "");
    }

    public void setSpotlight(boolean on) {
        spotlight = on;
        refreshSpotlight();
    }

    /** Lesson text shown large (true) or hidden, leaving only the step title (false). */
    public void setLessonText(boolean on) { pane.setTextVisible(on); }

    /** Handles a key while active (by the window's {@link KeyMap}); true if presenter mode used it. */
    boolean key(KeyEvent e) {
        Action a = w.model().keys().action(e.getCode().name(), e.getText(), e.isShortcutDown());
        if (a == null) return false;
        Node focus = w.scene().getFocusOwner();
        KeyCode k = e.getCode();
        if (focus instanceof TextInputControl && !e.isShortcutDown() && k != KeyCode.PAGE_DOWN && k != KeyCode.PAGE_UP
                && k != KeyCode.ESCAPE) return false;
        switch (a) {
            case STEP -> { if (!blank) pane.nextStep(); }
            case BACK -> { if (!blank) pane.previousStep(); }
            case BLANK -> setBlank(!blank);
            case LESSON_TEXT -> setLessonText(!pane.textVisible());
            case SPOTLIGHT -> setSpotlight(!spotlight);
            case NOTES -> toggleNotes();
            case CLOSE_HELP -> { if (blank) setBlank(false); else exit(); }
            default -> { return false; } // the window's meaning (F5 runs, Z and Ctrl +/- scale, 1-4 maximise)
        }
        return true;
    }

    /** Called by the pane when a step is shown. */
    void stepChanged(Step s) {
        updateNotes(s);
        refreshSpotlight();
    }

    // ---- spotlight --------------------------------------------------------------------------

    /** Rings the element the step highlights (nothing else changes: every other text keeps its contrast). */
    void refreshSpotlight() {
        Node target = host.focused();
        if (!active || !spotlight || target == null || target.getScene() != w.scene()) {
            unlight();
            return;
        }
        if (target == spotlit) return;
        unlight();
        spotlit = target;
        target.getStyleClass().add(SPOTLIGHT);
    }

    private void unlight() {
        if (spotlit != null) spotlit.getStyleClass().remove(SPOTLIGHT);
        spotlit = null;
    }

    /** The element the spotlight rings now, or null (off, not presenting, or the step highlights nothing). */
    public Node spotlit() { return spotlit; }

    // ---- speaker notes ------------------------------------------------------------------------

    /** The speaker notes window on or off (N). */
    public void toggleNotes() {
        if (notes != null && notes.isShowing()) notes.hide();
        else showNotes();
    }

    private void showNotes() {
        if (notes == null) {
            notes = new Stage();
            notes.setTitle("Speaker notes \u2014 vDSO Explorer");
            notesTitle.getStyleClass().add("notes-title");
            notesTitle.setWrapText(true);
            notesText.getStyleClass().add("notes-text");
            notesText.setWrapText(true);
            notesText.setId("notes-text");
            notesNext.getStyleClass().add("notes-next");
            notesNext.setWrapText(true);
            notesState.getStyleClass().add("notes-state");
            VBox v = new VBox(14, notesState, notesTitle, notesText, notesNext);
            v.setPadding(new Insets(16));
            ScrollPane sp = new ScrollPane(v);
            sp.setFitToWidth(true);
            Label keys = new Label("PageDown/PageUp step \u00b7 . blank \u00b7 Z scale \u00b7 T text \u00b7 S spotlight \u00b7 N notes \u00b7 Esc leave");
            keys.getStyleClass().add("notes-keys");
            BorderPane root = new BorderPane(sp);
            root.setBottom(keys);
            root.getStyleClass().add("notes-root");
            Scene sc = new Scene(root, 640, 480);
            sc.addEventFilter(KeyEvent.KEY_PRESSED, e -> { // the clicker may talk to this window
                if (!active) return;
                // presenter mode's keys here, the others (F5 run, Z scale...) as the main window's
                if (!key(e)) javafx.event.Event.fireEvent(w.root(), e.copyFor(w.root(), w.root()));
                e.consume();
            });
            sc.getStylesheets().add(Presenter.class.getResource("lesson.css").toExternalForm());
            notes.setScene(sc);
            placeNotes();
        }
        updateNotes(pane.step());
        notes.show();
        Window main = w.scene().getWindow();
        if (main != null && notesCloser == null) {
            notesCloser = e -> notes.hide(); // the notes never outlive the main window
            main.addEventHandler(javafx.stage.WindowEvent.WINDOW_HIDDEN, notesCloser);
        }
        if (main != null) main.requestFocus();
    }

    /** Maximised on a second screen if there is one; with one screen the notes open only when N asks. */
    private void placeNotes() {
        Screen other = secondScreen();
        if (other == null) return;
        Rectangle2D b = other.getVisualBounds();
        notes.setX(b.getMinX());
        notes.setY(b.getMinY());
        notes.setWidth(b.getWidth());
        notes.setHeight(b.getHeight());
    }

    /** A screen the main window is not on, or null with one screen. */
    private Screen secondScreen() {
        List<Screen> screens = Screen.getScreens();
        if (screens.size() < 2) return null;
        Window main = w.scene().getWindow();
        Screen mainScreen = Screen.getPrimary();
        if (main != null) {
            List<Screen> on = Screen.getScreensForRectangle(main.getX(), main.getY(), Math.max(1, main.getWidth()), Math.max(1, main.getHeight()));
            if (!on.isEmpty()) mainScreen = on.getFirst();
        }
        for (Screen sc : screens) if (!sc.equals(mainScreen)) return sc;
        return null;
    }

    private void updateNotes(Step s) {
        if (s == null || pane.lesson() == null) return;
        int n = pane.lesson().steps().size();
        notesTitle.setText("Step " + s.number() + " of " + n + ": " + s.title());
        notesText.setText(s.notes() == null || s.notes().isBlank() ? "(no notes for this step)" : s.notes().strip());
        notesNext.setText(s.number() < n ? "Next: " + pane.lesson().steps().get(s.number()).title() : "Last step.");
    }
}

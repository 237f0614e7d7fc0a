package org.vdsoexplorer.app.lesson;

import java.util.ArrayList;
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
import org.vdsoexplorer.model.lesson.Step;

/**
 * Classroom mode: full screen, the high-contrast projector stylesheet (presenter.css) on the scene, a
 * UI scale of 100-250 %, the lesson text large or hidden, a spotlight that dims everything but the
 * element the step highlights, a blank screen, and the speaker notes in their own window (on a second
 * screen if there is one). Keys while active: PageDown/Right/Space next step, PageUp/Left previous, B
 * or '.' blank, F5 cycle the scale, Ctrl +/- scale up/down, T lesson text, S spotlight, N notes
 * window, Esc leave (first un-blanks).
 */
public final class Presenter {
    public static final int[] SCALES = {100, 125, 150, 175, 200, 250};
    static final double BASE_FONT = 16;
    static final double DIM = 0.22;

    private final LessonPane pane;
    private final LessonWindow w;
    private final LessonHost host;
    private boolean active, blank, spotlight = true;
    private int scale = 100;
    private String savedRootStyle, savedPaneStyle;
    private Effect savedEffect;
    private boolean wasFullScreen;
    private final List<Node> dimmed = new ArrayList<>();
    private final List<Double> dimmedOpacity = new ArrayList<>();
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
    public int scale() { return scale; }

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
        savedRootStyle = w.root().getStyle();
        savedPaneStyle = pane.getStyle();
        pane.getStyleClass().add("presenting");
        w.root().getStyleClass().add("presenting");
        Window win = s.getWindow();
        if (win instanceof Stage st) {
            wasFullScreen = st.isFullScreen();
            st.setFullScreenExitHint("");
            st.setFullScreen(true);
        }
        pane.layoutForMode();
        setScale(scale == 100 ? 150 : scale);
        showNotes();
        refreshSpotlight();
        pane.requestFocus();
    }

    public void exit() {
        if (!active) return;
        setBlank(false);
        undim();
        active = false;
        Scene s = w.scene();
        s.getStylesheets().remove(Presenter.class.getResource("presenter.css").toExternalForm());
        pane.getStyleClass().remove("presenting");
        w.root().getStyleClass().remove("presenting");
        w.root().setStyle(savedRootStyle == null ? "" : savedRootStyle);
        pane.setStyle(savedPaneStyle == null ? "" : savedPaneStyle);
        pane.setTextVisible(true); // also restores the self-paced layout
        if (s.getWindow() instanceof Stage st && !wasFullScreen) st.setFullScreen(false);
        if (notes != null) notes.hide();
    }

    /** Sets the UI scale (clamped to 100-250 %): the font size of the whole window, which the layout follows. */
    public void setScale(int percent) {
        scale = Math.max(SCALES[0], Math.min(SCALES[SCALES.length - 1], percent));
        String style = rootStyle(scale);
        w.root().setStyle(style);
        if (!LessonPane.inside(pane, w.root())) pane.setStyle(style);
    }

    /** The window root's style for a UI scale of {@code percent} (also used by the GIF export). */
    public static String rootStyle(int percent) {
        return String.format(Locale.ROOT, "-fx-font-size: %.1fpx;", BASE_FONT * percent / 100.0);
    }

    /** F5: the next scale in {@link #SCALES}, wrapping round. */
    public void cycleScale() {
        for (int s : SCALES) {
            if (s > scale) {
                setScale(s);
                return;
            }
        }
        setScale(SCALES[0]);
    }

    private void stepScale(int dir) {
        int i = 0;
        while (i < SCALES.length - 1 && SCALES[i] < scale) i++;
        setScale(SCALES[Math.max(0, Math.min(SCALES.length - 1, i + dir))]);
    }

    /** B: everything black (the notes window says so). */
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

    /** Handles a key while active; true if it was one of presenter mode's keys. */
    boolean key(KeyEvent e) {
        KeyCode k = e.getCode();
        Node focus = w.scene().getFocusOwner();
        boolean typing = focus instanceof TextInputControl;
        if (e.isShortcutDown()) {
            switch (k) {
                case EQUALS, PLUS, ADD -> stepScale(1);
                case MINUS, SUBTRACT -> stepScale(-1);
                default -> { return false; }
            }
            return true;
        }
        if (typing && k != KeyCode.PAGE_DOWN && k != KeyCode.PAGE_UP && k != KeyCode.ESCAPE && k != KeyCode.F5) return false;
        switch (k) {
            case PAGE_DOWN, RIGHT, SPACE -> { if (!blank) pane.nextStep(); }
            case PAGE_UP, LEFT -> { if (!blank) pane.previousStep(); }
            case B, PERIOD -> setBlank(!blank);
            case F5 -> cycleScale();
            case T -> setLessonText(!pane.textVisible());
            case S -> setSpotlight(!spotlight);
            case N -> { if (notes != null && notes.isShowing()) notes.hide(); else showNotes(); }
            case ESCAPE -> { if (blank) setBlank(false); else exit(); }
            default -> { return false; }
        }
        return true;
    }

    /** Called by the pane when a step is shown. */
    void stepChanged(Step s) {
        updateNotes(s);
        refreshSpotlight();
    }

    // ---- spotlight --------------------------------------------------------------------------

    /** Dims every node that is not on the path from the window root to the highlighted element (the lesson panel stays lit). */
    void refreshSpotlight() {
        undim();
        Node target = host.focused();
        if (!active || !spotlight || target == null || target.getScene() != w.scene()) return;
        Parent root = w.scene().getRoot();
        for (Node n = target; n != null && n != root; n = n.getParent()) {
            Parent parent = n.getParent();
            if (parent == null) break;
            for (Node sib : parent.getChildrenUnmodifiable()) {
                if (sib == n || LessonPane.inside(pane, sib instanceof Parent p ? p : null) || sib == pane) continue;
                dimmed.add(sib);
                dimmedOpacity.add(sib.getOpacity());
                sib.setOpacity(DIM);
            }
        }
    }

    private void undim() {
        for (int i = 0; i < dimmed.size(); i++) dimmed.get(i).setOpacity(dimmedOpacity.get(i));
        dimmed.clear();
        dimmedOpacity.clear();
    }

    /** The nodes the spotlight dims now (for tests). */
    public List<Node> dimmedNodes() { return List.copyOf(dimmed); }

    // ---- speaker notes ------------------------------------------------------------------------

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
            Label keys = new Label("PageDown/PageUp step \u00b7 B blank \u00b7 F5 scale \u00b7 T text \u00b7 S spotlight \u00b7 Esc leave");
            keys.getStyleClass().add("notes-keys");
            BorderPane root = new BorderPane(sp);
            root.setBottom(keys);
            root.getStyleClass().add("notes-root");
            Scene sc = new Scene(root, 640, 480);
            sc.addEventFilter(KeyEvent.KEY_PRESSED, e -> { if (active && key(e)) e.consume(); }); // the clicker may talk to this window
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

    /** On a second screen if there is one (the screen the main window is not on), maximised there. */
    private void placeNotes() {
        List<Screen> screens = Screen.getScreens();
        if (screens.size() < 2) return;
        Window main = w.scene().getWindow();
        Screen mainScreen = Screen.getPrimary();
        if (main != null) {
            List<Screen> on = Screen.getScreensForRectangle(main.getX(), main.getY(), Math.max(1, main.getWidth()), Math.max(1, main.getHeight()));
            if (!on.isEmpty()) mainScreen = on.getFirst();
        }
        for (Screen sc : screens) {
            if (sc.equals(mainScreen)) continue;
            Rectangle2D b = sc.getVisualBounds();
            notes.setX(b.getMinX());
            notes.setY(b.getMinY());
            notes.setWidth(b.getWidth());
            notes.setHeight(b.getHeight());
            return;
        }
    }

    private void updateNotes(Step s) {
        if (s == null || pane.lesson() == null) return;
        int n = pane.lesson().steps().size();
        notesTitle.setText("Step " + s.number() + " of " + n + ": " + s.title());
        notesText.setText(s.notes() == null || s.notes().isBlank() ? "(no notes for this step)" : s.notes().strip());
        notesNext.setText(s.number() < n ? "Next: " + pane.lesson().steps().get(s.number()).title() : "Last step.");
    }
}

package org.vdsoexplorer.app.lesson;

import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Consumer;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Window;

/**
 * The lesson panel's keys: a filter on each window the panel is shown in (it sees keys before the main
 * window's own scene filter). In presenter mode every key goes to the {@link Presenter}; otherwise, while the
 * keyboard is in the panel, PageDown/Right and PageUp/Left step the lesson (not inside a text field, where
 * Left and Right move the caret).
 */
final class LessonKeys {
    private final LessonPane pane;
    private final Set<Window> windows = Collections.newSetFromMap(new WeakHashMap<>());

    LessonKeys(LessonPane pane) {
        this.pane = pane;
    }

    /** Installs the filter on {@code s}'s window, now and whenever the scene moves to another one. */
    void install(Scene s) {
        if (s == null) return;
        Consumer<Window> add = win -> {
            if (win != null && windows.add(win)) win.addEventFilter(KeyEvent.KEY_PRESSED, this::key);
        };
        add.accept(s.getWindow());
        s.windowProperty().addListener((o, a, b) -> add.accept(b));
    }

    private void key(KeyEvent e) {
        Scene scene = pane.getScene();
        // the filter stays on a window the panel may have left (a new scene in the same stage)
        if (scene == null || scene.getWindow() != e.getSource()) return;
        if (pane.presenter().active()) {
            if (pane.presenter().key(e)) e.consume();
            return;
        }
        if (pane.lesson() == null || !hasFocus(pane)) return;
        Node focus = scene.getFocusOwner();
        KeyCode k = e.getCode();
        if (focus instanceof TextInputControl && (k == KeyCode.LEFT || k == KeyCode.RIGHT)) return;
        if (e.isShortcutDown() || e.isAltDown()) return;
        switch (k) {
            case PAGE_DOWN, RIGHT -> pane.nextStep();
            case PAGE_UP, LEFT -> pane.previousStep();
            default -> { return; }
        }
        e.consume();
    }

    /** True if the scene's focus owner is {@code n} or inside it. */
    static boolean hasFocus(Node n) {
        Scene s = n.getScene();
        if (s == null) return false;
        for (Node f = s.getFocusOwner(); f != null; f = f.getParent()) if (f == n) return true;
        return false;
    }
}

package org.vdsoexplorer.app.common;

import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.stage.Window;

/**
 * A small dialog over the window that says what happened in words (a demo that could not be opened, the
 * files a PNG export wrote). Not modal-blocking: it is shown and the window goes on. The last one is kept for
 * tests ({@link #last()}).
 */
public final class Notice {
    private static Alert last;
    /** The text's width: a readable line, and room on a 1024 px projector. */
    static final double WIDTH = 560;

    private Notice() {}

    /** Shows {@code text} under {@code header} over {@code owner}; nothing without a shown owner (off-screen). */
    public static void show(Window owner, Alert.AlertType type, String header, String text) {
        if (owner == null || !owner.isShowing()) return;
        Alert a = new Alert(type);
        a.initOwner(owner);
        a.setTitle("vDSO Explorer");
        a.setHeaderText(header);
        Label body = new Label(text);
        body.setWrapText(true);
        body.setId("notice-text");
        // a wrapping label's preferred width is its text on one line (a long reason made the dialog 1940 px wide)
        body.setPrefWidth(WIDTH);
        body.setMaxWidth(WIDTH);
        a.getDialogPane().setContent(body);
        a.getDialogPane().setMaxWidth(WIDTH + 80);
        a.getDialogPane().setId("notice");
        if (last != null) last.close();
        last = a;
        a.show();
    }

    /** The last notice (null if none was shown). */
    static Alert last() { return last; }
}

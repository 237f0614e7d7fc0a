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
        body.setMaxWidth(640);
        a.getDialogPane().setContent(body);
        a.getDialogPane().setId("notice");
        if (last != null) last.close();
        last = a;
        a.show();
    }

    /** The last notice (null if none was shown). */
    static Alert last() { return last; }
}

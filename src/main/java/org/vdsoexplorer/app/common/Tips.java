package org.vdsoexplorer.app.common;

import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

/**
 * Tooltips made when the pointer first enters their node, not when the window is built: each Tooltip
 * is a popup window with its own scene, and making the window's forty of them up front cost about a
 * quarter of building the main window (startup to first frame).
 */
public final class Tips {
    private Tips() {}

    /** A tooltip text for one node; the Tooltip itself is made on first hover. */
    public static final class Lazy {
        private String text = "";
        private Tooltip made;

        private Lazy() {}

        public void setText(String t) {
            text = t == null ? "" : t;
            if (made != null) made.setText(text);
        }

        public String getText() { return text; }

        private void make(Node n) {
            if (made != null) return;
            made = new Tooltip(text);
            made.setWrapText(true);
            made.setMaxWidth(560);
            if (n instanceof Control c) c.setTooltip(made);
            else Tooltip.install(n, made);
        }
    }

    /** A lazily made tooltip on {@code n}; set its text now or later. */
    public static Lazy lazy(Node n) {
        Lazy l = new Lazy();
        n.addEventHandler(MouseEvent.MOUSE_ENTERED, e -> l.make(n));
        return l;
    }

    /** Installs a tooltip with {@code text} on {@code n}, made on first hover. */
    public static Lazy install(Node n, String text) {
        Lazy l = lazy(n);
        l.setText(text);
        return l;
    }
}

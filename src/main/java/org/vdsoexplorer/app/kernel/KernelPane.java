package org.vdsoexplorer.app.kernel;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.app.common.Scrolling;
import org.vdsoexplorer.session.KernelSnapshot;

/** One of the Your kernel tab's four panes: a view's frame, its id, a wrapping title; it draws a {@link KernelSnapshot}. */
abstract class KernelPane extends VBox {
    protected final Label title;

    KernelPane(String id, String titleText) {
        super(4);
        getStyleClass().addAll("view", "kernel-pane");
        setId(id);
        title = wrap(new Label(titleText));
        title.getStyleClass().add("view-title");
    }

    /** Draws the call as {@code s} has it. */
    abstract void show(KernelSnapshot s);

    /** A label that wraps and is never squeezed below its text's height. */
    static <L extends Label> L wrap(L l) {
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }

    /** {@code content} in a vertical scroll pane ({@link Scrolling}) with id {@code id}, growing with the pane. */
    static ScrollPane scroll(Node content, String id) {
        javafx.scene.layout.BorderPane holder = Scrolling.content();
        holder.setCenter(content);
        ScrollPane s = Scrolling.vertical(holder, id);
        VBox.setVgrow(s, Priority.ALWAYS);
        return s;
    }
}

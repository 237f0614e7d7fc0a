package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;

import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.StackPane;
import javafx.scene.shape.Rectangle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/** {@link LayoutCheck} on small scenes built for it: what counts as cut where scrolling viewports meet clips. */
@ExtendWith(ApplicationExtension.class)
class LayoutCheckTest {

    /** A list that reaches the window's bottom: its half-shown last row is scrolled, not cut (the window's edge is the list's). */
    @Test
    void aListsHalfScrolledRowAtTheWindowsEdgeIsNotCut() {
        LayoutCheck.Result r = fx(() -> {
            ListView<String> list = new ListView<>();
            for (int i = 0; i < 100; i++) list.getItems().add("row " + i);
            list.setFixedCellSize(24);
            // 7.5 rows' room in the viewport: the 8th row is half in view and reaches past the window's bottom
            StackPane root = new StackPane(list);
            new Scene(root, 200, 182);
            return LayoutCheck.check(root);
        });
        assertEquals(List.of(), r.clipped(), r.details());
        assertTrue(r.smallestFont() > 0, "the rows were seen: " + r.details());
    }

    /** Text in view in its scroll pane, but past the clip of a container the scroll pane does not fit: cut. */
    @Test
    void textInItsViewportButPastAContainersClipIsCut() {
        LayoutCheck.Result r = fx(() -> {
            Label l = new Label("half under the clip");
            l.setLayoutY(40);
            ScrollPane scroll = new ScrollPane(new Pane(l));
            scroll.setPrefSize(300, 200);
            Pane box = new Pane(scroll);
            box.setClip(new Rectangle(0, 0, 300, 50)); // the container shows the scroll pane's top 50 px only
            StackPane root = new StackPane(box);
            new Scene(root, 300, 200);
            return LayoutCheck.check(root);
        });
        assertEquals(1, r.clipped().size(), r.details());
        assertTrue(r.clipped().getFirst().contains("half under the clip"), r.details());
    }

    /** A scroll pane that shows no scroll bar cannot scroll: text its viewport cuts is cut, not scrolled away. */
    @Test
    void textCutByAViewportWithoutABarIsCut() {
        LayoutCheck.Result r = fx(() -> {
            Label l = new Label("past the bottom");
            l.setLayoutY(190);
            Pane content = new Pane(l);
            content.setPrefSize(280, 400);
            ScrollPane scroll = new ScrollPane(content);
            scroll.setVbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
            scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
            StackPane root = new StackPane(scroll);
            new Scene(root, 300, 200);
            return LayoutCheck.check(root);
        });
        assertEquals(1, r.clipped().size(), r.details());
        assertTrue(r.clipped().getFirst().contains("past the bottom"), r.details());
    }
}

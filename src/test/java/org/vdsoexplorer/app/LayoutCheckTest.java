package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * {@link LayoutCheck} on a scroll pane: text running on past the viewport the way it scrolls is scrolled away, not
 * cut; text running past the sides of a pane fitted to its width (meant to show its lines whole) is cut; a label with no
 * room for its text is cut wherever it is.
 */
@ExtendWith(ApplicationExtension.class)
class LayoutCheckTest {
    private static final String LONG = "a sentence long enough to need many lines in a narrow pane ".repeat(12);

    /**
     * A 300 x 290 scroll pane (fitted to its width) at the top left of a 400 x 300 window, holding {@code content}: text
     * running on below the viewport runs on past the window's edge too.
     */
    private static LayoutCheck.Result check(Region... content) {
        return Fx.fx(() -> {
            ScrollPane sp = new ScrollPane(new VBox(6, content));
            sp.setFitToWidth(true);
            sp.setPrefSize(300, 290);
            sp.setMaxSize(300, 290);
            StackPane root = new StackPane(sp);
            StackPane.setAlignment(sp, javafx.geometry.Pos.TOP_LEFT);
            new Scene(root, 400, 300);
            return LayoutCheck.check(root);
        });
    }

    private static Label wrapped(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }

    @Test
    void textRunningOnBelowTheViewportIsScrolledNotCut() {
        LayoutCheck.Result r = check(wrapped(LONG), wrapped(LONG), wrapped(LONG));
        assertEquals(List.of(), r.clipped());
    }

    @Test
    void textRunningPastTheSidesOfAPaneFittedToItsWidthIsCut() {
        Label wide = new Label("a label that does not wrap and is wider than the pane it sits in, by far");
        wide.setMinWidth(Region.USE_PREF_SIZE); // the content is as wide as this: past the viewport's right side
        LayoutCheck.Result r = check(wrapped("short"), wide);
        assertTrue(r.clipped().stream().anyMatch(c -> c.contains("does not wrap")), r.details());
    }

    @Test
    void anEllipsisedLabelInAScrollPaneIsCut() {
        Label l = new Label("a label that does not wrap and is wider than the pane it sits in, by far");
        LayoutCheck.Result r = check(l);
        assertEquals(1, r.clipped().size(), r.details());
        assertTrue(r.clipped().getFirst().contains("shown as"), r.details());
    }
}

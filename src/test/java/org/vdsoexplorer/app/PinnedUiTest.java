package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.text.Font;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A pinned figure's ({@link Isolated#pinned}) new text lays out the figure alone; its strip is laid out again only when the figure's size can
 * change (its font, its width settings), and then the holder takes the new size.
 */
@ExtendWith(ApplicationExtension.class)
class PinnedUiTest {
    /** A strip that counts its own layouts. */
    private static final class Strip extends HBox {
        int layouts;

        Strip(javafx.scene.Node... items) { super(4, items); }

        @Override protected void layoutChildren() {
            layouts++;
            super.layoutChildren();
        }
    }

    private static Label figure(String text) {
        Label l = new Label(text);
        l.setMinWidth(80); // a fixed width, as the counters' figures
        l.setPrefWidth(80);
        return l;
    }

    @Test
    void aNewFigureLaysOutTheFigureAloneAndAFontChangeTheStrip() {
        Fx.fxRun(() -> {
            Label pinnedFigure = figure("12"), looseFigure = figure("12");
            Isolated holder = Isolated.pinned(pinnedFigure);
            Strip pinned = new Strip(new Label("calls"), holder), loose = new Strip(new Label("calls"), looseFigure);
            HBox root = new HBox(pinned, loose);
            new Scene(root, 600, 100);
            for (int i = 0; i < 2; i++) { // settled: the labels' skins made and measured
                root.applyCss();
                root.layout();
            }
            int before = pinned.layouts, looseBefore = loose.layouts;

            pinnedFigure.setText("12,345");
            looseFigure.setText("12,345");
            assertFalse(pinned.isNeedsLayout(), "the pinned figure's strip is not asked to lay out again");
            assertTrue(loose.isNeedsLayout(), "the control: an unpinned figure asks its strip");
            pinned.layout();
            loose.layout();
            assertEquals(before, pinned.layouts, "the strip was not laid out again for a new figure");
            assertFalse(pinnedFigure.isNeedsLayout(), "the figure itself was (the pass reaches it through its holder)");
            assertEquals(looseBefore + 1, loose.layouts, "the control's strip was");
            assertEquals("12,345", pinnedFigure.getText());
            assertEquals(80, holder.getWidth(), 0.01, "the holder keeps the figure's fixed width");
            assertEquals(80, pinnedFigure.getWidth(), 0.01);

            pinnedFigure.setFont(Font.font(pinnedFigure.getFont().getFamily(), pinnedFigure.getFont().getSize() * 2.5));
            pinnedFigure.setMinWidth(200);
            pinnedFigure.setPrefWidth(200);
            assertTrue(pinned.isNeedsLayout(), "a new font and width reach the strip");
            pinned.applyCss();
            pinned.layout();
            assertEquals(200, holder.getWidth(), 0.01, "the holder takes the figure's new width");
            assertEquals(pinnedFigure.prefHeight(-1), holder.getHeight(), 0.01, "and its new height (the larger font's line)");
            assertEquals(holder.getHeight(), pinnedFigure.getHeight(), 0.01);
        });
    }
}

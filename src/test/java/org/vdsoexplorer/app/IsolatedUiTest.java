package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A held view is a layout root: a change inside it does not lay out its holder's parent again, except that a holder
 * made with {@link Isolated#followingHeight} takes the new height when the content's preferred height changes.
 */
@ExtendWith(ApplicationExtension.class)
class IsolatedUiTest {
    /** A parent that counts its own layouts. */
    private static final class Counting extends VBox {
        int layouts;

        @Override protected void layoutChildren() {
            layouts++;
            super.layoutChildren();
        }
    }

    private static double[] run(boolean following) {
        return Fx.fx(() -> {
            Label figure = new Label("12");
            figure.setMinWidth(100); // fixed width, as the counters' figures
            figure.setPrefWidth(100);
            Label more = new Label("a second line");
            more.setVisible(false);
            more.setManaged(false);
            VBox strip = new VBox(figure, more);
            Counting parent = new Counting();
            Isolated holder = following ? Isolated.followingHeight(strip) : new Isolated(strip);
            parent.getChildren().addAll(holder, new Region());
            new Scene(parent, 400, 300);
            parent.applyCss();
            parent.layout();
            parent.layout(); // settled: the first layout's own requests done
            double before = holder.getHeight();
            int layouts = parent.layouts;
            figure.setText("12,345"); // same size: only the strip is laid out again
            parent.layout();
            int afterText = parent.layouts - layouts;
            more.setManaged(true); // the strip grows by a line
            more.setVisible(true);
            parent.layout();
            parent.layout();
            return new double[] {before, afterText, holder.getHeight(), strip.prefHeight(400)};
        });
    }

    @Test
    void aChangeInsideDoesNotLayOutTheParentAndAFollowingHolderTakesTheNewHeight() {
        double[] f = run(true);
        double[] plain = run(false);
        assertEquals(0, f[1], "the parent laid out again for a new text of the same height");
        assertEquals(f[3], f[2], 0.01, "the holder's height after the strip grew (from " + f[0] + ")");
        assertEquals(plain[0], plain[2], 0.01, "a plain holder keeps its height until its own parent lays it out");
    }
}

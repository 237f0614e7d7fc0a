package org.vdsoexplorer.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A held view is a layout root: a change inside it does not lay out its holder's parent again, and the holder keeps
 * the size its parent gave it (the views fill the areas the window gives them).
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

    /** A one-line strip (a fixed-width figure, a hidden second line) in a holder in a counting parent. */
    private static final class Fixture {
        final Label figure = new Label("12");
        final Label more = new Label("a second line");
        final VBox strip = new VBox(figure, more);
        final Counting parent = new Counting();
        final Isolated holder;

        Fixture() {
            figure.setMinWidth(100); // fixed width, as the counters' figures
            figure.setPrefWidth(100);
            more.setVisible(false);
            more.setManaged(false);
            holder = new Isolated(strip);
            parent.getChildren().addAll(holder, new Region());
            new Scene(parent, 400, 300);
            parent.applyCss();
            parent.layout();
        }
    }

    /** {height before, the parent's layouts after a same-size change, the holder's and the strip's height after it grew}. */
    private static double[] run() {
        Fixture f = Fx.fx(Fixture::new);
        WaitForAsyncUtils.waitForFxEvents();
        double[] out = Fx.fx(() -> {
            f.parent.layout(); // settled: the first layout's own requests done
            double before = f.holder.getHeight();
            int layouts = f.parent.layouts;
            f.figure.setText("12,345"); // same size: only the strip is laid out again
            f.parent.layout();
            int afterText = f.parent.layouts - layouts;
            f.more.setManaged(true); // the strip grows by a line
            f.more.setVisible(true);
            f.parent.layout();
            return new double[] {before, afterText, 0, 0};
        });
        WaitForAsyncUtils.waitForFxEvents();
        return Fx.fx(() -> {
            f.parent.layout();
            out[2] = f.holder.getHeight();
            out[3] = f.strip.prefHeight(f.holder.getWidth());
            return out;
        });
    }

    @Test
    void aChangeInsideLaysOutNoAncestorAndTheHolderKeepsItsSize() {
        double[] f = run();
        assertEquals(0, f[1], "the parent laid out again for a new text of the same size");
        assertEquals(f[0], f[2], 0.01, "the holder keeps its height until its own parent lays it out");
        assertEquals(2 * f[0], f[3], 0.01, "the strip itself grew by its second line");
    }
}

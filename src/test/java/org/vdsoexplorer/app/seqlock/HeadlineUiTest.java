package org.vdsoexplorer.app.seqlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.vdsoexplorer.app.Fx.fx;

import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * The seq badge's headline asks for the same width whatever the counts line beside it says: the counts wrap in the
 * width the view gives, and a headline that asked for their one-line width (which grows with every digit while the
 * model runs) made the view's content wider than the view for a layout pass at each refresh.
 */
@ExtendWith(ApplicationExtension.class)
class HeadlineUiTest {
    @Test
    void preferredWidthDoesNotFollowTheCountsText() {
        double[] w = fx(() -> {
            Label badge = new Label("seq = 2  even"), counts = new Label("step 5 of this call");
            counts.setWrapText(true);
            Headline h = new Headline(badge, counts);
            new javafx.scene.Scene(new javafx.scene.Group(h)); // skins and fonts, so the labels measure their text
            h.applyCss();
            double shortText = h.prefWidth(-1);
            counts.setText("step 53 of this call · retries 0 · odd spins 0 · total retries 12 · writer updates 1004 "
                    + "(placed 0) · tick every 1.0 ms");
            h.applyCss();
            return new double[] {shortText, h.prefWidth(-1), badge.prefWidth(-1) + Headline.GAP
                    + Headline.COUNTS_EM * counts.getFont().getSize()};
        });
        assertEquals(w[0], w[1], 0.01, "the headline's preferred width with a short and a long counts line");
        assertEquals(w[2], w[1], 0.01, "the badge and the counts' least width beside it");
    }
}

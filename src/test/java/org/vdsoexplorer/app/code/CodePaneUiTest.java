package org.vdsoexplorer.app.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.vdsoexplorer.app.Fx;
import org.vdsoexplorer.app.common.DrawnText;
import org.vdsoexplorer.app.common.FrameClock;

/**
 * A line a little too long for the pane scrolls sideways to show its code whole, and its line number stays whole in
 * the gutter: at presenter scale the C pane showed "6  while (unlikely(...))" for line 306.
 */
@ExtendWith(ApplicationExtension.class)
class CodePaneUiTest {
    private static final String LONG = "while (unlikely((seq = READ_ONCE(vd->seq)) & 1))";

    /** {@code p} in an 800x300 scene, showing lines 300-329, line 300 + i being "{number} {code(i)}". */
    private static StackPane shown(CodePane p, java.util.function.IntFunction<String> code) {
        p.setReducedMotion(true);
        List<CodePane.Row> rows = new ArrayList<>();
        for (int i = 0; i < 30; i++) rows.add(new CodePane.Row(String.format("%3d %s", 300 + i, code.apply(i)), null, false, false));
        StackPane root = new StackPane(p);
        new Scene(root, 800, 300);
        root.applyCss();
        p.setRows(rows);
        root.layout();
        return root;
    }

    @Test
    void theLineNumbersStayInTheirGutterWhileTheCodeScrollsSideways() {
        Fx.fxRun(() -> {
            CodePane p = new CodePane(FrameClock.manual());
            StackPane root = shown(p, i -> i == 6 ? "    " + LONG : "    cpu_relax();");
            Scene scene = root.getScene();
            double charW = p.charWidth(), bars = 800 - p.drawnOn().getLayoutBounds().getWidth();
            // the canvas two characters short of the whole line: it must scroll, and can with the number kept
            int chars = String.format("%3d     %s", 306, LONG).length();
            double canvas = 6 + (chars - 1) * charW;
            root.resize(canvas + bars, 300);
            root.layout();
            p.setCurrent(6);
            assertTrue(p.scrolledLeft() > 0, "the long line is scrolled sideways: " + p.scrolledLeft());

            List<DrawnText.Box> boxes = p.drawnText();
            DrawnText.Box next = boxes.stream().filter(b -> b.text().startsWith("307")).findFirst().orElseThrow();
            assertEquals(6, next.x(), 0.5, "the row after it starts with its whole number, in the gutter at the pane's left: " + next);
            DrawnText.Box code = boxes.stream().filter(b -> b.text().equals(LONG)).findFirst().orElseThrow();
            assertFalse(code.clipped(), "the current line's code shows whole: " + code);
            assertTrue(code.x() >= 6 + 4 * charW - 0.5, "right of the gutter (its number before it): " + code);
            assertEquals(scene, root.getScene());

            // too narrow for the number and the code: the number scrolls away, the code of the line being run shows whole
            root.resize(6 + (LONG.length() + 2) * charW + bars, 300);
            root.layout();
            p.setCurrent(5);
            p.setCurrent(6);
            List<DrawnText.Box> narrow = p.drawnText();
            DrawnText.Box whole = narrow.stream().filter(b -> b.text().equals(LONG)).findFirst().orElseThrow();
            assertFalse(whole.clipped(), "the current line's code shows whole in a narrow pane: " + whole);
            DrawnText.Box scrolled = narrow.stream().filter(b -> b.text().startsWith("307")).findFirst().orElseThrow();
            assertEquals(0, scrolled.x(), 0.5, "the numbers scrolled away with the code: " + scrolled);
        });
    }

    @Test
    void aRowWhoseCodeIsScrolledOutOnTheLeftShowsAnEllipsisBesideItsNumber() {
        Fx.fxRun(() -> {
            CodePane p = new CodePane(FrameClock.manual());
            StackPane root = shown(p, i -> i == 6 ? "    " + LONG : i == 7 ? "}" : "    cpu_relax();");
            double charW = p.charWidth(), bars = 800 - p.drawnOn().getLayoutBounds().getWidth();
            int chars = String.format("%3d     %s", 306, LONG).length();
            root.resize(6 + (chars - 1) * charW + bars, 300);
            root.layout();
            p.setCurrent(6);
            assertTrue(p.scrolledLeft() >= charW, "scrolled by at least the '}' of line 307: " + p.scrolledLeft());

            DrawnText.Box brace = p.drawnText().stream().filter(b -> b.text().startsWith("307")).findFirst().orElseThrow();
            javafx.scene.image.WritableImage img = p.drawnOn().snapshot(null, null);
            double scale = img.getWidth() / p.drawnOn().getLayoutBounds().getWidth();
            double gx = 6 + 4 * charW; // the gutter: three digits and a space
            int ink = 0;
            for (double x = gx + 1; x < gx + charW - 1; x += 0.5) {
                for (double y = brace.y() + 2; y < brace.y() + brace.height() - 2; y += 0.5) {
                    if (img.getPixelReader().getColor((int) (x * scale), (int) (y * scale)).getBrightness() < 0.6) ink++;
                }
            }
            // before, line 307 showed its number and blank paper, as if the line were empty
            assertTrue(ink > 0, "an ellipsis right of line 307's number, its '}' scrolled out of view");
        });
    }
}

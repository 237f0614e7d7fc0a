package org.vdsoexplorer.app.tools;

import org.vdsoexplorer.app.Fx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;

import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.layout.StackPane;
import javafx.scene.shape.Rectangle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * {@link LayoutCheck} on small scenes built for it: what counts as cut where scrolling viewports meet clips. In a scroll
 * pane that scrolls only down, text running on below the viewport is scrolled away, not cut; text running past its sides
 * (no horizontal bar to reach it) is cut; a label with no room for its text is cut wherever it is.
 */
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

    private static final String LONG = "a sentence long enough to need many lines in a narrow pane ".repeat(12);

    /**
     * A 300 x 290 scroll pane (fitted to its width, no horizontal bar: it scrolls only down) at the top left of a 400 x 300
     * window, holding {@code content}: text running on below the viewport runs on past the window's edge too.
     */
    private static LayoutCheck.Result check(Region... content) {
        return Fx.fx(() -> {
            ScrollPane sp = new ScrollPane(new VBox(6, content));
            sp.setFitToWidth(true);
            sp.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
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
    void textRunningPastTheSidesOfAPaneThatScrollsOnlyDownIsCut() {
        Label wide = new Label("a label that does not wrap and is wider than the pane it sits in, by far");
        wide.setMinWidth(Region.USE_PREF_SIZE); // the content is as wide as this: past the viewport's right side
        LayoutCheck.Result r = check(wide, wrapped(LONG), wrapped(LONG));
        assertTrue(r.clipped().stream().anyMatch(c -> c.contains("does not wrap")), r.details());
    }

    @Test
    void anEllipsisedLabelInAScrollPaneIsCut() {
        Label l = new Label("a label that does not wrap and is wider than the pane it sits in, by far");
        LayoutCheck.Result r = check(l);
        assertEquals(1, r.clipped().size(), r.details());
        assertTrue(r.clipped().getFirst().contains("shown as"), r.details());
    }

    /** A view (a border pane) drawing on a canvas inside its own scroll pane, like the seqlock view's timeline. */
    private static final class CanvasView extends javafx.scene.layout.BorderPane implements org.vdsoexplorer.app.common.DrawnText {
        final javafx.scene.canvas.Canvas canvas = new javafx.scene.canvas.Canvas(260, 400);
        private final List<Box> boxes;

        CanvasView(double y) {
            javafx.scene.text.Font f = javafx.scene.text.Font.font(14);
            boxes = List.of(Box.of("a row drawn low", f, 10, y, javafx.scene.text.TextAlignment.LEFT, javafx.geometry.VPos.TOP, false));
        }

        @Override public List<Box> drawnText() { return boxes; }

        @Override public javafx.scene.Node drawnOn() { return canvas; }
    }

    /**
     * {@code y}: the drawn row's top on a 400 px canvas in a scroll pane 200 px high inside the view; {@code bar}: whether
     * the pane shows its vertical bar. The view sits in a 300 x 200 window.
     */
    private static LayoutCheck.Result canvasInScrollPane(double y, boolean bar) {
        return fx(() -> {
            CanvasView v = new CanvasView(y);
            ScrollPane sp = new ScrollPane(new Pane(v.canvas));
            sp.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
            sp.setVbarPolicy(bar ? ScrollPane.ScrollBarPolicy.ALWAYS : ScrollPane.ScrollBarPolicy.NEVER);
            v.setCenter(sp);
            StackPane root = new StackPane(v);
            new Scene(root, 300, 200);
            return LayoutCheck.check(root);
        });
    }

    /** Text a view draws on a canvas it scrolls: below the viewport it is scrolled away (checked where it is drawn, not at the view). */
    @Test
    void textDrawnOnACanvasBelowItsViewsViewportIsScrolledNotCut() {
        LayoutCheck.Result r = canvasInScrollPane(190, true);
        assertEquals(List.of(), r.clipped(), r.details());
        assertTrue(r.smallestFont() > 0, "the drawn row was seen: " + r.details());
    }

    /** The same with no bar to scroll it into view: cut. */
    @Test
    void textDrawnOnACanvasBelowAViewportWithoutABarIsCut() {
        LayoutCheck.Result r = canvasInScrollPane(190, false);
        assertEquals(1, r.clipped().size(), r.details());
        assertTrue(r.clipped().getFirst().contains("a row drawn low"), r.details());
    }

    /**
     * A canvas 600 px wide in a scroll pane 300 px wide that scrolls sideways (the dispatch graph at a large scale), scrolled
     * to its right end, a name drawn in black on white: {@code inView} in the middle of the viewport, else ending 3 px into
     * the viewport's left edge, where only the end of its box shows: its trailing space, paper without ink. Such a sliver
     * read as about 1:1 before (a line mostly scrolled away down was never sampled); a text mostly scrolled away sideways is
     * not sampled now, and one in view still is (black on white, 21:1).
     */
    private static LayoutCheck.Result canvasScrolledSideways(boolean inView) {
        return fx(() -> {
            javafx.scene.text.Font f = javafx.scene.text.Font.font(14);
            String word = "identifier_of_a_node ";
            javafx.scene.canvas.Canvas c = new javafx.scene.canvas.Canvas(600, 150);
            List<org.vdsoexplorer.app.common.DrawnText.Box> boxes = new java.util.ArrayList<>();
            class View extends javafx.scene.layout.BorderPane implements org.vdsoexplorer.app.common.DrawnText {
                @Override public List<Box> drawnText() { return boxes; }

                @Override public javafx.scene.Node drawnOn() { return c; }
            }
            View v = new View();
            ScrollPane sp = new ScrollPane(new Pane(c));
            sp.setHbarPolicy(ScrollPane.ScrollBarPolicy.ALWAYS);
            sp.setVbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
            v.setCenter(sp);
            StackPane root = new StackPane(v);
            new Scene(root, 300, 200);
            root.applyCss();
            root.layout();
            sp.setHvalue(1);
            root.layout();
            double viewLeft = 600 - sp.getViewportBounds().getWidth();
            double w = org.vdsoexplorer.app.common.DrawnText.measure(word, f)[0];
            double x = inView ? viewLeft + 40 : viewLeft + 3 - w;
            var g = c.getGraphicsContext2D();
            g.setFill(javafx.scene.paint.Color.WHITE);
            g.fillRect(0, 0, 600, 150);
            g.setFill(javafx.scene.paint.Color.BLACK);
            g.setFont(f);
            g.setTextBaseline(javafx.geometry.VPos.TOP);
            g.fillText(word, x, 40);
            boxes.add(org.vdsoexplorer.app.common.DrawnText.Box.of(word, f, x, 40, javafx.scene.text.TextAlignment.LEFT,
                    javafx.geometry.VPos.TOP, false));
            return LayoutCheck.check(root, true);
        });
    }

    @Test
    void canvasTextMostlyScrolledAwaySidewaysIsNotSampledForContrast() {
        LayoutCheck.Result away = canvasScrolledSideways(false);
        assertEquals(List.of(), away.lowContrast(), away.details());
        assertEquals(List.of(), away.clipped(), "scrolled, not cut: " + away.details());
        LayoutCheck.Result inView = canvasScrolledSideways(true);
        assertEquals(21, inView.lowestContrast(), 1, inView.details());
    }

    /**
     * The contrast of the text's colour against the background read from the rendered pixels, against WCAG 2.1 reference pairs (WebAIM's contrast checker): #767676 on
     * white is 4.54:1, the palest grey that passes AA, #777777 4.48:1 fails it; white on #0072B2 5.14:1. The background is
     * the parent's (the label has none); a subtree dimmed to 22 % opacity (the old spotlight) turns black ink on white into
     * a pale grey that fails; the lowest is reported with its text.
     */
    @Test
    void contrastIsReadFromWhatWasRendered() {
        LayoutCheck.Result r = fx(() -> {
            Label pass = ink("#767676 on white", "#767676");
            Label fail = ink("#777777 on white", "#777777");
            Label white = ink("white on blue", "#FFFFFF");
            StackPane blue = new StackPane(white);
            blue.setStyle("-fx-background-color: #0072B2;");
            Label dimmed = ink("black, dimmed", "#000000");
            StackPane dim = new StackPane(dimmed);
            dim.setOpacity(0.22);
            VBox root = new VBox(8, pass, fail, blue, dim);
            root.setStyle("-fx-background-color: #FFFFFF; -fx-padding: 8;");
            new Scene(root, 400, 300);
            return LayoutCheck.check(root, true);
        });
        assertEquals(List.of("'#777777 on white'", "'black, dimmed'"),
                r.lowContrast().stream().map(c -> c.substring(0, c.indexOf(" ("))).toList(), r.details());
        assertEquals(4.48, contrastOf(r, "#777777 on white"), 0.02, r.details());
        assertTrue(r.lowestContrastText().startsWith("'black, dimmed'"), r.details());
        // 22 % of black over white: #C7C7C7, 1.73:1
        assertEquals(TextContrast.ratio(0xC7C7C7, 0xFFFFFF), r.lowestContrast(), 0.05, r.details());
        assertTrue(Double.isNaN(fx(() -> LayoutCheck.check(new StackPane(new Label("x")))).lowestContrast()), "not measured");
        // the passing ones are not reported, but are measured: the reference figures
        LayoutCheck.Result only = fx(() -> {
            Label pass = ink("#767676 on white", "#767676");
            Label white = ink("white on blue", "#FFFFFF");
            StackPane blue = new StackPane(white);
            blue.setStyle("-fx-background-color: #0072B2;");
            VBox root = new VBox(8, pass, blue);
            root.setStyle("-fx-background-color: #FFFFFF; -fx-padding: 8;");
            new Scene(root, 400, 300);
            return LayoutCheck.check(root, true);
        });
        assertEquals(List.of(), only.lowContrast(), only.details());
        assertEquals(4.54, only.lowestContrast(), 0.02, only.details());
    }

    private static Label ink(String text, String colour) {
        Label l = new Label(text);
        l.setStyle("-fx-font-size: 20px; -fx-font-weight: bold; -fx-text-fill: " + colour + ";");
        return l;
    }

    private static double contrastOf(LayoutCheck.Result r, String text) {
        for (String c : r.lowContrast()) {
            if (c.startsWith("'" + text + "'")) return Double.parseDouble(c.substring(c.lastIndexOf(": ") + 2, c.length() - 2));
        }
        throw new AssertionError(text + " not among " + r.lowContrast());
    }
}

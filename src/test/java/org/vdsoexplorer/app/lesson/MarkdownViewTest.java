package org.vdsoexplorer.app.lesson;

import org.vdsoexplorer.app.common.Snapshots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.app.tools.Screenshots;

@ExtendWith(ApplicationExtension.class)
class MarkdownViewTest {
    static final String SAMPLE = """
            # Heading one

            A paragraph with **bold**, *italic*, `code_span()` and a [link](https://example.org) that is
            never opened. A soft break joins lines.

            - first item with `vdso_read_begin()`
            - second item
              1. nested one
              2. nested two

            > A quote: "seq is odd while the writer works" (seed 002).

            ```c
            static __always_inline u32 vdso_read_begin(const struct vdso_data *vd)
            {
                    u32 seq;
                    while (unlikely((seq = READ_ONCE(vd->seq)) & 1))
                            cpu_relax();
                    return seq;
            }
            ```

            | variant | calls in 3 s |
            |---|---|
            | before | 1 |
            | `unlikely` | 2 |

            <b>html is shown as written</b>
            """;

    @Start
    void start(Stage stage) { }

    private static List<Node> all(Node n) {
        List<Node> out = new java.util.ArrayList<>();
        out.add(n);
        if (n instanceof javafx.scene.Parent p) for (Node c : p.getChildrenUnmodifiable()) out.addAll(all(c));
        return out;
    }

    @Test
    void rendersTheBlocksAndInlinesWithProjectorStyles() throws Exception {
        VBox box = WaitForAsyncUtils.asyncFx(() -> {
            VBox v = MarkdownView.render(SAMPLE);
            v.setPrefWidth(700);
            StackPane root = new StackPane(v);
            root.setStyle("-fx-padding: 12; -fx-background-color: #FAFAFA;");
            Scene s = new Scene(root, 740, 900);
            s.getStylesheets().add(org.vdsoexplorer.app.MainWindow.class.getResource("app.css").toExternalForm());
            s.getStylesheets().add(LessonPane.class.getResource("lesson.css").toExternalForm());
            root.applyCss();
            root.layout();
            Files.createDirectories(Path.of("target/screenshots"));
            Snapshots.shot(root, Path.of("target/screenshots/lesson-markdown.png"));
            return v;
        }).get(30, TimeUnit.SECONDS);
        List<Node> nodes = all(box);
        assertTrue(nodes.stream().anyMatch(n -> n instanceof Text t && t.getText().equals("code_span()") && t.getStyleClass().contains("md-code")));
        assertTrue(nodes.stream().anyMatch(n -> n instanceof Text t && t.getText().equals("bold") && t.getStyleClass().contains("md-strong")));
        assertTrue(nodes.stream().anyMatch(n -> n instanceof Text t && t.getText().equals("italic") && t.getStyleClass().contains("md-em")));
        assertTrue(nodes.stream().anyMatch(n -> n instanceof Label l && l.getStyleClass().contains("md-codeblock")
                && l.getText().startsWith("static __always_inline") && l.getText().endsWith("}")));
        assertTrue(nodes.stream().anyMatch(n -> n.getStyleClass().contains("md-table")));
        assertTrue(nodes.stream().anyMatch(n -> n instanceof Label l && l.getText().equals("2.")), "nested ordered list");
        assertTrue(nodes.stream().anyMatch(n -> n instanceof Text t && t.getText().equals("<b>")));
        assertEquals(javafx.scene.text.Font.font("DejaVu Sans Mono", 10).getFamily(),
                nodes.stream().filter(n -> n instanceof Text t && t.getText().equals("code_span()")).map(n -> ((Text) n).getFont().getFamily())
                        .findFirst().orElseThrow(), "code spans are monospace");
    }

    @Test
    void aCitationLinkOpensItsSourceEntryAndAGlossaryLinkItsTerm() throws Exception {
        VBox box = WaitForAsyncUtils.asyncFx(() -> {
            VBox v = MarkdownView.render("Gleixner's design ([S4](../docs/sources.md#s4)) uses a "
                    + "[seqlock](../docs/glossary.md#seqlock); see [lore](https://lore.kernel.org/).");
            Stage st = new Stage();
            StackPane root = new StackPane(v);
            // as in a window with reduced motion on: the popovers open and close at once, no fade to wait for
            root.getStyleClass().add(CitationPopover.REDUCED_MOTION);
            Scene s = new Scene(root, 700, 300);
            s.getStylesheets().add(LessonPane.class.getResource("lesson.css").toExternalForm());
            st.setScene(s);
            st.show();
            return v;
        }).get(30, TimeUnit.SECONDS);
        Text s4 = (Text) all(box).stream().filter(n -> n instanceof Text t && t.getText().equals("S4")).findFirst().orElseThrow();
        Text lore = (Text) all(box).stream().filter(n -> n instanceof Text t && t.getText().equals("lore")).findFirst().orElseThrow();
        assertTrue(s4.getStyleClass().contains("md-citation"));
        assertTrue(!lore.getStyleClass().contains("md-citation"), "a web link is not opened");
        String body = WaitForAsyncUtils.asyncFx(() -> {
            click(s4);
            var pop = CitationPopover.shown(s4);
            return pop == null ? null : all(pop.getContentNode()).stream()
                    .map(n -> n instanceof Text t ? t.getText() : n instanceof Label l ? l.getText() : "")
                    .reduce("", (a, b) -> a + b);
        }).get(30, TimeUnit.SECONDS);
        // the title and words of docs/sources.md's S4 entry
        String entry = Files.readString(Path.of(System.getProperty("basedir", "."), "docs/sources.md"));
        String heading = entry.substring(entry.indexOf("### S4. ") + 4, entry.indexOf('\n', entry.indexOf("### S4. ")));
        assertTrue(body != null && body.contains(heading), heading + " in " + body);
        Text seqlock = (Text) all(box).stream().filter(n -> n instanceof Text t && t.getText().equals("seqlock")).findFirst().orElseThrow();
        WaitForAsyncUtils.asyncFx(() -> click(s4)).get(30, TimeUnit.SECONDS); // a second click closes S4 (no fade)
        String term = WaitForAsyncUtils.asyncFx(() -> {
            boolean closed = CitationPopover.shown(s4) == null;
            click(seqlock);
            var pop = CitationPopover.shown(seqlock);
            return closed + " " + (pop == null ? null : all(pop.getContentNode()).stream()
                    .map(n -> n instanceof Text t ? t.getText() : "").reduce("", (a, b) -> a + b));
        }).get(30, TimeUnit.SECONDS);
        assertTrue(term.startsWith("true seqlock ("), term);
        assertTrue(WaitForAsyncUtils.asyncFx(() -> !CitationPopover.shown(seqlock).isAnimated()).get(30, TimeUnit.SECONDS),
                "reduced motion: shown whole at once");
        WaitForAsyncUtils.asyncFx(() -> {
            Files.createDirectories(Path.of("target/screenshots"));
            Snapshots.shot(CitationPopover.shown(seqlock).getScene().getRoot(), Path.of("target/screenshots/lesson-citation-popover.png"));
            return null;
        }).get(30, TimeUnit.SECONDS);
    }

    private static void click(Node n) {
        n.fireEvent(new javafx.scene.input.MouseEvent(javafx.scene.input.MouseEvent.MOUSE_CLICKED, 0, 0, 0, 0,
                javafx.scene.input.MouseButton.PRIMARY, 1, false, false, false, false, true, false, false, true, false,
                true, null));
    }

    @Test
    void hostileMarkdownDoesNotThrow() throws Exception {
        String deep = ">".repeat(5000) + " x\n" + "[".repeat(20000) + "\n" + "*".repeat(20000);
        VBox v = WaitForAsyncUtils.asyncFx(() -> MarkdownView.render(deep)).get(30, TimeUnit.SECONDS);
        assertTrue(v.getChildren().size() >= 1);
        assertEquals(0, WaitForAsyncUtils.asyncFx(() -> MarkdownView.render(null).getChildren().size()).get(30, TimeUnit.SECONDS));
    }
}

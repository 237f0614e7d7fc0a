package org.vdsoexplorer.app.lesson;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.BulletList;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.ListItem;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.ThematicBreak;
import org.vdsoexplorer.lesson.DocEntries;
import org.vdsoexplorer.lesson.ShownMarkdown;

/**
 * Lesson Markdown to JavaFX nodes (no WebView): headings and paragraphs become TextFlows, code spans
 * and code blocks a monospace style sized for a projector (lesson.css), lists, quotes and tables their
 * obvious layouts. A link to an entry of docs/sources.md or docs/glossary.md opens that entry in a popover
 * ({@link CitationPopover}); other links are shown as text (their address as a tooltip) and never opened; HTML is
 * shown as written. A long text is shown as far as {@link ShownMarkdown#plan} says (the rule check-lessons checks
 * by), then a line saying how much was shown.
 */
public final class MarkdownView {
    private MarkdownView() {}

    private static DocEntries docs;

    private static DocEntries docs() {
        if (docs == null) docs = DocEntries.packaged();
        return docs;
    }

    /** Renders a Markdown document into a VBox (style class md). */
    public static VBox render(String markdown) { return render(markdown, null); }

    /** As {@link #render(String)}, for text read in {@code from} ("glossary.md"; null for a lesson): its "#x" links. */
    static VBox render(String markdown, String from) {
        VBox box = new VBox(10);
        box.getStyleClass().add("md");
        try {
            org.commonmark.node.Node doc = ShownMarkdown.parse(markdown);
            ShownMarkdown.Plan plan = ShownMarkdown.plan(doc);
            org.commonmark.node.Node n = doc.getFirstChild();
            for (int i = 0; i < plan.wholeBlocks(); i++, n = n.getNext()) {
                Node fx = block(n, 0, from);
                if (fx != null) box.getChildren().add(fx);
            }
            if (plan.partial() instanceof TableBlock t) box.getChildren().add(table(t, plan.partsShown(), from));
            else if (plan.partial() != null) box.getChildren().add(list(plan.partial(), plan.partsShown(), 0, from));
            if (plan.cut()) {
                Label cut = plain(plan.reason());
                cut.getStyleClass().addAll("lesson-meta", "md-cut");
                box.getChildren().add(cut);
            }
        } catch (RuntimeException e) {
            // the parser is bounded; should it still fail, show the text as it is (as much as a step shows)
            int max = ShownMarkdown.MAX_UNITS * ShownMarkdown.CHARS_PER_UNIT;
            box.getChildren().setAll(plain(markdown != null && markdown.length() > max ? markdown.substring(0, max) + "\u2026" : markdown));
        }
        return box;
    }

    /** One paragraph of inline Markdown (a question prompt, an explanation) as a TextFlow. */
    public static Node inline(String markdown, String styleClass) {
        VBox v = render(markdown);
        if (styleClass != null) v.getStyleClass().add(styleClass);
        return v;
    }

    private static Label plain(String s) {
        Label l = new Label(s == null ? "" : s);
        l.setWrapText(true);
        return l;
    }

    private static void blocks(org.commonmark.node.Node parent, List<Node> out, int depth, String from) {
        for (org.commonmark.node.Node n = parent.getFirstChild(); n != null; n = n.getNext()) {
            Node fx = block(n, depth, from);
            if (fx != null) out.add(fx);
        }
    }

    private static Node block(org.commonmark.node.Node n, int depth, String from) {
        if (depth > 30) return null;
        switch (n) {
            case Heading h -> {
                TextFlow f = flow(h, from);
                f.getStyleClass().addAll("md-heading", "md-h" + Math.min(h.getLevel(), 4));
                return f;
            }
            case Paragraph p -> {
                TextFlow f = flow(p, from);
                f.getStyleClass().add("md-p");
                return f;
            }
            case FencedCodeBlock c -> { return codeBlock(c.getLiteral()); }
            case IndentedCodeBlock c -> { return codeBlock(c.getLiteral()); }
            case HtmlBlock h -> { return codeBlock(h.getLiteral()); }
            case ThematicBreak t -> { return new Separator(); }
            case BlockQuote q -> {
                VBox v = new VBox(6);
                v.getStyleClass().add("md-quote");
                blocks(q, v.getChildren(), depth + 1, from);
                return v;
            }
            case BulletList l -> { return list(l, Integer.MAX_VALUE, depth, from); }
            case OrderedList l -> { return list(l, Integer.MAX_VALUE, depth, from); }
            case TableBlock t -> { return table(t, Integer.MAX_VALUE, from); }
            default -> {
                // anything else: its children as blocks, else its text
                VBox v = new VBox(6);
                blocks(n, v.getChildren(), depth + 1, from);
                return v.getChildren().isEmpty() ? null : v;
            }
        }
    }

    private static Node codeBlock(String literal) {
        String s = literal == null ? "" : literal;
        if (s.endsWith("\n")) s = s.substring(0, s.length() - 1);
        Label l = new Label(s);
        l.getStyleClass().add("md-codeblock");
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }

    /** A bullet or ordered list, its first {@code items} items. */
    private static Node list(org.commonmark.node.Node l, int items, int depth, String from) {
        VBox v = new VBox(4);
        v.getStyleClass().add("md-list");
        boolean ordered = l instanceof OrderedList;
        Integer start = l instanceof OrderedList o ? o.getMarkerStartNumber() : null;
        int i = start == null ? 1 : start, shown = 0;
        for (org.commonmark.node.Node item = l.getFirstChild(); item != null && shown++ < items; item = item.getNext()) {
            if (!(item instanceof ListItem)) continue;
            Label bullet = new Label(ordered ? (i++) + "." : "\u2022");
            bullet.getStyleClass().add("md-bullet");
            bullet.setMinWidth(Region.USE_PREF_SIZE);
            VBox body = new VBox(4);
            blocks(item, body.getChildren(), depth + 1, from);
            HBox.setHgrow(body, Priority.ALWAYS);
            HBox row = new HBox(6, bullet, body);
            v.getChildren().add(row);
        }
        return v;
    }

    /** A table, its first {@code rows} rows (the header row first). */
    private static Node table(TableBlock t, int rows, String from) {
        GridPane g = new GridPane();
        g.getStyleClass().add("md-table");
        g.setMaxWidth(Region.USE_PREF_SIZE);
        int row = 0;
        List<org.commonmark.node.Node> all = ShownMarkdown.rows(t);
        for (org.commonmark.node.Node r : all.subList(0, Math.min(rows, all.size()))) {
            int col = 0;
            for (org.commonmark.node.Node c = r.getFirstChild(); c != null; c = c.getNext()) {
                if (!(c instanceof TableCell cell)) continue;
                TextFlow f = flow(cell, from);
                f.getStyleClass().add(cell.isHeader() ? "md-th" : "md-td");
                g.add(f, col++, row);
            }
            row++;
        }
        // a table wider than the panel scrolls on its own, so the text around it keeps the panel's width and wraps
        ScrollPane sp = new ScrollPane(g);
        sp.getStyleClass().add("md-table-scroll");
        sp.setVbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        sp.setHbarPolicy(ScrollPane.ScrollBarPolicy.AS_NEEDED);
        sp.minViewportHeightProperty().bind(g.heightProperty());
        sp.prefViewportHeightProperty().bind(g.heightProperty());
        sp.prefViewportWidthProperty().bind(g.widthProperty());
        sp.setMaxWidth(Region.USE_PREF_SIZE);
        return sp;
    }

    /** Inline content of a block as a TextFlow. */
    private static TextFlow flow(org.commonmark.node.Node block, String from) {
        TextFlow f = new TextFlow();
        inlines(block, f.getChildren(), false, false, 0, from);
        f.setMinHeight(Region.USE_PREF_SIZE);
        return f;
    }

    private static void inlines(org.commonmark.node.Node parent, List<Node> out, boolean bold, boolean italic, int depth,
                                String from) {
        if (depth > 30) return;
        for (org.commonmark.node.Node n = parent.getFirstChild(); n != null; n = n.getNext()) {
            switch (n) {
                case org.commonmark.node.Text t -> out.add(text(t.getLiteral(), bold, italic, null));
                case Code c -> {
                    Text t = new Text(c.getLiteral());
                    t.getStyleClass().add("md-code");
                    if (bold) t.getStyleClass().add("md-strong");
                    out.add(t);
                }
                case Emphasis e -> inlines(e, out, bold, true, depth + 1, from);
                case StrongEmphasis s -> inlines(s, out, true, italic, depth + 1, from);
                case SoftLineBreak b -> out.add(text(" ", bold, italic, null));
                case HardLineBreak b -> out.add(text("\n", bold, italic, null));
                case Link l -> {
                    int before = out.size();
                    inlines(l, out, bold, italic, depth + 1, from);
                    var entry = docs().lookup(l.getDestination(), from);
                    for (Node x : out.subList(before, out.size())) {
                        x.getStyleClass().add("md-link");
                        if (entry.isPresent()) CitationPopover.attach(x, entry.get());
                        else if (l.getDestination() != null) Tooltip.install(x, new Tooltip(l.getDestination()));
                    }
                }
                case Image i -> {
                    int before = out.size();
                    inlines(i, out, bold, italic, depth + 1, from); // the alt text
                    if (out.size() == before) out.add(text("[image]", bold, italic, null));
                }
                case HtmlInline h -> out.add(text(h.getLiteral(), bold, italic, null));
                default -> inlines(n, out, bold, italic, depth + 1, from);
            }
        }
    }

    private static Text text(String s, boolean bold, boolean italic, String cls) {
        Text t = new Text(s);
        t.getStyleClass().add("md-text");
        if (bold) t.getStyleClass().add("md-strong");
        if (italic) t.getStyleClass().add("md-em");
        if (cls != null) t.getStyleClass().add(cls);
        return t;
    }
}

package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.List;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.node.Code;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.ListBlock;
import org.commonmark.node.Node;
import org.commonmark.node.SourceSpan;
import org.commonmark.node.Text;

/**
 * How much of a lesson text (a step's body, the intro, a question's prompt, hint or explanation) the lesson panel
 * shows. The one rule for both sides: the panel (app.lesson.MarkdownView) renders what {@link #plan} says, and the
 * checker ({@link #check}, run by {@link LessonParser}) reports every step whose texts do not all fit, at the file
 * line where the panel stops, so a lesson {@code check-lessons} accepts is shown whole and a lesson it refuses is
 * cut where it said.
 *
 * <p>The measure is the Markdown's nodes ({@link #cost}): every block, table row and cell, list item and run of
 * text counts one unit, and every {@link #CHARS_PER_UNIT} characters of text one more, since the panel's memory
 * grows with both. Measured in the lesson panel (headless platform, software renderer, retained heap after a GC):
 * about 4.5 KB per node (a paragraph is a TextFlow and a Text, 9 KB; a table cell the same) and 25-50 bytes per
 * character (a wrapped paragraph; a code block). A step may show {@link #MAX_UNITS} units in all, about 7 MB
 * of the app's 96 MB heap (bin/jvm.options); a text with more is shown up to the block, table row or list item
 * where the units run out, then one line that says how much was shown ({@link Plan#reason}).
 */
public final class ShownMarkdown {
    /** The units one step shows (its intro, body and question texts together; each text on its own at most this). */
    public static final int MAX_UNITS = 1500;
    /** Characters of text that count as one more unit. */
    public static final int CHARS_PER_UNIT = 100;

    private ShownMarkdown() {}

    /**
     * What the panel shows of a parsed text: its first {@code wholeBlocks} top-level blocks (of {@code totalBlocks}),
     * then, if {@code partial} is not null, that next block (a table or a list) with its first {@code partsShown} rows
     * or items (of {@code partsTotal}). {@code firstHidden} is the first node left out (null: all shown), {@code units}
     * what the shown part costs.
     */
    public record Plan(int wholeBlocks, int totalBlocks, Node partial, int partsShown, int partsTotal, Node firstHidden,
                       int units) {
        public boolean cut() { return firstHidden != null; }

        /** The panel's line under a cut text (null if nothing is cut). */
        public String reason() {
            if (!cut()) return null;
            if (partial == null && wholeBlocks == 0) {
                return "Not shown: this text's first " + (totalBlocks > 1 ? "block" : "and only block") + " alone is more than the "
                        + "lesson panel shows of one step (" + LIMIT + "); the lesson's author can split it into shorter ones.";
            }
            return "Shown: " + shown() + (partial != null && wholeBlocks + 1 < totalBlocks ? ", and nothing after it" : "")
                    + ". The rest is more than the lesson panel shows of one step (" + LIMIT + "), so it is left out; "
                    + "the lesson's author can split the step into shorter ones.";
        }

        /** What is shown, in words: "the first 40 of this table's 101 rows". */
        String shown() {
            if (partial == null && wholeBlocks == 0) return "none of it (its first block alone is too long)";
            return partial instanceof TableBlock ? "the first " + partsShown + " of this table's " + partsTotal + " rows"
                    : partial != null ? "the first " + partsShown + " of this list's " + partsTotal + " items"
                    : "the first " + wholeBlocks + " of this text's " + totalBlocks + " paragraphs and other blocks";
        }
    }

    /** The limit in words (the panel's line and the checker's message). */
    static final String LIMIT = "at most " + MAX_UNITS + " Markdown elements: paragraphs, table cells, list items and runs "
            + "of text, every " + CHARS_PER_UNIT + " characters of text one more";

    /** Parses lesson Markdown (null: empty) with the lessons' parser. */
    public static Node parse(String markdown) { return LessonParser.markdownParser().parse(markdown == null ? "" : markdown); }

    /** The plan for {@code doc} (a parsed text) within {@code budget} units. */
    public static Plan plan(Node doc, int budget) {
        int left = budget, whole = 0;
        List<Node> blocks = children(doc);
        for (Node b : blocks) {
            int c = cost(b);
            if (c <= left) {
                left -= c;
                whole++;
                continue;
            }
            List<Node> parts = parts(b);
            int base = c;
            for (Node p : parts) base -= cost(p);
            int shown = 0;
            if (!parts.isEmpty() && base <= left) {
                left -= base;
                for (Node p : parts) {
                    int pc = cost(p);
                    if (pc > left) break;
                    left -= pc;
                    shown++;
                }
                if (shown == 0) left += base;
            }
            return new Plan(whole, blocks.size(), shown > 0 ? b : null, shown, parts.size(), shown > 0 ? parts.get(shown) : b,
                    budget - left);
        }
        return new Plan(whole, blocks.size(), null, 0, 0, null, budget - left);
    }

    /** The plan for {@code doc} within a step's {@link #MAX_UNITS}. */
    public static Plan plan(Node doc) { return plan(doc, MAX_UNITS); }

    /** The units of {@code n} and everything in it. */
    public static int cost(Node n) {
        int c = 1 + chars(n) / CHARS_PER_UNIT;
        for (Node x = n.getFirstChild(); x != null; x = x.getNext()) c += cost(x);
        return c;
    }

    private static int chars(Node n) {
        String s = switch (n) {
            case Text t -> t.getLiteral();
            case Code t -> t.getLiteral();
            case HtmlInline t -> t.getLiteral();
            case FencedCodeBlock t -> t.getLiteral();
            case IndentedCodeBlock t -> t.getLiteral();
            case HtmlBlock t -> t.getLiteral();
            default -> null;
        };
        return s == null ? 0 : s.length();
    }

    /** The parts a block can be shown in part by: a table's rows (its header first), a list's items; else none. */
    static List<Node> parts(Node b) {
        if (b instanceof TableBlock t) return rows(t);
        if (b instanceof ListBlock) return children(b);
        return List.of();
    }

    /** A table's rows, the header row first (what the panel lays out as the table's grid rows). */
    public static List<Node> rows(TableBlock t) {
        List<Node> out = new ArrayList<>();
        collectRows(t, out);
        return out;
    }

    private static void collectRows(Node n, List<Node> out) {
        for (Node c = n.getFirstChild(); c != null; c = c.getNext()) {
            if (c instanceof TableRow) out.add(c);
            else collectRows(c, out);
        }
    }

    private static List<Node> children(Node n) {
        List<Node> out = new ArrayList<>();
        for (Node c = n.getFirstChild(); c != null; c = c.getNext()) out.add(c);
        return out;
    }

    /**
     * Reports, into {@code out}, what the panel would not show of step {@code s} of lesson file {@code file}: a text cut
     * (at the file line of the first block, row or item left out), or texts that together pass {@link #MAX_UNITS} (at
     * the step's line). {@code intro}: the intro as step 1 shows it (null for the other steps), its first line file
     * line {@code introLine}.
     */
    static void check(String file, Step s, String intro, int introLine, List<Problem> out) {
        String step = "step '" + s.title() + "'";
        int[] units = {
            intro == null ? 0 : check(file, "the lesson's intro (shown with " + step + ")", intro, introLine, out),
            check(file, step, s.body(), s.bodyLine(), out)};
        int total = units[0] + units[1];
        boolean cut = units[0] < 0 || units[1] < 0;
        if (s.question() != null) {
            for (String t : questionTexts(s.question())) {
                int u = check(file, "the question of " + step, t, -s.question().line(), out);
                cut |= u < 0;
                total += u;
            }
        }
        if (!cut && total > MAX_UNITS) {
            out.add(new Problem(file, s.line(), step + " is too long for the lesson panel: its texts come to " + total
                    + " Markdown elements, and a step shows " + LIMIT + "; split the step"));
        }
    }

    /** The question's texts the panel renders as Markdown (the explanation before its {answer} is filled in). */
    static List<String> questionTexts(Question q) {
        List<String> out = new ArrayList<>();
        for (String t : new String[] {q.prompt(), q.hint(), q.explain(),
                q.type() == Question.Type.EXPLAIN && q.answer() != null ? "**Model answer:** " + q.answer() : null}) {
            if (t != null && !t.isBlank()) out.add(t);
        }
        return out;
    }

    /**
     * One text's check: its units, or -1 with a problem reported if the panel cuts it. {@code firstLine} < 0: the text is
     * in the block at file line -firstLine (a question's text, reported at the block).
     */
    private static int check(String file, String what, String text, int firstLine, List<Problem> out) {
        Plan p = plan(parse(text));
        if (!p.cut()) return p.units();
        int line = firstLine < 0 ? -firstLine : firstLine + lineIndex(p.firstHidden());
        out.add(new Problem(file, line, what + " is too long for the lesson panel: it shows " + p.shown() + " and stops "
                + (firstLine < 0 ? "in this block" : "at this line") + " (a step shows " + LIMIT + "); split the step"));
        return -1;
    }

    /** The 0-based line of {@code n} in its text: its own source span, else its nearest ancestor's with one. */
    private static int lineIndex(Node n) {
        for (Node x = n; x != null; x = x.getParent()) {
            List<SourceSpan> s = x.getSourceSpans();
            if (s != null && !s.isEmpty()) return s.getFirst().getLineIndex();
        }
        return 0;
    }
}

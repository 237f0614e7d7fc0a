package org.vdsoexplorer.lesson;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Document;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.node.SourceSpan;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * Reads one lesson file: front matter, steps ({@code ## } headings) and their fenced ```setup,
 * ```question and ```notes blocks. Purely syntactic plus name resolution (scenarios, variants, clocks,
 * views, predict kinds); what needs the model (C lines, addresses, reachability, answers) is checked by
 * {@link LessonChecker}. Never throws on bad input: every problem is reported with its file line.
 * The blocks are read by {@link SetupBlockParser} and {@link QuestionBlockParser}.
 */
public final class LessonParser extends BlockValues {
    public static final int MAX_BYTES = 512 * 1024;
    public static final int MAX_STEPS = 100;
    static final int MAX_LIST = 32;
    static final int MAX_MARKDOWN_NESTING = 24;
    /** Link brackets per file: the Markdown library's link parsing is quadratic in them. */
    static final int MAX_BRACKETS = 4000;
    static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    static final List<String> FRONT_KEYS = List.of("id", "title", "order", "minutes", "prerequisites", "objectives",
            "misconceptions", "optional", "assessment");
    /** A setup block's keys: the setup's own ({@link org.vdsoexplorer.sim.SetupText#KEYS}), then the step's. */
    static final List<String> SETUP_KEYS = java.util.stream.Stream.concat(org.vdsoexplorer.sim.SetupText.KEYS.stream(),
            java.util.stream.Stream.of("run_to", "writer_update_at", "breakpoints", "compare", "focus", "highlight", "expect")).toList();
    static final List<String> QUESTION_KEYS = List.of("type", "prompt", "options", "answer", "predict", "tolerance",
            "goal", "act", "click", "feedback", "attempts", "hint", "explain", "toggle");
    /** The first setup block starts from this setup (default cost table, gcc 12, additive, the writer ticking at 1000 Hz). */
    static final org.vdsoexplorer.sim.Setup DEFAULT_SETUP = org.vdsoexplorer.sim.Setup.of(Scenario.HOST, Variant.TIMENS_INLINE,
            Clock.MONOTONIC);

    /** The outcome: the lesson (null if it could not be read far enough) and every problem found. */
    public record Result(Lesson lesson, List<Problem> problems) {
        public Result {
            problems = List.copyOf(problems);
        }
    }

    /** Which alternative of each draw: list this parse takes. */
    private final Draw draw;

    private LessonParser(String file, Draw draw) {
        super(file, new ArrayList<>());
        this.draw = draw;
    }

    /** Parses a lesson; an assessment's draws take their first alternatives. */
    public static Result parse(String file, byte[] bytes) { return parse(file, bytes, Draw.first()); }

    /** Parses a lesson, an assessment's draws as {@code draw} picks them. */
    public static Result parse(String file, byte[] bytes, Draw draw) {
        LessonParser p = new LessonParser(file, draw);
        Lesson l;
        try {
            l = p.read(bytes);
        } catch (RuntimeException | StackOverflowError e) {
            // a bug or a pathological input the bounds missed: report it, never crash the caller
            p.problem(1, "cannot read the lesson: " + YamlBlock.oneLine(e.getClass().getSimpleName() + ": " + e.getMessage()));
            l = null;
        }
        return new Result(l, p.problems);
    }

    public static Result parse(String file, String text) { return parse(file, text.getBytes(StandardCharsets.UTF_8)); }

    private Lesson read(byte[] bytes) {
        if (bytes.length > MAX_BYTES) {
            problem(1, "the file is " + bytes.length + " bytes; a lesson may be at most " + MAX_BYTES + " bytes");
            return null;
        }
        String text;
        try {
            CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            text = dec.decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            int bad = firstBadUtf8(bytes);
            int line = 1;
            for (int i = 0; i < bad && i < bytes.length; i++) if (bytes[i] == '\n') line++;
            problem(line, "not UTF-8 text (invalid byte 0x" + String.format(Locale.ROOT, "%02x", bytes[Math.min(bad, bytes.length - 1)] & 0xff)
                    + "); a lesson is a Markdown text file");
            return null;
        }
        if (text.startsWith("\uFEFF")) text = text.substring(1);
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            for (int j = 0; j < l.length(); j++) {
                char c = l.charAt(j);
                if (c < 0x20 && c != '\t' && c != '\f') {
                    problem(i + 1, "control character U+" + String.format(Locale.ROOT, "%04X", (int) c)
                            + " in the text; a lesson is a Markdown text file");
                    return null;
                }
            }
        }

        int brackets = 0;
        for (int i = 0; i < lines.length; i++) {
            for (int j = 0; j < lines[i].length(); j++) {
                if (lines[i].charAt(j) == '[' && ++brackets > MAX_BRACKETS) {
                    problem(i + 1, "more than " + MAX_BRACKETS + " '[' in the file; a lesson does not need that many links");
                    return null;
                }
            }
        }

        // ---- front matter
        Map<String, YamlBlock.Value> front = null;
        int bodyStart = 0;
        if (lines.length == 0 || !lines[0].strip().equals("---")) {
            problem(1, "missing front matter: the file must start with a line '---', then id, title, order, objectives "
                    + "(and optionally prerequisites and misconceptions), then a line '---'");
        } else {
            int end = -1;
            for (int i = 1; i < lines.length && i < 400; i++) {
                if (lines[i].strip().equals("---") || lines[i].strip().equals("...")) {
                    end = i;
                    break;
                }
            }
            if (end < 0) {
                problem(1, "front matter is not closed: no line '---' after line 1");
            } else {
                YamlBlock y = new YamlBlock(file, 2, "front matter", problems);
                front = y.parse(String.join("\n", java.util.Arrays.asList(lines).subList(1, end)));
                bodyStart = end + 1;
            }
        }
        String id = null, title = null;
        int order = -1, minutes = -1, minutesLine = 1;
        boolean optional = false;
        List<String> prereq = List.of();
        boolean assessment = false;
        // the teacher's part (objectives, misconceptions, step minutes): its problems added after the steps
        List<Problem> formatProblems = new ArrayList<>();
        LessonFormat format = new LessonFormat(file, formatProblems);
        List<String> objectives = List.of();
        List<LessonFormat.Located> misconceptions = List.of();
        if (front != null) {
            for (YamlBlock.Value v : front.values()) {
                if (!FRONT_KEYS.contains(v.key())) {
                    problem(v.line(), org.vdsoexplorer.util.Known.unknown("front matter key", v.key(), FRONT_KEYS));
                }
            }
            id = string(front.get("id"), "id");
            if (id != null && !ID.matcher(id).matches()) {
                problem(front.get("id").line(), "id '" + id + "' must be lower-case letters, digits and '-' (at most 64)");
                id = null;
            }
            title = string(front.get("title"), "title");
            order = integer(front.get("order"), "order", 0, 9999);
            minutes = integer(front.get("minutes"), "minutes", 1, 600);
            if (front.containsKey("minutes")) minutesLine = front.get("minutes").line();
            String opt = string(front.get("optional"), "optional");
            if (opt != null) {
                switch (opt.toLowerCase(Locale.ROOT)) {
                    case "yes", "true" -> optional = true;
                    case "no", "false" -> optional = false;
                    default -> problem(front.get("optional").line(), "'optional' must be yes or no, not '" + YamlBlock.oneLine(opt) + "'");
                }
            }
            objectives = format.objectives(front);
            misconceptions = format.misconceptions(front);
            for (String k : List.of("id", "title", "order")) {
                if (!front.containsKey(k)) problem(1, "front matter: missing '" + k + "'");
            }
            if (front.containsKey("assessment")) {
                String a = string(front.get("assessment"), "assessment");
                if ("true".equals(a) || "yes".equals(a)) assessment = true;
                else if (a != null && !"false".equals(a) && !"no".equals(a)) problem(front.get("assessment").line(), "'assessment' must be true or false, not '" + YamlBlock.oneLine(a) + "'");
            }
            YamlBlock.Value pv = front.get("prerequisites");
            if (pv != null) {
                List<String> ps = new ArrayList<>();
                for (YamlBlock.Value item : list(pv)) {
                    String s = string(item, "prerequisites");
                    if (s == null) continue;
                    if (!ID.matcher(s).matches()) problem(item.line(), "prerequisite '" + s + "' is not a lesson id");
                    else ps.add(s);
                }
                prereq = ps;
            }
        }

        // ---- body: Markdown with the front matter blanked out so line numbers stay those of the file
        StringBuilder md = new StringBuilder();
        for (int i = 0; i < lines.length; i++) md.append(i < bodyStart ? "" : lines[i]).append('\n');
        Document doc = (Document) markdownParser().parse(md.toString());
        checkNested(doc);

        List<Raw> raws = new ArrayList<>();
        Raw cur = null;
        int introEnd = lines.length;
        for (Node n = doc.getFirstChild(); n != null; n = n.getNext()) {
            int line = firstLine(n);
            if (n instanceof Heading h && h.getLevel() == 2) {
                if (cur == null) introEnd = line - 1;
                LessonFormat.Heading head = format.heading(headingText(lines, line), line);
                cur = new Raw(line, head.title(), head.minutes());
                raws.add(cur);
                if (cur.title.isEmpty()) problem(line, "step heading has no title");
                continue;
            }
            if (n instanceof FencedCodeBlock f) {
                String kind = blockKind(f);
                if (kind == null) continue;
                int last = lastLine(n);
                if (f.getClosingFenceLength() == null) {
                    problem(line, "```" + kind + " block is not closed (no ``` line after it)");
                }
                if (cur == null) {
                    problem(line, "```" + kind + " block before the first step; put it under a '## ' step heading");
                    continue;
                }
                if (cur.blocks.containsKey(kind)) {
                    problem(line, "a second ```" + kind + " block in step '" + cur.title + "' (one per step)");
                    continue;
                }
                cur.blocks.put(kind, new int[] {line, last});
                cur.literals.put(kind, f.getLiteral() == null ? "" : f.getLiteral());
            }
        }
        if (raws.isEmpty()) problem(Math.max(1, bodyStart + 1), "no steps: each step starts with a line '## Step title'");
        if (raws.size() > MAX_STEPS) {
            problem(raws.get(MAX_STEPS).line, "more than " + MAX_STEPS + " steps; split the lesson");
            raws = raws.subList(0, MAX_STEPS);
        }

        // ---- steps
        List<Step> steps = new ArrayList<>();
        StepSetup inherited = null;
        for (int i = 0; i < raws.size(); i++) {
            Raw r = raws.get(i);
            int end = i + 1 < raws.size() ? raws.get(i + 1).line - 1 : lines.length;
            StepSetup setup = null;
            SetupBlockParser sp = new SetupBlockParser(file, problems).drawing(assessment ? draw : null, i + 1);
            if (r.blocks.containsKey("setup")) {
                setup = sp.setup(r.blocks.get("setup")[0], r.literals.get("setup"), inherited);
            }
            if (setup != null) inherited = setup;
            StepSetup eff = inherited;
            java.util.function.UnaryOperator<String> fill = assessment ? t -> Draw.fill(t, eff, sp.said()) : t -> t;
            Question q = r.blocks.containsKey("question")
                    ? new QuestionBlockParser(file, problems).question(r.blocks.get("question")[0], fill.apply(r.literals.get("question"))) : null;
            if (assessment && q != null && q.hint() != null && !q.hint().isBlank()) {
                problem(r.blocks.get("question")[0], "an assessment gives no hints: remove 'hint' (or the lesson's 'assessment: true')");
            }
            String notes = fill.apply(r.literals.getOrDefault("notes", "")).strip();
            int notesLine = r.blocks.containsKey("notes") ? r.blocks.get("notes")[0] : 0;
            boolean broken = r.blocks.containsKey("setup") && setup == null;
            if (q != null && !broken) new QuestionBlockParser(file, problems).actNeeds(q, setup);
            steps.add(new Step(i + 1, r.title, r.minutes, r.line, fill.apply(body(lines, r, end)), r.line + 1, setup, inherited, broken, q,
                    notes, notesLine));
        }
        String intro = body(lines, new Raw(bodyStart, "", 0), Math.min(introEnd, lines.length));
        for (Step st : steps) { // what the lesson panel cannot show (the same rule it renders by)
            ShownMarkdown.check(file, st, st.number() == 1 ? Lesson.withoutTitle(intro, title) : null, bodyStart + 1, problems);
        }
        boolean minutesGiven = front != null && front.containsKey("minutes");
        if (minutesGiven && minutes < 0) return null;
        minutes = format.checkSteps(misconceptions, steps, minutesGiven ? minutes : -1, minutesLine);
        problems.addAll(formatProblems);
        if (front == null || id == null || title == null || order < 0 || minutes < 0) return null;
        return new Lesson(file, id, title, order, minutes, prereq, objectives,
                misconceptions.stream().map(LessonFormat.Located::misconception).toList(), intro, bodyStart + 1, steps, optional,
                assessment, assessment && draw.isSeeded() ? draw.seed() : 0);
    }

    /**
     * The Markdown parser for lessons (GFM tables; source spans give block lines; nesting bounded). The
     * app renders step bodies, intros and notes with it, so hostile nesting is cut off the same way.
     */
    public static Parser markdownParser() {
        return Parser.builder().extensions(List.of(TablesExtension.create()))
                .includeSourceSpans(IncludeSourceSpans.BLOCKS).maxOpenBlockParsers(MAX_MARKDOWN_NESTING)
                .maxInlineNesting(MAX_MARKDOWN_NESTING).build();
    }

    private static int firstBadUtf8(byte[] b) {
        CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(b.length + 1);
        java.nio.charset.CoderResult r = dec.decode(in, out, true);
        return r.isError() ? in.position() : 0;
    }

    /** A step as found in the Markdown, before its blocks are read. */
    private static final class Raw {
        final int line;
        final String title;
        final double minutes;
        final Map<String, int[]> blocks = new LinkedHashMap<>();
        final Map<String, String> literals = new LinkedHashMap<>();

        Raw(int line, String title, double minutes) {
            this.line = line;
            this.title = title;
            this.minutes = minutes;
        }
    }

    private static String blockKind(FencedCodeBlock f) {
        String info = f.getInfo() == null ? "" : f.getInfo().strip();
        String word = info.isEmpty() ? "" : info.split("\\s+")[0].toLowerCase(Locale.ROOT);
        return switch (word) {
            case "setup", "question", "notes" -> word;
            default -> null;
        };
    }

    private static int firstLine(Node n) {
        List<SourceSpan> s = n.getSourceSpans();
        return s == null || s.isEmpty() ? 1 : s.getFirst().getLineIndex() + 1;
    }

    private static int lastLine(Node n) {
        List<SourceSpan> s = n.getSourceSpans();
        return s == null || s.isEmpty() ? 1 : s.getLast().getLineIndex() + 1;
    }

    private static String headingText(String[] lines, int line) {
        String t = line - 1 < lines.length ? lines[line - 1].strip() : "";
        if (t.startsWith("#")) {
            t = t.replaceFirst("^#+", "").replaceFirst("\\s#+\\s*$", "").strip();
        }
        return t.length() > 200 ? t.substring(0, 200) : t;
    }

    /** Special blocks nested in lists or quotes are not seen as blocks: say so. Also bounds the nesting. */
    private void checkNested(Document doc) {
        Deque<Object[]> stack = new ArrayDeque<>();
        for (Node c = doc.getFirstChild(); c != null; c = c.getNext()) stack.push(new Object[] {c, 1});
        int visited = 0;
        while (!stack.isEmpty() && visited++ < 200_000) {
            Object[] e = stack.pop();
            Node n = (Node) e[0];
            int depth = (Integer) e[1];
            if (depth > 1 && n instanceof FencedCodeBlock f && blockKind(f) != null) {
                problem(firstLine(n), "```" + blockKind(f) + " block inside a list or quote is ignored; start the fence "
                        + "at the beginning of a line");
            }
            if (depth > MAX_MARKDOWN_NESTING) {
                problem(firstLine(n), "Markdown nested more than " + MAX_MARKDOWN_NESTING + " levels deep");
                return;
            }
            for (Node c = n.getFirstChild(); c != null; c = c.getNext()) {
                if (c instanceof org.commonmark.node.Block) stack.push(new Object[] {c, depth + 1});
            }
        }
    }

    /** The lines of a step after its heading up to {@code end}, special blocks blanked (line i+1 is file line bodyLine+i). */
    private static String body(String[] lines, Raw r, int end) {
        StringBuilder sb = new StringBuilder();
        for (int ln = r.line + 1; ln <= end && ln - 1 < lines.length; ln++) {
            boolean inBlock = false;
            for (int[] b : r.blocks.values()) if (ln >= b[0] && ln <= b[1]) inBlock = true;
            sb.append(inBlock ? "" : lines[ln - 1]).append('\n');
        }
        return sb.toString().stripTrailing();
    }
}

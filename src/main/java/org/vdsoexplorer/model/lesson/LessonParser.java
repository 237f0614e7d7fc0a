package org.vdsoexplorer.model.lesson;

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
import java.util.Set;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Document;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.node.SourceSpan;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;
import org.vdsoexplorer.model.Variant;
import org.vdsoexplorer.model.kernel.Clock;
import org.vdsoexplorer.model.kernel.Scenario;

/**
 * Reads one lesson file: front matter, steps ({@code ## } headings) and their fenced ```setup,
 * ```question and ```notes blocks. Purely syntactic plus name resolution (scenarios, variants, clocks,
 * views, predict kinds); what needs the model (C lines, addresses, reachability, answers) is checked by
 * {@link LessonChecker}. Never throws on bad input: every problem is reported with its file line.
 */
public final class LessonParser {
    public static final int MAX_BYTES = 512 * 1024;
    public static final int MAX_STEPS = 100;
    static final int MAX_LIST = 32;
    static final int MAX_MARKDOWN_NESTING = 24;
    /** Link brackets per file: the Markdown library's link parsing is quadratic in them. */
    static final int MAX_BRACKETS = 4000;
    static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    static final Set<String> FRONT_KEYS = Set.of("id", "title", "order", "minutes", "prerequisites");
    static final List<String> SETUP_KEYS = List.of("scenario", "variant", "clock", "run_to", "writer_update_at",
            "breakpoints", "compare", "focus", "highlight");
    static final List<String> QUESTION_KEYS = List.of("type", "prompt", "options", "answer", "predict", "tolerance",
            "hint", "explain");
    static final Scenario DEFAULT_SCENARIO = Scenario.HOST;
    static final Variant DEFAULT_VARIANT = Variant.TIMENS_INLINE;
    static final Clock DEFAULT_CLOCK = Clock.MONOTONIC;

    /** The outcome: the lesson (null if it could not be read far enough) and every problem found. */
    public record Result(Lesson lesson, List<Problem> problems) {
        public Result {
            problems = List.copyOf(problems);
        }
    }

    private final String file;
    private final List<Problem> problems = new ArrayList<>();

    private LessonParser(String file) { this.file = file; }

    public static Result parse(String file, byte[] bytes) {
        LessonParser p = new LessonParser(file);
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

    private void problem(int line, String message) { problems.add(new Problem(file, line, message)); }

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
            problem(1, "missing front matter: the file must start with a line '---', then id, title, order, minutes "
                    + "and prerequisites, then a line '---'");
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
        int order = -1, minutes = -1;
        List<String> prereq = List.of();
        if (front != null) {
            for (YamlBlock.Value v : front.values()) {
                if (!FRONT_KEYS.contains(v.key())) {
                    problem(v.line(), "unknown front matter key '" + v.key() + "' (known: id, title, order, minutes, prerequisites)");
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
            for (String k : List.of("id", "title", "order", "minutes")) {
                if (!front.containsKey(k)) problem(1, "front matter: missing '" + k + "'");
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
                cur = new Raw(line, headingText(lines, line));
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
            if (r.blocks.containsKey("setup")) setup = setup(r, inherited);
            if (setup != null) inherited = setup;
            Question q = r.blocks.containsKey("question") ? question(r) : null;
            String notes = r.literals.getOrDefault("notes", "").strip();
            int notesLine = r.blocks.containsKey("notes") ? r.blocks.get("notes")[0] : 0;
            boolean broken = r.blocks.containsKey("setup") && setup == null;
            steps.add(new Step(i + 1, r.title, r.line, body(lines, r, end), r.line + 1, setup, inherited, broken, q, notes, notesLine));
        }
        String intro = body(lines, new Raw(bodyStart, ""), Math.min(introEnd, lines.length));
        if (front == null || id == null || title == null || order < 0 || minutes < 0) return null;
        return new Lesson(file, id, title, order, minutes, prereq, intro, bodyStart + 1, steps);
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
        final Map<String, int[]> blocks = new LinkedHashMap<>();
        final Map<String, String> literals = new LinkedHashMap<>();

        Raw(int line, String title) {
            this.line = line;
            this.title = title;
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

    // ---- value helpers

    private String string(YamlBlock.Value v, String name) {
        if (v == null) return null;
        if (!v.isScalar()) {
            problem(v.line(), "'" + name + "' must be a single value");
            return null;
        }
        String s = v.scalar().strip();
        if (s.isEmpty()) {
            problem(v.line(), "'" + name + "' is empty");
            return null;
        }
        return s;
    }

    private int integer(YamlBlock.Value v, String name, long min, long max) {
        String s = string(v, name);
        if (s == null) return -1;
        try {
            long n = Long.parseLong(s);
            if (n < min || n > max) {
                problem(v.line(), "'" + name + "' must be between " + min + " and " + max + ", not " + s);
                return -1;
            }
            return (int) n;
        } catch (NumberFormatException e) {
            problem(v.line(), "'" + name + "' must be a whole number, not '" + YamlBlock.oneLine(s) + "'");
            return -1;
        }
    }

    private List<YamlBlock.Value> list(YamlBlock.Value v) {
        if (v.map() != null) {
            problem(v.line(), "'" + v.key() + "' must be a list, like [a, b]");
            return List.of();
        }
        List<YamlBlock.Value> items = v.isScalar() ? List.of(v) : v.items();
        if (items.size() > MAX_LIST) {
            problem(v.line(), "'" + v.key() + "' has " + items.size() + " entries; at most " + MAX_LIST);
            return items.subList(0, MAX_LIST);
        }
        return items;
    }

    // ---- setup blocks

    private StepSetup setup(Raw r, StepSetup inherited) {
        int line = r.blocks.get("setup")[0];
        YamlBlock y = new YamlBlock(file, line + 1, "setup", problems);
        Map<String, YamlBlock.Value> m = y.parse(r.literals.get("setup"));
        if (m == null) return null;
        int before = problems.size();
        Map<String, Integer> lines = new LinkedHashMap<>();
        for (YamlBlock.Value v : m.values()) {
            lines.put(v.key(), v.line());
            if (!SETUP_KEYS.contains(v.key())) {
                problem(v.line(), "unknown setup key '" + v.key() + "' (known: " + String.join(", ", SETUP_KEYS) + ")");
            }
        }
        Scenario s = inherited == null ? DEFAULT_SCENARIO : inherited.scenario();
        Variant va = inherited == null ? DEFAULT_VARIANT : inherited.variant();
        Clock c = inherited == null ? DEFAULT_CLOCK : inherited.clock();
        if (m.containsKey("scenario")) s = scenario(m.get("scenario"), s);
        if (m.containsKey("variant")) va = variant(m.get("variant"), va);
        if (m.containsKey("clock")) c = clock(m.get("clock"), c);

        Target runTo = null;
        if (m.containsKey("run_to")) {
            String t = string(m.get("run_to"), "run_to");
            if (t != null) {
                runTo = Target.parse(t, false);
                if (runTo == null) {
                    problem(m.get("run_to").line(), "run_to '" + YamlBlock.oneLine(t) + "' is not a target: write c:LINE for a C line, "
                            + "asm:ADDR for an instruction, step:N for a reader step count, or call_end");
                }
            }
        }
        List<Long> updates = new ArrayList<>();
        if (m.containsKey("writer_update_at")) {
            for (YamlBlock.Value item : list(m.get("writer_update_at"))) {
                String t = string(item, "writer_update_at");
                if (t == null) continue;
                try {
                    long n = Long.parseLong(t);
                    if (n < 0 || n > Evaluator.MAX_SETUP_STEPS) throw new NumberFormatException();
                    updates.add(n);
                } catch (NumberFormatException e) {
                    problem(item.line(), "writer_update_at '" + YamlBlock.oneLine(t) + "' must be a reader step number from 0 to "
                            + Evaluator.MAX_SETUP_STEPS);
                }
            }
            updates.sort(null);
        }
        List<Target> bps = new ArrayList<>();
        if (m.containsKey("breakpoints")) {
            for (YamlBlock.Value item : list(m.get("breakpoints"))) {
                String t = string(item, "breakpoints");
                if (t == null) continue;
                Target b = Target.parse(t, true);
                if (b == null) problem(item.line(), "breakpoint '" + YamlBlock.oneLine(t) + "' must be c:LINE or asm:ADDR");
                else bps.add(b);
            }
        }
        Compare cmp = null;
        if (m.containsKey("compare")) cmp = compare(m.get("compare"), s, va, c);
        View focus = null;
        if (m.containsKey("focus")) {
            String f = string(m.get("focus"), "focus");
            if (f != null) {
                focus = View.byName(f).orElse(null);
                if (focus == null) problem(m.get("focus").line(), "unknown view '" + YamlBlock.oneLine(f) + "' (known: " + View.names() + ")");
            }
            if (focus == View.COMPARE && !m.containsKey("compare")) {
                problem(m.get("focus").line(), "focus: compare needs a 'compare' in the same setup");
            }
        }
        String highlight = null;
        if (m.containsKey("highlight")) {
            YamlBlock.Value hv = m.get("highlight");
            highlight = string(hv, "highlight");
            if (highlight != null) {
                if (!m.containsKey("focus")) {
                    problem(hv.line(), "highlight needs a 'focus' (the view the element is in)");
                } else if (focus != null && !focus.elements().contains(highlight)
                        && !(focus == View.CODE && Target.parse(highlight, true) != null)) {
                    problem(hv.line(), "view '" + focus.lessonName() + "' has no element '" + YamlBlock.oneLine(highlight)
                            + "' (known: " + String.join(", ", focus.elements()) + (focus == View.CODE ? ", c:LINE, asm:ADDR" : "") + ")");
                }
            }
        }
        if (problems.size() > before) return null;
        return new StepSetup(line, s, va, c, runTo, updates, bps, cmp, focus, highlight, lines);
    }

    private Scenario scenario(YamlBlock.Value v, Scenario dflt) {
        String t = string(v, "scenario");
        if (t == null) return dflt;
        return Scenario.byName(t).orElseGet(() -> {
            problem(v.line(), "unknown scenario '" + YamlBlock.oneLine(t) + "' (known: " + Scenario.names() + ")");
            return dflt;
        });
    }

    private Variant variant(YamlBlock.Value v, Variant dflt) {
        String t = string(v, "variant");
        if (t == null) return dflt;
        return Variant.byName(t).orElseGet(() -> {
            problem(v.line(), "unknown variant '" + YamlBlock.oneLine(t) + "' (known: " + Variant.names() + ")");
            return dflt;
        });
    }

    private Clock clock(YamlBlock.Value v, Clock dflt) {
        String t = string(v, "clock");
        if (t == null) return dflt;
        Clock c = Clock.byName(t).orElse(null);
        if (c == null || !c.cliName().equals(t)) {
            problem(v.line(), "unknown clock '" + YamlBlock.oneLine(t) + "' (known: "
                    + String.join(", ", java.util.Arrays.stream(Clock.values()).map(Clock::cliName).toList()) + ")");
            return dflt;
        }
        return c;
    }

    private Compare compare(YamlBlock.Value v, Scenario s, Variant va, Clock c) {
        if (v.isScalar()) {
            String t = v.scalar().strip();
            if (Variant.byName(t).isPresent()) return new Compare(s, Variant.byName(t).get(), c);
            if (Scenario.byName(t).isPresent()) return new Compare(Scenario.byName(t).get(), va, c);
            Clock k = Clock.byName(t).orElse(null);
            if (k != null && k.cliName().equals(t)) return new Compare(s, va, k);
            problem(v.line(), "compare '" + YamlBlock.oneLine(t) + "' is no variant, scenario or clock name (variants: "
                    + Variant.names() + "; scenarios: " + Scenario.names() + ")");
            return null;
        }
        if (v.map() == null) {
            problem(v.line(), "compare must be a name or a mapping like {variant: before}");
            return null;
        }
        int before = problems.size();
        Scenario os = s;
        Variant ov = va;
        Clock oc = c;
        for (YamlBlock.Value e : v.map().values()) {
            String k = e.key().substring("compare.".length());
            switch (k) {
                case "scenario" -> os = scenario(e, s);
                case "variant" -> ov = variant(e, va);
                case "clock" -> oc = clock(e, c);
                default -> problem(e.line(), "unknown compare key '" + k + "' (known: scenario, variant, clock)");
            }
        }
        if (v.map().isEmpty()) problem(v.line(), "compare is empty: name a scenario, variant or clock");
        return problems.size() > before ? null : new Compare(os, ov, oc);
    }

    // ---- question blocks

    private Question question(Raw r) {
        int line = r.blocks.get("question")[0];
        YamlBlock y = new YamlBlock(file, line + 1, "question", problems);
        Map<String, YamlBlock.Value> m = y.parse(r.literals.get("question"));
        if (m == null) return null;
        int before = problems.size();
        for (YamlBlock.Value v : m.values()) {
            if (!QUESTION_KEYS.contains(v.key())) {
                problem(v.line(), "unknown question key '" + v.key() + "' (known: " + String.join(", ", QUESTION_KEYS) + ")");
            }
        }
        String typeS = string(m.get("type"), "type");
        Question.Type type = null;
        if (typeS == null) {
            if (!m.containsKey("type")) problem(line, "question: missing 'type' (choice or predict)");
        } else if (typeS.equals("choice")) {
            type = Question.Type.CHOICE;
        } else if (typeS.equals("predict")) {
            type = Question.Type.PREDICT;
        } else {
            problem(m.get("type").line(), "question type '" + YamlBlock.oneLine(typeS) + "' is unknown (known: choice, predict)");
        }
        String prompt = string(m.get("prompt"), "prompt");
        if (prompt == null && !m.containsKey("prompt")) problem(line, "question: missing 'prompt'");
        List<String> options = new ArrayList<>();
        if (m.containsKey("options")) {
            for (YamlBlock.Value item : list(m.get("options"))) {
                String o = string(item, "options");
                if (o == null) continue;
                if (options.contains(o)) problem(item.line(), "option '" + YamlBlock.oneLine(o) + "' is listed twice");
                options.add(o);
            }
        }
        String answer = string(m.get("answer"), "answer");
        PredictKind kind = null;
        double tolerance = Double.NaN;
        if (type == Question.Type.CHOICE) {
            if (options.size() < 2) problem(m.containsKey("options") ? m.get("options").line() : line, "a choice question needs at least two options");
            if (m.containsKey("predict")) problem(m.get("predict").line(), "'predict' belongs to predict questions (type: predict)");
            if (answer == null) {
                if (!m.containsKey("answer")) problem(line, "choice question: missing 'answer' (the text of the right option)");
            } else if (!options.isEmpty() && !options.contains(answer)) {
                problem(m.get("answer").line(), "answer '" + YamlBlock.oneLine(answer) + "' is not one of the options");
            }
            if (m.containsKey("tolerance")) problem(m.get("tolerance").line(), "'tolerance' belongs to predict questions");
        } else if (type == Question.Type.PREDICT) {
            if (m.containsKey("answer")) {
                problem(m.get("answer").line(), "a predict question takes no 'answer': the model computes it");
            }
            String k = string(m.get("predict"), "predict");
            if (k == null) {
                if (!m.containsKey("predict")) problem(line, "predict question: missing 'predict' (one of: " + PredictKind.names() + ")");
            } else {
                kind = PredictKind.byName(k).orElse(null);
                if (kind == null) {
                    problem(m.get("predict").line(), "unknown predict kind '" + YamlBlock.oneLine(k) + "' (known: " + PredictKind.names() + ")");
                }
            }
            if (m.containsKey("tolerance")) {
                String t = string(m.get("tolerance"), "tolerance");
                if (kind != null && kind != PredictKind.SPEEDUP_PERCENT && kind != PredictKind.SPEEDUP_FACTOR) {
                    problem(m.get("tolerance").line(), "'tolerance' only applies to speedup-percent and speedup-factor");
                } else if (t != null) {
                    try {
                        tolerance = Double.parseDouble(t);
                        if (!(tolerance >= 0) || Double.isInfinite(tolerance)) throw new NumberFormatException();
                    } catch (NumberFormatException e) {
                        problem(m.get("tolerance").line(), "tolerance '" + YamlBlock.oneLine(t) + "' must be a number >= 0");
                        tolerance = Double.NaN;
                    }
                }
            }
            if (options.size() == 1) problem(m.get("options").line(), "a predict question's options need at least two entries");
        }
        String hint = string(m.get("hint"), "hint");
        String explain = string(m.get("explain"), "explain");
        if (problems.size() > before || type == null) return null;
        return new Question(line, type, prompt, options, answer, kind, tolerance, hint == null ? "" : hint,
                explain == null ? "" : explain);
    }
}

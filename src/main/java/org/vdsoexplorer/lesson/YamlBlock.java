package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * One YAML block of a lesson (the front matter or a fenced block), composed to nodes only (no objects
 * are constructed, so no code runs), with every value's line mapped back to the lesson file. Hostile
 * input is bounded before the YAML library sees it: size, lines and flow nesting.
 */
final class YamlBlock {
    static final int MAX_CHARS = 32 * 1024;
    static final int MAX_NESTING = 16;

    /** A value of a top-level key: a scalar's text, or a list (of scalars, or of mappings of scalars), or a mapping of scalars. */
    record Value(String key, int line, String scalar, List<Value> items, Map<String, Value> map) {
        boolean isScalar() { return scalar != null; }
    }

    private final String file;
    private final int firstLine; // file line of the block's first line
    private final List<Problem> problems;
    final String what;

    YamlBlock(String file, int firstLine, String what, List<Problem> problems) {
        this.file = file;
        this.firstLine = firstLine;
        this.what = what;
        this.problems = problems;
    }

    void problem(int line, String message) { problems.add(new Problem(file, line, message)); }

    private int line(Optional<Mark> m) { return firstLine + m.map(Mark::getLine).orElse(0); }

    /**
     * The block's top-level mapping, key to value in order, or null (problems reported) if it is not a
     * mapping of scalars, lists of scalars, lists of mappings of scalars (front matter {@code misconceptions}) and
     * mappings of scalars.
     */
    Map<String, Value> parse(String text) {
        if (text.length() > MAX_CHARS) {
            problem(firstLine, what + " is " + text.length() + " characters long; at most " + MAX_CHARS + " are allowed");
            return null;
        }
        int depth = 0, max = 0, lineNo = 0, maxLine = 0;
        boolean quoted = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') lineNo++;
            if (quoted) {
                if (c == quote) quoted = false;
                continue;
            }
            if (c == '"' || c == '\'') {
                quoted = true;
                quote = c;
            } else if (c == '[' || c == '{') {
                depth++;
                if (depth > max) {
                    max = depth;
                    maxLine = lineNo;
                }
            } else if (c == ']' || c == '}') {
                depth = Math.max(0, depth - 1);
            } else if (c == '\n') {
                quoted = false;
            }
        }
        if (max > MAX_NESTING) {
            problem(firstLine + maxLine, what + " nests lists or mappings " + max + " deep; at most " + MAX_NESTING + " are allowed");
            return null;
        }
        LoadSettings settings = LoadSettings.builder().setLabel(file).setAllowDuplicateKeys(false)
                .setMaxAliasesForCollections(8).setAllowRecursiveKeys(false).setCodePointLimit(MAX_CHARS * 2)
                .setAllowNonScalarKeys(false).build();
        Optional<Node> root;
        try {
            root = new Compose(settings).composeString(text);
        } catch (MarkedYamlEngineException e) {
            Optional<Mark> m = e.getProblemMark().isPresent() ? e.getProblemMark() : e.getContextMark();
            String p = e.getProblem() == null ? e.getMessage() : e.getProblem();
            String advice = p != null && p.contains("mapping values are not allowed")
                    ? " (a ': ' inside a value? quote the value, or write 'key: >' and the text indented on the next lines)" : "";
            problem(line(m), what + ": YAML error: " + oneLine(p) + advice);
            return null;
        } catch (RuntimeException | StackOverflowError e) {
            problem(firstLine, what + ": YAML error: " + oneLine(String.valueOf(e.getMessage())));
            return null;
        }
        if (root.isEmpty()) {
            problem(firstLine, what + " is empty");
            return null;
        }
        if (!(root.get() instanceof MappingNode mapping)) {
            problem(line(root.get().getStartMark()), what + " must be 'key: value' lines");
            return null;
        }
        Map<String, Value> out = new LinkedHashMap<>();
        for (NodeTuple t : mapping.getValue()) {
            if (!(t.getKeyNode() instanceof ScalarNode k)) {
                problem(line(t.getKeyNode().getStartMark()), what + ": keys must be plain words");
                continue;
            }
            int keyLine = line(k.getStartMark());
            if (out.containsKey(k.getValue())) {
                problem(keyLine, what + ": '" + oneLine(k.getValue()) + "' is given twice");
                continue;
            }
            Value v = value(k.getValue(), keyLine, t.getValueNode(), 0, false);
            if (v != null) out.put(k.getValue(), v);
        }
        return out;
    }

    private Value value(String key, int keyLine, Node n, int level, boolean listItem) {
        if (n instanceof ScalarNode s) {
            return new Value(key, keyLine, s.getValue(), null, null);
        }
        // an assessment's draw: is a list of mappings whose values may be lists (writer_update_at): two levels more
        boolean draw = key.equals("draw") || key.startsWith("draw.");
        if (draw ? level > 2 : level > 1 || level == 1 && !(listItem && n instanceof MappingNode)) {
            problem(line(n.getStartMark()), what + ": '" + key + "' is nested too deeply (only one level of lists or mappings)");
            return null;
        }
        if (n instanceof SequenceNode seq) {
            List<Value> items = new ArrayList<>();
            for (Node item : seq.getValue()) {
                Value v = value(key, line(item.getStartMark()), item, level + 1, true);
                if (v == null) return null;
                items.add(v);
            }
            return new Value(key, keyLine, null, items, null);
        }
        if (n instanceof MappingNode m) {
            Map<String, Value> map = new LinkedHashMap<>();
            for (NodeTuple t : m.getValue()) {
                if (!(t.getKeyNode() instanceof ScalarNode k)) {
                    problem(line(t.getKeyNode().getStartMark()), what + ": keys must be plain words");
                    return null;
                }
                if (map.containsKey(k.getValue())) {
                    problem(line(k.getStartMark()), what + ": '" + key + "." + oneLine(k.getValue()) + "' is given twice");
                    return null;
                }
                Value v = value(key + "." + k.getValue(), line(k.getStartMark()), t.getValueNode(), level + 1, false);
                if (v == null) return null;
                map.put(k.getValue(), v);
            }
            return new Value(key, keyLine, null, null, map);
        }
        problem(keyLine, what + ": '" + key + "' has a value of an unsupported kind");
        return null;
    }

    static String oneLine(String s) {
        String t = s.replaceAll("\\s+", " ").trim();
        return t.length() > 160 ? t.substring(0, 157) + "..." : t;
    }
}

package org.vdsoexplorer.util;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.Set;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Composes a YAML data table (the cost table, and any other table kept as data in assets/) into nodes
 * with their lines, refusing what would crash or run away: a recursive or shared alias, nesting deeper
 * than {@link #MAX_DEPTH}, a file over {@link #MAX_CODE_POINTS}, duplicate keys. Every refusal is a
 * {@link BadInputException} naming the file and a line (never line 0).
 */
public final class SafeYaml {
    public static final int MAX_DEPTH = 32;
    public static final int MAX_CODE_POINTS = 1 << 20;

    private static final String ALIAS = "an alias (*name) of a mapping or list is not allowed here; write the values out";

    private SafeYaml() {}

    /**
     * The text of a user's table file, read the hardened way: only a regular file (a FIFO or device is refused
     * unopened, so it cannot block), at most {@link #MAX_CODE_POINTS} bytes, strict UTF-8. A refusal is a
     * {@link BadInputException} at line 1 of the file, in words.
     */
    public static String read(Path file) {
        byte[] bytes = AtomicFiles.input(file, MAX_CODE_POINTS, "a table");
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new BadInputException(file.toString(), 1, "not UTF-8 text");
        }
    }

    /** The document's root node (empty for an empty document). */
    public static Optional<Node> compose(String origin, String yaml) {
        if (yaml.codePointCount(0, yaml.length()) > MAX_CODE_POINTS) {
            throw new BadInputException(origin, 1, "larger than " + Range.fmt(MAX_CODE_POINTS) + " characters");
        }
        checkFlowDepth(origin, yaml);
        Optional<Node> root;
        try {
            LoadSettings settings = LoadSettings.builder().setLabel(origin).setAllowDuplicateKeys(false)
                    .setAllowRecursiveKeys(false).setMaxAliasesForCollections(0).setCodePointLimit(MAX_CODE_POINTS + 16).build();
            root = new Compose(settings).composeString(yaml);
        } catch (MarkedYamlEngineException e) {
            int line = e.getProblemMark().or(e::getContextMark).map(m -> m.getLine() + 1).orElse(1);
            throw new BadInputException(origin, line, "YAML syntax: " + oneLine(e.getProblem()));
        } catch (YamlEngineException e) {
            String m = firstLine(e.getMessage());
            if (m.toLowerCase(java.util.Locale.ROOT).contains("alias")) {
                throw new BadInputException(origin, lineOfAlias(yaml), ALIAS);
            }
            throw new BadInputException(origin, 1, "YAML: " + m);
        } catch (StackOverflowError e) {
            throw new BadInputException(origin, 1, "nested too deeply");
        }
        root.ifPresent(r -> checkTree(origin, r, Collections.newSetFromMap(new IdentityHashMap<>()), 0));
        return root;
    }

    /** The line of the first node; 1 if unknown. */
    public static int line(Node n) { return n == null ? 1 : n.getStartMark().map(m -> m.getLine() + 1).orElse(1); }

    private static void checkTree(String origin, Node n, Set<Node> seen, int depth) {
        if (depth > MAX_DEPTH) throw new BadInputException(origin, line(n), "nested more than " + MAX_DEPTH + " levels deep");
        if (!(n instanceof MappingNode) && !(n instanceof SequenceNode)) return;
        if (!seen.add(n)) {
            throw new BadInputException(origin, line(n), ALIAS);
        }
        if (n instanceof MappingNode m) {
            for (NodeTuple t : m.getValue()) {
                checkTree(origin, t.getKeyNode(), seen, depth + 1);
                checkTree(origin, t.getValueNode(), seen, depth + 1);
            }
        } else if (n instanceof SequenceNode s) {
            for (Node c : s.getValue()) checkTree(origin, c, seen, depth + 1);
        }
    }

    /** Refuses flow collections nested deeper than {@link #MAX_DEPTH} before the recursive composer sees them. */
    private static void checkFlowDepth(String origin, String yaml) {
        int depth = 0, line = 1;
        char quote = 0;
        boolean comment = false;
        for (int i = 0; i < yaml.length(); i++) {
            char c = yaml.charAt(i);
            if (c == '\n') {
                line++;
                comment = false;
                continue;
            }
            if (comment) continue;
            if (quote != 0) {
                if (c == quote) quote = 0;
                else if (c == '\\' && quote == '"') i++;
                continue;
            }
            switch (c) {
                case '"', '\'' -> quote = c;
                case '#' -> comment = i == 0 || Character.isWhitespace(yaml.charAt(i - 1));
                case '[', '{' -> {
                    if (++depth > MAX_DEPTH) throw new BadInputException(origin, line, "nested more than " + MAX_DEPTH + " levels deep");
                }
                case ']', '}' -> depth = Math.max(0, depth - 1);
                default -> { }
            }
        }
    }

    /** The line of the first alias (the only unmarked engine errors are about aliases). */
    private static int lineOfAlias(String yaml) {
        String[] lines = yaml.split("\n", -1);
        for (int i = 0; i < lines.length; i++) if (lines[i].matches(".*(^|[\\s\\[{,:])\\*\\S.*")) return i + 1;
        return 1;
    }

    private static String firstLine(String s) { return s == null ? "" : s.lines().findFirst().orElse(""); }

    /** A message on one line (the engine's problems may quote a newline it found). */
    private static String oneLine(String s) { return s == null ? "" : s.strip().replaceAll("\\s+", " "); }
}

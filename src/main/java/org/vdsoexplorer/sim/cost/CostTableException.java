package org.vdsoexplorer.sim.cost;

/** A bad cost table, reported as {@code file:line: message}. */
public class CostTableException extends org.vdsoexplorer.util.BadInputException {
    private static final long serialVersionUID = 1L;

    public CostTableException(String file, int line, String message) {
        super(file, line, message);
    }

    /** {@code e} (a refusal of the hardened loader, util.SafeYaml) as a bad table at the same file and line. */
    public static CostTableException of(org.vdsoexplorer.util.BadInputException e) {
        return e instanceof CostTableException c ? c : new CostTableException(e.file(), e.line(), e.problem());
    }

    /**
     * A table read from {@code file} through the hardened loader ({@link org.vdsoexplorer.util.SafeYaml#read}: a regular
     * file, bounded, UTF-8) and parsed by {@code parse} (origin, text); every refusal is a bad table at its line. The one
     * loader of the cost table and the pipeline table.
     */
    public static <T> T load(java.nio.file.Path file, java.util.function.BiFunction<String, String, T> parse) {
        String text;
        try {
            text = org.vdsoexplorer.util.SafeYaml.read(file);
        } catch (org.vdsoexplorer.util.BadInputException e) {
            throw of(e);
        }
        return parse.apply(file.toString(), text);
    }

    /**
     * The top-level mapping of a table's text, composed by {@link org.vdsoexplorer.util.SafeYaml#compose} (bounded size
     * and depth, no aliases, every refusal at a line >= 1); anything else at the top is refused with {@code expected}.
     */
    public static org.snakeyaml.engine.v2.nodes.MappingNode topMapping(String origin, String yaml, String expected) {
        java.util.Optional<org.snakeyaml.engine.v2.nodes.Node> root;
        try {
            root = org.vdsoexplorer.util.SafeYaml.compose(origin, yaml);
        } catch (org.vdsoexplorer.util.BadInputException e) {
            throw of(e);
        }
        if (root.isEmpty() || !(root.get() instanceof org.snakeyaml.engine.v2.nodes.MappingNode map)) {
            throw new CostTableException(origin, 1, expected);
        }
        return map;
    }
}

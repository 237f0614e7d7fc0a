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
}

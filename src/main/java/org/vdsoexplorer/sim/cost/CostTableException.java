package org.vdsoexplorer.sim.cost;

/** A bad cost table, reported as {@code file:line: message}. */
public class CostTableException extends org.vdsoexplorer.util.BadInputException {
    private static final long serialVersionUID = 1L;

    public CostTableException(String file, int line, String message) {
        super(file, line, message);
    }
}

package org.vdsoexplorer.sim.asm;

/** A problem in a listing file, reported as {@code file:line: message}. */
public class ListingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;

    public ListingException(String file, int line, String message) {
        super(file + ":" + line + ": " + message);
        this.file = file;
        this.line = line;
    }

    public String file() { return file; }

    public int line() { return line; }
}

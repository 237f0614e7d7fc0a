package org.vdsoexplorer.util;

/**
 * A user-supplied file refused with one clear message: {@code file:line: message} (or {@code file: key
 * 'k': message} where a format has no useful line). Every loader of user files throws this or a subclass.
 */
public class BadInputException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String problem;

    public BadInputException(String file, int line, String message) {
        super(file + ":" + Math.max(line, 1) + ": " + message);
        this.file = file;
        this.line = Math.max(line, 1);
        this.problem = message;
    }

    /** A refusal located by key rather than line. */
    public BadInputException(String file, String key, String message) {
        super(file + ": '" + key + "': " + message);
        this.file = file;
        this.line = 0;
        this.problem = message;
    }

    /** The message without its place (what {@code file:line: } precedes). */
    public String problem() { return problem; }

    public String file() { return file; }

    /** 1-based line, or 0 when the refusal names a key. */
    public int line() { return line; }
}

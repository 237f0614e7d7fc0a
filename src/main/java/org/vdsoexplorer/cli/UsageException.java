package org.vdsoexplorer.cli;

/** Bad command-line input: printed as one line, exit status 2. */
final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) { super(message); }
}

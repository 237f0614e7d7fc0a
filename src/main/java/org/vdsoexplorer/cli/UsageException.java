package org.vdsoexplorer.cli;

/** Bad command-line input: printed as one line, exit status 2. */
final class UsageException extends RuntimeException {
    UsageException(String message) { super(message); }
}

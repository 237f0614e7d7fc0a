package org.vdsoexplorer.lesson;

/** One thing wrong with a lesson file: where (the file as named, a 1-based line in it) and what. */
public record Problem(String file, int line, String message) implements Comparable<Problem> {

    public Problem {
        line = Math.max(1, line);
    }

    /** "file:line: message", the form check-lessons prints. */
    @Override public String toString() { return file + ":" + line + ": " + message; }

    @Override public int compareTo(Problem o) {
        int c = file.compareTo(o.file);
        return c != 0 ? c : Integer.compare(line, o.line);
    }
}

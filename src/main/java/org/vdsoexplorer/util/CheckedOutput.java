package org.vdsoexplorer.util;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A command's standard output that remembers why it failed: a {@link PrintStream} (which never throws, only sets
 * {@link #checkError()}) over a layer that keeps the first {@link IOException} of the stream below, so a full disk
 * or {@code > /dev/full} ends the command with "cannot write standard output: No space left on device" instead of
 * exit 0 and a cut file. {@link #problem()} is what the command runner asks after the command.
 */
public final class CheckedOutput extends PrintStream {
    private final Keeper keeper;
    private final String name;

    private CheckedOutput(Keeper keeper, Charset charset, String name) {
        super(new BufferedOutputStream(keeper, 8192), true, charset);
        this.keeper = keeper;
        this.name = name;
    }

    /** {@code target}'s bytes in {@code charset}, flushed at each line; {@code name} says what it is in messages. */
    public static CheckedOutput over(OutputStream target, Charset charset, String name) {
        return new CheckedOutput(new Keeper(target), charset, name);
    }

    /** The process's standard output (file descriptor 1) in the charset of {@link System#out}. */
    public static CheckedOutput stdout() {
        return over(new FileOutputStream(FileDescriptor.out), System.out.charset(), "standard output" + redirectedTo());
    }

    /** " (FILE)" when standard output is redirected to a file (Linux names it), else "". */
    private static String redirectedTo() {
        try {
            Path target = Files.readSymbolicLink(Path.of("/proc/self/fd/1"));
            return target.isAbsolute() && !target.toString().startsWith("/dev/pts/") ? " (" + target + ")" : "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** What this stream is, for messages ("standard output", "standard output (/mnt/r.csv)"). */
    public String name() { return name; }

    /**
     * Null if everything printed so far reached its target (flushed first); else the reason in words
     * ("No space left on device"). A reader that closed the pipe ({@code | head}) is "Broken pipe".
     */
    public String problem() {
        flush();
        if (!checkError()) return null;
        IOException e = keeper.failure;
        return e == null ? "write error" : AtomicFiles.reason(e);
    }

    /** True if the failure is a reader that went away (the end of a pipe closed), not lost output worth a message. */
    public boolean brokenPipe() {
        IOException e = keeper.failure;
        return e != null && e.getMessage() != null && e.getMessage().contains("Broken pipe");
    }

    /** Passes bytes on, keeping the first failure (and throwing it on, so the PrintStream above sets its error). */
    private static final class Keeper extends FilterOutputStream {
        volatile IOException failure;

        Keeper(OutputStream out) { super(out); }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw kept(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw kept(e);
            }
            if (out instanceof PrintStream p && p.checkError()) throw kept(new IOException("write error"));
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw kept(e);
            }
        }

        private IOException kept(IOException e) {
            if (failure == null) failure = e;
            return e;
        }
    }
}

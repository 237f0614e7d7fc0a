package org.vdsoexplorer.host.live;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One child JVM running {@link Probe}: started directly (the host task) or under {@code unshare --time}
 * (the namespace task). Every failure (the launcher missing or refused, the child killed, a fault that
 * ended it, no answer in time) becomes a {@link TaskFailure} whose message says what happened; the
 * caller never sees a stack trace and keeps running.
 */
public final class TaskProcess implements AutoCloseable {
    private static final String EOF = "\u0000EOF";

    private final String task;
    private final Process process;
    private final Writer in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final StringBuilder stderr = new StringBuilder();
    /** Reads the child's stderr to its end; a failure report waits for it, so the child's last words are in it. */
    private final Thread stderrPump;
    private final List<String> command;

    private TaskProcess(String task, List<String> command, Duration startTimeout) throws TaskFailure {
        this.task = task;
        this.command = command;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new TaskFailure(task + ": cannot start '" + command.getFirst() + "': " + e.getMessage());
        }
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread.ofVirtual().name("probe-out-" + task).start(() -> pump(new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)), true));
        stderrPump = Thread.ofVirtual().name("probe-err-" + task).start(() -> pump(new BufferedReader(
                new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)), false));
        String first = next(startTimeout, "starting");
        if (!first.startsWith("READY")) throw fail("starting", "unexpected first line '" + first + "'");
    }

    /** Starts {@link Probe} as {@code prefix + java ... Probe}. */
    static TaskProcess start(String task, List<String> prefix, Duration startTimeout) throws TaskFailure {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(javaCommand());
        return new TaskProcess(task, cmd, startTimeout);
    }

    /** The command line of a child JVM running {@link Probe} with this JVM's class path. */
    static List<String> javaCommand() {
        // java.home's java, not this process's command: in the app image that is the native launcher, not java
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(java, "--enable-native-access=ALL-UNNAMED", "-XX:+UseSerialGC", "-Xms16m", "-Xmx96m",
                "-XX:-UsePerfData", "-Xshare:auto", "-cp", System.getProperty("java.class.path"), Probe.class.getName());
    }

    private void pump(BufferedReader r, boolean out) {
        try (r) {
            String l;
            while ((l = r.readLine()) != null) {
                if (out) {
                    lines.add(l);
                } else {
                    synchronized (stderr) {
                        if (stderr.length() < 4000) stderr.append(l).append('\n');
                    }
                }
            }
        } catch (IOException e) {
            // the child went away; the EOF marker below tells the reader
        } finally {
            if (out) lines.add(EOF);
        }
    }

    public String task() { return task; }

    public long pid() { return process.pid(); }

    public List<String> command() { return command; }

    /** The child's stderr so far (unshare's own error message lands here). */
    public String stderr() {
        synchronized (stderr) {
            return stderr.toString().trim();
        }
    }

    /** Sends one command and returns its answer lines (without END). */
    public List<String> ask(String cmd, Duration timeout) throws TaskFailure {
        return ask(cmd, timeout, l -> { });
    }

    /** As {@link #ask(String, Duration)}, handing each line to {@code each} as it arrives. */
    public List<String> ask(String cmd, Duration timeout, java.util.function.Consumer<String> each) throws TaskFailure {
        try {
            in.write(cmd + "\n");
            in.flush();
        } catch (IOException e) {
            throw fail(cmd, "cannot send the command (" + e.getMessage() + ")");
        }
        List<String> out = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String l = next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())), cmd);
            if (l.equals(Probe.END)) break;
            if (l.startsWith("ERROR ")) throw new TaskFailure(task + ": " + cmd.split(" ")[0] + ": " + l.substring(6));
            out.add(l);
            each.accept(l);
        }
        return out;
    }

    private String next(Duration timeout, String doing) throws TaskFailure {
        String l;
        try {
            l = lines.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            destroy();
            throw new TaskFailure(task + ": cancelled while " + word(doing));
        }
        if (l == null) {
            destroy();
            throw new TaskFailure(task + ": no answer within " + seconds(timeout) + " while " + word(doing)
                    + "; the child process (pid " + process.pid() + ") was killed", Kind.TIMEOUT);
        }
        if (l.equals(EOF)) {
            lines.add(EOF);
            throw fail(doing, null);
        }
        return l;
    }

    private static String word(String doing) { return doing.split(" ")[0].equals("pages") ? "reading pages" : "'" + doing.split(" ")[0] + "'"; }

    private static String seconds(Duration d) {
        return d.toMillis() < 1000 ? d.toMillis() + " ms" : String.format(java.util.Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    /** A failure after the child's output ended: how it ended (signal, exit code) and its stderr. */
    private TaskFailure fail(String doing, String what) {
        int code;
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) destroy();
            code = process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            code = -1;
        }
        // a child killed by signal N: the JVM reports 128 + N (a shell-style status)
        String how = code > 128 && code < 160 ? "was killed by signal " + (code - 128) + " (" + signalName(code - 128) + ")"
                : "exited with status " + code;
        Kind kind = code == 128 + 7 ? Kind.SIGBUS : code > 128 && code < 160 ? Kind.KILLED : Kind.EXITED;
        try {
            stderrPump.join(java.time.Duration.ofSeconds(2)); // the process has ended: its stderr is at EOF soon
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        String err = stderr();
        String msg = task + ": the child process " + how + " while " + word(doing)
                + (what == null ? "" : ": " + what) + (err.isEmpty() ? "" : "; its stderr: " + err.lines().limit(3).reduce((a, b) -> a + " | " + b).orElse(""));
        return new TaskFailure(msg, kind);
    }

    static String signalName(int sig) {
        return switch (sig) {
            case 6 -> "SIGABRT";
            case 7 -> "SIGBUS";
            case 9 -> "SIGKILL";
            case 11 -> "SIGSEGV";
            case 15 -> "SIGTERM";
            default -> "signal " + sig;
        };
    }

    private void destroy() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    public boolean alive() { return process.isAlive(); }

    @Override public void close() {
        if (process.isAlive()) {
            try {
                in.write("quit\n");
                in.flush();
            } catch (IOException ignored) {
                // already gone
            }
            try {
                if (!process.waitFor(2, TimeUnit.SECONDS)) destroy();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                destroy();
            }
        }
    }

    /** Kills the child (and, under unshare, its own child) now; used by tests and the app's Stop. */
    public void kill() { destroy(); }

    /** How a child failed. */
    public enum Kind { START, DENIED, TIMEOUT, KILLED, SIGBUS, EXITED, UNAVAILABLE }

    /** A child process failed; the message is for the user as is. */
    public static final class TaskFailure extends Exception {
        private final Kind kind;

        public TaskFailure(String message) { this(message, Kind.START); }

        public TaskFailure(String message, Kind kind) {
            super(message, null, false, false);
            this.kind = kind;
        }

        public Kind kind() { return kind; }
    }

    static boolean isExecutable(Path p) { return Files.isRegularFile(p) && Files.isExecutable(p); }
}

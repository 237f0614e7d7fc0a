package org.vdsoexplorer.util;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The one way user files are written and read: written to a temp file beside the target, forced to disk,
 * renamed over the target atomically and the folder forced too, so a crash or kill leaves either the old
 * or the new file, never a torn one; read only if a regular file (a FIFO or device is refused without
 * being opened, so it cannot block) and only up to a size limit. Failures are {@link IOException}s whose
 * message says what went wrong in words ("permission denied", "no such folder") and names the path.
 * A target that is a symbolic link keeps its link: the file it points to is the one replaced (a synced copy
 * linked into place goes on being updated). {@link #locked} runs a read-change-write under an exclusive lock, so
 * two windows or two processes updating one file take turns.
 */
public final class AtomicFiles {
    private AtomicFiles() {}

    /** How long {@link #locked} waits for another window or process to finish with the file. */
    static final long LOCK_WAIT_MS = 5000;
    /** Links followed before a chain is called a loop (Linux's own limit for a path is 40). */
    static final int MAX_LINKS = 40;

    /** Writes {@code bytes} to {@code target} atomically (creating its folder if needed); a link's target is written. */
    public static void write(Path target, byte[] bytes) throws IOException {
        write(target, out -> out.write(bytes));
    }

    /** What writes a file's content ({@link #write(Path, Body)}). */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes what {@code body} writes to {@code target} atomically, streamed into the temp file (a large picture is
     * never held twice); the temp file, {@link #tempName named} with this process's id, is deleted if anything fails.
     */
    public static void write(Path target, Body body) throws IOException {
        Path file = followLinks(target.toAbsolutePath());
        Path dir = file.getParent();
        createFolder(dir);
        Path tmp;
        try {
            tmp = Files.createTempFile(dir, tempPrefix(file), ".tmp");
        } catch (IOException e) {
            throw worded(e, "cannot create a file in " + dir);
        }
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                 OutputStream out = new java.io.BufferedOutputStream(Channels.newOutputStream(ch), 1 << 16)) {
                body.writeTo(out);
                out.flush();
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw worded(e, "cannot write " + file);
        } finally {
            Files.deleteIfExists(tmp);
        }
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true); // the rename itself reaches the disk (not possible on every platform)
        } catch (IOException | RuntimeException ignored) {
            // best effort
        }
    }

    /** The start of a temp file's name beside {@code file}: {@code .NAME.PID-} (the rest is random, then {@code .tmp}). */
    private static String tempPrefix(Path file) {
        return "." + file.getFileName() + "." + ProcessHandle.current().pid() + "-";
    }

    /** A fresh temp file name beside {@code file} in the form {@link #removeStale} knows: {@code .NAME.PID-UUID.tmp}. */
    public static Path tempName(Path file) {
        return file.resolveSibling(tempPrefix(file) + java.util.UUID.randomUUID() + ".tmp");
    }

    /** A temp file of this class: {@code .NAME.PID-RANDOM.tmp}; group 1 is the writer's process id. */
    private static final java.util.regex.Pattern TEMP = java.util.regex.Pattern.compile("\\..+\\.([0-9]{1,10})-[0-9a-fA-F-]{1,40}\\.tmp");
    /** Entries of a folder looked at by {@link #removeStale} at most (a huge folder is not walked for this). */
    static final int STALE_SCAN_LIMIT = 10_000;

    /**
     * Deletes the temp files in {@code dir} left by writers that were killed: those named by {@link #tempName} (or
     * {@link #write}) whose process is no longer running. A running process's temp files are kept (it may still be
     * writing). Best effort: returns how many were deleted; an unreadable folder deletes none.
     */
    public static int removeStale(Path dir) {
        if (dir == null || !Files.isDirectory(dir)) return 0;
        int removed = 0, seen = 0;
        try (var entries = Files.newDirectoryStream(dir, ".*.tmp")) {
            for (Path p : entries) {
                if (++seen > STALE_SCAN_LIMIT) break;
                var m = TEMP.matcher(p.getFileName().toString());
                if (!m.matches()) continue;
                long pid = Long.parseLong(m.group(1));
                if (pid == ProcessHandle.current().pid() || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) continue;
                if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS) && Files.deleteIfExists(p)) removed++;
            }
        } catch (IOException | RuntimeException ignored) {
            // a folder that cannot be listed keeps its files: this is housekeeping, not the write
        }
        return removed;
    }

    /**
     * The file {@code path} names once the symbolic links of its last part are followed (relative links from their
     * own folder); {@code path} itself if it is no link. A dangling link gives the file it would create.
     */
    public static Path followLinks(Path path) throws IOException {
        Path p = path;
        for (int hops = 0; Files.isSymbolicLink(p); hops++) {
            if (hops == MAX_LINKS) throw new IOException(path + ": too many symbolic links (a loop?)");
            try {
                p = p.resolveSibling(Files.readSymbolicLink(p)).normalize();
            } catch (IOException e) {
                throw worded(e, "cannot follow the link " + p);
            }
        }
        return p;
    }

    /** What runs under {@link #locked}. */
    @FunctionalInterface
    public interface Locked<T> {
        T run() throws IOException;
    }

    /** One lock per lock file in this JVM: the OS lock belongs to the process, so threads take turns here first. */
    private static final ConcurrentHashMap<Path, ReentrantLock> IN_JVM = new ConcurrentHashMap<>();

    /**
     * Runs {@code body} holding an exclusive lock for {@code target}: a {@link FileChannel#lock file lock} on the
     * sibling {@code .NAME.lock} of the file the link (if any) points to, which is created once and never removed
     * (removing it would let two lockers hold different files), and a lock per lock file within this JVM. Calls
     * nest. Waits at most {@value #LOCK_WAIT_MS} ms for another holder, then fails in words rather than hang; where
     * the file system has no locks (some network mounts) {@code body} runs without the file lock.
     */
    public static <T> T locked(Path target, Locked<T> body) throws IOException {
        Path file = followLinks(target.toAbsolutePath());
        Path dir = file.getParent();
        createFolder(dir);
        Path lockFile = dir.resolve("." + file.getFileName() + ".lock");
        ReentrantLock inJvm;
        try {
            inJvm = IN_JVM.computeIfAbsent(dir.toRealPath().resolve(lockFile.getFileName()), k -> new ReentrantLock());
        } catch (IOException e) {
            throw worded(e, "cannot lock " + file);
        }
        try {
            if (!inJvm.tryLock(LOCK_WAIT_MS, TimeUnit.MILLISECONDS)) {
                throw new IOException(file + " is being written by another window of this program (waited " + LOCK_WAIT_MS / 1000 + " s)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting to write " + file, e);
        }
        try {
            if (inJvm.getHoldCount() > 1) return body.run(); // nested: the outer call holds the file lock
            // the JVM lock first, then the one channel: closing any channel on a locked file may drop the process's lock
            try (FileChannel ch = openLockFile(lockFile)) {
                FileLock held = fileLock(ch, file);
                try {
                    return body.run();
                } finally {
                    if (held != null) held.release();
                }
            }
        } finally {
            inJvm.unlock();
        }
    }

    private static FileChannel openLockFile(Path lockFile) throws IOException {
        try {
            return FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw worded(e, "cannot create a file in " + lockFile.getParent());
        }
    }

    /** The file lock, waiting for another process at most {@value #LOCK_WAIT_MS} ms; null where locks are not supported. */
    private static FileLock fileLock(FileChannel ch, Path file) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LOCK_WAIT_MS);
        while (true) {
            FileLock l;
            try {
                l = ch.tryLock();
            } catch (IOException e) {
                return null; // no locks on this file system (ENOLCK): the caller's read-merge-write still narrows the race
            }
            if (l != null) return l;
            if (System.nanoTime() - deadline > 0) {
                throw new IOException(file + " is being written by another program (waited " + LOCK_WAIT_MS / 1000 + " s for its lock)");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1)); // the holder keeps it for one small read and write
        }
    }

    private static void createFolder(Path dir) throws IOException {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw worded(e, "cannot create the folder " + dir);
        }
    }

    /**
     * Reads {@code file} if it is a regular file of at most {@code maxBytes}; a FIFO, device or directory is
     * refused without being opened (opening a FIFO blocks; /dev/zero never ends). Messages start with the file.
     */
    public static byte[] readRegular(Path file, int maxBytes) throws IOException { return readRegular(file, maxBytes, "a file"); }

    /**
     * The one loader of user input files (tables, listings, lessons, demos, the progress file): {@link #readRegular(Path,
     * int)}, its size refusal naming what {@code kind} of file may have at most {@code maxBytes} ("a lesson").
     * {@code options}: {@link LinkOption#NOFOLLOW_LINKS} refuses a link instead of reading what it names.
     */
    public static byte[] readRegular(Path file, int maxBytes, String kind, LinkOption... options) throws IOException {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class, options);
        } catch (IOException e) {
            throw worded(e, "cannot read " + file);
        }
        if (a.isDirectory()) throw new IOException(file + " is a directory, not a file");
        if (a.isSymbolicLink()) throw new IOException(file + " is a symbolic link (links are not followed here)");
        if (!a.isRegularFile()) throw new IOException(file + " is not a regular file (a pipe or device?); it was not opened");
        String limit = kind + " may be at most " + Range.fmt(maxBytes) + " bytes";
        if (a.size() > maxBytes) throw new IOException(file + " is " + Range.fmt(a.size()) + " bytes; " + limit);
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file, options)) {
            bytes = in.readNBytes(maxBytes + 1);
        } catch (IOException e) {
            throw worded(e, "cannot read " + file);
        }
        if (bytes.length > maxBytes) throw new IOException(file + " is more than " + Range.fmt(maxBytes) + " bytes; " + limit);
        return bytes;
    }

    /**
     * {@link #readRegular(Path, int, String, LinkOption...)} for a loader whose refusals are {@link BadInputException}s:
     * each at line 1 of the file, its problem in words without the file's name repeated ("is a directory, not a file").
     */
    public static byte[] input(Path file, int maxBytes, String kind, LinkOption... options) {
        try {
            return readRegular(file, maxBytes, kind, options);
        } catch (IOException e) {
            String origin = file.toString();
            String m = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new BadInputException(origin, 1, m.startsWith(origin + " ") ? m.substring(origin.length() + 1)
                    : m.startsWith("cannot read " + origin + ": ") ? "cannot read: " + m.substring(("cannot read " + origin + ": ").length()) : m);
        }
    }

    /** The message of {@code e} from writing {@code file}, naming it ("cannot write FILE: No space left on device"). */
    public static String naming(IOException e, Path file) {
        String m = e.getMessage();
        if (m != null && m.contains(file.toString())) return m;
        // a writer's own wrapper (ImageIO's "I/O error writing header!") has the system's reason below it
        return "cannot write " + file + ": " + reason(e.getCause() instanceof IOException c ? c : e);
    }

    /** {@code what}, then the reason in words. */
    public static IOException worded(IOException e, String what) {
        return new IOException(what + ": " + reason(e), e);
    }

    /** The reason of an I/O failure in words (the JDK's file-system exceptions carry only the path). */
    public static String reason(IOException e) {
        String why = switch (e) {
            case AccessDeniedException x -> "permission denied";
            case NoSuchFileException x -> "no such file or folder (" + x.getFile() + ")";
            case NotDirectoryException x -> "not a folder (" + x.getFile() + ")";
            case java.nio.file.FileAlreadyExistsException x -> "a file is in the way (" + x.getFile() + ")";
            case FileSystemException x when x.getReason() != null -> x.getReason().toLowerCase(java.util.Locale.ROOT);
            default -> e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        };
        return e instanceof FileSystemException f && f.getFile() != null && !why.contains(f.getFile())
                && !(e instanceof AccessDeniedException) ? why + " (" + f.getFile() + ")" : why;
    }
}

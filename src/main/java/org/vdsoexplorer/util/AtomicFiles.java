package org.vdsoexplorer.util;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The one way user files are written and read: written to a temp file beside the target, forced to disk,
 * renamed over the target atomically and the folder forced too, so a crash or kill leaves either the old
 * or the new file, never a torn one; read only if a regular file (a FIFO or device is refused without
 * being opened, so it cannot block) and only up to a size limit. Failures are {@link IOException}s whose
 * message says what went wrong in words ("permission denied", "no such folder") and names the path.
 */
public final class AtomicFiles {
    private AtomicFiles() {}

    /** Writes {@code bytes} to {@code target} atomically (creating its folder if needed). */
    public static void write(Path target, byte[] bytes) throws IOException {
        Path file = target.toAbsolutePath();
        Path dir = file.getParent();
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw worded(e, "cannot create the folder " + dir);
        }
        Path tmp;
        try {
            tmp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
        } catch (IOException e) {
            throw worded(e, "cannot create a file in " + dir);
        }
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer b = ByteBuffer.wrap(bytes);
                while (b.hasRemaining()) ch.write(b);
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

    /**
     * Reads {@code file} if it is a regular file of at most {@code maxBytes}; a FIFO, device or folder is
     * refused without being opened.
     */
    public static byte[] readRegular(Path file, int maxBytes) throws IOException {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            throw worded(e, "cannot read " + file);
        }
        if (a.isDirectory()) throw new IOException(file + " is a folder, not a file");
        if (!a.isRegularFile()) throw new IOException(file + " is not a regular file (a pipe or device?); it was not opened");
        if (a.size() > maxBytes) throw new IOException(file + " is larger than " + Range.fmt(maxBytes) + " bytes");
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(maxBytes + 1);
        } catch (IOException e) {
            throw worded(e, "cannot read " + file);
        }
        if (bytes.length > maxBytes) throw new IOException(file + " is larger than " + Range.fmt(maxBytes) + " bytes");
        return bytes;
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

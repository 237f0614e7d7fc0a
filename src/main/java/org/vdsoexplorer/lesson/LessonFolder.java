package org.vdsoexplorer.lesson;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where the lessons come from: the folder given, else {@code ./lessons}, else the copy on the class
 * path ({@code /lessons/} in the jar), extracted to a temporary folder (top-level {@code *.md} files
 * only, each bounded in size, names checked, so nothing is written outside that folder).
 */
public final class LessonFolder {
    private LessonFolder() {}

    /** The folder to load and a description of where it came from. */
    public record Source(Path dir, String description) {}

    /**
     * The folder {@code given} (a teacher's: {@code --lessons DIR}, "Open lesson folder..."; the app refuses one that
     * is not there before it gets here), else the shipped course: {@code ./lessons}, else the copy inside the app.
     */
    public static Source resolve(Path given) {
        if (given != null && Files.isDirectory(given)) return new Source(given, given.toString());
        Path local = Path.of("lessons");
        if (given == null && Files.isDirectory(local)) return new Source(local, local.toAbsolutePath().toString());
        Path built = builtIn();
        if (built != null) return new Source(built, "the lessons built into the app");
        return new Source(given != null ? given : local, (given != null ? given : local).toString());
    }

    /** The shipped course's folder ({@link #resolve} of no folder), or null if there is none. */
    public static Path course() {
        Path local = Path.of("lessons");
        return Files.isDirectory(local) ? local : builtIn();
    }

    private static volatile Path extracted;

    /** The class path's lessons, extracted once per run; null if there are none. */
    private static synchronized Path builtIn() {
        if (extracted != null && Files.isDirectory(extracted)) return extracted;
        try {
            extracted = extractFromClassPath();
        } catch (IOException | RuntimeException e) {
            extracted = null; // LessonLibrary reports the missing folder as a problem
        }
        return extracted;
    }

    /** Copies the class path's /lessons/*.md to a fresh temp folder; null if there are none. */
    public static Path extractFromClassPath() throws IOException {
        return extract(LessonFolder.class.getResource("/lessons/README.md"));
    }

    /** {@code readme}: the URL of lessons/README.md in a jar or a folder. */
    public static Path extract(URL readme) throws IOException {
        if (readme == null) return null;
        URI uri;
        try {
            uri = readme.toURI();
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
        if (uri.getScheme().equals("file")) return Path.of(uri).getParent();
        if (!uri.getScheme().equals("jar")) return null;
        Path tmp = Files.createTempDirectory("vdso-explorer-lessons");
        tmp.toFile().deleteOnExit();
        FileSystem fs;
        boolean close = false;
        try {
            fs = FileSystems.getFileSystem(uri);
        } catch (java.nio.file.FileSystemNotFoundException e) {
            fs = FileSystems.newFileSystem(uri, Map.of());
            close = true;
        }
        try {
            Path dir = fs.getPath("/lessons");
            int n = 0;
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
                for (Path p : ds) {
                    String name = p.getFileName().toString();
                    if (!name.toLowerCase(Locale.ROOT).endsWith(".md") || !name.matches("[A-Za-z0-9._-]+")) continue;
                    if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) || ++n > LessonLibrary.MAX_FILES) continue;
                    Path out = tmp.resolve(name);
                    if (!out.normalize().getParent().equals(tmp)) continue;
                    try (InputStream in = Files.newInputStream(p)) {
                        Files.write(out, in.readNBytes(LessonParser.MAX_BYTES + 1));
                    }
                    out.toFile().deleteOnExit();
                }
            }
        } finally {
            if (close) fs.close();
        }
        return tmp;
    }
}

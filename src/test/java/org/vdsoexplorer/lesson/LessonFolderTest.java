package org.vdsoexplorer.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LessonFolderTest {

    @TempDir Path tmp;

    @Test
    void defaultIsTheLocalFolder() {
        LessonFolder.Source s = LessonFolder.resolve(null);
        assertEquals(Path.of("lessons"), s.dir());
        assertEquals(LessonsTest.shipped(), LessonLibrary.load(s.dir(), new org.vdsoexplorer.lesson.Evaluator(), false).lessons().size());
    }

    @Test
    void missingFolderFallsBackToTheBuiltInCopy() {
        LessonFolder.Source s = LessonFolder.resolve(tmp.resolve("nowhere"));
        assertEquals("the lessons built into the app", s.description());
        assertTrue(Files.isRegularFile(s.dir().resolve("05-time-namespaces.md")));
    }

    @Test
    void extractsOnlyTopLevelMarkdownFromAJar() throws Exception {
        Path jar = tmp.resolve("app.jar");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(jar))) {
            put(z, "lessons/README.md", "# readme");
            put(z, "lessons/01-a.md", Files.readString(Path.of("lessons/examples/first-look.md")));
            put(z, "lessons/examples/first-look.md", "nested: not a lesson of this folder");
            put(z, "lessons/notes.txt", "not markdown");
            put(z, "lessons/bad name.md", "odd name: skipped");
        }
        Path out = LessonFolder.extract(URI.create("jar:" + jar.toUri() + "!/lessons/README.md").toURL());
        assertNotNull(out);
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(List.of("01-a.md", "README.md"), s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        LessonLibrary.Loaded l = LessonLibrary.load(out, new org.vdsoexplorer.lesson.Evaluator(), true);
        assertEquals(List.of(), l.problems());
        assertEquals("example-first-look", l.lessons().getFirst().id());
    }

    private static void put(ZipOutputStream z, String name, String text) throws Exception {
        z.putNextEntry(new ZipEntry(name));
        OutputStream o = z;
        o.write(text.getBytes(StandardCharsets.UTF_8));
        z.closeEntry();
    }
}

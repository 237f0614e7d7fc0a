package org.vdsoexplorer.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The docs' entries as a lesson's citation link finds them, against the files themselves. */
class DocEntriesTest {
    static final Path ROOT = Path.of(System.getProperty("basedir", "."));

    @Test
    void everyAnchorOfTheDocsIsAnEntryWithItsHeading() throws Exception {
        DocEntries packaged = DocEntries.packaged();
        int anchors = 0;
        for (String f : DocEntries.FILES) {
            String text = Files.readString(ROOT.resolve("docs").resolve(f));
            Matcher m = Pattern.compile("<a id=\"([a-z0-9-]+)\"></a>").matcher(text);
            while (m.find()) {
                anchors++;
                DocEntries.Entry e = packaged.lookup("../docs/" + f + "#" + m.group(1), null).orElseThrow(
                        () -> new AssertionError(f + "#" + m.group(1) + " is not an entry"));
                // the line after the anchor names the entry: a "### S4. ..." heading or a "**term**" definition
                String next = text.substring(m.end()).strip().lines().findFirst().orElseThrow();
                assertTrue(next.replace("`", "").contains(e.title()), next + " / " + e.title());
                assertTrue(!e.body().isBlank() && !e.body().contains("<a id="), f + "#" + e.anchor() + ": " + e.body());
            }
        }
        assertEquals(anchors, packaged.size(), "one entry per anchor, nothing else");
    }

    @Test
    void linksResolveFromALessonAndInsideTheGlossary() {
        DocEntries d = DocEntries.parse("glossary.md", """
                # Glossary

                <a id="tso"></a>
                **TSO (total store order)** - x86's memory model. See [seqlock](#seqlock).

                <a id="seqlock"></a>
                **seqlock** - a sequence counter and a retry loop.
                Second line.

                ## Not an entry
                text
                """);
        assertEquals("TSO (total store order)", d.lookup("../docs/glossary.md#tso", null).orElseThrow().title());
        assertEquals("seqlock", d.lookup("#seqlock", "glossary.md").orElseThrow().title());
        assertTrue(d.lookup("#seqlock", null).isEmpty(), "a bare anchor in a lesson names no document");
        assertTrue(d.lookup("https://lore.kernel.org/x#seqlock", null).isEmpty());
        assertTrue(d.lookup("glossary.md#nope", null).isEmpty());
        String body = d.lookup("glossary.md#seqlock", null).orElseThrow().body();
        assertTrue(body.endsWith("Second line."), "the entry stops at the section heading: " + body);
    }

    @Test
    void everyDocsLinkInTheLessonsOpensAnEntry() throws Exception {
        DocEntries d = DocEntries.packaged();
        List<String> dead = new ArrayList<>();
        try (var files = Files.list(ROOT.resolve("lessons"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
                Matcher m = Pattern.compile("\\]\\((\\.\\./docs/(?:sources|glossary)\\.md#[^)]+)\\)").matcher(Files.readString(p));
                while (m.find()) if (d.lookup(m.group(1), null).isEmpty()) dead.add(p.getFileName() + ": " + m.group(1));
            }
        }
        assertEquals(List.of(), dead);
    }
}

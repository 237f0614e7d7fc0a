package org.vdsoexplorer.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Lessons, the docs and the cost table cite only what a student can follow: a file of this repository
 * (with an anchor that exists in it) or a public address, never the project's private seed files
 * ("seed 003") or its background notes ("REFERENCE"). The same check covers every relative link of the
 * top-level Markdown files (README.md, ARCHITECTURE.md) and of docs/, and every page of docs/ is linked from
 * the README.
 */
class CitationsTest {

    private static final Path ROOT = Path.of(System.getProperty("basedir", "."));
    private static final Pattern PRIVATE = Pattern.compile("(?i:\\bseeds?\\s+0\\d\\d\\b)|\\bREFERENCE\\b|shared/seeds");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern SOURCES_REF = Pattern.compile("docs/sources\\.md#([A-Za-z0-9_-]+)");
    private static final Pattern ANCHOR = Pattern.compile("<a id=\"([^\"]+)\"");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} +(.+)$");

    @Test
    void everyLessonDocAndCostCitationCanBeFollowed() throws IOException {
        List<Path> files = shippedTexts();
        assertTrue(files.size() >= 13, "lessons, the example, the three docs and costs.yaml: " + files);
        for (String f : List.of("README.md", "ARCHITECTURE.md", "docs/fidelity.md", "docs/sources.md", "assets/README.md")) {
            assertTrue(files.contains(ROOT.resolve(f)), "the check reads " + f + ": " + files);
        }
        List<String> problems = new ArrayList<>();
        for (Path f : files) problems.addAll(problems(f, Files.readString(f)));
        assertEquals(List.of(), problems);
    }

    /** The texts whose citations and links are checked. */
    private static List<Path> shippedTexts() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String dir : new String[] {"lessons", "lessons/examples", "docs"}) {
            try (Stream<Path> s = Files.list(ROOT.resolve(dir))) {
                s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
            }
        }
        files.add(ROOT.resolve("assets/costs.yaml"));
        files.add(ROOT.resolve("assets/seeds.yaml"));
        files.add(ROOT.resolve("assets/README.md"));
        try (Stream<Path> s = Files.list(ROOT)) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        try (Stream<Path> s = Files.walk(ROOT.resolve("src/main/java"))) {
            s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
        }
        return files;
    }

    @Test
    void everyDocsPageIsLinkedFromTheReadme() throws IOException {
        List<String> pages = new ArrayList<>(List.of("ARCHITECTURE.md"));
        try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(p -> pages.add("docs/" + p.getFileName()));
        }
        assertTrue(pages.contains("docs/fidelity.md") && pages.contains("docs/how-it-works.md"), pages.toString());
        assertEquals(List.of(), unlinked(Files.readString(ROOT.resolve("README.md")), pages), "pages the README does not link to");
    }

    @Test
    void theLinkedFromTheReadmeCheckFindsAPageLeftOut() {
        List<String> pages = List.of("ARCHITECTURE.md", "docs/fidelity.md", "docs/live-lab.md");
        assertEquals(List.of("docs/live-lab.md"), unlinked("[fidelity](docs/fidelity.md#seeds), [code](ARCHITECTURE.md), "
                + "`docs/live-lab.md` named but not linked", pages));
        assertEquals(List.of(), unlinked("[a](ARCHITECTURE.md) [b](./docs/fidelity.md) [c](docs/live-lab.md)", pages));
    }

    /** The pages (paths relative to the clone) that {@code readme}, a Markdown text at the top of the clone, does not link to. */
    static List<String> unlinked(String readme, List<String> pages) {
        Set<Path> linked = new HashSet<>();
        Matcher l = LINK.matcher(readme);
        while (l.find()) {
            if (!l.group(1).matches("(?i)(https?|mailto):.*")) linked.add(Path.of(l.group(1).replaceFirst("#.*", "")).normalize());
        }
        return pages.stream().filter(p -> !linked.contains(Path.of(p).normalize())).toList();
    }

    @Test
    void theCheckFindsPrivateCitationsMissingFilesAndMissingAnchors() {
        Path lesson = ROOT.resolve("lessons/99-test.md");
        assertEquals(1, problems(lesson, "Andrei measured it (seed 000).").size());
        assertEquals(1, problems(lesson, "as in Seed 003").size());
        assertEquals(1, problems(lesson, "copied from /work/shared/seeds/").size());
        assertEquals(1, problems(lesson, "(REFERENCE, corrections)").size());
        assertEquals(List.of(), problems(lesson, "the kernel's reference time; the seed table of the README"));
        assertEquals(1, problems(lesson, "see [notes](../docs/no-such-file.md)").size());
        assertEquals(1, problems(lesson, "see [S999](../docs/sources.md#s999)").size());
        assertEquals(1, problems(lesson, "a [seqlock](../docs/glossary.md#no-such-term)").size());
        assertEquals(List.of(), problems(lesson, "[S1](../docs/sources.md#s1), [seqlock](../docs/glossary.md#seqlock), "
                + "[timeline](../docs/timeline.md), [bug](https://bugzilla.kernel.org/show_bug.cgi?id=213029)"));
        Path costs = ROOT.resolve("assets/costs.yaml");
        assertEquals(1, problems(costs, "source: \"lmbench (docs/sources.md#s99)\"").size());
        assertEquals(List.of(), problems(costs, "source: \"lmbench (docs/sources.md#s6)\""));
    }

    @Test
    void everySourceHasOneAnchorAndTheNumbersRunWithoutGaps() throws IOException {
        List<String> ids = anchors(Files.readString(ROOT.resolve("docs/sources.md")));
        assertEquals(ids.size(), new HashSet<>(ids).size(), "duplicate anchors: " + ids);
        for (int i = 0; i < ids.size(); i++) assertEquals("s" + (i + 1), ids.get(i));
    }

    /** One message per citation in {@code text} (the contents of {@code file}) that a student could not follow. */
    static List<String> problems(Path file, String text) {
        List<String> out = new ArrayList<>();
        String name = ROOT.relativize(file).toString();
        Matcher m = PRIVATE.matcher(text);
        while (m.find()) out.add(name + ":" + line(text, m.start()) + ": cites a private file: '" + m.group() + "'");
        Matcher l = LINK.matcher(text);
        while (l.find()) {
            String target = l.group(1);
            if (target.matches("(?i)(https?|mailto):.*")) continue;
            int hash = target.indexOf('#');
            String path = hash < 0 ? target : target.substring(0, hash);
            Path resolved = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
            String where = name + ":" + line(text, l.start()) + ": ";
            if (!Files.isRegularFile(resolved)) {
                out.add(where + "links to a file that is not in the repository: " + target);
            } else if (hash >= 0 && !anchorsOf(resolved, resolved.equals(file) ? text : null).contains(target.substring(hash + 1))) {
                out.add(where + "links to an anchor that " + path + " does not have: " + target);
            }
        }
        // outside Markdown (the cost table's source strings) a source is cited as plain "docs/sources.md#sN"
        Matcher s = SOURCES_REF.matcher(name.endsWith(".md") ? "" : text);
        Set<String> sources = anchorsOf(ROOT.resolve("docs/sources.md"), null);
        while (s.find()) {
            if (!sources.contains(s.group(1))) out.add(name + ":" + line(text, s.start()) + ": docs/sources.md has no #" + s.group(1));
        }
        return out;
    }

    private static Set<String> anchorsOf(Path md, String text) {
        try {
            String t = text != null ? text : Files.readString(md);
            Set<String> ids = new HashSet<>(anchors(t));
            Matcher h = HEADING.matcher(t);
            while (h.find()) {
                ids.add(h.group(1).trim().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 _-]", "").replace(' ', '-'));
            }
            return ids;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> anchors(String text) {
        List<String> ids = new ArrayList<>();
        Matcher a = ANCHOR.matcher(text);
        while (a.find()) ids.add(a.group(1));
        return ids;
    }

    private static int line(String text, int at) {
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }
}

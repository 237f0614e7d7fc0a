package org.vdsoexplorer.lesson;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The anchored entries of docs/sources.md and docs/glossary.md (each starts at an {@code <a id="..."></a>} line
 * and runs to the next anchor or section heading), so a lesson's citation link ({@code ../docs/sources.md#s4},
 * {@code glossary.md#seqlock}, {@code #tso} inside the glossary) can be shown where it is read. The files are
 * packaged in the jar under {@code /docs/}.
 */
public final class DocEntries {
    /** One entry: its heading or term line as plain text, and its body (Markdown). */
    public record Entry(String file, String anchor, String title, String body) {}

    /** The documents the lessons link to. */
    public static final String[] FILES = {"sources.md", "glossary.md"};

    private static final Pattern ANCHOR = Pattern.compile("^<a id=\"([a-z0-9-]+)\"></a>\\s*$");
    private static final Pattern LINK = Pattern.compile("^(?:(?:\\.\\./)?(?:docs/)?([a-z]+\\.md))?#([a-z0-9-]+)$");

    private final Map<String, Entry> entries;

    private DocEntries(Map<String, Entry> entries) { this.entries = entries; }

    /** The entries of the packaged docs (none if they are missing: a link then stays plain text). */
    public static DocEntries packaged() {
        Map<String, Entry> all = new LinkedHashMap<>();
        for (String f : FILES) {
            try (InputStream in = DocEntries.class.getResourceAsStream("/docs/" + f)) {
                if (in != null) all.putAll(parse(f, new String(in.readNBytes(1 << 20), StandardCharsets.UTF_8)).entries);
            } catch (IOException e) {
                // a damaged jar: the links stay plain text
            }
        }
        return new DocEntries(all);
    }

    /** The entries of one document's text, {@code file} being its name ("sources.md"). */
    public static DocEntries parse(String file, String markdown) {
        Map<String, Entry> out = new LinkedHashMap<>();
        String anchor = null;
        StringBuilder block = new StringBuilder();
        for (String line : (markdown + "\n<a id=\"end-\"></a>").split("\n", -1)) {
            Matcher a = ANCHOR.matcher(line);
            boolean end = a.matches() || line.startsWith("## ") || line.startsWith("# ");
            if (end && anchor != null) {
                Entry e = entry(file, anchor, block.toString().strip());
                if (e != null) out.put(file + "#" + anchor, e);
                anchor = null;
            }
            if (a.matches() && !a.group(1).equals("end-")) {
                anchor = a.group(1);
                block.setLength(0);
            } else if (anchor != null) {
                block.append(line).append('\n');
            }
        }
        return new DocEntries(out);
    }

    private static Entry entry(String file, String anchor, String text) {
        if (text.isEmpty()) return null;
        int nl = text.indexOf('\n');
        String first = nl < 0 ? text : text.substring(0, nl);
        if (first.startsWith("#")) {
            // sources.md: "### S4. Gleixner: ..." heads the entry
            return new Entry(file, anchor, first.replaceFirst("^#+\\s*", ""), nl < 0 ? "" : text.substring(nl + 1).strip());
        }
        // glossary.md: "**term** - definition ...": the term is the title, the whole paragraph the body
        Matcher m = Pattern.compile("^\\*\\*(.+?)\\*\\*").matcher(first);
        String title = m.find() ? m.group(1).replace("`", "") : anchor;
        return new Entry(file, anchor, title, text);
    }

    /**
     * The entry a link destination names: {@code ../docs/sources.md#s4}, {@code sources.md#s4}, or {@code #tso}
     * read in {@code from} ("glossary.md"; null when the link is in a lesson).
     */
    public Optional<Entry> lookup(String destination, String from) {
        if (destination == null) return Optional.empty();
        Matcher m = LINK.matcher(destination.strip());
        if (!m.matches()) return Optional.empty();
        String file = m.group(1) != null ? m.group(1) : from;
        return file == null ? Optional.empty() : Optional.ofNullable(entries.get(file + "#" + m.group(2)));
    }

    public int size() { return entries.size(); }
}

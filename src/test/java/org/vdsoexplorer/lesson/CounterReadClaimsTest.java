package org.vdsoexplorer.lesson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No shipped text may call {@code lfence; rdtsc} what v5.6's vDSO runs without saying it is the alternative for a
 * CPU without RDTSCP. v5.6's {@code rdtsc_ordered()} (arch/x86/include/asm/msr.h, since be261ffce6f1 in v5.4) is
 * {@code ALTERNATIVE_2("rdtsc", "lfence; rdtsc", X86_FEATURE_LFENCE_RDTSC, "rdtscp", X86_FEATURE_RDTSCP)};
 * {@code init_vdso_image()} applies the alternatives to the vDSO at boot and the last matching one wins, so every CPU
 * with RDTSCP (Intel since Nehalem, AMD since K8 rev F) runs {@code rdtscp}.
 *
 * <p>A sentence is flagged when it names the fenced read ("lfence; rdtsc", "lfence/rdtsc", "lfence then rdtsc",
 * "rdtsc after lfence", "the lfence before it") and does not say, in the same sentence, that RDTSCP is absent
 * ("without RDTSCP", "no-RDTSCP", "lacks RDTSCP", "LFENCE_RDTSC") or that it speaks of the kernel before v5.4. The
 * subject of the lessons, the README and the docs is v5.6's vDSO, so there a sentence that names no subject is taken
 * to be about it; the model's own cost tables (assets/costs.yaml, assets/timing.yaml) describe the model, so there
 * only a sentence that names v5.6, the kernel, the vDSO or Linux is read as a claim about them.
 */
class CounterReadClaimsTest {

    private static final Path ROOT = Path.of(System.getProperty("basedir", "."));

    private static final List<Pattern> FENCED_READ = List.of(
            // lfence; rdtsc - lfence/rdtsc - lfence, rdtsc - lfence then rdtsc - lfence followed by rdtsc; not a list
            // of mnemonics such as "lfence/rdtsc/rdtscp/pause"
            Pattern.compile("(?i)\\blfence\\s*(?:;|/|,|\\+|&|->)?\\s*(?:then\\s+|and\\s+|followed\\s+by\\s+|before\\s+)?rdtsc\\b(?!p)(?!\\s*/)"),
            Pattern.compile("(?i)\\brdtsc\\b(?!p)\\s+(?:after|behind|preceded\\s+by)\\s+(?:an?\\s+|the\\s+)?lfence\\b"),
            Pattern.compile("(?i)\\blfence\\s+(?:before|ahead\\s+of)\\s+(?:it\\b|the\\s+rdtsc\\b(?!p)|rdtsc\\b(?!p))"));

    private static final Pattern NO_RDTSCP = Pattern.compile("(?i)without\\s+(?:the\\s+)?rdtscp|lack(?:s|ing)?\\s+rdtscp"
            + "|\\bno[-\\s]+rdtscp|rdtscp\\s+is\\s+(?:absent|missing|unavailable)|lfence_rdtsc|be261ffce6f1|before\\s+v5\\.4");

    /** Names of the real system; "kernel entry" is the model's charge for a system call, not a claim. */
    private static final Pattern REAL_SUBJECT = Pattern.compile("(?i)v5\\.6|\\bkernel(?!\\s+entr)|vdso|\\blinux\\b|rdtsc_ordered");

    private static final Pattern NEW_SEGMENT = Pattern.compile("^(?:- |\\||[A-Za-z_][\\w-]*:\\s)");
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+");

    /** The files whose subject is the model, not the kernel. */
    private static boolean aboutTheModel(String file) {
        return file.equals("assets/costs.yaml") || file.equals("assets/timing.yaml");
    }

    /**
     * "line: sentence" for each sentence of {@code text} that calls the fenced read what the kernel runs. Lines are
     * joined into paragraphs (a blank line, a fence, a list item, a table row or a YAML key starts a new one), markup
     * (backticks, asterisks, a leading #) dropped.
     */
    static List<String> claims(String text, boolean modelFile) {
        List<String> out = new ArrayList<>();
        List<int[]> starts = new ArrayList<>();
        List<StringBuilder> segs = new ArrayList<>();
        StringBuilder cur = null;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String t = lines[i].strip();
            boolean fence = t.startsWith("```");
            t = t.replaceFirst("^#+\\s*", "").strip();
            if (t.isEmpty() || fence) {
                cur = null;
                continue;
            }
            if (cur == null || NEW_SEGMENT.matcher(t).find()) {
                cur = new StringBuilder();
                segs.add(cur);
                starts.add(new int[] {i + 1});
            } else {
                cur.append(' ');
            }
            cur.append(t);
        }
        for (int s = 0; s < segs.size(); s++) {
            String plain = segs.get(s).toString().replace("`", "").replace("*", "");
            for (String sentence : SENTENCE_END.split(plain)) {
                boolean fenced = FENCED_READ.stream().anyMatch(p -> p.matcher(sentence).find());
                if (!fenced || NO_RDTSCP.matcher(sentence).find()) continue;
                if (modelFile && !REAL_SUBJECT.matcher(sentence).find()) continue;
                out.add(starts.get(s)[0] + ": " + sentence);
            }
        }
        return out;
    }

    private static List<Path> shippedTexts() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String dir : List.of("lessons", "docs")) {
            try (Stream<Path> s = Files.walk(ROOT.resolve(dir))) {
                s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
            }
        }
        try (Stream<Path> s = Files.list(ROOT)) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add); // README.md, ARCHITECTURE.md
        }
        files.add(ROOT.resolve("assets/README.md"));
        try (Stream<Path> s = Files.list(ROOT.resolve("assets"))) {
            s.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
        }
        return files;
    }

    @Test
    void noShippedTextCallsTheFencedReadWhatV56RunsOnACpuWithRdtscp() throws IOException {
        List<String> found = new ArrayList<>();
        List<Path> files = shippedTexts();
        for (Path f : files) {
            String name = ROOT.relativize(f).toString().replace('\\', '/');
            String text;
            try {
                text = Files.readString(f);
            } catch (IOException e) {
                throw new UncheckedIOException(name, e);
            }
            claims(text, aboutTheModel(name)).forEach(c -> found.add(name + ":" + c));
        }
        assertTrue(files.stream().anyMatch(f -> f.endsWith("01-why-vdso.md")) && files.stream().anyMatch(f -> f.endsWith("seeds.yaml"))
                && files.stream().anyMatch(f -> f.endsWith("glossary.md")), "the scan reads the lessons, the docs and the assets: " + files);
        for (String f : List.of("README.md", "ARCHITECTURE.md", "docs/fidelity.md", "docs/how-it-works.md", "docs/live-lab.md",
                "docs/broken-on-purpose.md")) {
            assertTrue(files.contains(ROOT.resolve(f)), "the scan reads " + f + " (the README's text moved there): " + files);
        }
        assertEquals(List.of(), found, "say rdtscp (v5.6 on every CPU with RDTSCP), or that lfence; rdtsc is the no-RDTSCP alternative");
    }

    @Test
    void theFixtureCatchesTheOldClaimsAndLetsTheCorrectOnesThrough() {
        // what lesson 1 said before: two sentences, both claims
        String old = """
                explain: On bare metal the vDSO reads the CPU's [time-stamp counter](../docs/glossary.md#tsc) with lfence; rdtsc and scales it with the kernel's mult and shift.

                explain: >
                  The model ran the call and found it: {answer}. `rdtsc` reads the TSC, a register of the CPU
                  itself; the `lfence` before it keeps it from running ahead of the loads before it.
                """;
        List<String> caught = claims(old, false);
        assertEquals(2, caught.size(), caught.toString());
        assertTrue(caught.get(0).startsWith("1: explain: On bare metal the vDSO"), caught.toString());
        assertTrue(caught.get(1).startsWith("3: ") && caught.get(1).contains("the lfence before it"), caught.toString());
        for (String bad : List.of("clock_mode is VCLOCK_TSC, so the call runs lfence; rdtsc inline.",
                "In v5.6 rdtsc_ordered() is lfence then rdtsc.", "The kernel's counter read is LFENCE/RDTSC.",
                "The vDSO runs `rdtsc` after an `lfence`.")) {
            assertEquals(1, claims(bad, false).size(), bad);
            assertEquals(1, claims(bad.contains("kernel") || bad.contains("v5.6") || bad.contains("vDSO") ? bad : "The vDSO: " + bad,
                    true).size(), "a claim naming the kernel is one in the model's files too: " + bad);
        }
        for (String good : List.of(
                "On every CPU with RDTSCP v5.6 runs rdtscp; a CPU without RDTSCP gets `lfence; rdtsc`.",
                "Both `rdtscp` and the no-RDTSCP alternative `lfence; rdtsc` keep the read in order.",
                "Before v5.4 the vDSO read the counter with lfence; rdtsc.",
                "Moves, `lfence`/`rdtsc`/`rdtscp`/`pause`/nop forms, `syscall`; flags are computed for real.",
                "v5.6's vDSO reads the counter with rdtscp.")) {
            assertEquals(List.of(), claims(good, false), good);
        }
        // the model's cost table describing its own charge is not a claim about the kernel
        assertEquals(List.of(), claims("# The counter read (lfence; rdtsc) is\n# serialising, so it is charged in full.", true));
        assertEquals(1, claims("# The counter read (lfence; rdtsc) is\n# serialising, so it is charged in full.", false).size());
    }
}

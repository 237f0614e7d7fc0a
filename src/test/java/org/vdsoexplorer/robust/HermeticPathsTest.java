package org.vdsoexplorer.robust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No code names a path that only one machine has. A test that reads {@code /work/main/lessons} or
 * writes into a {@code /tmp} folder made by hand passes on the developer's machine and fails on a
 * new user's (issue 23: {@code ScratchTest} did both). Paths under /tmp, /var/tmp, /work, /root,
 * /home or /Users in a string literal of any source file are refused; the kernel's and the
 * system's interfaces (/proc, /sys, /dev, /usr/bin) are what the live lab reads and stay allowed.
 * Temporary files go through {@code @TempDir} or {@code Files.createTemp*}, project files by a
 * path relative to the clone.
 */
class HermeticPathsTest {

    private static final Pattern MACHINE_PATH =
            Pattern.compile("\"(/(?:tmp|var/tmp|work|root|home|Users)(?:/[^\"]*)?)\"");

    /** The source with comments blanked out (string literals kept), so a javadoc example is not a use. */
    static String code(String src) {
        StringBuilder out = new StringBuilder(src.length());
        int i = 0;
        int n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (c == '"') {
                boolean block = src.startsWith("\"\"\"", i);
                int end = block ? src.indexOf("\"\"\"", i + 3) : i + 1;
                if (!block) {
                    while (end < n && src.charAt(end) != '"' && src.charAt(end) != '\n') {
                        end += src.charAt(end) == '\\' ? 2 : 1;
                    }
                }
                end = end < 0 || end >= n ? n : end + (block ? 3 : 1);
                out.append(src, i, end);
                i = end;
            } else if (c == '\'' && i + 2 < n) {
                int end = src.charAt(i + 1) == '\\' ? src.indexOf('\'', i + 3) : i + 2;
                end = end < 0 ? n : Math.min(n, end + 1);
                out.append(src, i, end);
                i = end;
            } else if (src.startsWith("//", i)) {
                int end = src.indexOf('\n', i);
                i = end < 0 ? n : end;
            } else if (src.startsWith("/*", i)) {
                int end = src.indexOf("*/", i + 2);
                String gap = src.substring(i, end < 0 ? n : end + 2);
                out.append(gap.replaceAll("[^\n]", " "));
                i = end < 0 ? n : end + 2;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    static List<String> machinePaths(String name, String src) {
        List<String> found = new ArrayList<>();
        String code = code(src);
        Matcher m = MACHINE_PATH.matcher(code);
        while (m.find()) {
            int line = 1 + (int) code.substring(0, m.start()).chars().filter(ch -> ch == '\n').count();
            found.add(name + ":" + line + ": " + m.group(1));
        }
        return found;
    }

    @Test
    void noSourceFileNamesAPathOutsideTheClone() throws IOException {
        List<String> found = new ArrayList<>();
        for (String root : List.of("src/main/java", "src/test/java", "src/dist")) {
            try (Stream<Path> files = Files.walk(Path.of(root))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    found.addAll(machinePaths(f.toString(), Files.readString(f)));
                }
            }
        }
        assertEquals(List.of(), found, "paths only this machine has; use @TempDir or a path relative to the clone");
    }

    @Test
    void theScanSeesWhatScratchTestDidAndNotWhatACommentSays() throws IOException {
        // the fixture lives in a resource so that no .java file of the clone spells such a path
        String scratch = Files.readString(Path.of("src/test/resources/hermetic/scratch-fixture.txt"));
        List<String> found = machinePaths("S.java", scratch);
        assertEquals(List.of("S.java:5: /work/main/lessons", "S.java:6: /tmp/le/answers.txt", "S.java:8: /root"), found);
        assertTrue(machinePaths("T.java", "String s = \"a \\\" /tmp/x\";").isEmpty(), "an escaped quote does not start a literal");
    }
}

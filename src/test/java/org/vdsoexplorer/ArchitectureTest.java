package org.vdsoexplorer;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Layering rules: the execution model and the headless CLI must not depend on
 * JavaFX, ControlsFX or the UI package {@code org.vdsoexplorer.app}.
 */
class ArchitectureTest {

    private static final Path SOURCES = projectDir().resolve("src/main/java/org/vdsoexplorer");
    private static final Path MODEL = SOURCES.resolve("model");
    private static final Path CLI = SOURCES.resolve("cli");

    private static final Pattern FORBIDDEN_IMPORT = Pattern.compile(
            "^\\s*import\\s+(static\\s+)?(javafx\\.|org\\.controlsfx|org\\.vdsoexplorer\\.app)");

    private static Path projectDir() {
        String basedir = System.getProperty("basedir");
        return Paths.get(basedir != null ? basedir : System.getProperty("user.dir")).toAbsolutePath();
    }

    @Test
    void modelAndCliDoNotImportUiPackages() throws IOException {
        List<String> violations = new ArrayList<>();
        for (Path root : List.of(MODEL, CLI)) {
            for (Path file : javaFiles(root)) {
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    if (FORBIDDEN_IMPORT.matcher(lines.get(i)).find()) {
                        violations.add(projectDir().relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
                    }
                }
            }
        }
        if (!violations.isEmpty()) {
            fail("model/ and cli/ must not import javafx.*, org.controlsfx.* or org.vdsoexplorer.app.*:\n  "
                    + String.join("\n  ", violations));
        }
    }

    @Test
    void modelSourcesExist() throws IOException {
        assertTrue(Files.isDirectory(MODEL), "model source directory is missing: " + MODEL);
        assertTrue(!javaFiles(MODEL).isEmpty(), "model source directory has no .java files: " + MODEL);
    }

    @Test
    void cliSourcesExist() throws IOException {
        assertTrue(!javaFiles(CLI).isEmpty(), "cli source directory has no .java files: " + CLI);
    }

    private static List<Path> javaFiles(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(".java"))
                    .sorted()
                    .toList();
        }
    }
}

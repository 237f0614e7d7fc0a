package org.vdsoexplorer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * bin/vdso-explorer starts the headless commands with their own ahead-of-time cache (trained by a report run) and
 * without JavaFX, the window with the app's (trained by bench-ui) and JavaFX on the module path: its list of headless commands is exactly the registry's, so a
 * command added to {@link Cli} is not started with the toolkit's cache, nor a toolkit command with the CLI's.
 */
class LauncherCacheTest {
    @Test
    void theLauncherPicksTheCliCacheForExactlyTheHeadlessCommands() throws IOException {
        String launcher = Files.readString(Path.of("bin", "vdso-explorer"));
        Matcher m = Pattern.compile("(?m)^\\s*([a-z|-]+)\\) aot=\\$target/vdso-explorer-cli\\.aot; headless=1 ;;$").matcher(launcher);
        assertTrue(m.find(), "bin/vdso-explorer has no case line choosing vdso-explorer-cli.aot");
        Set<String> inLauncher = new TreeSet<>(Set.of(m.group(1).split("\\|")));
        Set<String> registered = new TreeSet<>();
        Cli.commands().all().forEach(c -> registered.add(c.name()));
        registered.add("help");
        assertEquals(registered, inLauncher);
    }
}

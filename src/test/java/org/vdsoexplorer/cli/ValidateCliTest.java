package org.vdsoexplorer.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** validate's options: bad input is one line and exit 2, before anything is compiled or measured. */
class ValidateCliTest {
    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int rc = Cli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(rc), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void badOptionsAreOneLineAndExit2() {
        for (String[] args : new String[][] {{"validate", "--format", "csv"}, {"validate", "--compiler", "gcc-9"},
                {"validate", "--rounds", "0"}, {"validate", "--seconds", "9999"}, {"validate", "extra"}}) {
            String[] r = run(args);
            assertEquals("2", r[0], String.join(" ", args));
            assertTrue(r[2].startsWith("vdso-explorer: validate") && r[2].strip().lines().count() == 1, r[2]);
            assertEquals("", r[1]);
        }
    }

    @Test
    void usageNamesTheCommand() {
        assertTrue(Cli.usage().contains("validate [--format table|tsv|json] [--compiler"));
    }
}

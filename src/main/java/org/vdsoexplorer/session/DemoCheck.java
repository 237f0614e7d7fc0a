package org.vdsoexplorer.session;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.vdsoexplorer.util.BadInputException;

/**
 * {@code check-demo FILE...}: validates demo files headlessly, like {@code check-lessons} does lessons:
 * reads each file (format and ranges), then replays it in the model, printing {@code file:line: message}
 * per problem. Exit 0 if every file is fine, 1 if any has a problem (its arguments are checked by the command
 * registry, {@code Main}). No JavaFX.
 */
public final class DemoCheck {
    private DemoCheck() {}

    /** Checks each file, printing a line per file; returns 0 if every file is fine, 1 if any has a problem. */
    public static int run(List<Path> files, PrintStream out) {
        int bad = 0;
        for (Path f : files) {
            String problem = check(f, out);
            if (problem != null) {
                out.println(problem);
                bad++;
            }
        }
        return bad == 0 ? 0 : 1;
    }

    /** Null if {@code file} opens, else its one-line problem ({@code file:line: message}). */
    static String check(Path file, PrintStream out) {
        DemoState d;
        try {
            d = DemoState.read(file);
        } catch (BadInputException e) {
            return e.getMessage();
        } catch (IOException e) {
            return file + ":1: " + e.getMessage();
        }
        try {
            Session s = DemoReplay.replay(d, (done, total) -> { }, () -> false);
            out.println(file + ": " + org.vdsoexplorer.sim.SetupText.describe(d.setup())
                    + ", step " + s.position() + ", " + d.writerUpdates().values().stream().mapToInt(Integer::intValue).sum()
                    + " placed updates: no problems");
            return null;
        } catch (IllegalArgumentException e) {
            return file + ":1: " + e.getMessage();
        } catch (OutOfMemoryError e) {
            return file + ":1: not enough memory to replay this demo";
        }
    }
}

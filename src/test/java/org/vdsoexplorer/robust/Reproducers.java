package org.vdsoexplorer.robust;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.vdsoexplorer.cli.Cli;
import org.vdsoexplorer.sim.Listings;

/** Shared by the robustness tests and the fuzz suite: the shipped seeds and a captured CLI run. */
public final class Reproducers {
    public static final String COSTS = Listings.resource("/assets/costs.yaml");
    public static final String DEMO = """
            # vDSO Explorer demo: open it in the app to get the same state
            format=vdso-explorer-demo 1
            scenario=timens
            variant=timens-inline
            clock=monotonic
            tick-cycles=2670000
            step=400
            breakpoints.instructions=5
            breakpoints.lines=366
            writer-updates=120x1,300x2
            """;

    private Reproducers() {}

    /** One CLI run: exit code, stdout, stderr. */
    public record Out(int code, String out, String err) {}

    public static synchronized Out cli(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        PrintStream so = System.out, se = System.err;
        System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
        try {
            return new Out(Cli.run(args), o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(so);
            System.setErr(se);
        }
    }

    /** The shipped cost table with {@code key}'s figure replaced by {@code value} (key: "writer.step", "cpu.ghz"...). */
    public static String costsWith(String key, String value) {
        String leaf = key.substring(key.lastIndexOf('.') + 1);
        String field = key.equals("cpu.ghz") ? "value" : "cycles";
        String out = COSTS.replaceFirst("(\\n\\s*" + leaf + ":\\s*\\{" + field + ":\\s*)[^,]+", "$1" + value);
        if (out.equals(COSTS)) throw new IllegalArgumentException("no " + key + " in the shipped table");
        return out;
    }

    /** The seed demo with {@code key}'s line replaced (or added). */
    public static String demoWith(String key, String value) {
        String line = key + "=" + value + "\n";
        return DEMO.contains("\n" + key + "=") ? DEMO.replaceFirst("\\n" + java.util.regex.Pattern.quote(key) + "=[^\\n]*\\n",
                "\n" + java.util.regex.Matcher.quoteReplacement(line)) : DEMO + line;
    }
}

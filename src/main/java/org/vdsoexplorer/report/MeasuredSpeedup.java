package org.vdsoexplorer.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vdsoexplorer.sim.Setup;

/**
 * What the seeds measured for a pair of setups: two cells of one seed table ({@code assets/seeds.yaml}) whose rows are
 * the two setups' scenario, variant and clock. A lesson's speed question on that pair is graded against it as well as
 * against the model ({@code check-lessons} refuses a band that leaves it out), and its reveal shows it beside the
 * model's figure. Computed from the table, never written in a lesson.
 */
public record MeasuredSpeedup(SeedTables.Table table, SeedTables.Cell a, SeedTables.Cell b) {

    /** A's speed over B's in the seed: calls over calls, or B's time over A's for a table of times. */
    public double aOverB() { return table.calls() ? a.seed() / b.seed() : b.seed() / a.seed(); }

    public boolean aFaster() { return aOverB() > 1; }

    /** The faster one's speed over the slower one's, as {@link Speedup#ratio} has it for the model. */
    public double ratio() { return Math.max(aOverB(), 1 / aOverB()); }

    /** How many percent more calls the faster one makes, to one decimal ({@link Speedup#percent}'s rounding). */
    public double percent() { return Math.round((ratio() - 1) * 1000) / 10.0; }

    /** The ratio to one decimal ({@link Speedup#factor}'s rounding). */
    public double factor() { return Math.round(ratio() * 10) / 10.0; }

    /** "seed table 'TITLE': 'A' 163691015 against 'B' 155278332 [SOURCE]", for the reveal and the checker. */
    public String describe() {
        return String.format(Locale.ROOT, "seed table '%s': '%s' %s against '%s' %s [%s]", table.title(), a.label(),
                figure(a.seed()), b.label(), figure(b.seed()), table.source());
    }

    private static final java.util.regex.Pattern SOURCE_ENTRY = java.util.regex.Pattern.compile("sources\\.md#(s[0-9]+)");

    /** The entry of docs/sources.md the table cites ("s2"), or "" if its source names none. */
    public String sourceEntry() {
        var m = SOURCE_ENTRY.matcher(table.source());
        return m.find() ? m.group(1) : "";
    }

    private static String figure(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3g", v);
    }

    /** Every seed table that has a cell for {@code a} and one for {@code b} (scenario, variant and clock), in file order. */
    public static List<MeasuredSpeedup> find(List<SeedTables.Table> tables, Setup a, Setup b) {
        List<MeasuredSpeedup> out = new ArrayList<>();
        for (SeedTables.Table t : tables) {
            SeedTables.Cell ca = cell(t, a), cb = cell(t, b);
            if (ca != null && cb != null && ca != cb) out.add(new MeasuredSpeedup(t, ca, cb));
        }
        return out;
    }

    private static SeedTables.Cell cell(SeedTables.Table t, Setup s) {
        for (SeedTables.Cell c : t.cells()) {
            Setup r = c.setup();
            if (r.scenario() == s.scenario() && r.variant() == s.variant() && r.clock() == s.clock()) return c;
        }
        return null;
    }
}

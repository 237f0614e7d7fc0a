package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/** The other side of a comparison: a complete scenario, variant and clock. */
public record Compare(Scenario scenario, Variant variant, Clock clock) {

    /** The names that tell {@code a} and {@code b} apart, e.g. "timens-inline" or "host / unlikely". */
    public static String label(Scenario s, Variant v, Clock c, Scenario os, Variant ov, Clock oc) {
        List<String> parts = new ArrayList<>();
        if (s != os) parts.add(s.cliName());
        if (v != ov) parts.add(v.cliName());
        if (c != oc) parts.add(c.cliName());
        return String.join(" / ", parts);
    }
}

package org.vdsoexplorer.lesson;

import java.util.List;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.SetupText;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * A step's ```setup block, resolved: the model setup (scenario, variant, clock, compiler, timing model, tick, read by
 * {@link SetupText}; carried over from earlier setup blocks when not written), where to run the model to, writer
 * updates by reader step, breakpoints, the compared setup ({@code compare}, or null), the view to focus and the element
 * to highlight, writer updates at symbolic anchors ({@code updateAnchors}, turned into reader steps by
 * {@link Anchors#resolve}) and the claims about the call from the setup point that check-lessons verifies
 * ({@code expect}, or null). {@code line} is the block's first line in the lesson file; {@code lines} maps each key
 * written to its line. A step's setup always starts from a fresh machine (step 0), so a step can be entered directly.
 */
public record StepSetup(int line, Setup setup, Target runTo, List<Long> writerUpdateAt, List<Target> breakpoints,
                        Setup compare, View focus, String highlight, java.util.Map<String, Integer> lines,
                        List<Target> updateAnchors, Goal expect) {

    public StepSetup {
        writerUpdateAt = List.copyOf(writerUpdateAt);
        breakpoints = List.copyOf(breakpoints);
        lines = java.util.Map.copyOf(lines);
        updateAnchors = List.copyOf(updateAnchors);
    }

    /** A setup without symbolic writer updates and without expectations. */
    public StepSetup(int line, Setup setup, Target runTo, List<Long> writerUpdateAt, List<Target> breakpoints, Setup compare,
                     View focus, String highlight, java.util.Map<String, Integer> lines) {
        this(line, setup, runTo, writerUpdateAt, breakpoints, compare, focus, highlight, lines, List.of(), null);
    }

    public Scenario scenario() { return setup.scenario(); }

    public Variant variant() { return setup.variant(); }

    public Clock clock() { return setup.clock(); }

    /** Whether run_to or a writer update is an anchor the model must resolve ({@link Anchors#resolve}). */
    public boolean symbolic() { return !updateAnchors.isEmpty() || runTo != null && runTo.symbolic(); }

    /** The model setup to build. */
    public Setup modelSetup() { return setup; }

    /** The compared model setup, or null. */
    public Setup compareSetup() { return compare; }

    /** The line of key {@code key} in the lesson file (the block's line if the key was not written). */
    public int lineOf(String key) { return lines.getOrDefault(key, line); }

    /** This setup's label in a comparison. */
    public String label() { return compare == null ? SetupText.describe(setup) : SetupText.difference(setup, compare); }

    /** The compared setup's label. */
    public String compareLabel() { return compare == null ? "" : SetupText.difference(compare, setup); }
}

package org.vdsoexplorer.session;

import java.util.Objects;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * The setup the user chose (scenario, variant, clock, tick) as one observable value, and the one way to
 * change it: {@link #choose(Setup)}. A runnable choice loads the session; an unrunnable one (e.g. a
 * namespace scenario with a variant that has no namespace code) is kept as the choice, with
 * {@link #problemProperty()} saying why, while the session stays on the last runnable setup. The pickers
 * show {@link #chosenProperty()} and call {@code choose(chosen().with(x))}.
 */
public final class SetupModel {
    private final Session session;
    private final ReadOnlyObjectWrapper<Setup> chosen = new ReadOnlyObjectWrapper<>(this, "chosen");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");

    public SetupModel(Session session) {
        this.session = session;
        chosen.set(session.setup());
    }

    /** The choice the pickers show (may be unrunnable: see {@link #problemProperty()}). */
    public ReadOnlyObjectProperty<Setup> chosenProperty() { return chosen.getReadOnlyProperty(); }

    public Setup chosen() { return chosen.get(); }

    /** Why {@link #chosen()} cannot run ("" when it runs), with the setup the views still show. */
    public ReadOnlyStringProperty problemProperty() { return problem.getReadOnlyProperty(); }

    public boolean runnable() { return problem.get().isEmpty(); }

    /**
     * Makes {@code s} the choice. If it can run and differs from the session's setup, the session starts
     * over with it. Choosing the current choice again does nothing.
     */
    public void choose(Setup s) {
        Objects.requireNonNull(s);
        if (s.equals(chosen.get()) && (s.problem() != null || s.equals(session.setup()))) return;
        chosen.set(s);
        String why = s.problem();
        if (why != null) {
            problem.set("Cannot run this combination: " + why + ". The views still show the last valid setup ("
                    + describe(session.setup()) + ").");
            return;
        }
        problem.set("");
        if (!s.equals(session.setup())) session.load(s);
    }

    /** {@link #choose(Setup)}, then starts over even if {@code s} was already running (a lesson step's fresh machine). */
    public void start(Setup s) {
        boolean same = s.equals(session.setup());
        choose(s);
        if (same) session.reset();
    }

    public void choose(Scenario s) { choose(chosen.get().with(s)); }

    public void choose(Variant v) { choose(chosen.get().with(v)); }

    public void choose(Clock c) { choose(chosen.get().with(c)); }

    public void choose(Tick t) { choose(t.applyTo(chosen.get())); }

    /** The timing model that charges the cycles (additive, or the pipeline on one core). */
    public void choose(org.vdsoexplorer.sim.timing.TimingModel t) { choose(chosen.get().with(t)); }

    /** Why variant {@code v} cannot run with the chosen scenario, or null (for the variant list's marks). */
    public String problemWith(Variant v) { return chosen.get().with(v).problem(); }

    /** "scenario / variant / clock" by their CLI names (and the compiler and timing model when not the defaults). */
    public static String describe(Setup s) { return org.vdsoexplorer.sim.SetupText.describe(s); }
}

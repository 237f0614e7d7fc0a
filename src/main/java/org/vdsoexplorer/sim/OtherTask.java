package org.vdsoexplorer.sim;

import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Kernel;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * Another task on the same kernel as a machine's task: beside a host task, a task in a time namespace, and
 * the other way round. Its address space maps the same kinds of pages in its own order (the page order is
 * the kernel's choice, whichever variant runs): a second kernel instance of the sibling scenario.
 */
public record OtherTask(Scenario scenario, AddressSpace addressSpace) {

    /** The scenario of the other task beside {@code s}, or null if the model has none (only host and timens pair up). */
    public static Scenario siblingOf(Scenario s) {
        return s == Scenario.TIMENS ? Scenario.HOST : s == Scenario.HOST ? Scenario.TIMENS : null;
    }

    /** The other task beside {@code m}'s task, or null if the model has none for its scenario. */
    public static OtherTask of(Machine m) {
        Setup setup = m.setup();
        Scenario s = siblingOf(setup.scenario());
        if (s == null) return null;
        AddressSpace as = new AddressSpace(m.listing().textStart(), m.listing().textEnd());
        new Kernel(s, setup.costs(), setup.ghz(), setup.tickCycles(), as); // maps its pages into as
        return new OtherTask(s, as);
    }
}

package org.vdsoexplorer.archfixture.app;

import org.vdsoexplorer.archfixture.cli.CliCallingTheView;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;

/** A "view" that builds its own machine and uses the CLI (a layer it may not use; with the CLI class, a package cycle). */
public final class ViewBuildingAMachine {
    public Machine build(Setup s) { return new Machine(s); }

    public Object cli() { return new CliCallingTheView(); }
}

package org.vdsoexplorer.archfixture.cli;

import org.vdsoexplorer.archfixture.app.ViewBuildingAMachine;

/** A "CLI" class that depends on a view (a UI dependency, and a cycle with it). */
public final class CliCallingTheView {
    public static final String NAME = "cli";

    public Object view() { return new ViewBuildingAMachine(); }
}

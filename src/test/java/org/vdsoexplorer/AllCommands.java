package org.vdsoexplorer;

import org.vdsoexplorer.cli.Commands;

/** For tests in other packages: every command the launcher registers (the headless ones and those of the app). */
public final class AllCommands {
    private AllCommands() {}

    public static Commands all() { return Main.commands(); }
}

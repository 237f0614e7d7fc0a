package org.vdsoexplorer;

import org.vdsoexplorer.cli.Cli;

/**
 * Entry point of {@code vdso-explorer.jar}.
 *
 * <p>Without arguments the JavaFX application is launched; with arguments the
 * headless command line ({@link Cli}) handles them. This class deliberately does
 * not reference JavaFX types itself, so the CLI path never loads the toolkit.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            org.vdsoexplorer.app.Launch.launch(args);
            return;
        }
        System.exit(Cli.run(args));
    }
}

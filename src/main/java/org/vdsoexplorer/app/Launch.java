package org.vdsoexplorer.app;

import javafx.application.Application;

/** Tiny indirection so that {@code org.vdsoexplorer.Main} touches JavaFX only when launching the GUI. */
public final class Launch {

    private Launch() {
    }

    public static void launch(String... args) {
        Application.launch(VdsoExplorerApp.class, args);
    }
}

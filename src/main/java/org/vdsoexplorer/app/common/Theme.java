package org.vdsoexplorer.app.common;

/**
 * The chrome's theme: AtlantaFX's Primer Light as the application's user-agent stylesheet, so the toolbar, tabs,
 * menus, popovers, dialogs and the lesson panel share one look; app.css (the author level) keeps the views' own flat,
 * effect-free drawing on top of it, and defines the few Modena colours ControlsFX's controls look up (STACK.md: with
 * Primer alone its SegmentedButton and PopOver draw without them).
 */
public final class Theme {
    private Theme() {}

    private static boolean installed;

    /** Installs the theme once (on the FX thread, before the first window is built). */
    public static void install() {
        if (installed) return;
        installed = true;
        javafx.application.Application.setUserAgentStylesheet(new atlantafx.base.theme.PrimerLight().getUserAgentStylesheet());
    }
}

package org.vdsoexplorer.viewmodel;

/** What a key (or a toolbar button) does. The help text is made from these descriptions and the {@link KeyMap}. */
public enum Action {
    STEP("step one reader instruction"),
    BACK("step back one instruction (exact)"),
    LINE("next C line"),
    BACK_LINE("back to the previous C line"),
    CALL("run to the end of this clock_gettime() call"),
    RUN_PAUSE("run / pause at the speed of the slider"),
    KERNEL_UPDATE("kernel update now: update_vsyscall() before the next step"),
    BREAKPOINT("breakpoint on the next instruction"),
    RESET("reset (start over)"),
    REDUCED_MOTION("reduced motion on / off"),
    LESSONS("lessons panel on / off (presenter mode is in the panel)"),
    SAVE_DEMO("save a demo file"),
    OPEN_DEMO("open a demo file"),
    EXPORT_PNG("export the window and each view as PNG"),
    EXPORT_GIF("export this call (or a range of steps) as an animated GIF"),
    ZOOM_IN("bigger text"),
    ZOOM_OUT("smaller text"),
    HELP("this help"),
    CLOSE_HELP("close this help");

    public final String description;

    Action(String description) { this.description = description; }

    /** The actions that step one model; in the Compare tab these drive both panes in lockstep. */
    public boolean lockstep() { return this == STEP || this == LINE || this == CALL; }

    /** The actions that move or change the main window's model (refused while the chosen setup cannot run). */
    public boolean movesModel() {
        return switch (this) {
            case STEP, BACK, LINE, BACK_LINE, CALL, RUN_PAUSE, KERNEL_UPDATE, BREAKPOINT, RESET -> true;
            default -> false;
        };
    }
}

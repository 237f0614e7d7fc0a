package org.vdsoexplorer.session;

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
    PROJECTOR_THEME("projector theme on / off: dark text on white, saturated accents, thicker lines"),
    LESSONS("lessons panel on / off (presenter mode is in the panel)"),
    SAVE_DEMO("save a demo file"),
    OPEN_DEMO("open a demo file"),
    EXPORT_PNG("export the window and each view as PNG files (asks for a folder)"),
    ZOOM_IN("scale up: text and the drawn views (75-250 %)"),
    ZOOM_OUT("scale down"),
    SCALE("next scale: 100, 125, 150, 175, 200, 250 %, then 100 % again"),
    FOCUS_CODE("maximise the code view; again: all four views (or double-click a view's title)"),
    FOCUS_PAGES("maximise the pages view; again: all four"),
    FOCUS_SEQLOCK("maximise the seqlock view; again: all four"),
    FOCUS_DISPATCH("maximise the dispatch view; again: all four"),
    BLANK("presenter mode: black screen / show again"),
    LESSON_TEXT("presenter mode: lesson text shown / hidden"),
    SPOTLIGHT("presenter mode: spotlight on / off"),
    NOTES("presenter mode: speaker notes window shown / hidden"),
    EXPORT_GIF("export this call (or a range of steps) as an animated GIF"),
    HELP("this help"),
    CLOSE_HELP("close this help; in presenter mode: show a blanked screen again, else leave presenter mode");

    public final String description;

    Action(String description) { this.description = description; }

    /** The actions that step one model; in the Compare tab these drive both panes in lockstep. */
    public boolean lockstep() { return this == STEP || this == LINE || this == CALL; }

    /** The view an action maximises (a FOCUS_ action), or null. */
    public org.vdsoexplorer.lesson.View focusView() {
        return switch (this) {
            case FOCUS_CODE -> org.vdsoexplorer.lesson.View.CODE;
            case FOCUS_PAGES -> org.vdsoexplorer.lesson.View.PAGES;
            case FOCUS_SEQLOCK -> org.vdsoexplorer.lesson.View.SEQLOCK;
            case FOCUS_DISPATCH -> org.vdsoexplorer.lesson.View.DISPATCH;
            default -> null;
        };
    }

    /** The actions that move or change the main window's model (refused while the chosen setup cannot run). */
    public boolean movesModel() {
        return switch (this) {
            case STEP, BACK, LINE, BACK_LINE, CALL, RUN_PAUSE, KERNEL_UPDATE, BREAKPOINT, RESET -> true;
            default -> false;
        };
    }
}

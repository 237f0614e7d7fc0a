package org.vdsoexplorer.session;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.vdsoexplorer.sim.Setup;

/**
 * The main window's view-model: the one {@link Session}, the chosen setup ({@link SetupModel}), the
 * {@link Runner}, the {@link KeyMap} and the status line. The window's controller binds controls to
 * these and forwards key presses and button clicks to {@link #perform(Action)}; nothing here touches the
 * scene graph, so it is tested without a stage.
 */
public final class WindowModel {
    private final Session session;
    private final SetupModel setup;
    private final Runner runner;
    private final KeyMap keys = KeyMap.standard();
    private final UiScale scale = new UiScale();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private Setup described;

    public WindowModel(Setup initial) { this(initial, System::nanoTime); }

    /** A window's model whose runner budgets each frame's work on {@code workClock} (nanoseconds, as {@link Runner} takes it). */
    public WindowModel(Setup initial, java.util.function.LongSupplier workClock) {
        session = new Session(initial);
        setup = new SetupModel(session);
        runner = new Runner(session, status::set, workClock);
        setup.chosenProperty().addListener((o, a, b) -> runner.setRunning(false));
        setup.problemProperty().addListener((o, a, b) -> { if (!b.isEmpty()) runner.setRunning(false); });
        session.addListener(this::sessionChanged);
        sessionChanged();
    }

    public Session session() { return session; }

    public SetupModel setup() { return setup; }

    public Runner runner() { return runner; }

    public KeyMap keys() { return keys; }

    /** The window's scale (Ctrl +/-, Z; presenter mode's too). */
    public UiScale scale() { return scale; }

    /** The status line: what runs, or what the last action did or why it failed. */
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }

    public void setStatus(String s) { status.set(s); }

    private void sessionChanged() {
        if (described != session.setup() || (!runner.isRunning() && status.get().isEmpty())) {
            described = session.setup();
            status.set(SetupModel.describe(described) + ": " + described.scenario().description());
        }
    }

    /**
     * Runs {@code r} on the model unless the chosen setup cannot run; a model error goes to the status
     * line (and the views catch up) instead of escaping.
     */
    public void act(Runnable r) {
        if (!setup.runnable()) return;
        try {
            status.set("");
            r.run();
        } catch (RuntimeException e) {
            status.set("error: " + e.getMessage());
            session.fire();
        }
    }

    /**
     * Performs a model action ({@link Action#movesModel()}) on the main session; returns false for other
     * actions (the window's own: help, zoom, files, panels), which the controller performs.
     */
    public boolean perform(Action a) {
        switch (a) {
            case STEP -> act(session::step);
            case BACK -> act(() -> session.back(1));
            case LINE -> act(session::stepLine);
            case BACK_LINE -> act(session::backLine);
            case CALL -> act(session::runCall);
            case RUN_PAUSE -> { if (setup.runnable()) runner.setRunning(!runner.isRunning()); }
            case KERNEL_UPDATE -> act(session::injectWriterUpdate);
            case BREAKPOINT -> act(() -> session.toggleInstructionBreakpoint(session.machine().next().index()));
            case RESET -> {
                runner.setRunning(false);
                act(session::reset);
            }
            default -> { return false; }
        }
        return true;
    }
}

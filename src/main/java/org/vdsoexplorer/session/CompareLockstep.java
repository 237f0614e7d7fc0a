package org.vdsoexplorer.session;

import java.util.function.Supplier;
import org.vdsoexplorer.sim.Lockstep;

/**
 * The comparison's two sessions (panes A and B) stepped by the model's {@link Lockstep}: an instruction,
 * a C line, the rest of a call or whole calls; a pane whose call ended first waits for the other. Each step
 * notifies both sessions once. The sessions are supplied, as the comparison rebuilds them on a new setup.
 */
public final class CompareLockstep {
    private final Supplier<Session> a, b;

    public CompareLockstep(Supplier<Session> a, Supplier<Session> b) {
        this.a = a;
        this.b = b;
    }

    /** {@code s} as a lockstep pane whose moves do not notify its views (a step notifies once, at its end). */
    static Lockstep.Pane pane(Session s) {
        return new Lockstep.Pane() {
            @Override public boolean inCall() { return s.machine().inCall(); }
            @Override public void step() { s.stepQuiet(); }
            @Override public void stepLine() { s.stepLineQuiet(); }
            @Override public void runCall() { s.runCallQuiet(); }
        };
    }

    /** True while one pane has finished its call and waits for the other. */
    public boolean waiting() { return Lockstep.waiting(pane(a.get()), pane(b.get())); }

    public void step() { move(() -> Lockstep.step(pane(a.get()), pane(b.get()))); }

    public void stepLine() { move(() -> Lockstep.stepLine(pane(a.get()), pane(b.get()))); }

    public void runCall() { move(() -> Lockstep.runCall(pane(a.get()), pane(b.get()))); }

    /** The rest of the current call, then {@code n} whole calls in each pane. */
    public void runCalls(int n) { move(() -> Lockstep.runCalls(pane(a.get()), pane(b.get()), n)); }

    private void move(Runnable r) {
        r.run();
        a.get().fire();
        b.get().fire();
    }
}

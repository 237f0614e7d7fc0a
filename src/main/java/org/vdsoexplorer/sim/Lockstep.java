package org.vdsoexplorer.sim;

/**
 * Two models stepped in lockstep (the compare view's panes A and B): a step (an instruction, a C line or a
 * whole call) moves both while both are inside a call, or both are between calls. When one call ends
 * first, that model waits there while the other finishes its call; then the next step starts the next
 * call in both. Pure orchestration over two {@link Pane}s.
 */
public final class Lockstep {
    private Lockstep() {}

    /** One of the two models: the compare view's session, or a bare machine. */
    public interface Pane {
        boolean inCall();

        /** One reader instruction. */
        void step();

        /** On to the next C line (or the end of the call). */
        void stepLine();

        /** The rest of the current call, or one whole call between calls. */
        void runCall();
    }

    /** Whether pane {@code self} moves on the next step: both in a call, both between calls, or it is the one in a call. */
    public static boolean moves(Pane self, Pane other) { return self.inCall() || !other.inCall(); }

    /** True while one pane has finished its call and waits for the other. */
    public static boolean waiting(Pane a, Pane b) { return a.inCall() != b.inCall(); }

    /** One reader instruction in each pane that moves. */
    public static void step(Pane a, Pane b) {
        boolean ma = moves(a, b), mb = moves(b, a);
        if (ma) a.step();
        if (mb) b.step();
    }

    /** One C line in each pane that moves (each its own next line). */
    public static void stepLine(Pane a, Pane b) {
        boolean ma = moves(a, b), mb = moves(b, a);
        if (ma) a.stepLine();
        if (mb) b.stepLine();
    }

    /** Finishes the current call in the panes inside one; if both are between calls, one whole call in each. */
    public static void runCall(Pane a, Pane b) {
        boolean ma = moves(a, b), mb = moves(b, a);
        if (ma) a.runCall();
        if (mb) b.runCall();
    }

    /** Finishes the current call, then {@code n} whole calls in each pane. */
    public static void runCalls(Pane a, Pane b, int n) {
        if (a.inCall() || b.inCall()) runCall(a, b);
        for (int i = 0; i < n; i++) {
            a.runCall();
            b.runCall();
        }
    }
}

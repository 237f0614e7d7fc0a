package org.vdsoexplorer.sim.timing;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.sim.state.Derived;
import org.vdsoexplorer.sim.state.StepState;

/**
 * The timeline view's recorder (llvm-mca's TimelineView): listens to a {@link Pipeline} and keeps the rows of
 * the call in progress and of the last finished call, at most {@link #MAX_ROWS} a call. It records only while
 * the machine is watched (reports leave it off: rows cost memory). The rows are step-back state ({@link State}),
 * saved and restored with the machine's.
 */
public final class TimelineRecorder implements Pipeline.Listener {
    /** Rows kept per call for the timeline view. */
    public static final int MAX_ROWS = 4096;

    /** The rows: of the call in progress, and of the last finished call. */
    public static final class State extends StepState<State> {
        ArrayList<Pipeline.Slot> rows = new ArrayList<>();
        List<Pipeline.Slot> lastRows = List.of();

        private State() {}
    }

    private final Pipeline pipeline;
    private final State st = new State();
    @Derived("configuration: on while a sink watches the machine (Machine.setSink); what is recorded is state")
    private boolean recording;

    public TimelineRecorder(Pipeline pipeline) { this.pipeline = pipeline; }

    /** Records rows from now on (listening to the pipeline), or stops and forgets the call in progress's. */
    public void setRecording(boolean on) {
        recording = on;
        pipeline.setListener(on ? this : null);
        if (!on) st.rows.clear();
    }

    public boolean recording() { return recording; }

    @Override public void retired(Pipeline.Slot s) {
        if (st.rows.size() < MAX_ROWS) st.rows.add(s);
    }

    /** A call starts: the rows so far become the last finished call's. */
    public void callStart() {
        if (!recording) return;
        st.lastRows = List.copyOf(st.rows);
        st.rows = new ArrayList<>();
    }

    /** Rows of the call in progress (or of the last call, right after it ended), in program order. */
    public List<Pipeline.Slot> currentRows() { return List.copyOf(st.rows); }

    public List<Pipeline.Slot> lastRows() { return st.lastRows; }

    public State save() { return st.copy(); }

    public void restore(State s) { st.copyFrom(s); }
}

package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.event.EventSink;
import org.vdsoexplorer.sim.kernel.VvarLocation;

/**
 * What a predict question watches for, fed the model's events: the events of the current call (for
 * {@link CallFacts}); once {@link #arm armed} at the setup point, the first load from a vvar slot and the
 * first seq load. {@link #answered} says when the run can stop.
 */
public final class AnswerWatch implements EventSink {
    private Stepper stepper;
    final List<Event> call = new ArrayList<>();
    Event.MemRead firstSeq, firstVvar;
    long firstSeqStep = -1, firstVvarStep = -1;

    /** From now on the watch records the first vvar and seq loads, at {@code s}'s reader step numbers. */
    public void arm(Stepper s) { this.stepper = s; }

    @Override
    public void accept(Event e) {
        if (e instanceof Event.CallStart) call.clear();
        if (call.size() < 2_000_000) call.add(e);
        if (!(e instanceof Event.MemRead r) || !(r.where() instanceof VvarLocation v) || stepper == null) return;
        if (firstVvar == null) {
            firstVvar = r;
            firstVvarStep = stepper.position() + 1;
        }
        if (firstSeq == null && r.size() == 4 && v.isSeq()) {
            firstSeq = r;
            firstSeqStep = stepper.position() + 1;
        }
    }

    /** The facts of {@code r}, the call whose events this watch saw last. */
    public CallFacts facts(CallResult r) { return CallFacts.of(r, call); }

    /** True once the run shows {@code k}'s answer; {@code r}: the call the last step finished, or null. */
    public boolean answered(PredictKind k, CallResult r) {
        return switch (k) {
            case NEXT_SEQ, SEQ_PARITY -> firstSeq != null;
            case NEXT_PAGE_SLOT, NEXT_PAGE_KIND -> firstVvar != null;
            default -> r != null;
        };
    }
}

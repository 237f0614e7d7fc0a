package org.vdsoexplorer.model.lesson;

import org.vdsoexplorer.model.CallResult;
import org.vdsoexplorer.model.event.Event;
import org.vdsoexplorer.model.event.EventSink;
import org.vdsoexplorer.model.kernel.PageKind;
import org.vdsoexplorer.model.kernel.VvarLocation;

/**
 * What a predict question watches for, fed the model's events: in the current call, the pushes, the
 * counter it read (syscall, Hyper-V or pvclock page, rdtsc); once {@link #arm armed} at the setup point,
 * the first load from a vvar slot and the first seq load. {@link #answered} says when the run can stop.
 */
public final class AnswerWatch implements EventSink {
    private Stepper stepper;
    int pushes;
    boolean syscall, pvclock, hvclock, rdtsc;
    Event.MemRead firstSeq, firstVvar;
    long firstSeqStep = -1, firstVvarStep = -1;

    /** From now on the watch records the first vvar and seq loads, at {@code s}'s reader step numbers. */
    public void arm(Stepper s) { this.stepper = s; }

    @Override
    public void accept(Event e) {
        switch (e) {
            case Event.CallStart cs -> {
                pushes = 0;
                syscall = pvclock = hvclock = rdtsc = false;
            }
            case Event.Push p -> { if (p.reg() >= 0) pushes++; }
            case Event.Syscall s -> syscall = true;
            case Event.Retired r -> { if (r.insn().mnemonic().startsWith("rdtsc")) rdtsc = true; }
            case Event.MemRead r -> {
                if (!(r.where() instanceof VvarLocation v)) return;
                if (v.kind() == PageKind.PVCLOCK) pvclock = true;
                if (v.kind() == PageKind.HVCLOCK) hvclock = true;
                if (stepper == null) return;
                if (firstVvar == null) {
                    firstVvar = r;
                    firstVvarStep = stepper.position() + 1;
                }
                if (firstSeq == null && r.size() == 4 && v.isSeq()) {
                    firstSeq = r;
                    firstSeqStep = stepper.position() + 1;
                }
            }
            default -> { }
        }
    }

    /** True once the run shows {@code k}'s answer; {@code r}: the call the last step finished, or null. */
    public boolean answered(PredictKind k, CallResult r) {
        return switch (k) {
            case NEXT_SEQ -> firstSeq != null;
            case NEXT_PAGE_SLOT, NEXT_PAGE_KIND -> firstVvar != null;
            default -> r != null;
        };
    }
}

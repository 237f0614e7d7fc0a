package org.vdsoexplorer.sim.kernel;

import org.vdsoexplorer.sim.state.StepState;

/**
 * The reader's side of the vdso_data seqlock, as do_hres() / do_coarse() run it on the real data page:
 * a load of seq either begins a read (even: vdso_read_begin() returns), finds a writer active (odd: the
 * reader spins), or is the retry check after the data loads (vdso_read_retry(): equal to the begin value,
 * or not and the loop runs again). The kernel's probe and the seqlock trace of a call both classify seq
 * loads with this one state machine. Mutable; {@link #reset()} at each call. Step-back state as it is (a
 * {@link StepState}: the kernel's holder copies it).
 */
public final class SeqCheck extends StepState<SeqCheck> {
    /** What one seq load was. */
    public enum Outcome { ODD, BEGIN, CHECK_OK, RETRY }

    private boolean expectCheck;
    private long begin = -1;

    /** Classifies the next seq load of the real data page, which read {@code value}. */
    public Outcome read(long value) {
        if (expectCheck) {
            expectCheck = false;
            return value == begin ? Outcome.CHECK_OK : Outcome.RETRY;
        }
        if ((value & 1) != 0) return Outcome.ODD;
        begin = value;
        expectCheck = true;
        return Outcome.BEGIN;
    }

    /** True between a begin load and its check. */
    public boolean expectCheck() { return expectCheck; }

    /** The seq value of the last begin load (-1 before any). */
    public long begin() { return begin; }

    public void reset() { restore(false, -1); }

    public void restore(boolean expectCheck, long begin) {
        this.expectCheck = expectCheck;
        this.begin = begin;
    }
}

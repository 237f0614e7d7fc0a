package org.vdsoexplorer.lesson;

/**
 * A value the views show that can answer a predict question; while such a question is open the views
 * show it as "?" (see {@link PredictKind#masks()}).
 */
public enum Shown {
    /** The vdso_data seq value: the seqlock badge, band and load labels, the pages view's seq fields. */
    SEQ,
    /** Which vvar slot and page the loads touched: the pages view's last read and trail. */
    PAGE_TRAIL,
    /** The dispatch path: the header line, the lit path, the per-edge counts, the fallback banner. */
    DISPATCH_PATH,
    /** Push and pop counts of this call (the code view's spill counter). */
    SPILLS,
    /** Instructions and reader steps of this call (the counters, the seqlock view's step count). */
    CALL_INSTRUCTIONS,
    /** Retry counts (the seqlock view's headline). */
    RETRIES,
    /** Odd-seq spin counts (the seqlock view's headline). */
    SPINS,
    /** Time per call and calls per 3 s (the counters, the comparison's speed line). */
    CALL_RATE
}

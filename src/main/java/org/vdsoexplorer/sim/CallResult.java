package org.vdsoexplorer.sim;

/**
 * One finished clock_gettime() call: what it returned, what the kernel's reference says it should have,
 * and what it cost. Cycle figures in milli-cycles.
 */
public record CallResult(long number, long ret, long sec, long nsec, long[] expected, long instructions,
                         long costMilli, int retries, int oddSpins, boolean fallback, long tsc) {

    /** True when the returned time equals the kernel's reference (or the call failed as the kernel would). */
    public boolean correct() {
        return expected != null && expected[0] == sec && expected[1] == nsec && ret == 0;
    }
}

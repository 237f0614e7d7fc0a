package org.vdsoexplorer.sim.cpu;

/**
 * A timing model that replaces the cost table's per-instruction charges (the interpreter's default,
 * additive model, is used when none is set). The interpreter calls it around every instruction it
 * executes, in program order, with what only execution knows (branch outcome and prediction, the
 * kernel's cost). Times are in milli-cycles like the interpreter's counter.
 */
public interface Clocking {
    /**
     * Instruction {@code index} of the listing is about to execute (registers hold their values before it).
     * Returns the time at which it executes: rdtsc reads the counter then, the kernel runs then.
     */
    long begin(Interpreter in, int index);

    /** The instruction being executed is a branch: taken or not, and whether the predictor got it wrong. */
    void branch(boolean taken, boolean mispredicted);

    /** The instruction being executed entered the kernel, which took {@code milli}. */
    void kernel(long milli);

    /** Time spent outside the listing before the next instruction (the caller loop). */
    void stall(long milli);

    /** The instruction finished executing; returns its retirement time, never before the previous one's. */
    long end(Interpreter in, int index);
}

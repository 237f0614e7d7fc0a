package org.vdsoexplorer.sim.cpu;

/**
 * A timing model: what charges the cycles of the instructions the interpreter executes. Two exist, the
 * additive cost table ({@link AdditiveClocking}, the default) and the out-of-order pipeline
 * ({@code sim.timing.Pipeline}). The interpreter calls it around every instruction it executes, in program
 * order, with what only execution knows (branch outcome and prediction, the kernel's cost). Times are in
 * milli-cycles like the interpreter's counter, which holds what {@link #begin} and {@link #end} return.
 *
 * <p>An abstract class rather than an interface so that the charging of categories ({@link #chargeInstruction})
 * stays reachable by timing models only, not by everything that holds an interpreter.
 */
public abstract class Clocking {
    protected Clocking() {}

    /**
     * Instruction {@code index} of the listing is about to execute (registers hold their values before it,
     * {@code in.cycles()} the time so far). Returns the time at which it executes: rdtsc reads the counter
     * then, the kernel runs then.
     */
    public abstract long begin(Interpreter in, int index);

    /** The instruction being executed is a branch: taken or not, and whether the predictor got it wrong. */
    public abstract void branch(Interpreter in, boolean taken, boolean mispredicted);

    /** The instruction being executed entered the kernel, which took {@code milli}. */
    public abstract void kernel(Interpreter in, long milli);

    /** Time spent outside the listing before the next instruction (the caller loop), of category {@code c}. */
    public abstract void stall(Interpreter in, long milli, Category c);

    /** The instruction finished executing; returns its retirement time, never before the previous one's. */
    public abstract long end(Interpreter in, int index);

    /**
     * Milli-cycles charged to each instruction of a listing of {@code size} on every retirement and counted
     * by retirements ({@link Interpreter#categoryMilli}: retirements x this, by the instruction's category);
     * zero where {@link #end} charges the time itself.
     */
    protected long[] fixedMilli(int size) { return new long[size]; }

    /** Charges {@code milli} of instruction {@code index}'s time to its category (seq retries while overridden). */
    protected static void chargeInstruction(Interpreter in, int index, long milli) { in.chargeInstruction(index, milli); }
}

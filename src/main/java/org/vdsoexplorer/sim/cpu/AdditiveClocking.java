package org.vdsoexplorer.sim.cpu;

import org.vdsoexplorer.sim.cost.CostTable;

/**
 * The additive timing model: every instruction costs its class's reciprocal throughput from the {@link
 * CostTable} (assets/costs.yaml), plus the table's dynamic extras (a taken branch, a mispredict, the kernel's
 * cost of a system call) added as they happen, so the counter is the sum. Instruction costs are charged to
 * categories by retirement count ({@link #fixedMilli}); the extras as they are added.
 *
 * <p>It lives beside the interpreter rather than in {@code sim.cost} because the interpreter already reads
 * the cost table (a clocking in {@code sim.cost} would make the two packages depend on each other).
 */
final class AdditiveClocking extends Clocking {
    private static final int BRANCHES = Category.BRANCHES.ordinal(), SYSCALL = Category.SYSCALL.ordinal();

    private final long[] cost;
    private final long takenMilli, mispredictMilli;

    AdditiveClocking(CostTable costs, Op[] ops) {
        this.cost = new long[ops.length];
        for (int i = 0; i < ops.length; i++) cost[i] = costs.instructionMilli(ops[i].costClass);
        this.takenMilli = costs.takenBranchMilli();
        this.mispredictMilli = costs.mispredictMilli();
    }

    @Override public long begin(Interpreter in, int index) { return in.cycles(); }

    /** A mispredict and a taken branch each cost their extra (one charge of the sum: a smaller hot path). */
    @Override public void branch(Interpreter in, boolean taken, boolean mispredicted) {
        if (taken | mispredicted) in.extra((taken ? takenMilli : 0) + (mispredicted ? mispredictMilli : 0), BRANCHES);
    }

    @Override public void kernel(Interpreter in, long milli) { in.extra(milli, SYSCALL); }

    @Override public void stall(Interpreter in, long milli, Category c) { in.stall(milli, c.ordinal()); }

    @Override public long end(Interpreter in, int index) { return in.cycles() + cost[index]; }

    @Override protected long[] fixedMilli(int size) { return cost.clone(); }
}

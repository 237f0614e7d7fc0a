package org.vdsoexplorer.sim.timing;

import java.util.ArrayList;
import java.util.List;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.Operand;
import org.vdsoexplorer.sim.asm.Registers;

/**
 * The benchmark's caller loop as the pipeline schedules it between two calls: the instructions of the loop
 * in {@code assets/listings/caller/gettime_perf.lst} (gettime_perf.c's loop built as its selftest Makefile
 * builds it, -O0) from just after its call to the call itself - the loop's counter in memory, the reload
 * of the function pointer, the compare of the {@code tv_sec} the call stored, the taken loop branch and the
 * call that pushes the return address. Addresses come from a {@link Frame}: the caller's frame pointer is
 * placed so that the timespec it passes is the one the model's calls write, and the call pushes its
 * return address where the model's ret finds it, so store-to-load forwarding links the two.
 */
public final class CallerLoop {

    /** Where the loop sits in the model's memory: the listing, the timespec the calls write, the stack top. */
    public record Frame(Listing listing, long timespec, long stackStart) {
        CallerLoop bind(Core core) { return CallerLoop.of(this, core); }
    }

    private final Shape[] shapes;
    private final Core.Uop[] mains;
    private final int[] ports;
    private final boolean[] taken, movesStack;
    private final long[] registers;

    private CallerLoop(List<Shape> shapes, Core core, List<Boolean> taken, List<Boolean> movesStack, long[] registers) {
        int n = shapes.size();
        this.shapes = shapes.toArray(Shape[]::new);
        this.mains = new Core.Uop[n];
        this.ports = new int[n];
        this.taken = new boolean[n];
        this.movesStack = new boolean[n];
        for (int i = 0; i < n; i++) {
            mains[i] = Pipeline.mainUop(core, this.shapes[i]);
            ports[i] = mains[i] == null ? 0 : mains[i].portMask();
            this.taken[i] = taken.get(i);
            this.movesStack[i] = movesStack.get(i);
        }
        this.registers = registers;
    }

    /**
     * Finds the loop: the conditional branch that jumps back over a call. Its body is scheduled from the
     * instruction after the call to the branch (taken), then from the branch target to the call (taken).
     */
    static CallerLoop of(Frame f, Core core) {
        Listing l = f.listing();
        for (int b = 0; b < l.size(); b++) {
            Instruction br = l.get(b);
            if (!br.mnemonic().startsWith("j") || br.mnemonic().equals("jmp")
                    || !(br.operands().getFirst() instanceof Operand.Target t)) continue;
            int top = l.indexOf(t.address());
            if (top < 0 || top >= b) continue;
            int call = -1;
            for (int i = top; i < b; i++) if (l.get(i).mnemonic().startsWith("call")) call = i;
            if (call < 0) continue;
            List<Shape> shapes = new ArrayList<>();
            List<Boolean> taken = new ArrayList<>(), moves = new ArrayList<>();
            for (int i = call + 1; i <= b; i++) {
                shapes.add(Shape.of(l.get(i)));
                taken.add(i == b);
                moves.add(Shape.movesStackPointer(l.get(i)));
            }
            Long timespecDisp = null;
            for (int i = top; i <= call; i++) {
                Instruction in = l.get(i);
                shapes.add(Shape.of(in));
                taken.add(i == call);
                moves.add(Shape.movesStackPointer(in));
                // the lea that computes the timespec argument: &tp relative to the frame pointer
                if (in.mnemonic().equals("lea") && in.operands().getFirst() instanceof Operand.Mem m
                        && m.base() == Registers.RBP && timespecDisp == null) timespecDisp = m.disp();
            }
            if (timespecDisp == null) throw new IllegalArgumentException(l.name() + ": the loop passes no frame-relative timespec");
            long[] r = new long[17];
            r[Registers.RBP] = f.timespec() - timespecDisp;
            r[Registers.RSP] = f.stackStart();
            return new CallerLoop(shapes, core, taken, moves, r);
        }
        throw new IllegalArgumentException(l.name() + ": no loop with a call in it");
    }

    int size() { return shapes.length; }

    Shape shape(int k) { return shapes[k]; }

    Core.Uop main(int k) { return mains[k]; }

    int ports(int k) { return ports[k]; }

    boolean taken(int k) { return taken[k]; }

    boolean movesStack(int k) { return movesStack[k]; }

    long[] registers() { return registers; }
}

package org.vdsoexplorer.model;

import java.util.Map;
import org.vdsoexplorer.model.asm.Listing;
import org.vdsoexplorer.model.asm.Registers;
import org.vdsoexplorer.model.cost.CostTable;
import org.vdsoexplorer.model.cpu.ExecutionException;
import org.vdsoexplorer.model.cpu.Interpreter;
import org.vdsoexplorer.model.kernel.AddressSpace;
import org.vdsoexplorer.model.kernel.Kernel;
import org.vdsoexplorer.model.kernel.Scenario;

/**
 * The headless way to execute any listing (the {@code run} command and the interpreter tests): one call
 * of {@code entry} with registers preset, on a host-scenario kernel (so vDSO listings find their vvar
 * pages), until it returns to the caller.
 */
public final class ListingRunner {
    /** A 64-byte scratch buffer on the stack, for pointer arguments. */
    public static final long BUFFER = Machine.TIMESPEC;

    /** What a run left behind. */
    public record Result(long instructions, long cyclesMilli, long rax, Interpreter cpu, AddressSpace memory,
                         long elapsedNanos) {}

    private ListingRunner() {}

    public static Result run(Listing listing, String entry, Map<Integer, Long> regs, long maxInstructions, CostTable costs) {
        long start = listing.symbol(entry).orElseThrow(() -> new IllegalArgumentException("no symbol '" + entry
                + "' in listing " + listing.name() + " (symbols: " + String.join(", ", listing.symbols().keySet()) + ")"));
        AddressSpace as = new AddressSpace(listing.textStart(), listing.textEnd());
        Kernel kernel = new Kernel(Scenario.HOST, costs, costs.ghz(), 0, as);
        Interpreter cpu = new Interpreter(listing, costs, as, kernel);
        kernel.attach(cpu);
        cpu.cpu.r[Registers.RSP] = Machine.STACK_START - 8;
        as.write(Machine.STACK_START - 8, 8, Machine.CALLER_RETURN);
        regs.forEach((r, v) -> cpu.cpu.r[r] = v);
        cpu.jumpTo(start);
        long t0 = System.nanoTime();
        while (!cpu.outsideText()) {
            if (cpu.instructions() >= maxInstructions) {
                throw new ExecutionException("no return after " + maxInstructions + " instructions");
            }
            cpu.step();
        }
        long elapsed = System.nanoTime() - t0;
        if (cpu.cpu.rip != Machine.CALLER_RETURN) {
            throw new ExecutionException("returned to 0x" + Long.toHexString(cpu.cpu.rip) + ", not to the caller");
        }
        return new Result(cpu.instructions(), cpu.cycles(), cpu.cpu.r[Registers.RAX], cpu, as, elapsed);
    }
}

package org.vdsoexplorer.sim;

import java.util.Map;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cpu.ExecutionException;
import org.vdsoexplorer.sim.cpu.Interpreter;
import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Kernel;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * The headless way to execute any listing (the {@code run} command and the interpreter tests): one call
 * of {@code entry} with registers preset, on a host-scenario kernel (so vDSO listings find their vvar
 * pages), until it returns to the caller.
 */
public final class ListingRunner {
    /** A 64-byte scratch buffer on the stack, for pointer arguments. */
    public static final long BUFFER = Machine.TIMESPEC;
    /** Its size in bytes: from {@link #BUFFER} to the top of the stack. */
    public static final int BUFFER_SIZE = (int) (AddressSpace.STACK_TOP - BUFFER);

    /** What a run left behind. */
    public record Result(long instructions, long cyclesMilli, long rax, Interpreter cpu, AddressSpace memory,
                         long elapsedNanos) {}

    private ListingRunner() {}

    private static String text(Listing listing, int index) {
        return " ('" + listing.get(index).text().replaceAll("\\s+", " ") + "')";
    }

    /** An interpreter about to execute the first instruction of a call, and its memory. */
    public record Prepared(Interpreter cpu, AddressSpace memory) {}

    /**
     * The machine {@link #run} uses, stopped before the first instruction of {@code entry}: a {@code scenario}
     * kernel, registers {@code regs} over zeros, rsp at the caller's return address. {@code specialise}
     * false decodes without the FastOps forms (the differential test).
     */
    public static Prepared prepare(Listing listing, String entry, Map<Integer, Long> regs, CostTable costs,
                                   Scenario scenario, boolean specialise) {
        long start = listing.symbol(entry).orElseThrow(() -> new IllegalArgumentException("no symbol '" + entry
                + "' in listing " + listing.name() + " (symbols: " + String.join(", ", listing.symbols().keySet()) + ")"));
        if (listing.indexOf(start) < 0) {
            throw new ExecutionException(listing.whereSymbol(entry) + ": symbol '" + entry + "' is at 0x"
                    + Long.toHexString(start) + ", where no instruction of the listing starts");
        }
        AddressSpace as = new AddressSpace(listing.textStart(), listing.textEnd());
        Kernel kernel = new Kernel(scenario, costs, costs.ghz(), 0, as);
        Interpreter cpu = new Interpreter(listing, costs, as, kernel, specialise);
        kernel.attach(cpu);
        cpu.cpu.r[Registers.RSP] = Machine.STACK_START - 8;
        as.write(Machine.STACK_START - 8, 8, Machine.CALLER_RETURN);
        regs.forEach((r, v) -> cpu.cpu.r[r] = v);
        cpu.jumpTo(start);
        return new Prepared(cpu, as);
    }

    public static Result run(Listing listing, String entry, Map<Integer, Long> regs, long maxInstructions, CostTable costs) {
        Prepared p = prepare(listing, entry, regs, costs, Scenario.HOST, true);
        Interpreter cpu = p.cpu();
        AddressSpace as = p.memory();
        cpu.compileBlocksAhead(); // used if the run is long; a short one ends before it waits
        long t0 = System.nanoTime();
        int last = cpu.pc();
        while (!cpu.outsideText()) {
            if (cpu.instructions() >= maxInstructions && cpu.current() != null) {
                throw new ExecutionException(listing.where(cpu.pc()) + ": no return after " + maxInstructions
                        + " instructions; stopped before this one" + text(listing, cpu.pc()));
            }
            int ran = cpu.runInstructions(maxInstructions - cpu.instructions()); // in one loop, not a step() each
            if (ran >= 0) last = ran;
        }
        long elapsed = System.nanoTime() - t0;
        if (cpu.cpu.rip != Machine.CALLER_RETURN) {
            throw new ExecutionException(listing.where(last) + ": returned to 0x" + Long.toHexString(cpu.cpu.rip)
                    + ", which is neither an instruction of the listing nor the caller's return address 0x"
                    + Long.toHexString(Machine.CALLER_RETURN) + text(listing, last));
        }
        return new Result(cpu.instructions(), cpu.cycles(), cpu.cpu.r[Registers.RAX], cpu, as, elapsed);
    }
}

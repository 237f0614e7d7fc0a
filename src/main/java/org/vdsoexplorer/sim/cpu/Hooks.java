package org.vdsoexplorer.sim.cpu;

import org.vdsoexplorer.sim.cost.EntryMechanism;

/**
 * What lies outside the CPU: the time-stamp counter and the kernel. The interpreter calls these for
 * rdtsc/rdtscp and for the kernel entry instructions.
 */
public interface Hooks {
    /** The TSC value a rdtsc executed now returns. */
    long rdtsc(Interpreter in);

    /**
     * Runs the system call the registers describe (entered with {@code how}), updates registers and
     * memory as the kernel would, and returns its cost in milli-cycles (entry, kernel work, exit).
     */
    long syscall(Interpreter in, EntryMechanism how);

    /** A CPU with no kernel: rdtsc returns the cycle count, any system call stops execution. */
    Hooks NONE = new Hooks() {
        @Override public long rdtsc(Interpreter in) { return in.cycles(); }

        @Override public long syscall(Interpreter in, EntryMechanism how) {
            throw new ExecutionException("system call (" + how.instruction() + ") with no kernel attached");
        }
    };
}

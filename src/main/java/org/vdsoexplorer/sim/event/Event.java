package org.vdsoexplorer.sim.event;

import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.cost.EntryMechanism;

/**
 * Everything the model does, one record per happening, in order. Views draw these and nothing else.
 * Cycle figures are in milli-cycles (the interpreter's unit) so they stay exact integers.
 */
public sealed interface Event {

    /** A reader instruction retired, having cost {@code costMilli}. */
    record Retired(long step, Instruction insn, long costMilli) implements Event {}

    /** A load of {@code size} bytes; {@code where} says, typed, what lives there (its label() is for display). */
    record MemRead(long address, int size, long value, Location where) implements Event {}

    /** A store of {@code size} bytes; {@code where} as for {@link MemRead}. */
    record MemWrite(long address, int size, long value, Location where) implements Event {}

    record Branch(Instruction insn, boolean taken, long target, boolean mispredicted) implements Event {}

    record Push(int reg, long address, long value) implements Event {}

    record Pop(int reg, long address, long value) implements Event {}

    record Call(long from, long target, String symbol) implements Event {}

    record Ret(long to) implements Event {}

    /** The reader entered the kernel. */
    record Syscall(EntryMechanism how, long number, long result, long costMilli) implements Event {}

    /** A clock_gettime() call began (the caller loop's call instruction). */
    record CallStart(long callNumber, int clock, long entry) implements Event {}

    /** A call returned to the caller loop with {@code ret} and the timespec it wrote. */
    record CallEnd(long callNumber, long ret, long sec, long nsec, long instructions, long costMilli) implements Event {}

    /**
     * One step of update_vsyscall() on the timekeeping CPU: {@code what} it wrote, seq after it;
     * {@code injected}: an update the user placed, not one started by the tick.
     */
    record WriterStep(int update, int step, int steps, String what, long seq, boolean injected) implements Event {}

    /** The reader saw seq odd (a writer is active) on a real data page and spins. */
    record SeqOdd(long seq, String page) implements Event {}

    /** The reader's retry check failed: seq moved from {@code begin} to {@code now}; the loop runs again. */
    record SeqRetry(long begin, long now, String page) implements Event {}

    /** The vDSO could not serve the clock and fell back to the system call. */
    record Fallback(String reason) implements Event {}

    /** Execution stopped with an error (fault, unsupported instruction). */
    record Stopped(String message) implements Event {}
}

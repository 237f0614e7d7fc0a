package org.vdsoexplorer.lesson;

import java.util.List;
import java.util.Locale;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.PageKind;
import org.vdsoexplorer.sim.kernel.VvarLocation;

/**
 * What one finished clock_gettime() call did, as lessons ask about it: its result, the pushes it made,
 * how it read the clock, and how far its time is from the kernel's reference. Computed from the call's
 * {@link CallResult} and its events only (a pure function), so the evaluator's runs, a challenge on the
 * student's own run and {@code expect:} assertions all judge a call the same way.
 */
public record CallFacts(CallResult call, int pushes, String counter, long offByNs) {

    /** The facts of {@code r}, whose events (from its CallStart on; others are ignored) are {@code events}. */
    public static CallFacts of(CallResult r, List<Event> events) {
        int pushes = 0;
        boolean syscall = false, pv = false, hv = false, tsc = false;
        for (Event e : events) {
            switch (e) {
                case Event.CallStart cs -> {
                    pushes = 0;
                    syscall = pv = hv = tsc = false;
                }
                case Event.Push p -> { if (p.reg() >= 0) pushes++; }
                case Event.Syscall s -> syscall = true;
                case Event.Retired x -> { if (x.insn().mnemonic().startsWith("rdtsc")) tsc = true; }
                case Event.MemRead m -> {
                    if (m.where() instanceof VvarLocation v && v.kind() == PageKind.PVCLOCK) pv = true;
                    if (m.where() instanceof VvarLocation v && v.kind() == PageKind.HVCLOCK) hv = true;
                }
                default -> { }
            }
        }
        String counter = syscall ? "syscall" : hv ? "hvclock" : pv ? "pvclock" : tsc ? "tsc" : "none";
        long off = 0;
        if (r.expected() != null) {
            off = Math.abs(Math.subtractExact(r.sec(), r.expected()[0]) * 1_000_000_000L + (r.nsec() - r.expected()[1]));
        }
        return new CallFacts(r, pushes, counter, off);
    }

    /** The facts of a recorded call of a captured vDSO: the same words for the kernel's own code. */
    public static CallFacts of(org.vdsoexplorer.sim.real.RealTrace t) {
        CallResult r = t.result();
        long off = r.ret() != 0 ? 0 : Math.abs(Math.subtractExact(r.sec(), r.expected()[0]) * 1_000_000_000L + (r.nsec() - r.expected()[1]));
        return new CallFacts(r, t.pushes(), t.counter(), off);
    }

    /** The result differs from the kernel's reference time (or the call failed where the kernel would not). */
    public boolean wrongTime() { return !call.correct(); }

    /** How the call read the clock, in words. */
    public String counterWords() {
        return switch (counter) {
            case "syscall" -> "the system call";
            case "hvclock" -> "the Hyper-V TSC page (vvar slot 2)";
            case "pvclock" -> "the pvclock page (vvar slot 1)";
            case "tsc" -> "rdtsc";
            default -> "no counter at all (it copied the time of the last tick)";
        };
    }

    /** One line for feedback: "call 2: 1 retry, 0 odd-seq spins, rdtsc, the right time". */
    public String summary() {
        return String.format(Locale.ROOT, "call %d: %d instructions, %d %s, %d odd-seq %s, %s, %s", call.number(),
                call.instructions(), call.retries(), call.retries() == 1 ? "retry" : "retries", call.oddSpins(),
                call.oddSpins() == 1 ? "spin" : "spins", call.fallback() ? "fell back to the system call" : "read " + counter,
                wrongTime() ? "a WRONG time (" + offByNs + " ns from the kernel's)" : "the kernel's time");
    }
}

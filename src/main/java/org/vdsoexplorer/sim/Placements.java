package org.vdsoexplorer.sim;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.vdsoexplorer.sim.asm.Instruction;

/**
 * Exhaustive writer placements over one call: on copies of one machine state, an update_vsyscall() starts right
 * before reader step k of the call, for every k, and the call (and the one after it) runs to its end. The only
 * writer is the placed update (no ticks). The correctness tests hold every real variant to the kernel's reference
 * time at every placement; {@link #wrongTimes} is the search the lessons use on the variants broken on purpose:
 * where the placed update makes the reader return a wrong time, and by how much.
 */
public final class Placements {
    /** Calls run before the searched call (the branch predictor warm, as in a running program). */
    public static final int WARM_CALLS = 3;

    private Placements() {}

    /**
     * One placement: the update starts before reader step {@code step} of the searched call (0: its first
     * instruction), timeline position {@code position} counted from the machine's start; {@code before} is the
     * instruction that step executes. {@code call} is the searched call as it ended, {@code next} the call after it.
     */
    public record Outcome(long step, long position, Instruction before, CallResult call, CallResult next) {

        /** Whether the searched call returned something other than the kernel's reference time. */
        public boolean wrong() { return !call.correct(); }

        /** The returned time minus the kernel's reference, in nanoseconds (0 when there is no reference). */
        public long offNs() {
            long[] e = call.expected();
            if (e == null) return 0;
            return (call.sec() - e[0]) * 1_000_000_000L + (call.nsec() - e[1]);
        }

        /** One line: where the update went, what the reader returned and how far off it is. */
        public String describe() {
            long[] e = call.expected();
            String want = e == null ? "no reference" : e[0] + "." + String.format(Locale.ROOT, "%09d", e[1]);
            return "update placed before reader step " + step + " of call " + call.number() + " (position " + position
                    + ", " + before.addressHex() + ": " + before.text() + ", " + before.source() + "): got "
                    + call.sec() + "." + String.format(Locale.ROOT, "%09d", call.nsec()) + ", kernel says " + want
                    + (e == null ? "" : String.format(Locale.ROOT, ", off by %+,d ns", offNs()));
        }
    }

    /**
     * Every placement in the call after {@link #WARM_CALLS} calls of {@code setup} (run without ticks): before each
     * of its steps, and after its last (then the searched call is already over and the next call meets the update).
     */
    public static List<Outcome> sweep(Setup setup) { return sweep(setup, WARM_CALLS); }

    /**
     * As {@link #sweep(Setup)}, searching the call after {@code warmCalls} calls. A torn hres read counts the time
     * between the previous update and the placed one twice, so the later the searched call, the farther off it is.
     */
    public static List<Outcome> sweep(Setup setup, int warmCalls) {
        Machine m = new Machine(setup.withTick(0));
        long position = 0;
        for (int i = 0; i < warmCalls; i++) position += m.runCall().instructions();
        Machine.Snapshot start = m.save();
        long steps = m.runCall().instructions();
        List<Outcome> out = new ArrayList<>();
        for (long k = 0; k <= steps; k++) {
            m.restore(start);
            for (long j = 0; j < k; j++) m.step();
            Instruction before = m.next();
            m.injectWriterUpdate();
            CallResult call = k == 0 || m.inCall() ? m.runCall() : m.lastCall();
            out.add(new Outcome(k, position + k, before, call, m.runCall()));
        }
        return out;
    }

    /** The placements that make the searched call return a wrong time, in step order. */
    public static List<Outcome> wrongTimes(Setup setup) { return wrongTimes(setup, WARM_CALLS); }

    /** The placements that make the call after {@code warmCalls} calls return a wrong time, in step order. */
    public static List<Outcome> wrongTimes(Setup setup, int warmCalls) {
        return sweep(setup, warmCalls).stream().filter(Outcome::wrong).toList();
    }

    /** The wrong-time placement farthest from the kernel's reference, if there is one. */
    public static Optional<Outcome> farthestOff(Setup setup) {
        return wrongTimes(setup).stream().max(Comparator.comparingLong(o -> Math.abs(o.offNs())));
    }
}

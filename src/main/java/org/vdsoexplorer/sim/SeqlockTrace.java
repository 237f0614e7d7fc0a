package org.vdsoexplorer.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.PageKind;
import org.vdsoexplorer.sim.kernel.SeqCheck;
import org.vdsoexplorer.sim.kernel.VvarLocation;

/**
 * The seqlock story of one call, from its events: the reader's seq loads (begin or check, real data page or
 * namespace page), the writer's update_vsyscall() steps at the reader step they preceded, each retry with
 * the update that straddled it, each odd seq, and the writer updates placed in the call. The loads are
 * classified by the kernel's own {@link SeqCheck}, so the trace agrees with the retries the kernel counts.
 *
 * @param marks  everything on the timeline, in order
 * @param steps  reader steps in the log
 * @param instructions  the instruction each reader step retired
 * @param lastWriter  the last writer step in the log, or null
 * @param lastRetry  the last retry, or null
 */
public record SeqlockTrace(List<Mark> marks, int steps, List<Instruction> instructions, Event.WriterStep lastWriter,
                           Retry lastRetry) {

    /** One thing on the timeline, at reader step {@code at} (0-based within the call). */
    public sealed interface Mark {
        int at();
    }

    /** A seq load; {@code check}: the retry check (else a begin load, or the namespace page's). */
    public record SeqLoad(int at, long value, boolean namespacePage, boolean check) implements Mark {}

    /** A writer step; {@code placed}: of an update the user placed (not started by the tick). */
    public record Writer(int at, int update, int step, int steps, String what, long seq, boolean placed) implements Mark {}

    /** {@code update}: the writer update whose steps fell between the begin load and the check (0: none seen). */
    public record Retry(int at, long begin, long now, int update, boolean placedUpdate) implements Mark {}

    public record Odd(int at, long seq) implements Mark {}

    /** {@code count} writer updates the user placed before reader step {@code at}. */
    public record Placed(int at, int count) implements Mark {}

    /**
     * The trace of the call logged in {@code log} (from its CallStart; a partial log gives the call so far).
     * {@code placed}: writer updates placed in this call, by reader step within the call, to count.
     */
    public static SeqlockTrace of(List<Event> log, Map<Long, Integer> placed) {
        List<Mark> out = new ArrayList<>();
        List<Instruction> insns = new ArrayList<>();
        SeqCheck check = new SeqCheck();
        int at = 0;
        Retry lastRetry = null;
        int straddling = 0;
        boolean straddlingPlaced = false;
        Event.WriterStep lastWriter = null;
        for (Event e : log) {
            switch (e) {
                case Event.Retired r -> {
                    at++;
                    insns.add(r.insn());
                }
                case Event.MemRead r when r.size() == 4 && r.where() instanceof VvarLocation v && v.isSeq() -> {
                    if (v.kind() == PageKind.TIMENS) {
                        out.add(new SeqLoad(at, r.value(), true, false)); // seq 1 forever: the designed slow path
                        break;
                    }
                    long begin = check.begin();
                    SeqCheck.Outcome o = check.read(r.value());
                    boolean isCheck = o == SeqCheck.Outcome.CHECK_OK || o == SeqCheck.Outcome.RETRY;
                    if (o == SeqCheck.Outcome.BEGIN) straddling = 0; // the window opens here
                    out.add(new SeqLoad(at, r.value(), false, isCheck));
                    if (o == SeqCheck.Outcome.ODD) out.add(new Odd(at, r.value()));
                    if (o == SeqCheck.Outcome.RETRY) {
                        lastRetry = new Retry(at, begin, r.value(), straddling, straddling != 0 && straddlingPlaced);
                        out.add(lastRetry);
                    }
                }
                case Event.WriterStep w -> {
                    out.add(new Writer(at, w.update(), w.step(), w.steps(), w.what(), w.seq(), w.injected()));
                    lastWriter = w;
                    if (check.expectCheck() && straddling == 0) {
                        straddling = w.update();
                        straddlingPlaced = w.injected();
                    }
                }
                default -> { }
            }
        }
        for (Map.Entry<Long, Integer> p : placed.entrySet()) {
            long k = p.getKey();
            if (k >= 0 && k <= at) out.add(new Placed((int) k, p.getValue()));
        }
        return new SeqlockTrace(List.copyOf(out), at, List.copyOf(insns), lastWriter, lastRetry);
    }
}

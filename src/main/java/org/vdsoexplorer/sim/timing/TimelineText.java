package org.vdsoexplorer.sim.timing;

import java.util.List;
import org.vdsoexplorer.sim.asm.Listing;

/**
 * An llvm-mca style text timeline of scheduled rows: one line per dynamic instruction, one column per
 * cycle: D dispatched, = waiting, e executing, E done, - waiting to retire, R retired. For tests, docs
 * and debugging; the app draws the same rows on a canvas.
 */
public final class TimelineText {
    private TimelineText() {}

    /** The character of {@code row} in cycle {@code c} (' ' outside its life). */
    public static char at(Pipeline.Slot row, long c) {
        if (c < row.dispatch() || c > row.retire()) return ' ';
        if (c == row.retire()) return 'R';
        if (c == row.dispatch()) return 'D';
        if (c < row.issue()) return '=';
        if (c < row.complete() - 1) return 'e';
        if (c == row.complete() - 1 || c == row.complete() && row.complete() == row.issue()) return 'E';
        return '-';
    }

    public static String render(List<Pipeline.Slot> rows, Listing listing) {
        if (rows.isEmpty()) return "";
        long first = rows.getFirst().dispatch();
        long last = rows.stream().mapToLong(Pipeline.Slot::retire).max().orElse(first);
        StringBuilder sb = new StringBuilder();
        for (Pipeline.Slot r : rows) {
            sb.append(String.format("[%3d] ", r.seq() - rows.getFirst().seq()));
            for (long c = first; c <= last; c++) {
                char ch = at(r, c);
                sb.append(ch == ' ' ? ((c - first) % 10 == 0 ? '.' : ' ') : ch);
            }
            sb.append("  ").append(listing.get(r.index()).text().replaceAll("\\s+", " ")).append('\n');
        }
        return sb.toString();
    }
}

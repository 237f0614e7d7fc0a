package org.vdsoexplorer.sim.dispatch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Dispatch paths of finished calls, run-length encoded by call number (a long run at full speed takes
 * a handful of entries), so counts stay exact after stepping back: {@link #truncate(long)} drops calls
 * that are no longer in the past.
 */
public final class PathStats {
    private record Run(List<Dispatch.Node> path, long first, long last) {}

    private final List<Run> runs = new ArrayList<>();

    public void clear() { runs.clear(); }

    /** The path of the last finished call (empty if none). */
    public List<Dispatch.Node> lastPath() { return runs.isEmpty() ? List.of() : runs.getLast().path(); }

    /** The number of the last recorded call (0 if none). */
    public long lastCall() { return runs.isEmpty() ? 0 : runs.getLast().last(); }

    /** Records the path of call {@code number}; calls already recorded are ignored. */
    public void record(long number, List<Dispatch.Node> path) {
        if (number <= lastCall()) return;
        if (!runs.isEmpty()) {
            Run r = runs.getLast();
            if (r.last() == number - 1 && r.path().equals(path)) {
                runs.set(runs.size() - 1, new Run(r.path(), r.first(), number));
                return;
            }
        }
        runs.add(new Run(List.copyOf(path), number, number));
    }

    /** Forgets calls numbered above {@code calls}. */
    public void truncate(long calls) {
        while (!runs.isEmpty() && runs.getLast().first() > calls) runs.removeLast();
        if (!runs.isEmpty() && runs.getLast().last() > calls) {
            Run r = runs.getLast();
            runs.set(runs.size() - 1, new Run(r.path(), r.first(), calls));
        }
    }

    /** How many finished calls went along each edge. */
    public Map<Dispatch.Edge, Long> edgeCounts() {
        Map<Dispatch.Edge, Long> m = new HashMap<>();
        for (Run r : runs) {
            long n = r.last() - r.first() + 1;
            for (Dispatch.Edge e : Dispatch.edges(r.path())) m.merge(e, n, Long::sum);
        }
        return m;
    }

    /** How many finished calls reached each node. */
    public Map<Dispatch.Node, Long> nodeCounts() {
        Map<Dispatch.Node, Long> m = new HashMap<>();
        for (Run r : runs) {
            long n = r.last() - r.first() + 1;
            for (Dispatch.Node d : r.path()) m.merge(d, n, Long::sum);
        }
        return m;
    }
}

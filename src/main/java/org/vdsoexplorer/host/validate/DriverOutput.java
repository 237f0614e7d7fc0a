package org.vdsoexplorer.host.validate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vdsoexplorer.sim.kernel.Clock;

/**
 * What validate_main printed (assets/csrc/native/validate_main.c): facts ({@code I}), calibration batches
 * ({@code C}: dependent adds and the thread CPU ns they took), timed batches of the model's code ({@code R}),
 * batches of libc's clock_gettime(), the running kernel's vDSO ({@code L}), and rows lost in a round to
 * context switches ({@code X}). All figures per round; {@link Stats} turns them into medians.
 */
public final class DriverOutput {
    /** One table row's identity. */
    public record Key(String task, String variant, Clock clock) {}

    public final Map<String, String> info = new LinkedHashMap<>();
    /** GHz of each round's calibration batch (adds / ns: one add a cycle). */
    public final List<Double> ghz = new ArrayList<>();
    /** ns per call of each row, one figure per round that kept it. */
    public final Map<Key, List<Double>> nsPerCall = new LinkedHashMap<>();
    /** ns per call of libc clock_gettime() (the running kernel's vDSO), by clock, per round. */
    public final Map<Clock, List<Double>> libcNs = new LinkedHashMap<>();
    /** Rows of a round thrown out because every try had a context switch. */
    public int lost;
    public int rounds;

    public static DriverOutput parse(List<String> lines) {
        DriverOutput o = new DriverOutput();
        int maxRound = -1;
        for (String l : lines) {
            String[] w = l.split("\t");
            try {
                switch (w[0]) {
                    case "I" -> o.info.put(w[1], w[2]);
                    case "C" -> {
                        o.ghz.add(Double.parseDouble(w[2]) / Double.parseDouble(w[3]));
                        maxRound = Math.max(maxRound, Integer.parseInt(w[1]));
                    }
                    case "R" -> {
                        Key k = new Key(w[2], w[3], clock(w[4]));
                        o.nsPerCall.computeIfAbsent(k, x -> new ArrayList<>()).add(Double.parseDouble(w[6]) / Double.parseDouble(w[5]));
                        maxRound = Math.max(maxRound, Integer.parseInt(w[1]));
                    }
                    case "L" -> o.libcNs.computeIfAbsent(clock(w[2]), x -> new ArrayList<>())
                            .add(Double.parseDouble(w[4]) / Double.parseDouble(w[3]));
                    case "X" -> o.lost++;
                    default -> throw new IllegalArgumentException("unknown line");
                }
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("validate_main: bad output line '" + l + "'", e);
            }
        }
        o.rounds = maxRound + 1;
        return o;
    }

    /** The median calibrated core clock, GHz. */
    public double medianGhz() { return Stats.median(ghz); }

    private static Clock clock(String id) {
        int n = Integer.parseInt(id);
        return Clock.byId(n).orElseThrow(() -> new IllegalArgumentException("unknown clock id " + n));
    }
}

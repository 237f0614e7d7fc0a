package org.vdsoexplorer.host.live;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the rounds of one task and turns them into rows. Each round times every {@link Probe.Item}
 * once, the downcall alone ({@code labs}) included, so each call's corrected figure is its raw ns/call
 * minus the downcall's ns/call <em>of the same round</em> (both measured within a fraction of a second
 * of each other, under the same load). A row gives the median over rounds and the spread (max - min of
 * the corrected figures, as a percentage of the median).
 */
public final class Measurements {
    /**
     * One measured call.
     *
     * @param nsPerCall    corrected: raw minus the downcall overhead (median over rounds)
     * @param callsIn3s    3 s / nsPerCall
     * @param rawNs        raw: what the Java loop measured per call, downcall included (median)
     * @param downcallNs   the downcall overhead: ns per call of labs() in the same rounds (median)
     * @param minNs        smallest corrected figure of a round
     * @param maxNs        largest corrected figure of a round
     */
    public record Row(String task, String clock, String path, double nsPerCall, long callsIn3s, double rawNs,
                      double downcallNs, double minNs, double maxNs, int rounds) {
        public static final String[] COLUMNS = {"task", "clock", "path", "ns_per_call", "calls_in_3s", "raw_ns_per_call",
                "downcall_ns", "spread_pct", "rounds"};

        public double spreadPercent() { return nsPerCall <= 0 ? 0 : 100 * (maxNs - minNs) / nsPerCall; }
    }

    private final String task;
    /** Per item key (clock/path): raw ns/call of each round; and the downcall of each round. */
    private final Map<String, List<Double>> raw = new LinkedHashMap<>();
    private final List<Double> downcall = new ArrayList<>();

    public Measurements(String task) { this.task = task; }

    public String task() { return task; }

    public int rounds() { return downcall.size(); }

    /** Adds one round: the probe's {@code R clock path calls nanos} lines. */
    public void addRound(List<String> lines) {
        Double dc = null;
        Map<String, Double> round = new LinkedHashMap<>();
        for (String l : lines) {
            String[] w = l.split(" ");
            if (w.length != 5 || !w[0].equals("R")) continue;
            double ns = Double.parseDouble(w[4]) / Double.parseDouble(w[3]);
            if (w[2].equals(Probe.Item.DOWNCALL)) dc = ns;
            else round.put(w[1] + " " + w[2], ns);
        }
        if (dc == null || round.isEmpty()) throw new IllegalArgumentException(task + ": a round without the downcall or any clock");
        downcall.add(dc);
        round.forEach((k, v) -> raw.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
    }

    public List<Row> rows() {
        List<Row> out = new ArrayList<>();
        for (Map.Entry<String, List<Double>> e : raw.entrySet()) {
            List<Double> r = e.getValue();
            double[] corrected = new double[r.size()];
            for (int i = 0; i < r.size(); i++) corrected[i] = Math.max(0, r.get(i) - downcall.get(i));
            double med = median(corrected);
            String[] k = e.getKey().split(" ");
            double min = Arrays.stream(corrected).min().orElse(med), max = Arrays.stream(corrected).max().orElse(med);
            out.add(new Row(task, k[0], k[1], med, med > 0 ? Math.round(3e9 / med) : 0,
                    median(r.stream().mapToDouble(Double::doubleValue).toArray()),
                    median(downcall.stream().mapToDouble(Double::doubleValue).toArray()), min, max, r.size()));
        }
        return out;
    }

    static double median(double[] v) {
        if (v.length == 0) return Double.NaN;
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}

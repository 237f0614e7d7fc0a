package org.vdsoexplorer.host.validate;

import java.util.Arrays;
import java.util.List;

/** Medians and spreads of per-round figures. */
public final class Stats {
    private Stats() {}

    public static double median(List<Double> v) { return quantile(v, 0.5); }

    /** The q-quantile with linear interpolation between order statistics (q = 0.25: the lower quartile); NaN if empty. */
    public static double quantile(List<Double> v, double q) {
        if (v.isEmpty()) return Double.NaN;
        double[] s = v.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(s);
        double pos = q * (s.length - 1);
        int lo = (int) Math.floor(pos), hi = (int) Math.ceil(pos);
        return s[lo] + (s[hi] - s[lo]) * (pos - lo);
    }

    /** The interquartile range: p75 - p25. */
    public static double iqr(List<Double> v) { return quantile(v, 0.75) - quantile(v, 0.25); }

    /** (p75 - p25) / median, in percent: the spread the validate table prints. */
    public static double spreadPercent(List<Double> v) {
        double m = median(v);
        return m > 0 ? 100 * iqr(v) / m : Double.NaN;
    }
}

package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Conditions on one finished call: a challenge's {@code goal:} or a setup's {@code expect:}. Keys (the
 * lesson format's vocabulary): {@code retries}, {@code spins}, {@code instructions}, {@code pushes} (exact
 * counts), {@code fallback} (yes/no), {@code counter} (tsc, pvclock, hvclock, syscall, none),
 * {@code wrong-time} (yes/no: the result differs from the kernel's reference time) and {@code off-by-ns}
 * (the result is at least this many ns from the reference). {@link #unmet} is a pure function of
 * {@link CallFacts}.
 */
public record Goal(Map<String, String> conditions) {
    public static final List<String> KEYS = List.of("retries", "spins", "instructions", "pushes", "fallback", "counter",
            "wrong-time", "off-by-ns");
    static final List<String> COUNTERS = List.of("tsc", "pvclock", "hvclock", "syscall", "none");

    public Goal {
        conditions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(conditions));
    }

    /** Null if {@code value} is a valid value of {@code key}, else what is wrong. */
    static String invalid(String key, String value) {
        return switch (key) {
            case "retries", "spins", "instructions", "pushes", "off-by-ns" -> {
                try {
                    yield Long.parseLong(value) >= 0 ? null : key + " must be a whole number >= 0";
                } catch (NumberFormatException e) {
                    yield key + " must be a whole number >= 0, not '" + value + "'";
                }
            }
            case "fallback", "wrong-time" -> yesNo(value) == null ? key + " must be yes or no, not '" + value + "'" : null;
            case "counter" -> COUNTERS.contains(value) ? null : "counter must be one of " + String.join(", ", COUNTERS)
                    + org.vdsoexplorer.util.Known.didYouMean(value, COUNTERS);
            default -> org.vdsoexplorer.util.Known.unknown("condition", key, KEYS);
        };
    }

    static Boolean yesNo(String v) {
        return switch (v) {
            case "yes", "true" -> true;
            case "no", "false" -> false;
            default -> null;
        };
    }

    /** Whether a condition needs a variant that can return a wrong time to be reachable. */
    public boolean asksWrongTime() {
        return Boolean.TRUE.equals(yesNo(conditions.getOrDefault("wrong-time", "no")))
                || Long.parseLong(conditions.getOrDefault("off-by-ns", "0")) > 0;
    }

    /** The conditions {@code f} does not meet, each as "retries: 2 (this call: 1)"; empty: the goal is met. */
    public List<String> unmet(CallFacts f) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> c : conditions.entrySet()) {
            String want = c.getValue();
            String got = switch (c.getKey()) {
                case "retries" -> Long.toString(f.call().retries());
                case "spins" -> Long.toString(f.call().oddSpins());
                case "instructions" -> Long.toString(f.call().instructions());
                case "pushes" -> Integer.toString(f.pushes());
                case "fallback" -> f.call().fallback() ? "yes" : "no";
                case "counter" -> f.counter();
                case "wrong-time" -> f.wrongTime() ? "yes" : "no";
                case "off-by-ns" -> Long.toString(f.offByNs());
                default -> "?";
            };
            boolean ok = switch (c.getKey()) {
                case "fallback", "wrong-time" -> yesNo(want) == yesNo(got);
                case "off-by-ns" -> f.wrongTime() && f.offByNs() >= Long.parseLong(want);
                default -> want.equals(got);
            };
            if (!ok) out.add(c.getKey() + ": " + (c.getKey().equals("off-by-ns") ? "at least " : "") + want + " (this call: " + got + ")");
        }
        return out;
    }

    /** The goal in words, e.g. "retries: 2, fallback: yes". */
    @Override public String toString() {
        List<String> p = new ArrayList<>();
        conditions.forEach((k, v) -> p.add(k + ": " + v));
        return String.join(", ", p);
    }
}

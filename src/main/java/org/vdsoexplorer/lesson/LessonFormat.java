package org.vdsoexplorer.lesson;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vdsoexplorer.util.Known;

/**
 * The teacher's part of a lesson's format (issue 26): the front matter's {@code objectives} (required: what the
 * student can do after the lesson) and {@code misconceptions} ({text, step}: the step must exist), and each step's
 * expected minutes, written at the end of its heading as {@code ## Title {minutes=3}} (Pandoc's attribute syntax;
 * the title is what comes before it). The lesson's {@code minutes} is the steps' total, rounded up: left out, it is
 * computed; given, it must say that. Problems are reported with their file line, never thrown.
 */
final class LessonFormat extends BlockValues {
    static final int MAX_OBJECTIVES = 8;
    static final double MIN_STEP_MINUTES = 0.5, MAX_STEP_MINUTES = 60;
    /** A heading's trailing {@code {...}}: the attribute block. */
    private static final Pattern ATTRIBUTES = Pattern.compile("\\s*\\{([^{}]*)\\}\\s*$");
    private static final Pattern MINUTES = Pattern.compile("\\s*minutes\\s*=\\s*(\\S*)\\s*");
    static final List<String> MISCONCEPTION_KEYS = List.of("text", "step");

    LessonFormat(String file, List<Problem> problems) { super(file, problems); }

    /** A step heading's text split into its title and its minutes (NaN: none given, or not valid; reported). */
    record Heading(String title, double minutes) {}

    /** Splits {@code text} (a heading without its '## ') at its attribute block, reporting a missing or bad one at {@code line}. */
    Heading heading(String text, int line) {
        Matcher m = ATTRIBUTES.matcher(text);
        if (!m.find()) {
            problem(line, "step '" + Known.shown(text) + "' has no minutes: end its heading with {minutes=N}, the minutes a "
                    + "student needs for the step");
            return new Heading(text, Double.NaN);
        }
        String title = text.substring(0, m.start()).strip();
        Matcher mm = MINUTES.matcher(m.group(1));
        if (!mm.matches()) {
            problem(line, "step heading ends in '{" + Known.shown(m.group(1)) + "}'; write {minutes=N}, the minutes a student "
                    + "needs for the step");
            return new Heading(title, Double.NaN);
        }
        double v;
        try {
            v = new BigDecimal(mm.group(1)).doubleValue();
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!(v >= MIN_STEP_MINUTES && v <= MAX_STEP_MINUTES)) {
            problem(line, "minutes '" + Known.shown(mm.group(1)) + "' of step '" + Known.shown(title) + "' must be a number from "
                    + fmt(MIN_STEP_MINUTES) + " to " + fmt(MAX_STEP_MINUTES) + " (a decimal point for halves: 1.5)");
            return new Heading(title, Double.NaN);
        }
        return new Heading(title, v);
    }

    /** The front matter's objectives; a missing or empty list is a problem (at line 1, where the front matter starts). */
    List<String> objectives(Map<String, YamlBlock.Value> front) {
        YamlBlock.Value v = front.get("objectives");
        if (v == null) {
            problem(1, "front matter: missing 'objectives', the list of what a student can do after the lesson "
                    + "(objectives: [\"Explain why ...\", \"Predict ...\"])");
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (YamlBlock.Value item : list(v)) {
            String s = string(item, "objectives");
            if (s != null) out.add(s);
        }
        if (out.isEmpty() && v.items() != null && v.items().isEmpty()) problem(v.line(), "'objectives' is empty: name at least one");
        if (out.size() > MAX_OBJECTIVES) problem(v.line(), "'objectives' has " + out.size() + " entries; at most "
                + MAX_OBJECTIVES + " (a lesson that teaches more is two lessons)");
        return out;
    }

    /** The front matter's misconceptions (none: an empty list), each {text, step}; the steps are checked by {@link #checkSteps}. */
    List<Located> misconceptions(Map<String, YamlBlock.Value> front) {
        YamlBlock.Value v = front.get("misconceptions");
        if (v == null) return List.of();
        if (v.map() != null || v.isScalar()) {
            problem(v.line(), "'misconceptions' must be a list of {text: ..., step: ...}");
            return List.of();
        }
        List<Located> out = new ArrayList<>();
        for (YamlBlock.Value item : list(v)) {
            if (item.map() == null) {
                problem(item.line(), "a misconception must be {text: what students wrongly believe, step: the title of the step "
                        + "that addresses it}");
                continue;
            }
            boolean ok = true;
            for (String k : item.map().keySet()) {
                if (!MISCONCEPTION_KEYS.contains(k)) {
                    problem(item.map().get(k).line(), Known.unknown("misconception key", k, MISCONCEPTION_KEYS));
                    ok = false;
                }
            }
            for (String k : MISCONCEPTION_KEYS) {
                if (!item.map().containsKey(k)) {
                    problem(item.line(), "misconception: missing '" + k + "'");
                    ok = false;
                }
            }
            String text = string(item.map().get("text"), "misconceptions.text");
            String step = string(item.map().get("step"), "misconceptions.step");
            if (ok && text != null && step != null) out.add(new Located(new Misconception(text, step), item.map().get("step").line()));
        }
        return out;
    }

    /** A misconception and the file line of its {@code step:}. */
    record Located(Misconception misconception, int line) {}

    /**
     * Each misconception's step must be a step title of the lesson; {@code minutes} (the front matter's, -1 if not
     * given; its line {@code minutesLine}) must be the steps' total rounded up. Returns the lesson's minutes: the given ones, else the steps' total (of those that have minutes).
     */
    int checkSteps(List<Located> misconceptions, List<Step> steps, int minutes, int minutesLine) {
        List<String> titles = steps.stream().map(Step::title).toList();
        for (Located m : misconceptions) {
            if (!titles.contains(m.misconception().step())) {
                problem(m.line(), "misconception step '" + Known.shown(m.misconception().step()) + "' is not a step of this lesson "
                        + "(its step titles, without {minutes=N})" + Known.didYouMean(m.misconception().step(), titles));
            }
        }
        double sum = steps.stream().mapToDouble(Step::minutes).filter(m -> !Double.isNaN(m)).sum();
        int total = Math.max(1, (int) Math.ceil(sum - 1e-9));
        if (minutes >= 0 && (steps.isEmpty() || steps.stream().anyMatch(s -> Double.isNaN(s.minutes())))) return minutes;
        if (minutes >= 0 && minutes != total) {
            problem(minutesLine, "'minutes' is " + minutes + " but the steps' minutes add up to " + fmt(sum) + "; write "
                    + total + ", or leave 'minutes' out (it is the steps' total, rounded up)");
        }
        return minutes >= 0 ? minutes : total;
    }

    static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }
}

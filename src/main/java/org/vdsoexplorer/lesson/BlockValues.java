package org.vdsoexplorer.lesson;

import java.util.List;

/**
 * What the lesson parsers share: the file name, the problem list they add to, and the checked reading of
 * YAML values (a single non-empty value, a whole number in a range, a bounded list).
 */
abstract class BlockValues {
    final String file;
    final List<Problem> problems;

    BlockValues(String file, List<Problem> problems) {
        this.file = file;
        this.problems = problems;
    }

    final void problem(int line, String message) { problems.add(new Problem(file, line, message)); }

    final String string(YamlBlock.Value v, String name) {
        if (v == null) return null;
        if (!v.isScalar()) {
            problem(v.line(), "'" + name + "' must be a single value");
            return null;
        }
        String s = v.scalar().strip();
        if (s.isEmpty()) {
            problem(v.line(), "'" + name + "' is empty");
            return null;
        }
        return s;
    }

    final int integer(YamlBlock.Value v, String name, long min, long max) {
        String s = string(v, name);
        if (s == null) return -1;
        try {
            long n = Long.parseLong(s);
            if (n < min || n > max) {
                problem(v.line(), "'" + name + "' must be between " + min + " and " + max + ", not " + s);
                return -1;
            }
            return (int) n;
        } catch (NumberFormatException e) {
            problem(v.line(), "'" + name + "' must be a whole number, not '" + YamlBlock.oneLine(s) + "'");
            return -1;
        }
    }

    final List<YamlBlock.Value> list(YamlBlock.Value v) {
        if (v.map() != null) {
            problem(v.line(), "'" + v.key() + "' must be a list, like [a, b]");
            return List.of();
        }
        List<YamlBlock.Value> items = v.isScalar() ? List.of(v) : v.items();
        if (items.size() > LessonParser.MAX_LIST) {
            problem(v.line(), "'" + v.key() + "' has " + items.size() + " entries; at most " + LessonParser.MAX_LIST);
            return items.subList(0, LessonParser.MAX_LIST);
        }
        return items;
    }

    /** A {@code goal:} or {@code expect:} mapping ({@link Goal}); null (problems reported) if it is not valid. */
    final Goal goal(YamlBlock.Value v, String name) {
        if (v.map() == null) {
            problem(v.line(), "'" + name + "' must be a mapping like {retries: 1, counter: tsc} (conditions: "
                    + String.join(", ", Goal.KEYS) + ")");
            return null;
        }
        int before = problems.size();
        java.util.Map<String, String> c = new java.util.LinkedHashMap<>();
        for (java.util.Map.Entry<String, YamlBlock.Value> en : v.map().entrySet()) {
            String k = en.getKey();
            YamlBlock.Value e = en.getValue();
            String val = string(e, name + "." + k);
            if (val == null) continue;
            String bad = Goal.invalid(k, val);
            if (bad != null) problem(e.line(), name + ": " + bad);
            else c.put(k, val);
        }
        if (v.map().isEmpty()) problem(v.line(), "'" + name + "' is empty: give at least one condition (" + String.join(", ", Goal.KEYS) + ")");
        return problems.size() > before ? null : new Goal(c);
    }
}

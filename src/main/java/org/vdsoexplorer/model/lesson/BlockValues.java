package org.vdsoexplorer.model.lesson;

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
}

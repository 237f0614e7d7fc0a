package org.vdsoexplorer.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Minimal option parsing: {@code --name VALUE} or {@code --name=VALUE}, positional arguments. An unknown
 * option is an error (whether or not a value follows it); an option read with {@link #one} is single-valued
 * and refused if given twice; options read with {@link #all} may repeat.
 */
final class Args {
    final List<String> positional = new ArrayList<>();
    final Map<String, List<String>> options = new LinkedHashMap<>();
    private String command;

    static Args parse(String command, String[] args, int from, Set<String> known) {
        Args a = new Args();
        a.command = command;
        for (int i = from; i < args.length; i++) {
            String s = args[i];
            if (s.startsWith("--")) {
                String name = s.substring(2), value;
                int eq = name.indexOf('=');
                if (eq >= 0) name = name.substring(0, eq);
                if (!known.contains(name)) {
                    throw new UsageException(command + ": unknown option --" + name
                            + (known.isEmpty() ? " (it takes no options)" : " (known: --" + String.join(", --", new TreeSet<>(known)) + ")"));
                }
                if (eq >= 0) {
                    value = s.substring(2 + eq + 1);
                } else {
                    if (i + 1 >= args.length) throw new UsageException(command + ": option --" + name + " needs a value");
                    value = args[++i];
                }
                a.options.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            } else {
                a.positional.add(s);
            }
        }
        return a;
    }

    /** The value of a single-valued option, or null; refuses the option given more than once. */
    String one(String name) {
        List<String> v = options.get(name);
        if (v == null) return null;
        if (v.size() > 1) {
            throw new UsageException(command + ": option --" + name + " given " + v.size() + " times ('"
                    + String.join("', '", v) + "'); give it once");
        }
        return v.getFirst();
    }

    List<String> all(String name) { return options.getOrDefault(name, List.of()); }

    static long number(String command, String option, String s) {
        try {
            String t = s.trim();
            boolean neg = t.startsWith("-");
            if (neg) t = t.substring(1);
            long v = t.startsWith("0x") || t.startsWith("0X") ? Long.parseUnsignedLong(t.substring(2), 16) : Long.parseLong(t);
            return neg ? -v : v;
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + option + " '" + s + "' is not a number");
        }
    }

    static double decimal(String command, String option, String s) {
        try {
            double d = Double.parseDouble(s);
            if (!(d > 0) || Double.isInfinite(d)) throw new NumberFormatException();
            return d;
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + option + " '" + s + "' must be a positive number");
        }
    }

    /** A number within {@code range}, refused with the range in words. */
    static double decimal(String command, String option, String s, org.vdsoexplorer.util.Range range) {
        double d;
        try {
            d = Double.parseDouble(s.strip());
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + option + " '" + s + "' is not a number (" + range.words() + ")");
        }
        String why = range.check(d);
        if (why != null) throw new UsageException(command + ": " + option + " " + why);
        return d;
    }
}

package org.vdsoexplorer.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Minimal option parsing: --name VALUE (repeatable), positional arguments; unknown options are errors. */
final class Args {
    final List<String> positional = new ArrayList<>();
    final Map<String, List<String>> options = new LinkedHashMap<>();

    static Args parse(String command, String[] args, int from, Set<String> known) {
        Args a = new Args();
        for (int i = from; i < args.length; i++) {
            String s = args[i];
            if (s.startsWith("--")) {
                String name = s.substring(2), value;
                int eq = name.indexOf('=');
                if (eq >= 0) {
                    value = name.substring(eq + 1);
                    name = name.substring(0, eq);
                } else {
                    if (i + 1 >= args.length) throw new UsageException(command + ": option --" + name + " needs a value");
                    value = args[++i];
                }
                if (!known.contains(name)) {
                    throw new UsageException(command + ": unknown option --" + name + " (known: --" + String.join(", --", known) + ")");
                }
                a.options.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            } else {
                a.positional.add(s);
            }
        }
        return a;
    }

    String one(String name) {
        List<String> v = options.get(name);
        return v == null ? null : v.getLast();
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
}

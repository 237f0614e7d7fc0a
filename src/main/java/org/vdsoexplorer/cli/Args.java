package org.vdsoexplorer.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.vdsoexplorer.util.Range;

/**
 * The one option parser of the command line ({@link Commands} runs it for every command): {@code --name VALUE}
 * or {@code --name=VALUE}, flags ({@code --name}, no value), positional arguments. An unknown option is an error
 * (whether or not a value follows it); an option not declared repeatable is refused when given twice; a flag
 * refuses a value. Every refusal is a {@link UsageException} of the form {@code CMD: ...}, and the number
 * readers below word their refusals one way: {@code CMD: --x needs a number, got 'y'}, {@code CMD: --x is 0,
 * must be between 1 and 1,000 rounds}.
 */
public final class Args {
    final List<String> positional = new ArrayList<>();
    final Map<String, List<String>> options = new LinkedHashMap<>();
    private String command;

    /** Parses with every name in {@code known} taking a value (a repeat is refused when read with {@link #one}). */
    static Args parse(String command, String[] args, int from, Set<String> known) {
        return parse(command, args, from, known.stream().map(n -> Commands.Option.value(n, "VALUE", "").repeating()).toList());
    }

    /** Parses {@code args[from..]} against {@code spec}. */
    static Args parse(String command, String[] args, int from, Collection<Commands.Option> spec) {
        Map<String, Commands.Option> known = new LinkedHashMap<>();
        for (Commands.Option o : spec) known.put(o.name(), o);
        Args a = new Args();
        a.command = command;
        for (int i = from; i < args.length; i++) {
            String s = args[i];
            if (!s.startsWith("--")) {
                a.positional.add(s);
                continue;
            }
            String name = s.substring(2), value;
            int eq = name.indexOf('=');
            if (eq >= 0) name = name.substring(0, eq);
            Commands.Option o = known.get(name);
            if (o == null) {
                String near = org.vdsoexplorer.util.Known.nearest(name, known.keySet());
                throw new UsageException(command + ": unknown option --" + name
                        + (known.isEmpty() ? " (it takes no options)" : " (known: --" + String.join(", --", new TreeSet<>(known.keySet())) + ")"
                        + org.vdsoexplorer.util.Known.didYouMean(near == null ? null : "--" + near)));
            }
            if (o.isFlag()) {
                if (eq >= 0) throw new UsageException(command + ": option --" + name + " takes no value");
                value = "";
            } else if (eq >= 0) {
                value = s.substring(2 + eq + 1);
            } else {
                if (i + 1 >= args.length) throw new UsageException(command + ": option --" + name + " needs a value");
                value = args[++i];
            }
            a.options.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            if (!o.repeats()) a.one(name);
        }
        for (Commands.Option o : spec) {
            if (o.required() && !a.options.containsKey(o.name())) {
                throw new UsageException(command + ": --" + o.name() + " " + o.value() + " is required");
            }
        }
        return a;
    }

    /** The command these arguments were given to ("report", "live pages"). */
    public String command() { return command; }

    /** The arguments that are not options, in order. */
    public List<String> positional() { return List.copyOf(positional); }

    /** The value of a single-valued option, or null; refuses the option given more than once. */
    public String one(String name) {
        List<String> v = options.get(name);
        if (v == null) return null;
        if (v.size() > 1) {
            throw new UsageException(command + ": option --" + name + " given " + v.size() + " times ('"
                    + String.join("', '", v) + "'); give it once");
        }
        return v.getFirst();
    }

    /** Every value of a repeatable option, in order. */
    public List<String> all(String name) { return options.getOrDefault(name, List.of()); }

    /** Whether the flag (or option) was given. */
    public boolean flag(String name) { return options.containsKey(name); }

    /** An option's value as a decimal within {@code range}, or {@code dflt} when it is not given. */
    public double decimal(String name, double dflt, Range range) {
        String v = one(name);
        return v == null ? dflt : decimal(command, "--" + name, v, range);
    }

    /** An option's value as a whole number within {@code range}, or {@code dflt} when it is not given. */
    public long whole(String name, long dflt, Range range) {
        String v = one(name);
        if (v == null) return dflt;
        long x = number(command, "--" + name, v);
        String why = range.check(x);
        if (why != null) throw new UsageException(command + ": --" + name + " " + why);
        return x;
    }

    /** Operand {@code i} ({@code label} names it: "SECONDS") as a decimal within {@code range}. */
    public double decimalOperand(int i, String label, Range range) { return decimal(command, label, positional.get(i), range); }

    /** An option's value, one of {@code known} (the first is the default when it is not given). */
    public String choice(String name, List<String> known) {
        String v = one(name);
        if (v == null) return known.getFirst();
        if (!known.contains(v)) throw new UsageException(command + ": " + org.vdsoexplorer.util.Known.unknown(name, v, known));
        return v;
    }

    /** A whole number, decimal or 0x-hexadecimal, optionally negative. */
    static long number(String command, String option, String s) {
        try {
            String t = s.trim();
            boolean neg = t.startsWith("-");
            if (neg) t = t.substring(1);
            long v = t.startsWith("0x") || t.startsWith("0X") ? Long.parseUnsignedLong(t.substring(2), 16) : Long.parseLong(t);
            return neg ? -v : v;
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + option + " needs a number, got '" + s + "'");
        }
    }

    static double decimal(String command, String option, String s) {
        try {
            double d = Double.parseDouble(s);
            if (!(d > 0) || Double.isInfinite(d)) throw new NumberFormatException();
            return d;
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + option + " needs a positive number, got '" + s + "'");
        }
    }

    /** A number within {@code range}, refused with the range in words. */
    static double decimal(String command, String option, String s, Range range) {
        double d;
        try {
            d = Double.parseDouble(s.strip());
        } catch (NumberFormatException e) {
            throw new UsageException(command + ": " + option + " needs a number " + range.words() + ", got '" + s + "'");
        }
        String why = range.check(d);
        if (why != null) throw new UsageException(command + ": " + option + " " + why);
        return d;
    }
}

package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * Reads a lesson step's ```setup block for {@link LessonParser}: scenario, variant and clock (inherited
 * from the step before), run_to, writer updates, breakpoints, compare, focus and highlight, resolving
 * names and reporting every problem with its file line.
 */
final class SetupBlockParser extends BlockValues {
    SetupBlockParser(String file, List<Problem> problems) { super(file, problems); }

    /** The ```setup block opening at file line {@code line} with text {@code literal}; null if it has errors. */
    StepSetup setup(int line, String literal, StepSetup inherited) {
        YamlBlock y = new YamlBlock(file, line + 1, "setup", problems);
        Map<String, YamlBlock.Value> m = y.parse(literal);
        if (m == null) return null;
        int before = problems.size();
        Map<String, Integer> lines = new LinkedHashMap<>();
        for (YamlBlock.Value v : m.values()) {
            lines.put(v.key(), v.line());
            if (!LessonParser.SETUP_KEYS.contains(v.key())) {
                problem(v.line(), "unknown setup key '" + v.key() + "' (known: " + String.join(", ", LessonParser.SETUP_KEYS) + ")");
            }
        }
        Scenario s = inherited == null ? LessonParser.DEFAULT_SCENARIO : inherited.scenario();
        Variant va = inherited == null ? LessonParser.DEFAULT_VARIANT : inherited.variant();
        Clock c = inherited == null ? LessonParser.DEFAULT_CLOCK : inherited.clock();
        if (m.containsKey("scenario")) s = scenario(m.get("scenario"), s);
        if (m.containsKey("variant")) va = variant(m.get("variant"), va);
        if (m.containsKey("clock")) c = clock(m.get("clock"), c);

        Target runTo = null;
        if (m.containsKey("run_to")) {
            String t = string(m.get("run_to"), "run_to");
            if (t != null) {
                runTo = Target.parse(t, false);
                if (runTo == null) {
                    problem(m.get("run_to").line(), "run_to '" + YamlBlock.oneLine(t) + "' is not a target: write an anchor ("
                            + String.join(", ", Target.ANCHORS) + ", optionally after: before it or #N after it), fn:FUNCTION, "
                            + "c:LINE for a C line, asm:ADDR for an instruction, step:N for a reader step count, or call_end");
                }
            }
        }
        List<Long> updates = new ArrayList<>();
        List<Target> updateAnchors = new ArrayList<>();
        if (m.containsKey("writer_update_at")) {
            for (YamlBlock.Value item : list(m.get("writer_update_at"))) {
                String t = string(item, "writer_update_at");
                if (t == null) continue;
                Target a = t.matches("[0-9]+") ? null : Target.anchor(t);
                if (a != null) {
                    updateAnchors.add(a);
                    continue;
                }
                try {
                    long n = Long.parseLong(t);
                    if (n < 0 || n > Evaluator.MAX_SETUP_STEPS) throw new NumberFormatException();
                    updates.add(n);
                } catch (NumberFormatException e) {
                    problem(item.line(), "writer_update_at '" + YamlBlock.oneLine(t) + "' must be an anchor ("
                            + String.join(", ", Target.ANCHORS) + ", fn:FUNCTION; before:/after: and #N allowed) or a reader step "
                            + "number from 0 to " + Evaluator.MAX_SETUP_STEPS);
                }
            }
            updates.sort(null);
        }
        List<Target> bps = new ArrayList<>();
        if (m.containsKey("breakpoints")) {
            for (YamlBlock.Value item : list(m.get("breakpoints"))) {
                String t = string(item, "breakpoints");
                if (t == null) continue;
                Target b = Target.parse(t, true);
                if (b == null) problem(item.line(), "breakpoint '" + YamlBlock.oneLine(t) + "' must be c:LINE or asm:ADDR");
                else bps.add(b);
            }
        }
        Compare cmp = null;
        if (m.containsKey("compare")) cmp = compare(m.get("compare"), s, va, c);
        View focus = null;
        if (m.containsKey("focus")) {
            String f = string(m.get("focus"), "focus");
            if (f != null) {
                focus = View.byName(f).orElse(null);
                if (focus == null) problem(m.get("focus").line(), "unknown view '" + YamlBlock.oneLine(f) + "' (known: " + View.names() + ")");
            }
            if (focus == View.COMPARE && !m.containsKey("compare")) {
                problem(m.get("focus").line(), "focus: compare needs a 'compare' in the same setup");
            }
        }
        String highlight = null;
        if (m.containsKey("highlight")) {
            YamlBlock.Value hv = m.get("highlight");
            highlight = string(hv, "highlight");
            if (highlight != null) {
                if (!m.containsKey("focus")) {
                    problem(hv.line(), "highlight needs a 'focus' (the view the element is in)");
                } else if (focus != null && !focus.elements().contains(highlight)
                        && !(focus == View.CODE && codeTarget(highlight) != null)) {
                    problem(hv.line(), "view '" + focus.lessonName() + "' has no element '" + YamlBlock.oneLine(highlight)
                            + "' (known: " + String.join(", ", focus.elements()) + (focus == View.CODE
                            ? ", an anchor (" + String.join(", ", Target.ANCHORS) + "), fn:FUNCTION, c:LINE, asm:ADDR" : "") + ")");
                }
            }
        }
        Goal expect = m.containsKey("expect") ? goal(m.get("expect"), "expect") : null;
        if (problems.size() > before) return null;
        return new StepSetup(line, s, va, c, runTo, updates, bps, cmp, focus, highlight, lines, updateAnchors, expect);
    }

    /** A code-view highlight: c:LINE, asm:ADDR, fn:NAME or an anchor; null if none of these. */
    static Target codeTarget(String h) {
        Target t = Target.parse(h, false);
        return t == null || t.kind() == Target.Kind.STEP || t.kind() == Target.Kind.CALL_END ? null : t;
    }

    private Scenario scenario(YamlBlock.Value v, Scenario dflt) {
        return named(v, "scenario", Scenario::byName, Scenario.names(), dflt);
    }

    private Variant variant(YamlBlock.Value v, Variant dflt) {
        return named(v, "variant", Variant::byName, Variant.names(), dflt);
    }

    /** The value named by {@code key}, {@code dflt} when absent; an unknown name is a problem listing the known ones. */
    private <T> T named(YamlBlock.Value v, String key, java.util.function.Function<String, java.util.Optional<T>> byName,
                        Object known, T dflt) {
        String t = string(v, key);
        if (t == null) return dflt;
        return byName.apply(t).orElseGet(() -> {
            problem(v.line(), "unknown " + key + " '" + YamlBlock.oneLine(t) + "' (known: " + known + ")");
            return dflt;
        });
    }

    private Clock clock(YamlBlock.Value v, Clock dflt) {
        String t = string(v, "clock");
        if (t == null) return dflt;
        Clock c = Clock.byName(t).orElse(null);
        if (c == null || !c.cliName().equals(t)) {
            problem(v.line(), "unknown clock '" + YamlBlock.oneLine(t) + "' (known: "
                    + String.join(", ", java.util.Arrays.stream(Clock.values()).map(Clock::cliName).toList()) + ")");
            return dflt;
        }
        return c;
    }

    private Compare compare(YamlBlock.Value v, Scenario s, Variant va, Clock c) {
        if (v.isScalar()) {
            String t = v.scalar().strip();
            if (Variant.byName(t).isPresent()) return new Compare(s, Variant.byName(t).get(), c);
            if (Scenario.byName(t).isPresent()) return new Compare(Scenario.byName(t).get(), va, c);
            Clock k = Clock.byName(t).orElse(null);
            if (k != null && k.cliName().equals(t)) return new Compare(s, va, k);
            problem(v.line(), "compare '" + YamlBlock.oneLine(t) + "' is no variant, scenario or clock name (variants: "
                    + Variant.names() + "; scenarios: " + Scenario.names() + ")");
            return null;
        }
        if (v.map() == null) {
            problem(v.line(), "compare must be a name or a mapping like {variant: before}");
            return null;
        }
        int before = problems.size();
        Scenario os = s;
        Variant ov = va;
        Clock oc = c;
        for (YamlBlock.Value e : v.map().values()) {
            String k = e.key().substring("compare.".length());
            switch (k) {
                case "scenario" -> os = scenario(e, s);
                case "variant" -> ov = variant(e, va);
                case "clock" -> oc = clock(e, c);
                default -> problem(e.line(), "unknown compare key '" + k + "' (known: scenario, variant, clock)");
            }
        }
        if (v.map().isEmpty()) problem(v.line(), "compare is empty: name a scenario, variant or clock");
        return problems.size() > before ? null : new Compare(os, ov, oc);
    }
}

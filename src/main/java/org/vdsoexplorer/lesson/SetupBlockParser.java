package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.SetupText;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.timing.TimingTable;
import org.vdsoexplorer.util.Known;

/**
 * Reads a lesson step's ```setup block for {@link LessonParser}: the setup's keys (scenario, variant, clock, compiler,
 * timing, core, tick-cycles; inherited from the step before) through the one setup parser ({@link SetupText}),
 * then run_to, writer updates, breakpoints, compare, focus and highlight, reporting every problem with its file line.
 */
final class SetupBlockParser extends BlockValues {
    SetupBlockParser(String file, List<Problem> problems) { super(file, problems); }

    /** The draw of an assessment lesson (null: draw: is not allowed) and the step number it draws for. */
    private Draw draw;
    private int step;
    /** The drawn alternative's say: text, or null. */
    private String said;

    SetupBlockParser drawing(Draw d, int stepNumber) {
        this.draw = d;
        this.step = stepNumber;
        return this;
    }

    /** What the drawn alternative says ({@code say:}), for {@code {say}} in the step's text; null if none. */
    String said() { return said; }

    /**
     * Replaces {@code m}'s {@code draw:} (a list of mappings of setup keys, and {@code say:}) by the keys of the
     * alternative the draw picks, each with its own line, so the rest of the block reads as if they were written there.
     */
    private void takeDraw(Map<String, YamlBlock.Value> m) {
        YamlBlock.Value d = m.remove("draw");
        if (d == null) return;
        if (draw == null) {
            problem(d.line(), "'draw' is only for an assessment lesson (front matter 'assessment: true')");
            return;
        }
        if (d.items() == null || d.items().isEmpty()) {
            problem(d.line(), "'draw' must be a list of alternatives, each a mapping like {variant: unlikely, clock: realtime}");
            return;
        }
        if (d.items().size() > Draw.MAX_ALTERNATIVES) {
            problem(d.line(), "'draw' has " + d.items().size() + " alternatives; at most " + Draw.MAX_ALTERNATIVES);
            return;
        }
        for (YamlBlock.Value alt : d.items()) {
            if (alt.map() == null) {
                problem(alt.line(), "each 'draw' alternative must be a mapping like {variant: unlikely, clock: realtime}");
                return;
            }
        }
        YamlBlock.Value pick = d.items().get(draw.pick(step, d.items().size()));
        for (Map.Entry<String, YamlBlock.Value> e : pick.map().entrySet()) {
            YamlBlock.Value v = e.getValue();
            String k = e.getKey();
            if (k.equals("say")) {
                said = string(v, "draw.say");
            } else if (k.equals("draw") || !LessonParser.SETUP_KEYS.contains(k)) {
                problem(v.line(), Known.unknown("draw key", k, LessonParser.SETUP_KEYS));
            } else if (m.containsKey(k)) {
                problem(v.line(), "'" + k + "' is both drawn and written outside 'draw'; write it in one place");
            } else {
                m.put(k, new YamlBlock.Value(k, v.line(), v.scalar(), v.items(), v.map()));
            }
        }
    }

    /** The ```setup block opening at file line {@code line} with text {@code literal}; null if it has errors. */
    StepSetup setup(int line, String literal, StepSetup inherited) {
        YamlBlock y = new YamlBlock(file, line + 1, "setup", problems);
        Map<String, YamlBlock.Value> m = y.parse(literal);
        if (m == null) return null;
        int before = problems.size();
        takeDraw(m);
        Map<String, Integer> lines = new LinkedHashMap<>();
        for (YamlBlock.Value v : m.values()) {
            lines.put(v.key(), v.line());
            if (!LessonParser.SETUP_KEYS.contains(v.key())) problem(v.line(), Known.unknown("setup key", v.key(), LessonParser.SETUP_KEYS));
        }
        Setup base = inherited == null ? LessonParser.DEFAULT_SETUP : inherited.setup();
        Setup s = setupOf(m, base);
        if (s == null) s = base;

        Target runTo = null;
        if (m.containsKey("run_to")) {
            String t = string(m.get("run_to"), "run_to");
            if (t != null) {
                runTo = Target.parse(t, false);
                if (runTo == null) {
                    problem(m.get("run_to").line(), "run_to '" + YamlBlock.oneLine(t) + "' is not a target: write an anchor ("
                            + String.join(", ", Target.ANCHORS) + ", optionally after: before it or #N after it), fn:FUNCTION, "
                            + "c:LINE for a C line, asm:ADDR for an instruction, step:N for a reader step count, or call_end"
                            + Known.didYouMean(Target.nearest(t, true)));
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
                            + "number from 0 to " + Evaluator.MAX_SETUP_STEPS + Known.didYouMean(Target.nearest(t, false)));
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
        Setup cmp = null;
        if (m.containsKey("compare")) cmp = compare(m.get("compare"), s);
        View focus = null;
        if (m.containsKey("focus")) {
            String f = string(m.get("focus"), "focus");
            if (f != null) {
                focus = View.byName(f).orElse(null);
                if (focus == null) problem(m.get("focus").line(), Known.unknown("view", f, java.util.Arrays.stream(View.values()).map(View::lessonName).toList()));
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
                            ? ", an anchor (" + String.join(", ", Target.ANCHORS) + "), fn:FUNCTION, c:LINE, asm:ADDR" : "") + ")"
                            + Known.didYouMean(nearElement(focus, highlight)));
                }
            }
        }
        Goal expect = m.containsKey("expect") ? goal(m.get("expect"), "expect") : null;
        if (problems.size() > before) return null;
        return new StepSetup(line, s, runTo, updates, bps, cmp, focus, highlight, lines, updateAnchors, expect);
    }

    /** The element of {@code view} (or, in the code view, the anchor) {@code h} is a near miss of, or null. */
    private static String nearElement(View view, String h) {
        String e = Known.nearest(h, view.elements());
        return e != null || view != View.CODE ? e : Target.nearest(h, false);
    }

    /** A code-view highlight: c:LINE, asm:ADDR, fn:NAME or an anchor; null if none of these. */
    static Target codeTarget(String h) {
        Target t = Target.parse(h, false);
        return t == null || t.kind() == Target.Kind.STEP || t.kind() == Target.Kind.CALL_END ? null : t;
    }

    /**
     * {@code base} with the setup keys of {@code m} read by the one setup parser; null if
     * one was refused (the problem is reported at its line).
     */
    private Setup setupOf(Map<String, YamlBlock.Value> m, Setup base) {
        Map<String, SetupText.Field> fields = new LinkedHashMap<>();
        boolean bad = false;
        for (String k : SetupText.KEYS) {
            YamlBlock.Value v = m.get(k);
            if (v == null) continue;
            String t = string(v, k);
            String unserved = t != null && k.equals(SetupText.CLOCK) ? unservedClock(t) : null;
            if (unserved != null) problem(v.line(), unserved);
            if (t == null || unserved != null) bad = true;
            else fields.put(k, new SetupText.Field(t, v.line()));
        }
        Setup s = SetupText.parse(fields, base, TimingTable.defaults(), this::problem);
        return bad ? null : s;
    }

    /**
     * Why a lesson cannot use the clock named {@code t}, or null (it may, or SetupText refuses the name): a lesson
     * runs only the clocks the model serves ({@link Clock#unserved}, the rule {@code report --clock} refuses by too),
     * so an unknown name is refused with those as the known ones.
     */
    static String unservedClock(String t) {
        String name = t.strip();
        Clock c = java.util.Arrays.stream(Clock.values()).filter(k -> k.cliName().equals(name)).findFirst().orElse(null);
        if (c == null) return Known.unknown(SetupText.CLOCK, t, Clock.servedNames());
        return c.unserved();
    }

    /** {@code compare}: one name (a variant, scenario, clock or compiler: the one thing that differs) or a mapping of setup keys. */
    private Setup compare(YamlBlock.Value v, Setup s) {
        if (v.isScalar()) {
            String t = v.scalar().strip();
            for (String k : List.of(SetupText.VARIANT, SetupText.SCENARIO, SetupText.CLOCK, SetupText.COMPILER)) {
                Setup o = SetupText.parse(Map.of(k, new SetupText.Field(t, v.line())), s, TimingTable.defaults(), (l, msg) -> { });
                if (o == null) continue;
                if (o.clock().unserved() != null) {
                    problem(v.line(), "compare: " + o.clock().unserved());
                    return null;
                }
                return o;
            }
            List<String> names = new ArrayList<>();
            for (Variant x : Variant.values()) names.add(x.cliName());
            for (Scenario x : Scenario.all()) names.add(x.cliName());
            names.addAll(Clock.servedNames());
            for (Compiler x : Compiler.values()) names.add(x.cliName());
            problem(v.line(), "compare '" + YamlBlock.oneLine(t) + "' is no variant, scenario, clock or compiler name (variants: "
                    + Variant.names() + "; scenarios: " + Scenario.names() + "; clocks: " + String.join(", ", Clock.servedNames())
                    + "; compilers: " + Compiler.names() + ")" + Known.didYouMean(t, names));
            return null;
        }
        if (v.map() == null) {
            problem(v.line(), "compare must be a name or a mapping like {variant: before}");
            return null;
        }
        int before = problems.size();
        for (YamlBlock.Value e : v.map().values()) {
            String k = e.key().substring("compare.".length());
            if (!SetupText.KEYS.contains(k)) problem(e.line(), Known.unknown("compare key", k, SetupText.KEYS));
        }
        if (v.map().isEmpty()) problem(v.line(), "compare is empty: name a scenario, variant or clock");
        Setup o = setupOf(v.map(), s);
        return problems.size() > before ? null : o;
    }
}

package org.vdsoexplorer.lesson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vdsoexplorer.util.Known;

/**
 * Reads a lesson step's ```question block for {@link LessonParser}: choice (options, the right answer,
 * feedback per option), predict (the predict kind, an optional tolerance), challenge (a goal and how the
 * student acts), click (an anchor or next-slot) or explain (the teacher's model answer), with prompt,
 * hint, attempts and explanation, reporting every problem with its file line.
 */
final class QuestionBlockParser extends BlockValues {
    static final int MAX_ATTEMPTS = 9;

    QuestionBlockParser(String file, List<Problem> problems) { super(file, problems); }

    /** The ```question block opening at file line {@code line} with text {@code literal}; null if it has errors. */
    Question question(int line, String literal) {
        YamlBlock y = new YamlBlock(file, line + 1, "question", problems);
        Map<String, YamlBlock.Value> m = y.parse(literal);
        if (m == null) return null;
        int before = problems.size();
        for (YamlBlock.Value v : m.values()) {
            if (!LessonParser.QUESTION_KEYS.contains(v.key())) {
                problem(v.line(), Known.unknown("question key", v.key(), LessonParser.QUESTION_KEYS));
            }
        }
        String typeS = string(m.get("type"), "type");
        Question.Type type = null;
        if (typeS == null) {
            if (!m.containsKey("type")) problem(line, "question: missing 'type' (" + TYPES + ")");
        } else {
            type = switch (typeS) {
                case "choice" -> Question.Type.CHOICE;
                case "predict" -> Question.Type.PREDICT;
                case "challenge" -> Question.Type.CHALLENGE;
                case "click" -> Question.Type.CLICK;
                case "explain" -> Question.Type.EXPLAIN;
                case "modify" -> Question.Type.MODIFY;
                default -> null;
            };
            if (type == null) problem(m.get("type").line(), Known.unknown("question type", typeS, TYPE_NAMES));
        }
        String prompt = string(m.get("prompt"), "prompt");
        if (prompt == null && !m.containsKey("prompt")) problem(line, "question: missing 'prompt'");
        List<String> options = new ArrayList<>();
        if (m.containsKey("options")) {
            for (YamlBlock.Value item : list(m.get("options"))) {
                String o = string(item, "options");
                if (o == null) continue;
                if (options.contains(o)) problem(item.line(), "option '" + YamlBlock.oneLine(o) + "' is listed twice");
                options.add(o);
            }
        }
        String answer = string(m.get("answer"), "answer");
        PredictKind kind = null;
        double tolerance = Double.NaN;
        Goal goal = null;
        Question.Act act = Question.Act.UPDATES;
        String click = null;
        Annotation toggle = null;
        if (type != null) onlyFor(m, type);
        if (type == Question.Type.CHOICE) {
            if (options.size() < 2) problem(m.containsKey("options") ? m.get("options").line() : line, "a choice question needs at least two options");
            if (answer == null) {
                if (!m.containsKey("answer")) problem(line, "choice question: missing 'answer' (the text of the right option)");
            } else if (!options.isEmpty() && !options.contains(answer)) {
                problem(m.get("answer").line(), "answer '" + YamlBlock.oneLine(answer) + "' is not one of the options"
                        + Known.didYouMean(answer, options));
            }
        } else if (type == Question.Type.PREDICT || type == Question.Type.MODIFY) {
            if (type == Question.Type.MODIFY) {
                String t = string(m.get("toggle"), "toggle");
                if (t == null) {
                    if (!m.containsKey("toggle")) problem(line, "modify question: missing 'toggle', the annotation the student toggles "
                            + "in the C pane (" + String.join(", ", Annotation.names()) + ")");
                } else {
                    toggle = Annotation.byLessonName(t);
                    if (toggle == null) problem(m.get("toggle").line(), Known.unknown("toggle", t, Annotation.names()));
                }
            }
            String k = string(m.get("predict"), "predict");
            if (k == null) {
                if (!m.containsKey("predict")) problem(line, typeS + " question: missing 'predict' (one of: " + PredictKind.names() + ")");
            } else {
                kind = PredictKind.byName(k).orElse(null);
                if (kind == null) {
                    problem(m.get("predict").line(), Known.unknown("predict kind", k, PredictKind.nameList()));
                }
            }
            if (m.containsKey("tolerance")) {
                String t = string(m.get("tolerance"), "tolerance");
                if (kind != null && kind != PredictKind.SPEEDUP_PERCENT && kind != PredictKind.SPEEDUP_FACTOR) {
                    problem(m.get("tolerance").line(), "'tolerance' only applies to speedup-percent and speedup-factor");
                } else if (t != null) {
                    try {
                        tolerance = Double.parseDouble(t);
                        if (!(tolerance >= 0) || Double.isInfinite(tolerance)) throw new NumberFormatException();
                    } catch (NumberFormatException e) {
                        problem(m.get("tolerance").line(), "tolerance '" + YamlBlock.oneLine(t) + "' must be a number >= 0");
                        tolerance = Double.NaN;
                    }
                }
            }
            if (options.size() == 1) problem(m.get("options").line(), "a predict question's options need at least two entries");
        } else if (type == Question.Type.CHALLENGE) {
            if (!m.containsKey("goal")) problem(line, "challenge question: missing 'goal' (a mapping like {retries: 2}; conditions: "
                    + String.join(", ", Goal.KEYS) + ")");
            else goal = goal(m.get("goal"), "goal");
            String a = string(m.get("act"), "act");
            if (a != null) {
                switch (a) {
                    case "updates" -> act = Question.Act.UPDATES;
                    case "setup" -> act = Question.Act.SETUP;
                    case "kernel" -> act = Question.Act.KERNEL;
                    default -> problem(m.get("act").line(), Known.unknown("act", a, List.of("updates", "setup", "kernel")));
                }
            }
        } else if (type == Question.Type.CLICK) {
            click = string(m.get("click"), "click");
            if (click == null) {
                if (!m.containsKey("click")) problem(line, "click question: missing 'click' (" + CLICKS + ")");
            } else if (!click.equals(Question.NEXT_SLOT) && !click.equals(Question.KERNEL_COUNTER_READ) && (Target.anchor(click) == null)) {
                problem(m.get("click").line(), Known.unknown("click", click, CLICKS, Known.nearest(click, List.of(Question.NEXT_SLOT, Question.KERNEL_COUNTER_READ)) != null
                        ? Known.nearest(click, List.of(Question.NEXT_SLOT, Question.KERNEL_COUNTER_READ)) : Target.nearest(click, false)));
            } else if (click.startsWith("after:")) {
                problem(m.get("click").line(), "click names an instruction: write the anchor without after:");
            }
        } else if (type == Question.Type.EXPLAIN) {
            if (answer == null && !m.containsKey("answer")) problem(line, "explain question: missing 'answer' (the model answer the student compares theirs with)");
        }
        Map<String, String> feedback = new LinkedHashMap<>();
        if (m.containsKey("feedback")) {
            YamlBlock.Value f = m.get("feedback");
            if (f.map() == null) {
                problem(f.line(), "'feedback' must be a mapping from an option's text to what a student who chose it reads");
            } else {
                for (Map.Entry<String, YamlBlock.Value> e : f.map().entrySet()) {
                    String text = string(e.getValue(), "feedback");
                    if (text == null) continue;
                    if (!options.contains(e.getKey()) && !((type == Question.Type.PREDICT || type == Question.Type.MODIFY) && kind != null && kind.choices(null).contains(e.getKey()))) {
                        problem(e.getValue().line(), "feedback for '" + YamlBlock.oneLine(e.getKey()) + "', which is not an option"
                                + Known.didYouMean(e.getKey(), (type == Question.Type.PREDICT || type == Question.Type.MODIFY) && kind != null ? kind.choices(null) : options));
                    } else if (e.getKey().equals(answer)) {
                        problem(e.getValue().line(), "feedback is for wrong options; the right one gets 'explain'");
                    } else {
                        feedback.put(e.getKey(), text);
                    }
                }
            }
        }
        int attempts = type == Question.Type.CHOICE ? Math.min(2, Math.max(1, options.size() - 2)) : type == Question.Type.CLICK ? 3 : 1;
        if (m.containsKey("attempts")) {
            int a = integer(m.get("attempts"), "attempts", 1, MAX_ATTEMPTS);
            if (a > 0) attempts = a;
        }
        String hint = string(m.get("hint"), "hint");
        String explain = string(m.get("explain"), "explain");
        if (explain != null && explain.contains("{answer}") && type == Question.Type.EXPLAIN) {
            problem(m.get("explain").line(), "{answer} has nothing to stand for in an explain question (its answer is the text itself)");
        }
        if (problems.size() > before || type == null) return null;
        return new Question(line, type, prompt, options, answer, kind, tolerance, hint == null ? "" : hint,
                explain == null ? "" : explain, feedback, attempts, goal, act, click, toggle);
    }

    /**
     * What a challenge needs of its step's own setup block ({@code own}: null if the step has none), reported at the
     * question: {@code act: updates} a setup with {@code run_to: call_end} (the call to work on has finished, so the
     * whole of it is on the timeline: the model replays that call with the student's updates) and {@code focus:
     * seqlock} (the timeline the student clicks is in that view); {@code act: setup} a setup of its own (the student
     * starts from a known setup, the one the model proves does not meet the goal, not from wherever the last step
     * left the model) without {@code writer_update_at} (the call the student runs after picking a setup, and the
     * solution the model finds, have no placed updates).
     */
    void actNeeds(Question q, StepSetup own) {
        if (q.type() != Question.Type.CHALLENGE) return;
        String act = "challenge (act: " + q.act().name().toLowerCase(java.util.Locale.ROOT) + ")";
        if (q.act() == Question.Act.KERNEL) {
            if (own == null || own.focus() != View.KERNEL) {
                problem(q.line(), act + " needs focus: kernel in " + (own == null ? "a ```setup block of its own step" : "the step's setup")
                        + ": the student places update_vsyscall() in the Your kernel tab's call");
            }
            return;
        }
        if (q.act() == Question.Act.SETUP) {
            if (own == null) {
                problem(q.line(), act + " needs a ```setup block in its own step: the student starts from that setup, which "
                        + "must not meet the goal yet");
            } else if (!own.writerUpdateAt().isEmpty() || !own.updateAnchors().isEmpty()) {
                problem(q.line(), act + ": the step's writer_update_at never happens (the call the student runs after picking "
                        + "a setup has no placed updates); leave it out, or write act: updates");
            }
            return;
        }
        List<String> missing = new ArrayList<>();
        if (own == null || own.runTo() == null || own.runTo().kind() != Target.Kind.CALL_END) {
            missing.add("run_to: call_end" + (own != null && own.runTo() != null ? " (not " + own.runTo().text() + ")" : ""));
        }
        if (own == null || own.focus() != View.SEQLOCK) {
            missing.add("focus: seqlock" + (own != null && own.focus() != null ? " (not " + own.focus().lessonName() + ")" : ""));
        }
        if (missing.isEmpty()) return;
        problem(q.line(), act + " needs " + String.join(" and ", missing) + " in " + (own == null ? "a ```setup block of its own "
                + "step" : "the step's setup") + ": the student places updates on the seqlock view's timeline of a finished call");
    }

    static final List<String> TYPE_NAMES = List.of("choice", "predict", "challenge", "click", "explain", "modify");
    static final String TYPES = String.join(", ", TYPE_NAMES);
    static final String CLICKS = "next-slot, " + Question.KERNEL_COUNTER_READ + ", fn:FUNCTION, " + String.join(", ", Target.ANCHORS) + "; #N for a later one";

    /** Keys that belong to other question types. */
    private void onlyFor(Map<String, YamlBlock.Value> m, Question.Type type) {
        Map<String, List<Question.Type>> owner = Map.of(
                "predict", List.of(Question.Type.PREDICT, Question.Type.MODIFY),
                "tolerance", List.of(Question.Type.PREDICT, Question.Type.MODIFY),
                "toggle", List.of(Question.Type.MODIFY),
                "goal", List.of(Question.Type.CHALLENGE),
                "act", List.of(Question.Type.CHALLENGE),
                "click", List.of(Question.Type.CLICK),
                "answer", List.of(Question.Type.CHOICE, Question.Type.EXPLAIN),
                "options", List.of(Question.Type.CHOICE, Question.Type.PREDICT, Question.Type.MODIFY),
                "feedback", List.of(Question.Type.CHOICE, Question.Type.PREDICT, Question.Type.MODIFY),
                "attempts", List.of(Question.Type.CHOICE, Question.Type.CLICK));
        for (Map.Entry<String, List<Question.Type>> e : owner.entrySet()) {
            if (m.containsKey(e.getKey()) && !e.getValue().contains(type)) {
                String msg = e.getKey().equals("answer") && (type == Question.Type.PREDICT || type == Question.Type.MODIFY)
                        ? "a predict question takes no 'answer': the model computes it"
                        : "'" + e.getKey() + "' belongs to " + String.join(" and ", e.getValue().stream()
                                .map(t -> t.name().toLowerCase(java.util.Locale.ROOT)).toList()) + " questions (type: "
                                + e.getValue().getFirst().name().toLowerCase(java.util.Locale.ROOT) + ")";
                problem(m.get(e.getKey()).line(), msg);
            }
        }
    }
}

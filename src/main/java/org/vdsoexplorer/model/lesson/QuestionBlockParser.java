package org.vdsoexplorer.model.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a lesson step's ```question block for {@link LessonParser}: a choice question (options and the
 * right answer) or a predict question (the predict kind, an optional tolerance), with prompt, hint and
 * explanation, reporting every problem with its file line.
 */
final class QuestionBlockParser extends BlockValues {
    QuestionBlockParser(String file, List<Problem> problems) { super(file, problems); }

    /** The ```question block opening at file line {@code line} with text {@code literal}; null if it has errors. */
    Question question(int line, String literal) {
        YamlBlock y = new YamlBlock(file, line + 1, "question", problems);
        Map<String, YamlBlock.Value> m = y.parse(literal);
        if (m == null) return null;
        int before = problems.size();
        for (YamlBlock.Value v : m.values()) {
            if (!LessonParser.QUESTION_KEYS.contains(v.key())) {
                problem(v.line(), "unknown question key '" + v.key() + "' (known: " + String.join(", ", LessonParser.QUESTION_KEYS) + ")");
            }
        }
        String typeS = string(m.get("type"), "type");
        Question.Type type = null;
        if (typeS == null) {
            if (!m.containsKey("type")) problem(line, "question: missing 'type' (choice or predict)");
        } else if (typeS.equals("choice")) {
            type = Question.Type.CHOICE;
        } else if (typeS.equals("predict")) {
            type = Question.Type.PREDICT;
        } else {
            problem(m.get("type").line(), "question type '" + YamlBlock.oneLine(typeS) + "' is unknown (known: choice, predict)");
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
        if (type == Question.Type.CHOICE) {
            if (options.size() < 2) problem(m.containsKey("options") ? m.get("options").line() : line, "a choice question needs at least two options");
            if (m.containsKey("predict")) problem(m.get("predict").line(), "'predict' belongs to predict questions (type: predict)");
            if (answer == null) {
                if (!m.containsKey("answer")) problem(line, "choice question: missing 'answer' (the text of the right option)");
            } else if (!options.isEmpty() && !options.contains(answer)) {
                problem(m.get("answer").line(), "answer '" + YamlBlock.oneLine(answer) + "' is not one of the options");
            }
            if (m.containsKey("tolerance")) problem(m.get("tolerance").line(), "'tolerance' belongs to predict questions");
        } else if (type == Question.Type.PREDICT) {
            if (m.containsKey("answer")) {
                problem(m.get("answer").line(), "a predict question takes no 'answer': the model computes it");
            }
            String k = string(m.get("predict"), "predict");
            if (k == null) {
                if (!m.containsKey("predict")) problem(line, "predict question: missing 'predict' (one of: " + PredictKind.names() + ")");
            } else {
                kind = PredictKind.byName(k).orElse(null);
                if (kind == null) {
                    problem(m.get("predict").line(), "unknown predict kind '" + YamlBlock.oneLine(k) + "' (known: " + PredictKind.names() + ")");
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
        }
        String hint = string(m.get("hint"), "hint");
        String explain = string(m.get("explain"), "explain");
        if (problems.size() > before || type == null) return null;
        return new Question(line, type, prompt, options, answer, kind, tolerance, hint == null ? "" : hint,
                explain == null ? "" : explain);
    }
}

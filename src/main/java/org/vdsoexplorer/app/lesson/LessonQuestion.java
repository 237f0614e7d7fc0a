package org.vdsoexplorer.app.lesson;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.model.lesson.Answer;
import org.vdsoexplorer.model.lesson.AnswerWatch;
import org.vdsoexplorer.model.lesson.Evaluator;
import org.vdsoexplorer.model.lesson.Lesson;
import org.vdsoexplorer.model.lesson.LessonException;
import org.vdsoexplorer.model.lesson.PredictKind;
import org.vdsoexplorer.model.lesson.Question;
import org.vdsoexplorer.model.lesson.Step;
import org.vdsoexplorer.model.lesson.StepSetup;
import org.vdsoexplorer.model.lesson.Stepper;
import org.vdsoexplorer.viewmodel.ProgressStore;

/**
 * The question panel of a {@link LessonPane} step: the prompt, choices or a guess field, the hint, and
 * the answer: a checked choice, or a prediction the model computes off the FX thread and then reveals
 * (the app's model runs to where the answer shows), with the verdict and explanation; answers go to
 * the progress store.
 */
final class LessonQuestion {
    private final LessonPane pane;
    private final VBox box = new VBox(8);
    /** The revealed answer of the current step's predict question (for tests), or null. */
    private Answer revealed;

    LessonQuestion(LessonPane pane) {
        this.pane = pane;
    }

    /** The panel's node. */
    VBox box() { return box; }

    Answer revealed() { return revealed; }

    void clearRevealed() { revealed = null; }

    private ToggleGroup choiceGroup;
    private TextField guessField;
    private final VBox result = new VBox(6);
    private Button answerButton;
    private boolean revealing;

    /** Builds the question panel for step {@code s} (hidden when the step has none) and masks what its prediction would give away. */
    void build(Step s) {
        Question q = s.question();
        var masked = q != null && q.type() == Question.Type.PREDICT && q.predict() != null ? q.predict().masks() : Set.<org.vdsoexplorer.model.lesson.Shown>of();
        pane.host().questionShows(masked);
        pane.host().mask(masked);
        box.getChildren().clear();
        result.getChildren().clear();
        result.setId("lesson-result");
        box.setVisible(q != null);
        if (q == null) return;
        boolean predict = q.type() == Question.Type.PREDICT;
        Label kind = new Label(predict ? "Predict, then reveal" : "Question");
        kind.getStyleClass().add("lesson-question-kind");
        box.getChildren().addAll(kind, MarkdownView.inline(q.prompt(), "lesson-prompt"));
        List<String> choices = q.choices(s.effectiveSetup());
        choiceGroup = null;
        guessField = null;
        if (!choices.isEmpty()) {
            choiceGroup = new ToggleGroup();
            VBox opts = new VBox(4);
            opts.setId("lesson-options");
            int n = 0;
            for (String c : choices) {
                RadioButton r = new RadioButton(c);
                r.setToggleGroup(choiceGroup);
                r.setUserData(c);
                r.setWrapText(true);
                r.setId("lesson-option-" + n++);
                r.getStyleClass().add("lesson-option");
                opts.getChildren().add(r);
            }
            box.getChildren().add(opts);
        } else {
            guessField = new TextField();
            guessField.setId("lesson-guess");
            guessField.setPromptText(q.predict() != null && q.predict().numeric() ? "your prediction (a number)" : "your prediction");
            guessField.setOnAction(e -> answer(s));
            box.getChildren().add(guessField);
        }
        answerButton = new Button(predict ? "Reveal: run the model" : "Check my answer");
        answerButton.setId("lesson-answer");
        answerButton.setDefaultButton(false);
        answerButton.setOnAction(e -> answer(s));
        HBox buttons = new HBox(8, answerButton);
        if (q.hint() != null && !q.hint().isBlank()) {
            Button hint = new Button("Hint");
            hint.setId("lesson-hint");
            hint.setOnAction(e -> {
                Node h = MarkdownView.inline(q.hint(), "lesson-hint");
                h.setId("lesson-hint-text");
                if (box.lookup("#lesson-hint-text") == null) box.getChildren().add(box.getChildren().indexOf(buttons), h);
                hint.setDisable(true);
            });
            buttons.getChildren().add(hint);
        }
        box.getChildren().addAll(buttons, result);
        ProgressStore.Entry e = pane.progressStore().peek(pane.lesson().id());
        if (e != null && e.answers().containsKey(s.number())) {
            result.getChildren().add(LessonPicker.meta("You answered this before: " + (e.answers().get(s.number()) ? "right." : "not quite.")));
        }
    }

    private String guess() {
        if (choiceGroup != null) return choiceGroup.getSelectedToggle() == null ? null : (String) choiceGroup.getSelectedToggle().getUserData();
        return guessField == null || guessField.getText().isBlank() ? null : guessField.getText().strip();
    }

    private void answer(Step s) {
        Question q = s.question();
        String g = guess();
        result.getChildren().clear();
        if (q.type() == Question.Type.CHOICE) {
            if (g == null) {
                result.getChildren().add(LessonPicker.meta("Choose an answer first."));
                return;
            }
            boolean right = g.equals(q.answer());
            record(s, right);
            verdict(right, right ? "Right." : "Not quite. The answer is: " + q.answer());
            explain(q);
            return;
        }
        // predict: the model computes the answer (off the FX thread: the speed questions measure), then
        // the app's model runs to where the answer shows
        StepSetup eff = s.effectiveSetup();
        if (revealing) return;
        revealing = true; // (not setDisable: a button disabled while pressed stays drawn pressed)
        Label running = LessonPicker.meta("Running the model\u2026");
        result.getChildren().add(running);
        int at = pane.stepIndex();
        Lesson in = pane.lesson();
        org.vdsoexplorer.util.Background.run(() -> {
            Answer a;
            String err = null;
            try {
                a = pane.evaluator().answer(eff, q);
            } catch (LessonException | RuntimeException e) {
                a = null;
                err = e.getMessage();
            }
            Answer done = a;
            String why = err;
            Platform.runLater(() -> {
                revealing = false;
                if (pane.lesson() != in || pane.stepIndex() != at) return; // the student moved on
                result.getChildren().clear();
                if (done == null) {
                    result.getChildren().add(LessonPicker.meta("The model could not compute this answer: " + why));
                    return;
                }
                pane.noteKeyboard();
                pane.host().mask(Set.of());
                revealInModel(eff, q.predict());
                if (pane.keyboardLeftPane()) answerButton.requestFocus();
                revealed = done;
                showRevealed(s, done, g);
            });
        });
    }

    /** Puts the app's model where the answer shows: the step's setup point, then runs on as the evaluator did. */
    private void revealInModel(StepSetup eff, PredictKind k) {
        try {
            pane.host().apply(eff);
            if (k.measured()) return;
            eff = Evaluator.concrete(eff);
            AnswerWatch watch = new AnswerWatch();
            Stepper stepper = pane.host().stepper(watch);
            watch.arm(stepper);
            Evaluator.runUntilAnswered(stepper, eff.writerUpdateAt(), k, watch);
            if (eff.focus() != null) pane.host().focus(eff.focus(), eff.highlight());
            pane.host().refresh();
            pane.status("Revealed: the model ran on to reader step " + pane.host().position() + ".", false);
        } catch (LessonException | RuntimeException e) {
            pane.status("Could not run the model: " + e.getMessage(), true);
        }
        pane.presenter().refreshSpotlight();
    }

    private void showRevealed(Step s, Answer a, String g) {
        Label ans = new Label("The model's answer: " + a.value() + (a.tolerance() > 0
                ? String.format(Locale.ROOT, "  (a guess within \u00b1%s counts)", trim(a.tolerance())) : ""));
        ans.setId("lesson-model-answer");
        ans.getStyleClass().add("lesson-model-answer");
        ans.setWrapText(true);
        ans.setMinHeight(Region.USE_PREF_SIZE);
        result.getChildren().add(ans);
        if (g == null) {
            result.getChildren().add(LessonPicker.meta("You made no prediction this time."));
        } else {
            boolean right = a.accepts(g);
            record(s, right);
            verdict(right, (right ? "Right: you predicted " : "Not quite: you predicted ") + g + ".");
        }
        Label detail = LessonPicker.meta("What the model did: " + a.detail());
        detail.setId("lesson-detail");
        result.getChildren().add(detail);
        explain(s.question());
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.1f", d);
    }

    private void verdict(boolean right, String text) {
        Label v = new Label((right ? "\u2713 " : "\u2717 ") + text);
        v.setId("lesson-verdict");
        v.getStyleClass().addAll("lesson-verdict", right ? "right" : "wrong");
        v.setWrapText(true);
        v.setMinHeight(Region.USE_PREF_SIZE);
        result.getChildren().add(v);
    }

    private void explain(Question q) {
        if (q.explain() == null || q.explain().isBlank()) return;
        Node n = MarkdownView.inline(q.explain(), "lesson-explain");
        n.setId("lesson-explain");
        result.getChildren().add(n);
    }

    private void record(Step s, boolean right) {
        pane.progressStore().answered(pane.lesson().id(), s.number(), right);
        pane.progressStore().save();
        pane.refreshWarning();
    }
}

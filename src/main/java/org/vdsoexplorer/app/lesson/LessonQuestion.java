package org.vdsoexplorer.app.lesson;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vdsoexplorer.lesson.Answer;
import org.vdsoexplorer.lesson.AnswerWatch;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.LessonException;
import org.vdsoexplorer.lesson.PredictKind;
import org.vdsoexplorer.lesson.Question;
import org.vdsoexplorer.lesson.Shown;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.lesson.StepSetup;
import org.vdsoexplorer.lesson.Stepper;
import org.vdsoexplorer.session.ProgressStore;
import org.vdsoexplorer.session.QuestionState;

/**
 * The question panel of a {@link LessonPane} step: the prompt, then by kind: choices checked with several
 * tries and feedback per wrong option; a prediction committed (or "I don't know") before the model computes
 * the answer off the FX thread and the app's model runs to where it shows; a self-graded explanation
 * against the teacher's model answer. Challenges and clicks, where the student acts in the views, are an
 * {@link ActQuestion}. Tries and commitments are a {@link QuestionState}; answers go to the progress store.
 */
final class LessonQuestion {
    private final LessonPane pane;
    private final ActQuestion act;
    private final VBox box = new VBox(8);
    /** The revealed answer of the current step's predict question (for tests), or null. */
    private Answer revealed;
    private QuestionState state = new QuestionState(1);
    /** Hints read and the clock's time when the step's question was built (the results' "hints" and "seconds"). */
    private int hints;
    private long shownAt;

    LessonQuestion(LessonPane pane) {
        this.pane = pane;
        this.act = new ActQuestion(this);
    }

    /** The panel's node. */
    VBox box() { return box; }

    Answer revealed() { return revealed; }

    void clearRevealed() { revealed = null; }

    LessonPane pane() { return pane; }

    /** The step is left (picker shown, panel closed): the views stop reporting clicks to it. */
    void close() { act.close(); }

    QuestionState state() { return state; }

    private ToggleGroup choiceGroup;
    private TextField guessField;
    final VBox result = new VBox(6);
    boolean revealing;

    /** Builds the question panel for step {@code s} (hidden when the step has none) and masks what its prediction would give away. */
    void build(Step s) {
        Question q = s.question();
        act.close();
        pane.host().listenForToggles(null);
        Set<Shown> masked = q != null && q.predicts() && q.predict() != null ? q.predict().masks()
                : q != null && q.type() == Question.Type.CLICK && Question.NEXT_SLOT.equals(q.click()) ? Set.of(Shown.PAGE_TRAIL) : Set.of();
        pane.host().questionShows(masked);
        pane.host().mask(masked);
        box.getChildren().clear();
        result.getChildren().clear();
        result.setId("lesson-result");
        box.setVisible(q != null);
        if (q == null) return;
        boolean assessment = pane.lesson().assessment();
        state = new QuestionState(q.type() == Question.Type.CHALLENGE ? 0 : assessment ? 1 : q.attempts());
        hints = 0;
        shownAt = pane.window().clock().now();
        Label kind = new Label(switch (q.type()) {
            case PREDICT -> "Predict, then reveal";
            case CHALLENGE -> "Challenge: make the model do it";
            case CLICK -> "Find it in the views";
            case EXPLAIN -> "Explain, then compare";
            case MODIFY -> "Modify: predict, then change the source";
            case CHOICE -> "Question";
        });
        kind.getStyleClass().add("lesson-question-kind");
        kind.setWrapText(true); // "Challenge: make the model do it" is wider than the panel at 150-250 %
        kind.setMinHeight(Region.USE_PREF_SIZE);
        box.getChildren().addAll(kind, MarkdownView.inline(q.prompt(), "lesson-prompt"));
        choiceGroup = null;
        guessField = null;
        FlowPane buttons = buttonFlow();
        buttons.setId("lesson-buttons");
        switch (q.type()) {
            case CHALLENGE, CLICK -> act.build(s, buttons);
            case EXPLAIN -> buildExplain(s, buttons);
            default -> buildAnswer(s, buttons);
        }
        if (q.hint() != null && !q.hint().isBlank() && !assessment) {
            Button hint = button("Hint", "lesson-hint");
            hint.setOnAction(e -> {
                Node h = MarkdownView.inline(q.hint(), "lesson-hint");
                h.setId("lesson-hint-text");
                if (box.lookup("#lesson-hint-text") == null) box.getChildren().add(box.getChildren().indexOf(buttons), h);
                hint.setDisable(true);
                hints++;
            });
            buttons.getChildren().add(hint);
        }
        box.getChildren().addAll(buttons, result);
        ProgressStore.Entry e = pane.progressStore().peek(pane.lesson().id());
        if (e != null && e.answers().containsKey(s.number())) {
            result.getChildren().add(LessonPicker.meta("You answered this before: " + (e.answers().get(s.number()) ? "right." : "not quite.")));
        }
    }

    /**
     * A choice whose text wraps onto as many lines as it needs: its height is measured a few px narrower than it is laid
     * out (the skin wraps the text beside the radio dot at a width that can differ by a fraction of a px from the one
     * the height was measured at, and one line short is a choice shown cut with an ellipsis).
     */
    static final class WrappingRadio extends RadioButton {
        WrappingRadio(String text) {
            super(text);
            setWrapText(true);
            setMinHeight(Region.USE_PREF_SIZE);
        }

        @Override protected double computePrefHeight(double width) { return super.computePrefHeight(width < 0 ? width : width - 4); }
    }

    /** A question's button: its text wraps when the panel is narrower than it (250 %), in a {@link #buttonFlow}. */
    static Button button(String text, String id) {
        Button b = new Button(text);
        b.setId(id);
        b.setWrapText(true);
        b.setMinHeight(Region.USE_PREF_SIZE);
        return b;
    }

    /**
     * A flow of buttons none wider than the flow: a flow lays each child out at its preferred width and asks for the
     * widest one as its minimum, so a button whose text is wider than the panel would run past its edge (and widen the
     * whole scrolled panel); bounded by the flow's width, and the flow's minimum theirs, it wraps.
     */
    static FlowPane buttonFlow(Node... nodes) {
        FlowPane f = new FlowPane(8, 6, nodes) {
            @Override protected double computeMinWidth(double height) {
                double w = 0;
                for (Node n : getManagedChildren()) w = Math.max(w, n.minWidth(-1));
                return snappedLeftInset() + w + snappedRightInset();
            }
        };
        Runnable fit = () -> {
            for (Node n : f.getChildren()) if (n instanceof Region r) r.setMaxWidth(f.getWidth() > 0 ? f.getWidth() : Double.MAX_VALUE);
        };
        f.widthProperty().addListener(o -> fit.run());
        f.getChildren().addListener((javafx.collections.ListChangeListener<Node>) c -> fit.run());
        fit.run();
        return f;
    }

    /** Choices or a guess field, and the check (choice) or commit-and-reveal buttons (predict). */
    private void buildAnswer(Step s, FlowPane buttons) {
        Question q = s.question();
        boolean predict = q.predicts();
        List<String> choices = q.choices(s.effectiveSetup());
        if (!choices.isEmpty()) {
            choiceGroup = new ToggleGroup();
            VBox opts = new VBox(4);
            opts.setId("lesson-options");
            int n = 0;
            for (String c : choices) {
                RadioButton r = new WrappingRadio(c);
                r.setToggleGroup(choiceGroup);
                r.setUserData(c);
                r.setId("lesson-option-" + n++);
                r.getStyleClass().add("lesson-option");
                opts.getChildren().add(r);
            }
            box.getChildren().add(opts);
        } else {
            guessField = new TextField();
            guessField.setId("lesson-guess");
            // what to type, above the field (it wraps; a prompt inside the field is cut at 150-250 %)
            Label what = new Label(q.predict() == null || !q.predict().numeric() ? "Your prediction:"
                    : q.predict().units().isEmpty() ? "Your prediction (a number; 0x... for hex):"
                    : "Your prediction (a number such as 14.5 or 14,5):");
            what.setId("lesson-guess-label");
            what.setWrapText(true);
            what.setMinHeight(Region.USE_PREF_SIZE);
            what.setLabelFor(guessField);
            guessField.setAccessibleText(what.getText());
            guessField.setOnAction(e -> answer(s, false));
            box.getChildren().addAll(what, guessField);
        }
        if (q.type() == Question.Type.MODIFY) {
            Label what = LessonPicker.meta("The change: " + (q.toggle().isOn(s.effectiveSetup().variant()) ? "take out " : "write ")
                    + q.toggle().description() + " (the toggle \u201c" + q.toggle().label() + "\u201d above the C source). "
                    + "Predict first; then toggle it.");
            what.setId("lesson-toggle-what");
            box.getChildren().add(box.getChildren().size() - (guessField != null ? 2 : 1), what);
        }
        Button answer = button(q.type() == Question.Type.MODIFY ? "Commit my prediction" : predict ? "Commit and reveal"
                : "Check my answer", "lesson-answer");
        answer.setOnAction(e -> answer(s, false));
        buttons.getChildren().add(answer);
        if (predict) {
            Button unsure = button("I don't know: reveal", "lesson-dont-know");
            unsure.setOnAction(e -> answer(s, true));
            buttons.getChildren().add(unsure);
        } else if (state.left() > 1) {
            buttons.getChildren().add(LessonPicker.meta(state.left() + " tries"));
        }
    }

    private String guess() {
        if (choiceGroup != null) return choiceGroup.getSelectedToggle() == null ? null : (String) choiceGroup.getSelectedToggle().getUserData();
        return guessField == null || guessField.getText().isBlank() ? null : guessField.getText().strip();
    }

    private void answer(Step s, boolean dontKnow) {
        Question q = s.question();
        String g = dontKnow ? null : guess();
        if (q.type() == Question.Type.CHOICE) {
            if (state.over()) return;
            result.getChildren().clear();
            if (g == null) {
                result.getChildren().add(LessonPicker.meta("Choose an answer first."));
                return;
            }
            boolean right = g.equals(q.answer());
            QuestionState.Outcome o = state.attempt(right);
            switch (o) {
                case RIGHT -> verdict(true, "Right.");
                case TRY_AGAIN -> verdict(false, "Not quite. " + q.feedback().getOrDefault(g, "") + " (" + state.left()
                        + (state.left() == 1 ? " try" : " tries") + " left)");
                case OUT_OF_TRIES -> {
                    verdict(false, "Not quite. " + q.feedback().getOrDefault(g, ""));
                    result.getChildren().add(answerLine("The answer: " + q.answer()));
                }
            }
            if (o != QuestionState.Outcome.TRY_AGAIN) {
                record(s, state.right(), g);
                explain(q, q.answer());
            }
            return;
        }
        // predict: committed first (a guess, or "I don't know"); the model computes the answer off the FX thread
        // (the speed questions measure), then the app's model runs to where the answer shows
        if (revealing || state.over()) return;
        if (g == null && !dontKnow) {
            result.getChildren().setAll(LessonPicker.meta("Commit to a prediction first, or press \u201cI don't know\u201d."));
            return;
        }
        String refused = guessField != null && g != null ? state.commitTyped(g, q.predict()) : null;
        if (refused != null) { // not a number it can read: nothing committed or recorded, the field stays open
            Label why = LessonPicker.meta(refused);
            why.setId("lesson-refusal");
            result.getChildren().setAll(why);
            return;
        }
        state.commit(g); // (a choice, or "I don't know"; a no-op after commitTyped)
        if (guessField != null) guessField.setEditable(false);
        if (choiceGroup != null) choiceGroup.getToggles().forEach(t -> ((RadioButton) t).setDisable(true));
        if (q.type() == Question.Type.MODIFY) {
            act.awaitToggle(s);
            return;
        }
        reveal(s);
    }

    /** Computes the answer off the FX thread, runs the app's model to where it shows, and shows it. */
    void reveal(Step s) {
        Question q = s.question();
        StepSetup eff = s.effectiveSetup();
        StepSetup shown = q.modified(eff); // a modify question's answer shows on the toggled build
        revealing = true; // (not setDisable: a button disabled while pressed stays drawn pressed)
        result.getChildren().setAll(LessonPicker.meta("Running the model\u2026"));
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
                revealInModel(shown, q.predict());
                if (pane.keyboardLeftPane()) pane.requestFocus();
                revealed = done;
                showRevealed(s, done, state.prediction());
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
        result.getChildren().add(answerLine("The model's answer: " + a.value() + (a.tolerance() > 0
                ? String.format(Locale.ROOT, "  (a guess within \u00b1%s counts)", trim(a.tolerance())) : "")));
        // beside the model's figure, what was measured for the same two setups (the seeds), each with its source
        for (Answer.Measured m : a.measured()) {
            Label measured = LessonPicker.meta("Measured: " + m.value() + (m.sameFaster() ? "" : " (the other side faster)")
                    + ", " + m.source());
            measured.getStyleClass().add("lesson-measured");
            result.getChildren().add(measured);
        }
        boolean right = g != null && a.accepts(g);
        state.finish(right);
        if (g == null) {
            result.getChildren().add(LessonPicker.meta("You committed to \u201cI don't know\u201d: now you know."));
        } else {
            verdict(right, (right ? "Right: you predicted " : "Not quite: you predicted ") + g + "."
                    + (right ? "" : " " + s.question().feedback().getOrDefault(g, "")));
        }
        record(s, right, g);
        Label detail = LessonPicker.meta("What the model did: " + a.detail());
        detail.setId("lesson-detail");
        result.getChildren().add(detail);
        explain(s.question(), a.value());
    }

    // ---- explain (self-graded) ------------------------------------------------------------------

    private void buildExplain(Step s, FlowPane buttons) {
        Question q = s.question();
        TextArea text = new TextArea();
        text.setId("lesson-explain-input");
        Label what = new Label("Your explanation (for yourself: nothing is sent anywhere):");
        what.setId("lesson-explain-label");
        what.setWrapText(true);
        what.setMinHeight(Region.USE_PREF_SIZE);
        what.setLabelFor(text);
        text.setAccessibleText(what.getText());
        text.setWrapText(true);
        text.setPrefRowCount(4);
        box.getChildren().addAll(what, text);
        Button show = button("Compare with the model answer", "lesson-answer");
        buttons.getChildren().add(show);
        show.setOnAction(e -> {
            if (state.committed()) return;
            state.commit(text.getText().isBlank() ? null : text.getText().strip());
            result.getChildren().clear();
            Node model = MarkdownView.inline("**Model answer:** " + q.answer(), "lesson-explain");
            model.setId("lesson-model-answer");
            result.getChildren().add(model);
            Button mine = button("\u2713 Mine says this", "lesson-self-right");
            Button missed = button("\u2717 I missed something", "lesson-self-wrong");
            FlowPane grade = buttonFlow(mine, missed);
            result.getChildren().add(grade);
            mine.setOnAction(x -> selfGrade(s, true, grade));
            missed.setOnAction(x -> selfGrade(s, false, grade));
        });
    }

    private void selfGrade(Step s, boolean right, FlowPane grade) {
        if (state.over()) return;
        state.finish(right);
        result.getChildren().remove(grade);
        verdict(right, right ? "Graded by you: right." : "Graded by you: read the model answer again.");
        record(s, right, state.prediction());
        explain(s.question(), s.question().answer());
    }

    // ---- shared with ActQuestion ---------------------------------------------------------------------

    static String trim(double d) { return Answer.trim(d); }

    Label answerLine(String text) {
        Label ans = new Label(text);
        ans.setId("lesson-model-answer");
        ans.getStyleClass().add("lesson-model-answer");
        ans.setWrapText(true);
        ans.setMinHeight(Region.USE_PREF_SIZE);
        return ans;
    }

    void verdict(boolean right, String text) {
        Node old = result.lookup("#lesson-verdict");
        if (old != null) result.getChildren().remove(old);
        Label v = new Label((right ? "\u2713 " : "\u2717 ") + text.strip());
        v.setId("lesson-verdict");
        v.getStyleClass().addAll("lesson-verdict", right ? "right" : "wrong");
        v.setWrapText(true);
        v.setMinHeight(Region.USE_PREF_SIZE);
        result.getChildren().add(v);
    }

    /** The explanation, {answer} replaced by {@code answer}. */
    void explain(Question q, String answer) {
        if (q.explain() == null || q.explain().isBlank()) return;
        Node n = MarkdownView.inline(Question.withAnswer(q.explain(), answer), "lesson-explain");
        n.setId("lesson-explain");
        result.getChildren().add(n);
    }

    /** Records the answer ({@code answer}: as given, null for none) with its tries, hints and seconds on the step. */
    void record(Step s, boolean right, String answer) {
        long seconds = Math.max(0, (pane.window().clock().now() - shownAt) / 1_000_000_000L);
        pane.progressStore().answered(pane.lesson().id(), s.number(),
                new ProgressStore.Detail(answer, right, Math.max(1, state.used()), hints, seconds));
        pane.progressStore().save();
        pane.refreshWarning();
    }
}

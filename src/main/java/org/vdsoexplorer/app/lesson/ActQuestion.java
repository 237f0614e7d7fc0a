package org.vdsoexplorer.app.lesson;

import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.lesson.CallFacts;
import org.vdsoexplorer.lesson.Challenges;
import org.vdsoexplorer.lesson.ClickTarget;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.LessonException;
import org.vdsoexplorer.lesson.Question;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.lesson.StepSetup;
import org.vdsoexplorer.session.QuestionState;

/**
 * The questions where the student acts in the live views, for {@link LessonQuestion}. A challenge: the
 * student places writer updates on the seqlock timeline (or picks a setup) and asks the model to check
 * the last finished call against the goal ({@link org.vdsoexplorer.lesson.Goal#unmet}); giving up
 * shows one solution the model found ({@link Challenges#solve}) by applying it to the views. A click: the
 * view reports what was clicked (a listing row, a C line, a vvar slot) and the model's answer
 * ({@link ClickTarget}) judges it, with several tries; "Show me" gives it away. A modify question, once the prediction is
 * committed: the student toggles the annotation in the C pane, and the answer is revealed on that build.
 */
final class ActQuestion {
    private final LessonQuestion q;
    private ClickTarget target;
    private boolean searching;

    ActQuestion(LessonQuestion q) {
        this.q = q;
    }

    private LessonHost host() { return q.pane().host(); }

    /** Stops listening to the views (the step changed). */
    void close() {
        host().listenForClicks(null);
        host().listenForToggles(null);
        target = null;
    }

    void build(Step s, FlowPane buttons) {
        Question question = s.question();
        if (question.type() == Question.Type.CLICK) {
            boolean slot = Question.NEXT_SLOT.equals(question.click());
            q.box().getChildren().add(LessonPicker.meta(slot ? "Click the slot in the pages view (the running task's column)."
                    : Question.KERNEL_COUNTER_READ.equals(question.click()) ? "Click the instruction's row in the Your kernel tab's listing."
                    : "Click the instruction in the code view: its row in the listing, or its line in the C source."));
            if (!q.pane().lesson().assessment()) { // an assessment gives nothing away
                Button show = LessonQuestion.button("Show me", "lesson-give-up");
                show.setOnAction(e -> showClick(s));
                buttons.getChildren().add(show);
            }
            host().listenForClicks(c -> clicked(s, c));
            return;
        }
        q.box().getChildren().add(LessonPicker.meta("Goal: " + question.goal() + ". " + (question.act() == Question.Act.KERNEL
                ? "Place update_vsyscall() in the Your kernel tab's call (step to where you want it, then Kernel update here or K; "
                + "tick \u201chold it open\u201d to keep seq odd), run the call to its end (Enter), then check."
                : question.act() == Question.Act.SETUP
                ? "Pick scenario, variant and clock at the top, run a call (Enter), then check."
                : "Place writer updates by clicking the seqlock view's timeline (the call re-runs with them; click a \u25bc to "
                + "remove one), then check.")));
        Button check = LessonQuestion.button("Check my call", "lesson-answer");
        check.setOnAction(e -> check(s));
        Button giveUp = LessonQuestion.button("Give up: show a solution", "lesson-give-up");
        giveUp.setOnAction(e -> giveUp(s));
        buttons.getChildren().add(check);
        if (!q.pane().lesson().assessment()) buttons.getChildren().add(giveUp);
    }

    // ---- modify ----------------------------------------------------------------------------------------

    /**
     * A modify question after the prediction: the student toggles the annotation in the C pane (the app switches to that
     * build), then the answer is computed on it and revealed; "Show me" toggles it for them.
     */
    void awaitToggle(Step s) {
        Question question = s.question();
        Label now = LessonPicker.meta("Committed. Now toggle \u201c" + question.toggle().label() + "\u201d above the C source: the "
                + "listing, the counters and the views switch to that build.");
        now.setId("lesson-toggle-now");
        Button show = LessonQuestion.button("Show me: toggle it", "lesson-give-up");
        show.setOnAction(e -> {
            if (!host().toggle(question.toggle())) q.result.getChildren().add(LessonPicker.meta("The C pane has no such toggle now."));
        });
        q.result.getChildren().setAll(now);
        if (!q.pane().lesson().assessment()) q.result.getChildren().add(LessonQuestion.buttonFlow(show)); // an assessment shows nothing
        int at = q.pane().stepIndex();
        Lesson in = q.pane().lesson();
        boolean listening = host().listenForToggles(a -> {
            if (a != question.toggle() || q.pane().lesson() != in || q.pane().stepIndex() != at || q.revealing || q.state().over()) return;
            host().listenForToggles(null);
            // the toggle's build loads first (the setup picker), then the reveal puts the model where the answer shows
            Platform.runLater(() -> q.reveal(s));
        });
        if (!listening) q.reveal(s); // no C pane to toggle in (a test host): reveal on the toggled build at once
    }

    // ---- challenge ---------------------------------------------------------------------------------

    private void check(Step s) {
        Question question = s.question();
        QuestionState state = q.state();
        if (state.over()) return;
        q.result.getChildren().clear();
        if (question.act() == Question.Act.KERNEL) {
            judge(s, host().kernelFacts(), "The call in the Your kernel tab has not returned yet: run it to its end (Enter), then check.");
            return;
        }
        CallResult r = host().lastCall();
        StepSetup eff = s.effectiveSetup();
        Setup running = host().runningSetup();
        if (question.act() == Question.Act.UPDATES && (running.scenario() != eff.scenario() || running.variant() != eff.variant()
                || running.clock() != eff.clock())) {
            q.verdict(false, "This challenge is on " + eff.scenario().cliName() + " / " + eff.variant().cliName() + " / "
                    + eff.clock().cliName() + "; the model now runs something else. Go to the previous step and back to start over.");
            return;
        }
        if (r == null) {
            q.verdict(false, "No call has finished yet: run one to its end (Enter), then check.");
            return;
        }
        judge(s, CallFacts.of(r, host().lastCallLog()), null);
    }

    /** The goal against {@code f} (null: no call to judge, said as {@code none}). */
    private void judge(Step s, CallFacts f, String none) {
        Question question = s.question();
        QuestionState state = q.state();
        if (f == null) {
            q.verdict(false, none);
            return;
        }
        List<String> unmet = question.goal().unmet(f);
        if (state.attempt(unmet.isEmpty()) == QuestionState.Outcome.RIGHT) {
            q.verdict(true, "Goal reached: " + f.summary() + ".");
            q.record(s, true, f.summary());
            q.explain(question, f.summary());
        } else {
            q.verdict(false, "Not yet: " + String.join("; ", unmet) + ". Your " + f.summary() + ".");
        }
    }

    /** A solution found: what puts it in the views (on the FX thread), and its words. */
    private record Found(Runnable show, String text) {}

    private void giveUp(Step s) {
        Question question = s.question();
        if (searching || q.state().over()) return;
        searching = true;
        q.result.getChildren().setAll(LessonPicker.meta("The model is searching for a solution\u2026"));
        StepSetup eff = s.effectiveSetup();
        int at = q.pane().stepIndex();
        Lesson in = q.pane().lesson();
        boolean kernel = question.act() == Question.Act.KERNEL;
        // the kernel's search is made here, on the FX thread (it reads the tab's task and clock), and run below
        java.util.function.Supplier<org.vdsoexplorer.session.KernelStepper.Placement> search = kernel ? host().kernelSearch(question.goal()) : null;
        org.vdsoexplorer.util.Background.run(() -> {
            Found found = null;
            String err = null;
            try {
                found = kernel ? inKernel(search) : inModel(eff, question);
            } catch (LessonException | RuntimeException e) {
                err = e.getMessage();
            }
            Found f = found;
            String why = err;
            Platform.runLater(() -> {
                searching = false;
                if (q.pane().lesson() != in || q.pane().stepIndex() != at) return;
                q.result.getChildren().clear();
                if (f == null) {
                    q.result.getChildren().add(LessonPicker.meta(why != null ? "The model could not search: " + why
                            : kernel ? "No single update_vsyscall() placed in this call reaches the goal."
                            : "The model found no solution (it tries one and two writer updates, or every setup)."));
                    return;
                }
                q.state().giveUp();
                f.show().run();
                q.result.getChildren().add(q.answerLine("One solution: " + f.text()));
                q.record(s, false, null);
                q.explain(question, f.text());
            });
        });
    }

    /** The model's search from the step's setup point (off the FX thread); null if it finds none. */
    private Found inModel(StepSetup eff, Question question) throws LessonException {
        Challenges.Solution sol = Challenges.solve(eff, question.goal(), question.act());
        if (sol == null) return null;
        long start = Challenges.shown(eff).callStart();
        return new Found(() -> apply(eff, sol), sol.text(start));
    }

    /** The same search on the Your kernel tab's capture and call (off the FX thread); null if it finds none. */
    private Found inKernel(java.util.function.Supplier<org.vdsoexplorer.session.KernelStepper.Placement> search) {
        org.vdsoexplorer.session.KernelStepper.Placement p = search == null ? null : search.get();
        return p == null ? null : new Found(() -> host().kernelApply(p), p.solution().text(0));
    }

    /** Shows the solution in the views: the step's setup with the updates placed, or the setup picked and a call run. */
    private void apply(StepSetup eff, Challenges.Solution sol) {
        try {
            if (sol.setup() != null) {
                host().load(sol.setup());
                host().runCall();
                return;
            }
            host().apply(eff);
            for (long p : sol.placements()) host().placeWriterUpdate(p);
            if (host().inCall()) host().runCall();
            q.pane().status("The solution is placed on the seqlock view's timeline (\u25bc).", false);
        } catch (LessonException | RuntimeException e) {
            q.pane().status("Could not show the solution: " + e.getMessage(), true);
        }
    }

    // ---- click ---------------------------------------------------------------------------------------

    private ClickTarget target(Step s) throws LessonException {
        if (target == null && Question.KERNEL_COUNTER_READ.equals(s.question().click())) {
            target = host().kernelCounterRead(); // the tab's own call (the student may have opened another capture)
            if (target == null) throw new LessonException("the Your kernel tab's call reads no counter");
        }
        if (target == null) target = q.pane().evaluator().click(s.effectiveSetup(), s.question());
        return target;
    }

    private void clicked(Step s, ClickTarget.Click c) {
        QuestionState state = q.state();
        if (state.over()) return;
        q.result.getChildren().clear();
        ClickTarget t;
        try {
            t = target(s);
        } catch (LessonException | RuntimeException e) {
            q.result.getChildren().add(LessonPicker.meta("The model could not find the answer: " + e.getMessage()));
            return;
        }
        switch (state.attempt(t.accepts(c))) {
            case RIGHT -> {
                q.verdict(true, "Right: " + c + ".");
                q.result.getChildren().add(LessonPicker.meta("What the model did: " + t.detail()));
                q.record(s, true, c.toString());
                q.explain(s.question(), t.value());
                host().listenForClicks(null);
            }
            case TRY_AGAIN -> q.verdict(false, "You clicked " + c + "; that is not it (" + state.left()
                    + (state.left() == 1 ? " try" : " tries") + " left).");
            case OUT_OF_TRIES -> {
                q.verdict(false, "You clicked " + c + "; that is not it.");
                reveal(s, t, c.toString());
            }
        }
    }

    private void showClick(Step s) {
        if (q.state().over()) return;
        q.state().giveUp();
        try {
            q.result.getChildren().clear();
            reveal(s, target(s), null);
        } catch (LessonException | RuntimeException e) {
            q.result.getChildren().add(LessonPicker.meta("The model could not find the answer: " + e.getMessage()));
        }
    }

    private void reveal(Step s, ClickTarget t, String clicked) {
        host().listenForClicks(null);
        q.result.getChildren().add(q.answerLine("The answer: " + t.value()));
        q.result.getChildren().add(LessonPicker.meta("What the model did: " + t.detail()));
        q.record(s, false, clicked);
        q.explain(s.question(), t.value());
    }
}

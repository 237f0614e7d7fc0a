package org.vdsoexplorer.app.lesson;

import org.vdsoexplorer.app.common.Snapshots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vdsoexplorer.app.Fx.fx;
import static org.vdsoexplorer.app.Fx.fxRun;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.effect.ColorAdjust;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;
import org.testfx.util.WaitForAsyncUtils;
import org.vdsoexplorer.app.MainWindow;
import org.vdsoexplorer.app.tools.Screenshots;
import org.vdsoexplorer.app.VdsoExplorerApp;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.lesson.Answer;
import org.vdsoexplorer.lesson.Evaluator;
import org.vdsoexplorer.lesson.Lesson;
import org.vdsoexplorer.lesson.Question;
import org.vdsoexplorer.lesson.Step;
import org.vdsoexplorer.lesson.View;
import org.vdsoexplorer.session.ProgressStore;

/**
 * The lessons panel in the main window on the headless platform: the time-namespace lesson played end
 * to end in self-paced mode (every question answered, every reveal checked against the Evaluator and
 * the views against the model), presenter mode's keys, and a folder with broken lessons.
 */
@ExtendWith(ApplicationExtension.class)
class LessonPaneUiTest {
    static final Path SHOTS = Path.of("target/screenshots");

    private MainWindow w;
    private LessonPane pane;
    private Stage stage;
    private Path data;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        data = Files.createTempDirectory("lesson-progress");
        w = VdsoExplorerApp.createMainWindow(VdsoExplorerApp.defaultSetup());
        pane = new LessonPane(w, new MainWindowLessonHost(w), Path.of("lessons"), ProgressStore.open(data));
        w.root().setRight(pane); // what MainWindow's "Lessons" button will do
        org.vdsoexplorer.app.HeadlessStage.show(stage, w);
    }

    /** After the toolkit's start (whose timeout a loaded machine can exceed while every lesson is checked). */
    @org.junit.jupiter.api.BeforeEach
    void load() {
        fxRun(pane::loadNow);
        WaitForAsyncUtils.waitForFxEvents(); // the picker laid out and shown before a test clicks in it
    }

    @Stop
    void stop() {
        pane.presenter().exit();
        if (pane.presenter().notesStage() != null) pane.presenter().notesStage().hide();
        w.dispose();
    }

    private void shot(String name) {
        fxRun(() -> {
            try {
                Files.createDirectories(SHOTS);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            w.root().layout();
            Snapshots.shot(w.root(), SHOTS.resolve(name));
        });
    }

    private Lesson lesson(String id) {
        return pane.lessons().stream().filter(l -> l.id().equals(id)).findFirst().orElseThrow();
    }

    private Machine m() { return w.session().machine(); }

    private String text(FxRobot robot, String id) { return robot.lookup(id).queryAs(Label.class).getText(); }

    /** Gives the answer {@code value}: picks the option with that text, or types it. */
    private void give(FxRobot robot, String value) {
        if (robot.lookup("#lesson-options").tryQuery().isPresent()) {
            RadioButton r = robot.lookup(".lesson-option").queryAllAs(RadioButton.class).stream()
                    .filter(b -> b.getText().equals(value)).findFirst().orElseThrow(() -> new AssertionError("no option " + value));
            fxRun(() -> r.getParent().getParent().getParent().layout());
            inView(robot, r);
            robot.clickOn(r);
            assertTrue(r.isSelected(), value);
        } else {
            inView(robot, robot.lookup("#lesson-guess").query());
            robot.clickOn("#lesson-guess").write(value);
        }
    }

    /** Scrolls the lesson body so that {@code n} is on screen, as a student scrolls before clicking it. */
    private static void inView(FxRobot robot, Node n) {
        robot.interact(() -> {
            for (javafx.scene.Parent p = n.getParent(); p != null; p = p.getParent()) {
                if (p instanceof javafx.scene.control.ScrollPane sp && sp.getContent() != null) {
                    sp.layout();
                    double content = sp.getContent().getLayoutBounds().getHeight();
                    double view = sp.getViewportBounds().getHeight();
                    double y = sp.getContent().sceneToLocal(n.localToScene(n.getBoundsInLocal())).getMinY();
                    if (content > view) sp.setVvalue(Math.max(0, Math.min(1, (y - 40) / (content - view))));
                    return;
                }
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void timeNamespacesLessonSelfPaced(FxRobot robot) throws Exception {
        assertEquals(List.of(), pane.problems(), "the shipped lessons have no problems");
        assertEquals(org.vdsoexplorer.lesson.LessonsTest.shipped(), pane.lessons().size());
        Lesson l = lesson("time-namespaces");
        assertEquals("not started", text(robot, "#lesson-progress-time-namespaces"));
        shot("lesson-picker.png");
        // the student had turned the ticks off: the lesson's steps run at 1000 Hz and the tick picker must say so
        robot.interact(() -> w.model().setup().choose(org.vdsoexplorer.session.Tick.NONE));
        inView(robot, robot.lookup("#lesson-open-time-namespaces").query()); // the fifth card: below the fold at the headless size
        robot.clickOn("#lesson-open-time-namespaces");
        assertEquals(l, pane.lesson());
        assertEquals(0, pane.stepIndex());
        Evaluator ev = new Evaluator();
        int n = l.steps().size();
        for (int i = 0; i < n; i++) {
            Step s = pane.step();
            assertEquals(i, pane.stepIndex());
            assertEquals(s.title(), text(robot, "#lesson-step-title"));
            if (s.setup() != null) {
                assertEquals(s.setup().scenario(), m().setup().scenario(), "setup applied: scenario");
                assertEquals(s.setup().variant(), m().setup().variant());
                assertEquals(s.setup().scenario(), w.scenarioPicker().getValue(), "the pickers follow the lesson");
                var tick = w.tickPicker().getToggleGroup().getSelectedToggle();
                assertEquals(org.vdsoexplorer.session.Tick.of(m().setup()), tick == null ? null : tick.getUserData(),
                        "the tick picker follows the lesson");
                // the model stands exactly where the evaluator's own run stops
                Evaluator.Staged st = ev.stage(s.setup());
                assertEquals(st.timeline().position(), w.session().position(), "setup point");
                assertEquals(st.machine().digest(), m().digest(), "same machine state as the evaluator's");
            }
            Question q = s.question();
            if (q != null) {
                if (q.type() == Question.Type.CLICK || q.type() == Question.Type.CHALLENGE || q.type() == Question.Type.EXPLAIN) {
                    AllLessonsPlayUiTest.answer(w, pane, ev, s, l.id() + " step " + s.number());
                    assertTrue(text(robot, "#lesson-verdict").startsWith("\u2713"), text(robot, "#lesson-verdict"));
                    robot.interact(pane::requestFocus); // back from the views to the panel, as the student clicks its button
                } else if (q.type() == Question.Type.CHOICE) {
                    give(robot, q.answer());
                    inView(robot, robot.lookup("#lesson-answer").query());
                    robot.clickOn("#lesson-answer");
                    assertTrue(text(robot, "#lesson-verdict").startsWith("\u2713"), text(robot, "#lesson-verdict"));
                } else {
                    Answer expected = ev.answer(s.effectiveSetup(), q);
                    give(robot, expected.value());
                    inView(robot, robot.lookup("#lesson-answer").query());
                    robot.clickOn("#lesson-answer");
                    WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> pane.revealedAnswer() != null);
                    WaitForAsyncUtils.waitForFxEvents();
                    assertEquals(expected, pane.revealedAnswer(), "the reveal shows the Evaluator's answer");
                    assertTrue(text(robot, "#lesson-model-answer").contains(expected.value()));
                    assertTrue(text(robot, "#lesson-verdict").startsWith("\u2713"), text(robot, "#lesson-verdict"));
                    assertTrue(text(robot, "#lesson-detail").contains(expected.detail()));
                    checkViewsAfterReveal(i, s, expected);
                }
                if (q.explain() != null && !q.explain().isBlank()) assertTrue(robot.lookup("#lesson-explain").tryQuery().isPresent());
            }
            if (i == 1) shot("lesson-self-paced-timens.png");
            if (i == 0) {
                // the hint is there on demand
                assertFalse(robot.lookup("#lesson-hint-text").tryQuery().isPresent());
            }
            if (i < n - 1) {
                robot.type(i % 2 == 0 ? KeyCode.PAGE_DOWN : KeyCode.RIGHT);
                assertEquals(i + 1, pane.stepIndex(), "the keys step the lesson while the panel has focus");
            }
        }
        shot("lesson-self-paced-last.png");
        // keys step back too
        robot.type(KeyCode.PAGE_UP);
        assertEquals(n - 2, pane.stepIndex());
        robot.type(KeyCode.LEFT);
        assertEquals(n - 3, pane.stepIndex());

        // progress: on disk, resumable, shown in the picker
        ProgressStore disk = ProgressStore.open(data);
        assertTrue(disk.peek("time-namespaces").done());
        assertEquals(n - 3, disk.peek("time-namespaces").step());
        long questions = l.steps().stream().filter(s -> s.question() != null).count();
        assertEquals(questions, disk.peek("time-namespaces").right());
        robot.clickOn("#lesson-back");
        assertNull(pane.lesson());
        assertTrue(text(robot, "#lesson-progress-time-namespaces").contains("finished"), text(robot, "#lesson-progress-time-namespaces"));
        inView(robot, robot.lookup("#lesson-open-time-namespaces").query()); // the fifth card: below the fold at the headless size
        robot.clickOn("#lesson-open-time-namespaces");
        assertEquals(n - 3, pane.stepIndex(), "resumes where the student left off");
        robot.clickOn("#lesson-back");
        robot.clickOn("#lesson-reset-all");
        assertTrue(text(robot, "#lesson-progress-time-namespaces").contains("finished"), "one click only arms the reset");
        assertNotNull(ProgressStore.open(data).peek("time-namespaces"));
        robot.clickOn("#lesson-reset-all");
        assertEquals("not started", text(robot, "#lesson-progress-time-namespaces"));
        assertNull(ProgressStore.open(data).peek("time-namespaces"));

        // a step that switches the scenario (the main window's pickers move the focus) keeps the keys in the panel
        inView(robot, robot.lookup("#lesson-open-time-namespaces").query()); // the fifth card: below the fold at the headless size
        robot.clickOn("#lesson-open-time-namespaces");
        assertEquals(0, pane.stepIndex());
        robot.type(KeyCode.PAGE_DOWN);
        assertEquals(1, pane.stepIndex());
        assertEquals(org.vdsoexplorer.sim.kernel.Scenario.TIMENS, m().setup().scenario());
        robot.type(KeyCode.PAGE_DOWN);
        assertEquals(2, pane.stepIndex());
        // with the focus in the views, the same keys step the model instead
        fxRun(() -> w.root().requestFocus());
        WaitForAsyncUtils.waitForFxEvents();
        long pos = fx(() -> w.session().position());
        robot.type(KeyCode.RIGHT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(2, pane.stepIndex());
        assertEquals(pos + 1, (long) fx(() -> w.session().position()), "the model stepped");
    }

    private void checkViewsAfterReveal(int i, Step s, Answer a) {
        Machine m = m();
        switch (a.kind()) {
            case NEXT_PAGE_KIND, NEXT_PAGE_SLOT -> {
                int slot = w.pages().litSlot();
                assertTrue(slot >= 0, "the pages view lights the slot just read");
                String kind = w.pages().slotKindText(slot);
                if (a.kind() == org.vdsoexplorer.lesson.PredictKind.NEXT_PAGE_KIND) assertEquals(a.value(), kind);
                else assertEquals(a.value(), Integer.toString(slot));
                assertEquals(m.addressSpace().slot(slot).kind().label(), kind, "the view shows the model's page");
            }
            case NEXT_SEQ -> assertTrue(w.pages().litField().endsWith("seq"), w.pages().litField());
            case SPINS -> assertEquals(a.number(), m.lastCall().oddSpins());
            default -> { }
        }
        if (i == 1) {
            // the namespace task: page 0 is the TIMENS page, as the pages view shows
            assertEquals("TIMENS", w.pages().slotKindText(0));
            assertEquals("TIMENS", a.value());
            Node focused = pane.host().focused();
            assertNotNull(focused);
            assertEquals("slot-0", focused.getId(), "the step highlights slot 0");
            assertTrue(focused.getPseudoClassStates().contains(MainWindowLessonHost.HIGHLIGHT));
        }
        if (i == 0) assertEquals("VVAR", w.pages().slotKindText(0));
    }

    @Test
    void presenterMode(FxRobot robot) throws Exception {
        inView(robot, robot.lookup("#lesson-open-time-namespaces").query()); // the fifth card: below the fold at the headless size
        robot.clickOn("#lesson-open-time-namespaces");
        robot.clickOn("#lesson-present");
        Presenter p = pane.presenter();
        assertTrue(p.active());
        assertTrue(stage.isFullScreen(), "full screen");
        assertTrue(w.scene().getStylesheets().stream().anyMatch(s -> s.endsWith("presenter.css")), "projector theme on");
        assertEquals(150, p.scale());
        assertTrue(w.root().getStyle().contains("24.0px"), w.root().getStyle());
        // one screen here: a mirrored projector would show a notes window, so it opens only when N asks
        assertEquals(1, javafx.stage.Screen.getScreens().size());
        assertTrue(p.notesStage() == null || !p.notesStage().isShowing(), "no notes window on the one screen");
        robot.type(KeyCode.N);
        assertNotNull(p.notesStage());
        assertTrue(p.notesStage().isShowing(), "speaker notes window on N");
        Step first = pane.step();
        assertEquals(first.notes().isBlank() ? "(no notes for this step)" : first.notes().strip(), p.notesText());
        // spotlight: the highlighted element is ringed; nothing is dimmed (every node keeps its opacity)
        Node lit = pane.host().focused();
        assertNotNull(lit);
        assertSame(lit, p.spotlit());
        assertTrue(lit.getStyleClass().contains("spotlight"));
        assertEquals(List.of(), fx(() -> w.root().lookupAll("*").stream().filter(x -> x.getOpacity() < 1
                && !x.isDisabled()).map(Node::toString).toList()), "nothing dimmed under the spotlight");
        shot("lesson-presenter.png");

        robot.type(KeyCode.PAGE_DOWN);
        assertEquals(1, pane.stepIndex());
        assertEquals("slot-0", pane.host().focused().getId());
        assertEquals("TIMENS", w.pages().slotKindText(0));
        robot.type(KeyCode.RIGHT);
        assertEquals(2, pane.stepIndex());
        robot.type(KeyCode.PAGE_UP);
        assertEquals(1, pane.stepIndex());
        robot.type(KeyCode.LEFT);
        assertEquals(0, pane.stepIndex());
        robot.type(KeyCode.PAGE_DOWN);
        assertEquals(1, pane.stepIndex());
        Step s = pane.step();
        assertEquals(s.notes().isBlank() ? "(no notes for this step)" : s.notes().strip(), p.notesText(), "notes follow the step");

        robot.type(KeyCode.PERIOD);
        assertTrue(p.blank());
        assertTrue(w.scene().getRoot().getEffect() instanceof ColorAdjust c && c.getBrightness() == -1);
        shot("lesson-presenter-blank.png");
        robot.type(KeyCode.PAGE_DOWN);
        assertEquals(1, pane.stepIndex(), "a blank screen does not step");
        robot.type(KeyCode.PERIOD);
        assertFalse(p.blank());
        assertNull(w.scene().getRoot().getEffect());

        robot.type(KeyCode.Z);
        assertEquals(175, p.scale());
        robot.type(KeyCode.Z);
        robot.type(KeyCode.Z);
        assertEquals(250, p.scale());
        assertTrue(w.root().getStyle().contains("40.0px"), w.root().getStyle());
        shot("lesson-presenter-250.png");
        robot.type(KeyCode.Z);
        assertEquals(100, p.scale());
        robot.type(KeyCode.F5);
        assertTrue(w.running(), "F5 runs, in presenter mode too");
        robot.type(KeyCode.F5);
        assertFalse(w.running());
        robot.press(KeyCode.CONTROL).type(KeyCode.EQUALS).release(KeyCode.CONTROL);
        assertEquals(125, p.scale());
        robot.press(KeyCode.CONTROL).type(KeyCode.MINUS).release(KeyCode.CONTROL);
        assertEquals(100, p.scale());
        fxRun(() -> p.setScale(150));

        robot.type(KeyCode.T);
        assertFalse(pane.textVisible(), "lesson text hidden");
        shot("lesson-presenter-text-hidden.png");
        robot.type(KeyCode.T);
        assertTrue(pane.textVisible());
        robot.type(KeyCode.S);
        assertNull(p.spotlit(), "spotlight off");
        assertFalse(pane.host().focused().getStyleClass().contains("spotlight"));
        robot.type(KeyCode.S);
        assertSame(pane.host().focused(), p.spotlit());

        robot.type(KeyCode.ESCAPE);
        assertFalse(p.active());
        assertNull(p.spotlit());
        assertFalse(w.scene().getStylesheets().stream().anyMatch(x -> x.endsWith("presenter.css")));
        assertEquals("", w.root().getStyle());
        assertFalse(p.notesStage().isShowing());
        assertFalse(stage.isFullScreen());
    }

    @Test
    void entryPointLoadsInTheBackgroundWithProgressInTheDataFolder(FxRobot robot) throws Exception {
        String old = System.getProperty(ProgressStore.DIR_PROPERTY);
        System.setProperty(ProgressStore.DIR_PROPERTY, data.toString());
        try {
            LessonPane p = fx(() -> {
                LessonPane x = LessonPane.open(w, null);
                w.root().setRight(x);
                return x;
            });
            pane = p;
            WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, p::isLoaded);
            assertEquals(org.vdsoexplorer.lesson.LessonsTest.shipped(), p.lessons().size());
            WaitForAsyncUtils.waitForFxEvents();
            String where = fx(() -> ((Label) p.lookup("#lesson-progress-file")).getText());
            assertTrue(where.contains(data.resolve(ProgressStore.FILE).toString()), "the picker says where progress is saved: " + where);
            fxRun(() -> p.openLesson(p.lessons().getFirst()));
            fxRun(p::nextStep);
            assertEquals(1, ProgressStore.open(data).peek(p.lessons().getFirst().id()).step(), "saved in the data folder");
        } finally {
            if (old == null) System.clearProperty(ProgressStore.DIR_PROPERTY);
            else System.setProperty(ProgressStore.DIR_PROPERTY, old);
        }
    }

    @Test
    void brokenLessonsAreShownWithTheirProblems(FxRobot robot) throws Exception {
        Path dir = Files.createTempDirectory("bad-lessons");
        Files.copy(Path.of("lessons/examples/first-look.md"), dir.resolve("first-look.md"));
        Files.writeString(dir.resolve("broken.md"), "---\nid: broken\ntitle: Broken\norder: 1\nobjectives: [x]\n---\n\n## Step {minutes=1}\n\n"
                + "```setup\nscenario: nowhere\n```\n");
        Files.write(dir.resolve("binary.md"), new byte[] {0, (byte) 0xff, 0x1b, '-', '-', '-', '\n'});
        LessonPane bad = fx(() -> {
            LessonPane b = new LessonPane(w, new MainWindowLessonHost(w), dir, ProgressStore.open(data));
            w.root().setRight(b);
            b.loadNow();
            return b;
        });
        pane = bad;
        fxRun(() -> {
            w.root().applyCss();
            w.root().layout();
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(bad.problems().isEmpty());
        List<String> shown = robot.lookup(".lesson-problem").queryAllAs(Label.class).stream().map(Label::getText).toList();
        assertTrue(shown.stream().anyMatch(t -> t.startsWith("broken.md:11: ")), shown.toString());
        assertTrue(shown.stream().anyMatch(t -> t.startsWith("binary.md:1: ")), shown.toString());
        shot("lesson-picker-problems.png");
        robot.clickOn("#lesson-open-example-first-look");
        assertEquals("example-first-look", bad.lesson().id());
        robot.type(KeyCode.PAGE_DOWN);
        assertEquals(1, bad.stepIndex());
        if (bad.lessons().stream().anyMatch(l -> l.id().equals("broken"))) {
            robot.clickOn("#lesson-back");
            robot.clickOn("#lesson-open-broken");
            assertTrue(text(robot, "#lesson-setup").contains("errors"), text(robot, "#lesson-setup"));
        }
        // an element the views do not have is simply not highlighted
        assertNull(fx(() -> bad.host().focus(View.CODE, "no-such-element")));
    }
}

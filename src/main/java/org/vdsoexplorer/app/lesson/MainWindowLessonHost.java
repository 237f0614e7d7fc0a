package org.vdsoexplorer.app.lesson;

import java.util.List;
import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.SplitPane;
import org.vdsoexplorer.sim.CallResult;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.asm.Instruction;
import org.vdsoexplorer.sim.event.Event;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import org.vdsoexplorer.app.code.CodePane;
import org.vdsoexplorer.app.code.CodeView;
import org.vdsoexplorer.lesson.ClickTarget;
import org.vdsoexplorer.lesson.StepSetup;
import org.vdsoexplorer.lesson.Target;
import org.vdsoexplorer.lesson.View;
import org.vdsoexplorer.session.LessonStepping;

/**
 * {@link LessonHost} on top of the main window ({@link LessonWindow}): the window's session, pickers, tabs and
 * views. Elements are found by the views' node ids; a mark is the {@code :lesson-highlight} pseudo-class
 * (styled by lesson.css, which the lesson pane adds to the scene).
 */
public final class MainWindowLessonHost implements LessonHost {
    static final PseudoClass HIGHLIGHT = PseudoClass.getPseudoClass("lesson-highlight");
    private static final System.Logger LOG = System.getLogger(MainWindowLessonHost.class.getName());

    private final LessonWindow w;
    private Node focused;

    private final LessonStepping stepping;

    public MainWindowLessonHost(LessonWindow w) {
        this.w = w;
        this.stepping = new LessonStepping(w.model());
    }

    @Override public void load(Setup setup) { stepping.load(setup); }

    @Override public long position() { return stepping.position(); }

    @Override public Instruction next() { return stepping.next(); }

    @Override public CallResult stepQuiet() { return stepping.stepQuiet(); }

    @Override public void injectWriterUpdateQuiet() { stepping.injectWriterUpdateQuiet(); }

    @Override public List<Event> callLog() { return stepping.callLog(); }

    @Override public CallResult lastCall() { return stepping.lastCall(); }

    @Override public List<Event> lastCallLog() { return stepping.lastCallLog(); }

    @Override public Setup runningSetup() { return stepping.setup(); }

    @Override public long callStart() { return stepping.callStart(); }

    @Override public void placeWriterUpdate(long at) { stepping.placeWriterUpdate(at); }

    @Override public void runCall() { stepping.runCall(); }

    @Override public boolean inCall() { return !stepping.betweenCalls(); }

    @Override public boolean listenForToggles(java.util.function.Consumer<org.vdsoexplorer.lesson.Annotation> listener) {
        org.vdsoexplorer.app.code.AnnotationToggles t = w.toggles();
        if (t == null) return false;
        t.setOnToggled(listener);
        return true;
    }

    @Override public boolean toggle(org.vdsoexplorer.lesson.Annotation a) {
        org.vdsoexplorer.app.code.AnnotationToggles t = w.toggles();
        return t != null && t.toggle(a);
    }

    private java.util.function.Consumer<ClickTarget.Click> clicks;
    private boolean clickHandler;

    @Override public void listenForClicks(java.util.function.Consumer<ClickTarget.Click> listener) {
        clicks = listener;
        if (listener == null || clickHandler) return;
        clickHandler = true;
        // a filter (a view may consume the click) that reads the click after the view has handled it: the code
        // panes select the clicked row in their own handler
        w.root().addEventFilter(MouseEvent.MOUSE_CLICKED, e -> {
            if (clicks == null || e.getButton() != MouseButton.PRIMARY || !(e.getTarget() instanceof Node n)) return;
            javafx.application.Platform.runLater(() -> {
                ClickTarget.Click c = clicked(n);
                if (c != null && clicks != null) clicks.accept(c);
            });
        });
    }

    /** What a click on {@code n} points at: a listing row's instruction, a C source line or a running task's vvar slot. */
    static ClickTarget.Click clicked(Node n) {
        Long kernel = org.vdsoexplorer.app.kernel.KernelView.clickedInstruction(n); // a row of the Your kernel tab's listing
        if (kernel != null) return new ClickTarget.Click(ClickTarget.Click.Kind.INSTRUCTION, kernel);
        CodePane pane = null;
        for (Node x = n; x != null; x = x.getParent()) {
            if (x instanceof CodePane p && pane == null) pane = p;
            if (x instanceof CodeView cv && pane != null) {
                int row = pane.selected();
                if (row < 0) return null;
                if (pane == cv.sourcePane()) return new ClickTarget.Click(ClickTarget.Click.Kind.C_LINE, row + 1);
                return cv.listingItem(row) instanceof Instruction in
                        ? new ClickTarget.Click(ClickTarget.Click.Kind.INSTRUCTION, in.address()) : null;
            }
            if (x.getId() != null && x.getId().matches("slot-[0-3]")) {
                return new ClickTarget.Click(ClickTarget.Click.Kind.SLOT, x.getId().charAt(5) - '0');
            }
        }
        return null;
    }

    @Override public org.vdsoexplorer.lesson.CallFacts kernelFacts() {
        return w.kernelView() == null ? null : w.kernelView().stepper().facts();
    }

    @Override public ClickTarget kernelCounterRead() {
        return w.kernelView() == null ? null : w.kernelView().stepper().counterRead();
    }

    @Override public java.util.function.Supplier<org.vdsoexplorer.session.KernelStepper.Placement> kernelSearch(org.vdsoexplorer.lesson.Goal goal) {
        var v = w.kernelView();
        return v == null ? null : v.stepper().search(goal);
    }

    @Override public void kernelApply(org.vdsoexplorer.session.KernelStepper.Placement p) {
        if (w.kernelView() != null) w.kernelView().stepper().apply(p);
    }

    @Override public void setBreakpoints(List<Target> breakpoints) { stepping.setBreakpoints(breakpoints); }

    @Override public boolean showComparison(StepSetup st) {
        comparable = false;
        if (st == null || st.compare() == null) return true;
        // pane A runs the step's setup, pane B the compared one (scenario, variant and clock each)
        w.compare().setSetups(st.modelSetup(), st.compareSetup());
        comparable = w.compare().problemText().isEmpty();
        return comparable;
    }

    /** Whether the compare view shows the current step's comparison. */
    private boolean comparable;

    @Override public void scheduleWriterUpdates(List<Long> steps) { stepping.scheduleWriterUpdates(steps); }

    @Override public Node focus(View view, String element) {
        clearFocus();
        if (view == null) return null;
        if (view == View.COMPARE && !comparable) {
            LOG.log(System.Logger.Level.DEBUG, "lesson focus on the compare view: it cannot show this comparison");
            w.showCompare(false);
            return null;
        }
        if (view == View.KERNEL) {
            // the Your kernel tab, on the call the lesson's kernel steps start on (its question answers are of that call)
            if (w.openKernel() == null) return null;
            w.kernelView().stepper().select(org.vdsoexplorer.lesson.Challenges.KERNEL_TASK, org.vdsoexplorer.lesson.Challenges.KERNEL_CLOCK);
            w.kernelView().reveal(element);
        } else {
            w.showCompare(view == View.COMPARE);
            w.views().setFocus(view);
        }
        w.root().applyCss();
        w.root().layout(); // the step's views in place before their element is looked for
        Node n = find(view, element);
        if (n == null) {
            w.root().applyCss(); // a tab's content may only just have been added
            n = find(view, element);
        }
        if (n == null) {
            LOG.log(System.Logger.Level.DEBUG, "lesson highlight {0} in {1}: no such element on screen", element, view);
            return null;
        }
        n.pseudoClassStateChanged(HIGHLIGHT, true);
        focused = n;
        widen(n);
        return n;
    }

    /** Split panes changed by {@link #widen} and their divider positions before. */
    private final java.util.Map<SplitPane, double[]> splits = new java.util.LinkedHashMap<>();

    /** Gives the view holding {@code n} at least {@link #FOCUS_SHARE} of each split pane it sits in. */
    private void widen(Node n) {
        for (Node child = n, p = n.getParent(); p != null; child = p, p = p.getParent()) {
            if (!(p instanceof SplitPane sp) || sp.getItems().size() != 2) continue;
            int i = -1;
            for (int k = 0; k < 2; k++) if (LessonPane.inside(n, sp.getItems().get(k) instanceof Parent q ? q : null)) i = k;
            if (i < 0) continue;
            double d = sp.getDividerPositions()[0];
            double want = i == 0 ? Math.max(d, FOCUS_SHARE) : Math.min(d, 1 - FOCUS_SHARE);
            if (want != d) {
                splits.putIfAbsent(sp, sp.getDividerPositions());
                sp.setDividerPositions(want);
            }
        }
    }

    static final double FOCUS_SHARE = 0.58;

    @Override public void clearFocus() {
        if (focused != null) focused.pseudoClassStateChanged(HIGHLIGHT, false);
        focused = null;
        splits.forEach(SplitPane::setDividerPositions);
        splits.clear();
        if (w.views().focus() != null) w.views().setFocus(null);
    }

    @Override public Node focused() { return focused; }

    private boolean compareMasked;

    @Override public void mask(java.util.Set<org.vdsoexplorer.lesson.Shown> values) {
        w.model().session().setMasked(values);
        boolean rate = values.contains(org.vdsoexplorer.lesson.Shown.CALL_RATE);
        if (rate || compareMasked) w.compare().setMasked(values);
        compareMasked = rate;
    }

    @Override public void questionShows(java.util.Set<org.vdsoexplorer.lesson.Shown> values) { w.views().setQuestion(values); }

    @Override public void refresh() { w.model().session().fire(); }

    /** The node with {@code id} in the window, or in a view the adaptive layout has moved out of it (to the strip). */
    private Node byId(String id) {
        Node n = w.root().lookup("#" + id);
        for (Node view : w.viewNodes()) {
            if (n != null) break;
            n = view.lookup("#" + id);
        }
        return n;
    }

    private Node parentOf(String id) {
        Node n = byId(id);
        return n == null ? null : n.getParent();
    }

    /** The node of {@code element} in {@code view}, the whole view if the element has no node, or null. */
    Node find(View view, String element) {
        String e = element == null ? "" : element;
        Node whole = switch (view) {
            case CODE -> byId("code-view");
            case PAGES -> byId("pages-view");
            case SEQLOCK -> byId("seqlock-view");
            case DISPATCH -> byId("dispatch-view");
            case COUNTERS -> byId("counters");
            case COMPARE -> byId("compare-view");
            case KERNEL -> {
                if (w.kernelView() == null) w.openKernel(); // the tab's view is built when first shown
                yield byId("kernel-view");
            }
        };
        if (e.isEmpty()) return whole;
        Node n = switch (view) {
            case CODE -> switch (e) {
                case "source" -> byId("code-source");
                case "listing" -> byId("code-listing");
                case "current" -> byId("code-current");
                case "registers" -> byId("code-registers");
                case "stack" -> byId("code-stack");
                case "spills" -> byId("code-spills");
                default -> e.startsWith("reg-") ? byId(e) : e.startsWith("c:") ? byId("code-source")
                        : e.startsWith("asm:") ? byId("code-listing") : null;
            };
            case PAGES -> switch (e) {
                case "task" -> byId("pages-task");
                case "slots" -> byId("pages-slots");
                case "last-read" -> byId("pages-last-read");
                case "offset" -> byId("pages-offset");
                case "trail" -> byId("pages-trail");
                case "host" -> byId("pages-host");
                default -> e.matches("slot-[0-3]") ? byId(e) : null;
            };
            case SEQLOCK -> byId("seqlock-" + e);
            case DISPATCH -> switch (e) {
                case "path" -> byId("dispatch-path");
                case "banner" -> byId("dispatch-banner");
                default -> whole; // the graph is drawn on a canvas: the whole view
            };
            case COUNTERS -> switch (e) {
                case "this-call" -> parentOf("counter-call-cycles");
                case "total" -> parentOf("counter-total-cycles");
                case "ns-per-call" -> parentOf("counter-ns");
                case "calls-per-3s" -> parentOf("counter-per3s");
                case "step" -> parentOf("counter-position");
                case "breakdown" -> byId("counter-breakdown");
                default -> {
                    Node chip = byId("cat-" + e.replace('-', '_').toLowerCase(Locale.ROOT));
                    yield chip != null ? chip : byId("counter-breakdown");
                }
            };
            case KERNEL -> switch (e) {
                case "update" -> byId("kernel-place");
                case "writer" -> byId("kernel-writer") != null ? byId("kernel-writer") : byId("kernel-seqlock"); // no update placed yet
                default -> byId("kernel-" + e);
            };
            case COMPARE -> switch (e) {
                case "a" -> parentOf("compare-listing-a");
                case "b" -> parentOf("compare-listing-b");
                case "difference" -> byId("compare-table");
                default -> null;
            };
        };
        if (n != null && !n.isVisible()) n = whole; // e.g. the dispatch banner when there is no banner
        return n;
    }
}

package org.vdsoexplorer.session;

import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.vdsoexplorer.lesson.View;

/**
 * The explore tab's layout state: the area's size and scale, the lesson step's views, the view the user
 * brought in from the strip and the maximised view; {@link #arrangementProperty()} is {@link ViewLayout#decide}
 * of them, changed only when the arrangement changes (the controller rebuilds the area then).
 */
public final class ViewsState {
    private double width = 1600, height = 800, scale = 1;
    private List<View> step = List.of();
    private View focus;
    private java.util.Set<org.vdsoexplorer.lesson.Shown> question = java.util.Set.of();
    private View picked, maximised;
    private final ReadOnlyObjectWrapper<ViewLayout.Arrangement> arrangement =
            new ReadOnlyObjectWrapper<>(this, "arrangement", decide());
    private boolean presenting;
    private final javafx.beans.property.ReadOnlyBooleanWrapper countersShown =
            new javafx.beans.property.ReadOnlyBooleanWrapper(this, "countersShown", true);

    /**
     * Whether the counters bar is shown: always, but in presenter mode only on a step that needs it (its focus is the
     * counters, or its open predict question asks for a figure the bar shows): on a projector the step's views and the
     * lesson text get its rows.
     */
    public javafx.beans.property.ReadOnlyBooleanProperty countersShownProperty() { return countersShown.getReadOnlyProperty(); }

    /** Presenter mode on or off (the counters bar collapses when a step does not need it). */
    public void setPresenting(boolean on) {
        presenting = on;
        update();
    }

    public ReadOnlyObjectProperty<ViewLayout.Arrangement> arrangementProperty() { return arrangement.getReadOnlyProperty(); }

    public ViewLayout.Arrangement arrangement() { return arrangement.get(); }

    public View maximised() { return maximised; }

    public View focus() { return focus; }

    public void setSize(double w, double h) {
        width = w;
        height = h;
        update();
    }

    public void setScale(double s) {
        scale = s;
        update();
    }

    /** The view a lesson step focuses (null: none, or outside a lesson); forgets the strip's pick. */
    public void setFocus(View v) {
        focus = v;
        picked = null;
        maximised = null;
        update();
    }

    /** The values the step's predict question masks (empty: no such question): their views get the space too. */
    public void setQuestion(java.util.Set<org.vdsoexplorer.lesson.Shown> values) {
        question = java.util.Set.copyOf(values);
        update();
    }

    /** The strip's click (or a tab's): {@code v} gets the space, beside the first shown view when both fit. */
    public void bringIn(View v) {
        picked = v;
        if (maximised != null) maximised = v;
        update();
    }

    /** Keys 1-4 and a double-click on a title: maximise {@code v}, or give the space back if it is maximised. */
    public void toggleMaximised(View v) {
        maximised = maximised == v ? null : v;
        update();
    }

    private ViewLayout.Arrangement decide() {
        step = ViewLayout.stepViews(focus, question);
        return ViewLayout.decide(width, height, scale, step, picked, maximised);
    }

    private void update() {
        countersShown.set(!presenting || focus == View.COUNTERS || question.contains(org.vdsoexplorer.lesson.Shown.CALL_RATE)
                || question.contains(org.vdsoexplorer.lesson.Shown.CALL_INSTRUCTIONS));
        ViewLayout.Arrangement a = decide();
        if (!a.equals(arrangement.get())) arrangement.set(a);
    }
}

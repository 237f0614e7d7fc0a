package org.vdsoexplorer.app.code;

import java.util.List;
import java.util.function.Consumer;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.FlowPane;
import org.vdsoexplorer.lesson.Annotation;
import org.vdsoexplorer.sim.Variant;

/**
 * The C pane's source annotations (PRIMM's Modify): one toggle per {@link Annotation} that applies to the build shown,
 * pressed when the build has it written ("\u2713 unlikely()", "\u2717 unlikely()": a mark and the pressed look, not colour
 * alone). Toggling one asks for the other prebuilt build ({@link #setOnChoose}: the window's setup picker), so the
 * listing, counters and every view switch to it; {@link #setOnToggled} tells a lesson's modify question which was
 * toggled. No compiler runs: both builds' listings are in assets/listings. Hidden when no annotation applies.
 */
public final class AnnotationToggles extends FlowPane {
    private Consumer<Variant> onChoose = v -> { };
    private Consumer<Annotation> onToggled = a -> { };
    private Variant shown;
    private java.util.function.Supplier<Variant> current = () -> shown;

    public AnnotationToggles() {
        super(6, 4);
        setId("code-toggles");
        getStyleClass().add("code-toggles");
        setManaged(false);
        setVisible(false);
    }

    /** The build the model runs now (the code view's session), which a toggle starts from. */
    public void setCurrent(java.util.function.Supplier<Variant> c) { current = c == null ? () -> shown : c; }

    /** Where a toggle's build goes (the window's setup model). */
    public void setOnChoose(Consumer<Variant> c) { onChoose = c == null ? v -> { } : c; }

    /** Who hears which annotation the student toggled (a lesson's modify question; null: nobody). */
    public void setOnToggled(Consumer<Annotation> c) { onToggled = c == null ? a -> { } : c; }

    /** Shows the toggles of build {@code v} (nothing changes if it is the build shown). */
    public void show(Variant v) {
        if (v == shown) return;
        shown = v;
        List<Annotation> as = Annotation.of(v);
        getChildren().clear();
        setVisible(!as.isEmpty());
        setManaged(!as.isEmpty());
        if (as.isEmpty()) return;
        Label what = new Label("Toggle in the source:");
        what.getStyleClass().add("pane-title");
        getChildren().add(what);
        for (Annotation a : as) {
            boolean on = a.isOn(v);
            ToggleButton b = new ToggleButton((on ? "\u2713 " : "\u2717 ") + a.label());
            b.setMnemonicParsing(false); // "__always_inline" as written, not "_alwaysinline" (an underscore marks a mnemonic)
            b.setId("toggle-" + a.lessonName());
            b.setSelected(on);
            b.setFocusTraversable(true);
            b.setAccessibleText(a.description() + (on ? ": written; press to take it out" : ": not written; press to add it"));
            org.vdsoexplorer.app.common.Tips.install(b, (on ? "Take out " : "Write ") + a.description() + ": switches to the build '"
                    + a.toggle(v).cliName() + "'");
            b.setOnAction(e -> toggle(a));
            getChildren().add(b);
        }
    }

    /** Toggles {@code a} in the build shown, as a press of its button does. Returns false if it does not apply. */
    public boolean toggle(Annotation a) {
        Variant now = current.get();
        Variant to = now == null ? null : a.toggle(now);
        if (to == null) return false;
        onChoose.accept(to);
        onToggled.accept(a);
        return true;
    }
}

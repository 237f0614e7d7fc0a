package org.vdsoexplorer.app;

import org.vdsoexplorer.app.common.Tips;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.util.StringConverter;
import org.controlsfx.control.SegmentedButton;

/** The toolbar's pickers: names, per-item tooltips and "cannot run" marks; segment toggles; lazy tips from accessibleHelp. */
final class Pickers {
    private Pickers() {}

    /** Shows items by {@code name}; the list marks with a cross each item {@code problem} says cannot run, its tooltip saying why. */
    static <T> void configure(ComboBox<T> c, Function<T, String> name, Function<T, String> tip, Function<T, String> problem) {
        c.setConverter(new StringConverter<>() {
            @Override public String toString(T t) { return t == null ? "" : name.apply(t); }

            @Override public T fromString(String s) { return null; }
        });
        c.setCellFactory(v -> new ListCell<>() {
            @Override protected void updateItem(T t, boolean empty) {
                super.updateItem(t, empty);
                getStyleClass().remove("invalid");
                if (empty || t == null) {
                    setText(null);
                    setTooltip(null);
                    return;
                }
                String p = problem.apply(t);
                setText(name.apply(t) + (p == null ? "" : "  \u2717"));
                if (p != null) getStyleClass().add("invalid");
                setTooltip(new Tooltip(p == null ? tip.apply(t) : p));
            }
        });
    }

    /** One toggle per value in {@code b}; selecting one calls {@code chosen}. The toggle's user data is its value. */
    static <T> void segments(SegmentedButton b, T[] values, Function<T, String> label, Consumer<T> chosen) {
        for (T v : values) {
            ToggleButton t = new ToggleButton(label.apply(v));
            t.setUserData(v);
            t.setFocusTraversable(false);
            t.setOnAction(e -> {
                if (t.isSelected()) chosen.accept(v);
                else t.setSelected(true); // a choice, not an on/off switch
            });
            b.getButtons().add(t);
        }
    }

    /** Selects the toggle whose value is {@code v} (none if null). */
    static void select(SegmentedButton b, Object v) {
        for (ToggleButton t : b.getButtons()) t.setSelected(v != null && v.equals(t.getUserData()));
    }

    /** Installs a lazy tooltip ({@link Tips}) on every node under {@code p} that has accessibleHelp text. */
    static void installTips(Parent p) {
        for (Node n : p.getChildrenUnmodifiable()) {
            if (n.getAccessibleHelp() != null && !n.getAccessibleHelp().isEmpty()) Tips.install(n, n.getAccessibleHelp());
            if (n instanceof Parent q && !(n instanceof javafx.scene.control.Control)) installTips(q);
        }
    }
}

package org.vdsoexplorer.app;

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
import org.vdsoexplorer.app.common.Fmt;
import org.vdsoexplorer.app.common.Tips;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.session.Runner;
import org.vdsoexplorer.session.SetupModel;
import org.vdsoexplorer.session.Tick;

/**
 * Wiring helpers of the main window: the pickers bound to the chosen setup (names, per-item tooltips, "cannot
 * run" marks, one toggle per tick), the compact style on narrow windows, the run loop's frame clock, lazy
 * tooltips from accessibleHelp.
 */
public final class Pickers {
    private Pickers() {}

    /** Shows items by {@code name}; the list marks with a cross each item {@code problem} says cannot run, its tooltip saying why. */
    static <T> void configure(ComboBox<T> c, Function<T, String> name, Function<T, String> tip, Function<T, String> problem) {
        configure(c, name, name, tip, problem);
    }

    /** As above, with the list's own text for each value ({@code listName}) beside the chosen value's ({@code name}). */
    static <T> void configure(ComboBox<T> c, Function<T, String> name, Function<T, String> listName,
                              Function<T, String> tip, Function<T, String> problem) {
        c.setConverter(new StringConverter<>() {
            @Override public String toString(T t) { return t == null ? "" : name.apply(t); }

            @Override public T fromString(String s) { return null; }
        });
        c.setCellFactory(v -> cell(listName, tip, problem));
        // the shown value is never cut: the box is as wide as its longest item in its font, and the chosen one's mark
        ListCell<T> button = cell(name, tip, problem);
        c.setButtonCell(button);
        c.minWidthProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(() -> {
            double widest = 0;
            for (T t : c.getItems()) {
                widest = Math.max(widest, org.vdsoexplorer.app.common.DrawnText.measure(name.apply(t), button.getFont())[0]);
            }
            T now = c.getValue();
            if (now != null && problem.apply(now) != null) widest += org.vdsoexplorer.app.common.DrawnText.measure("  \u2717", button.getFont())[0];
            return Math.ceil(widest + 2.6 * button.getFont().getSize()); // the cell's padding and the arrow (app.css: in em)
        }, button.fontProperty(), c.getItems(), c.valueProperty()));
    }

    private static <T> ListCell<T> cell(Function<T, String> name, Function<T, String> tip, Function<T, String> problem) {
        return new ListCell<>() {
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
        };
    }

    /** One toggle per value in {@code b}; selecting one calls {@code chosen}. The toggle's user data is its value. */
    static <T> void segments(SegmentedButton b, T[] values, Function<T, String> label, Consumer<T> chosen) {
        for (T v : values) {
            ToggleButton t = new ToggleButton(label.apply(v));
            t.setUserData(v);
            t.setToggleGroup(b.getToggleGroup()); // now, not when its skin is made (it lives in the settings popover, shown or not)
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

    /**
     * The pickers show {@code sm}'s chosen setup and change it only through {@code sm.choose}: scenario,
     * variant and clock lists (variants that cannot run with the chosen scenario marked), one toggle per tick.
     */
    static void bind(SetupModel sm, ComboBox<Scenario> scenario, ComboBox<Variant> variant, ComboBox<Clock> clock,
                     SegmentedButton tick) {
        scenario.getItems().setAll(Scenario.values());
        variant.getItems().setAll(Variant.values());
        clock.getItems().setAll(Clock.values());
        configure(scenario, Scenario::cliName, Scenario::description, s -> null);
        configure(variant, Variant::cliName, Variant::listLabel, Variant::description, sm::problemWith);
        configure(clock, Clock::cliName, c -> "clock id " + c.id
                + (c.servedByVdso() ? "" : ": not served by the vDSO, the call falls back to the syscall"), c -> null);
        segments(tick, Tick.values(), Tick::label, sm::choose);
        Runnable show = () -> {
            Setup s = sm.chosen();
            scenario.setValue(s.scenario());
            variant.setValue(s.variant());
            clock.setValue(s.clock());
            select(tick, Tick.of(s));
        };
        show.run();
        sm.chosenProperty().addListener((o, a, b) -> show.run());
        scenario.valueProperty().addListener((o, a, v) -> { if (v != null) sm.choose(v); });
        variant.valueProperty().addListener((o, a, v) -> { if (v != null) sm.choose(v); });
        clock.valueProperty().addListener((o, a, v) -> { if (v != null) sm.choose(v); });
    }

    /** The timing picker shows {@code sm}'s chosen timing model and changes it only through {@code sm.choose}. */
    static void bindTiming(SetupModel sm, ComboBox<org.vdsoexplorer.sim.timing.TimingModel> timing) {
        timing.getItems().setAll(org.vdsoexplorer.sim.timing.TimingModel.choices(
                org.vdsoexplorer.sim.timing.TimingTable.defaults()));
        configure(timing, org.vdsoexplorer.sim.timing.TimingModel::shortLabel,
                org.vdsoexplorer.sim.timing.TimingModel::label, t -> null);
        Runnable show = () -> timing.setValue(sm.chosen().timing());
        show.run();
        sm.chosenProperty().addListener((o, a, b) -> show.run());
        timing.valueProperty().addListener((o, a, v) -> { if (v != null) sm.choose(v); });
    }

    /**
     * {@code problem} is the banner under the toolbar: it says why the chosen setup cannot run, and the
     * {@code transport} controls are disabled meanwhile. (ControlsFX's NotificationPane was tried: its
     * slide-in Timeline stalled at 0 in this window on JavaFX 26, headless and on Xvfb, so the banner could
     * stay invisible.)
     */
    static void banner(SetupModel sm, javafx.scene.control.Label problem, Node root, java.util.List<? extends Node> transport) {
        problem.textProperty().bind(sm.problemProperty());
        problem.visibleProperty().bind(sm.problemProperty().isNotEmpty());
        problem.managedProperty().bind(problem.visibleProperty());
        sm.problemProperty().addListener((o, a, why) -> { if (why.isEmpty()) root.requestFocus(); });
        for (Node n : transport) n.disableProperty().bind(sm.problemProperty().isNotEmpty());
    }

    /** Style class "narrow" on {@code root} while {@code scene} is narrower than {@code width} (a 1280 x 800 projector). */
    static void narrowBelow(javafx.scene.Scene scene, Parent root, double width) {
        javafx.beans.InvalidationListener narrow = o -> {
            boolean n = scene.getWidth() < width;
            if (n != root.getStyleClass().contains("narrow")) {
                if (n) root.getStyleClass().add("narrow");
                else root.getStyleClass().remove("narrow");
            }
        };
        scene.widthProperty().addListener(narrow);
        narrow.invalidated(null);
    }

    /** The Run toggle, speed slider and its label follow {@code runner}. */
    static void bindRun(Runner r, javafx.scene.control.ToggleButton run, javafx.scene.control.Slider speed,
                        javafx.scene.control.Label speedText) {
        run.selectedProperty().bindBidirectional(r.runningProperty());
        run.textProperty().bind(javafx.beans.binding.Bindings.when(r.runningProperty())
                .then("\u275a\u275a Pause").otherwise("\u25b6 Run"));
        speed.valueProperty().bindBidirectional(r.speedProperty());
        speedText.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> {
            double rate = r.stepsPerSecond();
            return Double.isInfinite(rate) ? "full speed" : Fmt.big(rate).trim() + " steps/s";
        }, r.speedProperty()));
    }

    /** Installs a lazy tooltip ({@link Tips}) on every node under {@code p} that has accessibleHelp text. */
    static void installTips(Parent p) {
        for (Node n : p.getChildrenUnmodifiable()) {
            if (n.getAccessibleHelp() != null && !n.getAccessibleHelp().isEmpty()) Tips.install(n, n.getAccessibleHelp());
            if (n instanceof Parent q && !(n instanceof javafx.scene.control.Control)) installTips(q);
        }
    }
}

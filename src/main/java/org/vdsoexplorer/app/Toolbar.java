package org.vdsoexplorer.app;

import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Pos;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.ComboBox;
import javafx.scene.control.CustomMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuButton;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Slider;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import atlantafx.base.controls.Popover;
import atlantafx.base.controls.ToggleSwitch;
import org.controlsfx.control.SegmentedButton;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignD;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignI;
import org.kordamp.ikonli.materialdesign2.MaterialDesignK;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignR;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.vdsoexplorer.session.Action;

/**
 * The main window's one toolbar row, around the controls MainWindow.fxml declares: the icons (Ikonli's Material
 * Design 2 pack, set here in Java), the settings popover (the writer's tick, the timing model, run speed, reduced
 * motion, the projector theme) and the menu (demo files, pictures, the keys), each item naming its shortcut in a
 * keycap. The popover's controls are made here and live in the popover, not in the row.
 */
final class Toolbar {
    /** The controls of the settings popover. */
    final SegmentedButton tick = new SegmentedButton();
    final ComboBox<org.vdsoexplorer.sim.timing.TimingModel> timing = new ComboBox<>();
    final ToggleSwitch reducedMotion = new ToggleSwitch("Reduced motion (M)");
    final ToggleSwitch projector = new ToggleSwitch("Projector theme (H)");
    final Slider speed = new Slider(0, 1, 0);
    final Label speedText = new Label();
    private final GridPane settingsBox = new GridPane();
    private Popover settings;

    Toolbar() {
        tick.setId("pick-tick");
        tick.setAccessibleHelp("The writer's tick: how often update_vsyscall() rewrites vdso_data (simulated time)");
        timing.setId("timing");
        timing.setAccessibleHelp("The timing model: additive (each instruction's cost summed) or the out-of-order pipeline of a Zen 2, "
                + "Zen 3 or Skylake core (its timeline is the Pipeline tab)");
        reducedMotion.setId("reduced-motion");
        reducedMotion.setAccessibleHelp("No flashes or fades (M)");
        projector.setId("projector-theme");
        projector.setAccessibleHelp("For a projector: dark text on white, saturated accents, thicker lines and frames (H, also in presenter mode)");
        speed.setId("speed");
        speed.setPrefWidth(220);
        speed.setAccessibleText("Run speed");
        speed.setAccessibleHelp("Run speed: from 1 reader step per second to full speed (right end)");
        speedText.getStyleClass().add("speed-text");
        speedText.setMinWidth(Region.USE_PREF_SIZE);
        settingsBox.getStyleClass().add("settings-box");
        settingsBox.setId("settings-box");
        int row = 0;
        for (var r : List.<Object[]>of(new Object[] {"Writer's tick", tick}, new Object[] {"Timing model", timing},
                new Object[] {"Run speed", new HBox(8, speed, speedText)})) {
            Label name = new Label((String) r[0]);
            name.getStyleClass().add("settings-name");
            settingsBox.addRow(row++, name, (javafx.scene.Node) r[1]);
        }
        settingsBox.add(reducedMotion, 1, row++);
        settingsBox.add(projector, 1, row);
        for (var n : List.of(tick, timing, speed, reducedMotion, projector)) org.vdsoexplorer.app.common.Tips.install(n, n.getAccessibleHelp());
    }

    /** The settings popover's content (for tests and the lesson panel's spotlight). */
    GridPane settingsBox() { return settingsBox; }

    /** Shows or hides the settings popover under {@code owner}. */
    void toggleSettings(javafx.scene.Node owner) {
        if (settings == null) {
            settings = new Popover(settingsBox);
            settings.setId("settings-popover");
            settings.setTitle("Settings");
            settings.setHeaderAlwaysVisible(true);
            settings.setArrowLocation(Popover.ArrowLocation.TOP_RIGHT);
            settings.setDetachable(false);
        }
        if (settings.isShowing()) settings.hide();
        else settings.show(owner);
    }

    /** The icons of the row's buttons; Step, Kernel update and Lessons keep their words beside them. */
    static void icons(ButtonBase reset, ButtonBase back, ButtonBase backLine, ButtonBase step, ButtonBase line, ButtonBase call,
                      javafx.scene.control.ToggleButton run, ButtonBase inject, ButtonBase lessons, ButtonBase settings, MenuButton more) {
        icon(reset, MaterialDesignR.RESTART);
        icon(back, MaterialDesignS.STEP_BACKWARD);
        icon(backLine, MaterialDesignS.SKIP_PREVIOUS);
        icon(step, MaterialDesignS.STEP_FORWARD);
        step.getStyleClass().addAll("accent", "primary-step");
        icon(line, MaterialDesignS.SKIP_NEXT);
        icon(call, MaterialDesignD.DEBUG_STEP_OUT);
        FontIcon play = icon(run, MaterialDesignP.PLAY);
        run.selectedProperty().addListener((o, a, on) -> play.setIconCode(on ? MaterialDesignP.PAUSE : MaterialDesignP.PLAY));
        icon(inject, MaterialDesignF.FLASH);
        icon(lessons, MaterialDesignS.SCHOOL);
        icon(settings, MaterialDesignC.COG);
        icon(more, MaterialDesignD.DOTS_VERTICAL);
        for (ButtonBase b : List.of(reset, back, backLine, line, call, run, settings, more)) {
            b.setContentDisplay(javafx.scene.control.ContentDisplay.GRAPHIC_ONLY);
            b.getStyleClass().add("icon-only");
        }
        for (ButtonBase b : List.of(reset, back, backLine, step, line, call, run, inject, lessons, settings, more)) {
            b.setMinWidth(Region.USE_PREF_SIZE);
        }
    }

    /** An icon of {@code code} on {@code b}, as large as its text (so it grows with the UI scale). */
    static FontIcon icon(Labeled b, Ikon code) {
        FontIcon i = new FontIcon(code);
        i.getStyleClass().add("tool-icon");
        // set, not bound: the theme's stylesheet sets a size too (a bound value makes it log an error on every pass)
        javafx.beans.InvalidationListener size = o -> i.setIconSize((int) Math.round(b.getFont().getSize() * 1.3));
        b.fontProperty().addListener(size);
        size.invalidated(null);
        b.setGraphic(i);
        return i;
    }

    /** The menu: demo files, pictures, the keys; each item runs its action as its shortcut does and shows that shortcut. */
    static void menu(MenuButton more, Consumer<Action> perform) {
        more.getItems().setAll(
                item("Open demo\u2026", "Ctrl+O", MaterialDesignF.FOLDER_OPEN, "menu-open-demo", () -> perform.accept(Action.OPEN_DEMO)),
                item("Save demo\u2026", "Ctrl+S", MaterialDesignC.CONTENT_SAVE, "menu-save-demo", () -> perform.accept(Action.SAVE_DEMO)),
                new SeparatorMenuItem(),
                item("Save pictures (PNG)\u2026", "Ctrl+E", MaterialDesignI.IMAGE, "menu-save-png", () -> perform.accept(Action.EXPORT_PNG)),
                item("Export animation (GIF)\u2026", "Ctrl+G", MaterialDesignF.FILE_GIF_BOX, "menu-export-gif",
                        () -> perform.accept(Action.EXPORT_GIF)),
                new SeparatorMenuItem(),
                item("Keyboard shortcuts", "F1", MaterialDesignK.KEYBOARD, "menu-keys", () -> perform.accept(Action.HELP)));
    }

    /** A menu item: an icon, the words, and its shortcut in a keycap at the right. */
    private static CustomMenuItem item(String text, String key, Ikon code, String id, Runnable run) {
        Label words = new Label(text);
        icon(words, code); // as large as the words, so it grows with the UI scale (a fixed 16 px icon did not)
        words.getStyleClass().add("menu-words");
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        gap.setMinWidth(24);
        HBox row = new HBox(words, gap, keycap(key));
        row.setAlignment(Pos.CENTER_LEFT);
        row.setMinWidth(Region.USE_PREF_SIZE);
        CustomMenuItem i = new CustomMenuItem(row, true);
        i.setId(id);
        i.setMnemonicParsing(false);
        i.setOnAction(e -> run.run());
        return i;
    }

    /** A key in a keycap chip ("Ctrl+O", "2"). */
    static Label keycap(String key) {
        Label k = new Label(key);
        k.getStyleClass().add("keycap");
        k.setMinWidth(Region.USE_PREF_SIZE);
        return k;
    }
}

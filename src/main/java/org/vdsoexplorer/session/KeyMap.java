package org.vdsoexplorer.session;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The window's keys: one {@link Action} per key (a key is its JavaFX {@code KeyCode} name, e.g.
 * {@code "PAGE_DOWN"}, with or without the shortcut modifier; or a typed character such as {@code "?"}).
 * The help overlay is generated from this table, so the two cannot disagree.
 */
public final class KeyMap {
    /** A key: a KeyCode name or typed text, and whether the shortcut modifier (Ctrl, Cmd) is held. */
    public record Key(String name, boolean shortcut) {
        public Key {
            Objects.requireNonNull(name);
        }

        /** "Ctrl+S", "PageDown", "?". */
        public String label() {
            String n = switch (name) {
                case "PAGE_DOWN" -> "PageDown";
                case "PAGE_UP" -> "PageUp";
                case "EQUALS", "PLUS", "ADD" -> "plus";
                case "MINUS", "SUBTRACT" -> "minus";
                case "ESCAPE" -> "Esc";
                case "PERIOD" -> ".";
                default -> name.startsWith("DIGIT") ? name.substring(5) : name.startsWith("NUMPAD") ? "Num" + name.substring(6)
                        : name.length() <= 2 ? name : name.charAt(0) + name.substring(1).toLowerCase(java.util.Locale.ROOT);
            };
            return (shortcut ? "Ctrl+" : "") + n;
        }
    }

    /**
     * Node property: a {@code Set<String>} of key code names the node handles itself while it has the focus
     * (the window's bindings for those keys, without the shortcut modifier, are then skipped).
     */
    public static final String OWN_KEYS = "vdso-explorer.own-keys";

    private final Map<Key, Action> keys = new LinkedHashMap<>();

    /** The window's default bindings. */
    public static KeyMap standard() {
        KeyMap m = new KeyMap();
        m.bind(Action.STEP, "RIGHT", "SPACE", "PAGE_DOWN");
        m.bind(Action.BACK, "LEFT", "PAGE_UP");
        m.bind(Action.LINE, "DOWN");
        m.bind(Action.BACK_LINE, "UP");
        m.bind(Action.CALL, "ENTER", "END");
        m.bind(Action.RUN_PAUSE, "P", "F5");
        m.bind(Action.KERNEL_UPDATE, "K");
        m.bind(Action.BREAKPOINT, "B");
        m.bind(Action.RESET, "HOME");
        m.bindShortcut(Action.RESET, "R");
        m.bind(Action.REDUCED_MOTION, "M");
        m.bind(Action.PROJECTOR_THEME, "H");
        m.bind(Action.LESSONS, "L");
        m.bindShortcut(Action.SAVE_DEMO, "S");
        m.bindShortcut(Action.OPEN_DEMO, "O");
        m.bindShortcut(Action.EXPORT_PNG, "E");
        m.bindShortcut(Action.EXPORT_GIF, "G");
        m.bindShortcut(Action.ZOOM_IN, "EQUALS", "PLUS", "ADD");
        m.bindShortcut(Action.ZOOM_OUT, "MINUS", "SUBTRACT");
        m.bind(Action.SCALE, "Z");
        m.bind(Action.FOCUS_CODE, "DIGIT1", "NUMPAD1");
        m.bind(Action.FOCUS_PAGES, "DIGIT2", "NUMPAD2");
        m.bind(Action.FOCUS_SEQLOCK, "DIGIT3", "NUMPAD3");
        m.bind(Action.FOCUS_DISPATCH, "DIGIT4", "NUMPAD4");
        m.bind(Action.BLANK, "PERIOD");
        m.bind(Action.LESSON_TEXT, "T");
        m.bind(Action.SPOTLIGHT, "S");
        m.bind(Action.NOTES, "N");
        m.bind(Action.HELP, "F1", "?");
        m.bind(Action.CLOSE_HELP, "ESCAPE");
        return m;
    }

    /** Binds each of {@code names} (without the shortcut modifier) to {@code a}; a key bound already is refused. */
    public void bind(Action a, String... names) { for (String n : names) put(new Key(n, false), a); }

    /** Binds each of {@code names} with the shortcut modifier to {@code a}. */
    public void bindShortcut(Action a, String... names) { for (String n : names) put(new Key(n, true), a); }

    private void put(Key k, Action a) {
        Action old = keys.putIfAbsent(k, a);
        if (old != null) throw new IllegalArgumentException(k.label() + " already means " + old + ", not " + a);
    }

    /**
     * The action of a key press: by key code name, else by the typed text (for "?"), with the shortcut
     * modifier as given; null if the key means nothing here.
     */
    public Action action(String codeName, String text, boolean shortcut) {
        Action a = keys.get(new Key(codeName, shortcut));
        if (a == null && text != null && !text.isEmpty()) a = keys.get(new Key(text, shortcut));
        return a;
    }

    /** The keys bound to {@code a}, in binding order. */
    public List<Key> keysOf(Action a) {
        List<Key> out = new ArrayList<>();
        keys.forEach((k, v) -> { if (v == a) out.add(k); });
        return out;
    }

    public Map<Key, Action> bindings() { return Collections.unmodifiableMap(keys); }

    /** The help overlay's text: every action with its keys. */
    public String helpText() {
        StringBuilder b = new StringBuilder("Keyboard (a presentation clicker's PageDown/PageUp work too)\n\n");
        for (Action a : Action.values()) {
            List<String> ks = new ArrayList<>();
            for (Key k : keysOf(a)) if (!ks.contains(k.label())) ks.add(k.label());
            if (ks.isEmpty()) continue;
            b.append(String.format(java.util.Locale.ROOT, "  %-26s %s%n", String.join(", ", ks), a.description));
        }
        b.append("\nPresenter mode: PageDown/PageUp, Right/Left and Space go to the next / previous lesson step\n")
                .append("  (a clicker's buttons); the other keys mean what they mean here.\n")
                .append("Speaker notes: " + NOTES_WHERE + "\n")
                .append("Mouse: double-click a listing or C line to run to it; right-click to set a breakpoint there;\n")
                .append("  double-click a view's title to maximise it or give the four views back.\n")
                .append("Compare tab: " + COMPARE_DRIVES);
        return b.toString();
    }

    /** Where the speaker notes open (also in docs/app.md). */
    public static final String NOTES_WHERE = "on a second screen when there is one (maximised there); with one screen"
            + " they stay closed, so a mirrored projector never shows them, until N opens them (blank the screen"
            + " with '.' first)";

    /** What the main toolbar and keys do while the Compare tab is shown (the tab says it too). */
    public static final String COMPARE_DRIVES = "Step, Line and Call (Right, Down, Enter) move A and B together; Reset (Home)"
            + " restarts both; Back, Run, Kernel update and Breakpoint are the four views' (first tab): greyed out here, as are"
            + " the toolbar's scenario, variant and clock (each pane has its own).";
}

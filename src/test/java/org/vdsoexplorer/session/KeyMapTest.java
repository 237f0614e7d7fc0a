package org.vdsoexplorer.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;

class KeyMapTest {
    private final KeyMap keys = KeyMap.standard();

    @Test
    void aKeyHasOneMeaning() {
        KeyMap m = new KeyMap();
        m.bind(Action.STEP, "RIGHT");
        var e = assertThrows(IllegalArgumentException.class, () -> m.bind(Action.BACK, "RIGHT"));
        assertTrue(e.getMessage().contains("STEP"), e.getMessage());
        m.bindShortcut(Action.BACK, "RIGHT"); // Ctrl+Right is another key
    }

    @Test
    void theWindowsKeys() {
        assertEquals(Action.STEP, keys.action("PAGE_DOWN", "", false), "a presentation clicker");
        assertEquals(Action.BACK, keys.action("PAGE_UP", "", false));
        assertEquals(Action.HELP, keys.action("SLASH", "?", false));
        assertEquals(Action.SAVE_DEMO, keys.action("S", "s", true));
        assertEquals(Action.SPOTLIGHT, keys.action("S", "s", false), "presenter mode's key, the same everywhere");
        assertEquals(Action.RUN_PAUSE, keys.action("F5", "", false), "F5 runs, in presenter mode too");
        assertEquals(Action.SCALE, keys.action("Z", "z", false));
        assertEquals(Action.FOCUS_SEQLOCK, keys.action("DIGIT3", "3", false));
        assertEquals(Action.BLANK, keys.action("PERIOD", ".", false));
        assertEquals(Action.BREAKPOINT, keys.action("B", "b", false), "B is the breakpoint, not presenter mode's blank");
        assertEquals(Action.RESET, keys.action("HOME", "", false));
        assertEquals(Action.RESET, keys.action("R", "r", true));
        assertNull(keys.action("R", "r", false));
    }

    @Test
    void theHelpListsEveryActionWithItsKeys() {
        String help = keys.helpText();
        for (Action a : Action.values()) {
            assertFalse(keys.keysOf(a).isEmpty(), a + " has no key");
            assertTrue(help.contains(a.description), a + " missing from the help");
            for (KeyMap.Key k : keys.keysOf(a)) assertTrue(help.contains(k.label()), k.label());
        }
    }

    @Test
    void windowModelPerformsModelActionsOnlyWhenTheSetupRuns() {
        WindowModel w = new WindowModel(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
        assertTrue(w.perform(Action.STEP));
        assertEquals(1, w.session().position());
        assertFalse(w.perform(Action.HELP), "the window's own action");
        w.setup().choose(Variant.BEFORE);
        w.perform(Action.STEP);
        w.perform(Action.RUN_PAUSE);
        assertEquals(1, w.session().position(), "refused: the chosen setup cannot run");
        assertFalse(w.runner().isRunning());
        w.setup().choose(Variant.TIMENS_INLINE);
        w.perform(Action.RUN_PAUSE);
        assertTrue(w.runner().isRunning());
        w.setup().choose(Clock.REALTIME);
        assertFalse(w.runner().isRunning(), "a new setup stops the run");
        w.perform(Action.CALL);
        assertEquals(1, w.session().machine().calls());
        assertTrue(w.statusProperty().get().startsWith("timens / timens-inline / realtime: "), w.statusProperty().get());
    }
}

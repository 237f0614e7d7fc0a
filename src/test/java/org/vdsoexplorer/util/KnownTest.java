package org.vdsoexplorer.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one "unknown X 'v' (known: ...); did you mean 'y'?" of every refusal of a name. */
class KnownTest {
    static final List<String> CLOCKS = List.of("realtime", "monotonic", "monotonic-raw", "boottime", "tai");

    @Test
    void aNearMissIsSuggested() {
        assertEquals("monotonic", Known.nearest("monotonik", CLOCKS)); // one substitution
        assertEquals("monotonic", Known.nearest("montonic", CLOCKS)); // one deletion
        assertEquals("boottime", Known.nearest("bootitme", CLOCKS)); // two neighbours swapped: one edit
        assertEquals("monotonic", Known.nearest("MONOTONIC", CLOCKS)); // case
        assertEquals("unknown clock 'monotonik' (known: realtime, monotonic, monotonic-raw, boottime, tai); did you mean "
                + "'monotonic'?", Known.unknown("clock", "monotonik", CLOCKS));
    }

    @Test
    void nothingIsSuggestedForAFarValueATieOrAKnownName() {
        assertNull(Known.nearest("wallclock", CLOCKS));
        assertNull(Known.nearest("tia2", CLOCKS)); // two edits from 'tai' in a four-letter word: too far
        assertNull(Known.nearest("slot-9", List.of("slot-0", "slot-1", "slot-2"))); // equally near: no guess
        assertNull(Known.nearest("tai", CLOCKS));
        assertNull(Known.nearest("", CLOCKS));
        assertEquals("unknown clock 'wallclock' (known: realtime, monotonic, monotonic-raw, boottime, tai)",
                Known.unknown("clock", "wallclock", CLOCKS));
    }

    @Test
    void aHugeValueIsNotCompared() {
        assertNull(Known.nearest("monotonic".repeat(1000), CLOCKS));
    }
}

package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Scenario;
import org.vdsoexplorer.sim.kernel.VvarLocation;

/**
 * What the compilers made of the broken readers (docs/broken-on-purpose.md), read off one executed host call: the
 * order of its loads from the data page, "seq" for a load of seq (any width) and "data" for a load of anything else
 * the read uses. The real reader loads seq before and after its data; the broken ones never check after it.
 */
class BrokenReaderListingsTest {

    private static List<String> loads(Variant v, Compiler c, Clock clock) {
        Machine m = new Machine(Setup.of(Scenario.HOST, v, clock).withTick(0).with(c));
        m.runCall();
        List<String> out = new ArrayList<>();
        m.setSink(e -> {
            if (e instanceof Event.MemRead r && r.where() instanceof VvarLocation l && l.field() != null
                    && l.field().inVdsoData()) {
                String what = l.isSeq() ? "seq" : l.field().isClockMode() ? "mode" : "data";
                if (!what.equals("mode") && (out.isEmpty() || !out.getLast().equals(what))) out.add(what);
            }
        });
        m.runCall();
        return out;
    }

    @Test
    void theRealReaderChecksSeqAfterItsData() {
        for (Compiler c : Compiler.values()) {
            assertEquals(List.of("seq", "data", "seq"), loads(Variant.UNLIKELY, c, Clock.REALTIME), c.cliName());
            assertEquals(List.of("seq", "data", "seq"), loads(Variant.UNLIKELY, c, Clock.REALTIME_COARSE), c.cliName());
        }
    }

    @Test
    void noRetryNeverLoadsSeqAgain() {
        for (Compiler c : Compiler.values()) for (Clock clock : List.of(Clock.REALTIME, Clock.REALTIME_COARSE)) {
            assertEquals(List.of("seq", "data"), loads(Variant.NO_RETRY, c, clock), c.cliName() + " " + clock.cliName());
        }
    }

    /** gcc deletes the check; clang 16 keeps it for hres but loads seq before every data load, so it checks nothing. */
    @Test
    void noReadOnceLosesItsCheckToTheCompiler() {
        for (Compiler c : List.of(Compiler.GCC_12, Compiler.GCC_11)) {
            assertEquals(List.of("seq", "data"), loads(Variant.NO_READ_ONCE, c, Clock.REALTIME), c.cliName());
        }
        assertEquals(List.of("seq", "data"), loads(Variant.NO_READ_ONCE, Compiler.CLANG_16, Clock.REALTIME));
        for (Compiler c : Compiler.values()) {
            assertEquals(List.of("seq", "data"), loads(Variant.NO_READ_ONCE, c, Clock.REALTIME_COARSE), c.cliName());
        }
        // gcc narrows the plain load of seq to its low byte (testb); READ_ONCE() keeps all four bytes
        assertTrue(Listings.of(Variant.NO_READ_ONCE).instructions().stream().anyMatch(i -> i.text().startsWith("testb")));
        assertTrue(Listings.of(Variant.NO_RETRY).instructions().stream().noneMatch(i -> i.text().startsWith("testb")));
    }
}

package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Clock;
import org.vdsoexplorer.sim.kernel.Page;
import org.vdsoexplorer.sim.kernel.Scenario;

/** The other task beside a machine's task maps what a machine of the sibling scenario maps. */
class OtherTaskTest {

    private static String kinds(AddressSpace as) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < AddressSpace.SLOTS; i++) {
            Page p = as.slot(i);
            b.append(p == null ? "-" : p.kind().label()).append(' ');
        }
        return b.toString();
    }

    @Test
    void hostAndNamespaceTasksPairUp() {
        for (Scenario s : new Scenario[] {Scenario.HOST, Scenario.TIMENS}) {
            Machine m = new Machine(Setup.of(s, Variant.TIMENS_INLINE, Clock.MONOTONIC));
            OtherTask o = OtherTask.of(m);
            Scenario sibling = s == Scenario.HOST ? Scenario.TIMENS : Scenario.HOST;
            assertEquals(sibling, o.scenario());
            Machine reference = new Machine(Setup.of(sibling, Variant.TIMENS_INLINE, Clock.MONOTONIC));
            assertEquals(kinds(reference.addressSpace()), kinds(o.addressSpace()));
            assertNotEquals(kinds(m.addressSpace()), kinds(o.addressSpace()), "the other task maps its pages in its own order");
            assertEquals(reference.addressSpace().vvarStart(), o.addressSpace().vvarStart());
            for (int i = 0; i < AddressSpace.SLOTS; i++) {
                if (o.addressSpace().slot(i) != null) {
                    assertArrayEquals(reference.addressSpace().slot(i).snapshotBytes(), o.addressSpace().slot(i).snapshotBytes());
                }
            }
        }
        assertNull(OtherTask.of(new Machine(Setup.of(Scenario.HYPERV, Variant.TIMENS_INLINE, Clock.MONOTONIC))));
    }
}

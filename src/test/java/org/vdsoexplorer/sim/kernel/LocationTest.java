package org.vdsoexplorer.sim.kernel;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.vdsoexplorer.sim.Machine;
import org.vdsoexplorer.sim.Setup;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.event.Event;
import org.vdsoexplorer.sim.event.Location;

/** Memory events say where they landed as typed values; nothing takes a display label apart. */
class LocationTest {

    @Test
    void locateNamesSlotKindAndField() {
        Machine m = new Machine(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
        AddressSpace as = m.addressSpace();
        // slot 0: the namespace page; slot 3: the real data page; slots 1, 2 unbacked (v5.6 order)
        VvarLocation seq = (VvarLocation) as.locate(as.slotAddress(0) + DataLayout.data(DataLayout.CS_RAW, DataLayout.SEQ));
        assertEquals(0, seq.slot());
        assertEquals(PageKind.TIMENS, seq.kind());
        assertTrue(seq.isSeq());
        assertEquals(DataLayout.CS_RAW, seq.field().base());
        assertEquals("vvar slot 0 (TIMENS) vdso_data[CS_RAW].seq", seq.label());

        int nsec = DataLayout.basetime(DataLayout.CS_HRES_COARSE, Clock.BOOTTIME.id) + 8;
        VvarLocation off = (VvarLocation) as.locate(as.slotAddress(0) + nsec);
        assertTrue(off.field().isNamespaceOffset());
        assertFalse(off.field().isBasetime());
        assertEquals(Clock.BOOTTIME.id, off.field().clock());
        assertTrue(off.field().isNsec());
        assertFalse(off.isSeq());

        VvarLocation base = (VvarLocation) as.locate(as.slotAddress(3) + nsec - 8);
        assertEquals(PageKind.VVAR, base.kind());
        assertTrue(base.field().isBasetime());
        assertFalse(base.field().isNsec());
        VvarLocation mode = (VvarLocation) as.locate(as.slotAddress(3) + DataLayout.data(DataLayout.CS_HRES_COARSE, DataLayout.CLOCK_MODE));
        assertTrue(mode.field().isClockMode());
        assertEquals(-1, mode.field().clock());

        VvarLocation unbacked = (VvarLocation) as.locate(as.slotAddress(1) + 128);
        assertNull(unbacked.kind());
        assertFalse(unbacked.isSeq());
        assertEquals("vvar slot 1 (unbacked)", unbacked.label());

        assertInstanceOf(StackLocation.class, as.locate(Machine.TIMESPEC));
        assertInstanceOf(Location.Address.class, as.locate(0x1000));
        // outside vdso_data: no member, no base
        Field pad = new Field(PageKind.VVAR, 8);
        assertEquals(-1, pad.member());
        assertEquals(-1, pad.base());
        assertFalse(new Field(PageKind.PVCLOCK, DataLayout.VDSO_DATA_OFFSET).isSeq());
    }

    @Test
    void aCallsSeqLoadsCarryTypedLocations() {
        Machine m = new Machine(Setup.of(Scenario.TIMENS, Variant.TIMENS_INLINE, Clock.MONOTONIC));
        List<Event> log = new ArrayList<>();
        m.setSink(log::add);
        m.runCall();
        List<VvarLocation> seqs = log.stream().filter(e -> e instanceof Event.MemRead r && r.size() == 4)
                .map(e -> ((Event.MemRead) e).where()).filter(w -> w instanceof VvarLocation v && v.isSeq())
                .map(w -> (VvarLocation) w).toList();
        // the namespace page's odd seq first, then begin and check on the real page in slot 3
        assertEquals(List.of(0, 3, 3), seqs.stream().map(VvarLocation::slot).toList());
        assertEquals(PageKind.TIMENS, seqs.get(0).kind());
    }

    @Test
    void memoryEventsCarryNoDisplayString() {
        for (Class<?> c : List.of(Event.MemRead.class, Event.MemWrite.class)) {
            for (var rc : c.getRecordComponents()) assertNotEquals(String.class, rc.getType(), c.getSimpleName() + "." + rc.getName());
        }
    }

    /** A label is for display: code that takes one apart (startsWith, contains, ...) is a regression. */
    @Test
    void noCodeParsesALabel() throws IOException {
        Pattern parse = Pattern.compile("(label|name)\\(\\)\\s*\\.\\s*(startsWith|endsWith|contains|charAt|indexOf|substring|matches|split)\\(");
        List<String> bad = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                List<String> lines = Files.readAllLines(p);
                for (int i = 0; i < lines.size(); i++) {
                    String l = lines.get(i);
                    if (parse.matcher(l).find() && (l.contains("where()") || l.contains("field()"))) bad.add(p + ":" + (i + 1));
                }
            }
        }
        assertEquals(List.of(), bad);
    }
}

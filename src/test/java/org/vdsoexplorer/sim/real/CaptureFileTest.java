package org.vdsoexplorer.sim.real;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vdsoexplorer.util.BadInputException;

/** The capture file: the shipped example reads, a written file reads back equal, a bad file is one message with its line. */
class CaptureFileTest {
    @TempDir Path dir;

    @Test void theShippedExampleIsThisProjectsMachine() {
        Capture c = CaptureFile.example();
        assertTrue(c.kernel().startsWith("6.18."), c.kernel());
        assertEquals("kvm-clock", c.clocksource());
        assertEquals(0x1a, c.cpu().family());
        assertEquals(java.util.List.of("host", "timens"), c.taskNames());
        Capture.Task ns = c.task("timens").orElseThrow();
        assertTrue(ns.inNamespace());
        assertTrue(!c.task("host").orElseThrow().inNamespace());
        // the host task: [vvar] page 0 backed (the data), page 1 not (no namespace page), as docs/live-lab.md says of 6.18
        Capture.Mapping vvar = c.task("host").orElseThrow().mapping(Capture.VVAR).orElseThrow();
        assertTrue(vvar.page(0).orElseThrow().backed());
        assertTrue(!vvar.page(1).orElseThrow().backed());
        // the ELF magic at the start of the image
        byte[] img = c.task("host").orElseThrow().vdsoImage();
        assertArrayEquals(new byte[] {0x7f, 'E', 'L', 'F'}, java.util.Arrays.copyOf(img, 4));
    }

    @Test void aWrittenCaptureReadsBackEqual() throws Exception {
        Capture c = CaptureFile.example();
        Path f = dir.resolve("c.json");
        CaptureFile.write(f, c);
        Capture back = CaptureFile.read(f);
        assertEquals(CaptureFile.text(c), CaptureFile.text(back));
    }

    @Test void aBadFileIsOneMessageNamingFileAndLine() throws Exception {
        Path f = dir.resolve("bad.json");
        Files.writeString(f, "{\n  \"format\" : \"vdso-explorer capture\",\n  \"version\" : 1,\n  \"kernel\" : [\n", StandardCharsets.UTF_8);
        BadInputException e = assertThrows(BadInputException.class, () -> CaptureFile.read(f));
        assertTrue(e.getMessage().startsWith(f + ":4:"), e.getMessage());

        String text = CaptureFile.text(CaptureFile.example()).replace("\"version\" : 1", "\"version\" : 7");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        e = assertThrows(BadInputException.class, () -> CaptureFile.read(f));
        assertEquals(f + ":3: capture version 7 is not the one this program reads (1)", e.getMessage());

        Files.writeString(f, "[]", StandardCharsets.UTF_8);
        e = assertThrows(BadInputException.class, () -> CaptureFile.read(f));
        assertTrue(e.getMessage().startsWith(f + ":1: not a capture"), e.getMessage());

        assertThrows(BadInputException.class, () -> CaptureFile.read(dir));
    }

    /** The disassembly kept in the shipped capture is objdump's of the kept image at its address (where objdump is installed). */
    @Test void theKeptDisassemblyIsTheKeptImages() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(RealCode.objdump().isPresent(), "GNU objdump is not installed");
        Capture c = CaptureFile.example();
        Capture.Task host = c.tasks().getFirst();
        assertEquals(c.disassembly(), RealCode.disassemble(host.vdsoImage(), host.mapping(Capture.VDSO).orElseThrow().start()).orElseThrow());
        assertTrue(RealCode.listing(c).symbol("__vdso_clock_gettime").isPresent(), "labelled from the image's .dynsym");
    }
}

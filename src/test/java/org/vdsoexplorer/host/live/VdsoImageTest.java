package org.vdsoexplorer.host.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class VdsoImageTest {
    @Test
    void symbolsAndVersionsAgreeWithObjdump() throws Exception {
        LiveAssume.linuxX86();
        VdsoImage img = VdsoImage.current();
        var syms = img.symbols();
        var cg = syms.stream().filter(s -> s.name().equals("__vdso_clock_gettime")).findFirst().orElseThrow();
        assertEquals("FUNC", cg.type());
        assertTrue(cg.size() > 0);
        assumeTrue(VdsoImage.objdump().isPresent(), "objdump (GNU binutils) is not installed: no independent symbol table");
        Path tmp = Files.createTempFile("vdso", ".so");
        try {
            Files.write(tmp, img.bytes());
            Process p = new ProcessBuilder("objdump", "-T", tmp.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor());
            // objdump -T: "0000000000000af0  w   DF .text  0000000000000386  LINUX_2.6   clock_gettime"
            Set<String> theirs = out.lines().filter(l -> l.contains(".text") || l.contains("*ABS*"))
                    .map(l -> l.trim().split("\\s+")).map(w -> w[w.length - 1] + "@" + w[w.length - 2].replace("(", "").replace(")", "")
                            + "=" + Long.parseLong(w[0], 16)).collect(Collectors.toCollection(TreeSet::new));
            Set<String> ours = syms.stream().map(s -> s.name() + "@" + s.version() + "=" + s.value())
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(theirs, ours, out);
            assertTrue(img.disassemble("__vdso_clock_gettime").orElseThrow().contains("<__vdso_clock_gettime"));
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}

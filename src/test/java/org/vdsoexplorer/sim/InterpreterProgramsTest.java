package org.vdsoexplorer.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.ListingParser;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.cpu.Cpu;
import org.vdsoexplorer.sim.cpu.ExecutionException;

/** Runs every src/test/resources/asm/*.lst and checks the expectations written inside it. */
class InterpreterProgramsTest {
    private static final Path DIR = Path.of("src/test/resources/asm");

    @TestFactory
    Stream<DynamicTest> programs() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(DIR)) {
            files = s.filter(p -> p.toString().endsWith(".lst")).sorted().toList();
        }
        assertTrue(files.size() >= 6, "the interpreter test programs are missing");
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> check(f)));
    }

    private static void check(Path file) throws IOException {
        List<String> expects = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (line.startsWith("# expect:")) expects.add(line.substring("# expect:".length()).trim());
        }
        assertFalse(expects.isEmpty(), file + " has no expectations");
        Listing listing = ListingParser.parse(file);
        String error = expects.stream().filter(e -> e.startsWith("error=")).map(e -> e.substring(6)).findFirst().orElse(null);
        if (error != null) {
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> ListingRunner.run(listing, "main", Map.of(), 1000, CostTable.defaults()));
            assertTrue(e.getMessage().contains(error), "expected '" + error + "' in: " + e.getMessage());
            return;
        }
        ListingRunner.Result r = ListingRunner.run(listing, "main", Map.of(), 1000, CostTable.defaults());
        Cpu cpu = r.cpu().cpu;
        for (String e : expects) {
            if (e.startsWith("flag ")) {
                String[] kv = e.substring(5).split("=");
                boolean want = kv[1].trim().equals("1");
                boolean got = switch (kv[0].trim()) {
                    case "CF" -> cpu.cf();
                    case "ZF" -> cpu.zf();
                    case "SF" -> cpu.sf();
                    case "OF" -> cpu.of();
                    case "PF" -> cpu.pf();
                    default -> throw new AssertionError("unknown flag in " + e);
                };
                assertEquals(want, got, file.getFileName() + ": " + e);
            } else if (e.startsWith("instructions=")) {
                assertEquals(Long.parseLong(e.substring(13)), r.instructions(), file.getFileName() + ": " + e);
            } else {
                String[] kv = e.split("=");
                var reg = Registers.byName(kv[0].trim());
                long want = Long.parseUnsignedLong(kv[1].trim().substring(2), 16);
                assertEquals(want, cpu.r[reg.num()], file.getFileName() + ": " + e + " but was 0x"
                        + Long.toHexString(cpu.r[reg.num()]));
            }
        }
    }
}

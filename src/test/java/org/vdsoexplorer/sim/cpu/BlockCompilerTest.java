package org.vdsoexplorer.sim.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.vdsoexplorer.sim.Compiler;
import org.vdsoexplorer.sim.ListingRunner;
import org.vdsoexplorer.sim.Listings;
import org.vdsoexplorer.sim.Variant;
import org.vdsoexplorer.sim.asm.Listing;
import org.vdsoexplorer.sim.asm.ListingParser;
import org.vdsoexplorer.sim.asm.Registers;
import org.vdsoexplorer.sim.cost.CostTable;
import org.vdsoexplorer.sim.kernel.AddressSpace;
import org.vdsoexplorer.sim.kernel.Scenario;

/**
 * {@link BlockCompiler}'s compiled blocks leave the state one instruction at a time would: every listing (the vDSO
 * variants of every compiler, the interpreter's test programs, gcc -O2 loops) is run by {@link Interpreter#runInstructions}
 * in chunks of random sizes (so budgets end inside blocks), once with the blocks compiled from the first instruction and
 * once stepping, and the whole state (registers, flags, rip, pc, cycles, counts by instruction and by category, the
 * predictor, the stack) is compared after every chunk. The loops' results are also what the same object code returned
 * natively (recorded in {@code asm/loops/loops.expect} by {@code generate.sh}).
 */
class BlockCompilerTest {
    private static final CostTable COSTS = CostTable.defaults();
    private static final Path LOOPS = Path.of("src/test/resources/asm/loops");

    @TestFactory
    Stream<DynamicTest> vdsoListingsAgreeChunkByChunk() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Compiler c : Compiler.values()) {
            for (Variant v : Variant.values()) {
                Listing l = Listings.of(v, c);
                for (String entry : l.symbols().keySet()) {
                    if (!entry.startsWith("__vdso") && !entry.startsWith("legacy_")) continue;
                    tests.add(DynamicTest.dynamicTest(c.cliName() + " " + v.cliName() + " " + entry, () -> {
                        long compiled = 0;
                        for (Scenario sc : Scenario.values()) {
                            for (long arg : new long[] {0, 1, 4, 5, 7, 11, -1}) {
                                Map<Integer, Long> regs = new HashMap<>();
                                regs.put(Registers.RDI, arg);
                                regs.put(Registers.RSI, ListingRunner.BUFFER);
                                compiled += compare(l, entry, regs, sc, 20_000, arg).compiledInstructions();
                            }
                        }
                        // the legacy entries are a few moves and a kernel entry: nothing there to compile
                        if (entry.startsWith("__vdso")) {
                            assertTrue(compiled > 0, "no instruction of " + entry + " ran compiled: the comparison proves nothing");
                        }
                    }));
                }
            }
        }
        assertTrue(tests.size() >= 40, "too few vDSO entry points: " + tests.size());
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> testProgramsAgreeChunkByChunk() throws IOException {
        return FastOpsDifferentialTest.testPrograms().stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(),
                () -> compare(ListingParser.parse(f), "main", Map.of(), Scenario.HOST, 20_000, 1)));
    }

    /** Each loop returns what it returned natively, mostly from compiled blocks, in the same state as stepping. */
    @TestFactory
    Stream<DynamicTest> loopsReturnTheNativeResults() throws IOException {
        Listing l = ListingParser.parse(LOOPS.resolve("loops.lst"));
        List<String> expect = Files.readAllLines(LOOPS.resolve("loops.expect"));
        assertTrue(expect.size() >= 6, "loops.expect lists the loops");
        return expect.stream().map(line -> DynamicTest.dynamicTest(line, () -> {
            String[] f = line.trim().split("\\s+"); // name n result minCompiledPercent
            Map<Integer, Long> regs = new HashMap<>();
            regs.put(Registers.RDI, f[0].equals("sum") ? ListingRunner.BUFFER : Long.parseLong(f[1]));
            if (f[0].equals("sum")) regs.put(Registers.RSI, Long.parseLong(f[1]));
            Interpreter compiled = compare(l, f[0], regs, Scenario.HOST, 50_000_000, f[0].hashCode());
            long rax = compiled.cpu.r[Registers.RAX];
            if (f[0].equals("mix32")) rax &= 0xffffffffL;
            assertEquals(Long.parseUnsignedLong(f[2]), rax, f[0] + "(" + f[1] + ") natively");
            double share = 100.0 * compiled.compiledInstructions() / compiled.instructions();
            assertTrue(share >= Double.parseDouble(f[3]), f[0] + ": only " + share + " % of its instructions ran compiled");
        }));
    }

    /**
     * Every generated method stays under HotSpot's 8,000-byte limit for compiling one (HugeMethodLimit), for every listing
     * and for one with more blocks than {@link BlockCompiler#MAX_BLOCKS}: a method over it would run in the bytecode
     * interpreter, slower than the interpreter it replaces.
     */
    @Test
    void everyGeneratedMethodIsSmallEnoughForHotSpotToCompile() throws IOException {
        List<Listing> listings = new ArrayList<>();
        for (Compiler c : Compiler.values()) for (Variant v : Variant.values()) listings.add(Listings.of(v, c));
        for (Path f : FastOpsDifferentialTest.testPrograms()) listings.add(ListingParser.parse(f));
        listings.add(ListingParser.parse(LOOPS.resolve("loops.lst")));
        StringBuilder many = new StringBuilder("\nx.o:     file format elf64-x86-64\n\nDisassembly of section .text:\n\n0000000000000000 <main>:\n");
        for (int i = 0; i < 2 * BlockCompiler.MAX_BLOCKS; i++) {
            int a = i * 16;
            many.append(String.format(java.util.Locale.ROOT, "%5x:\t48 83 c0 01          \tadd    $0x1,%%rax%n", a));
            many.append(String.format(java.util.Locale.ROOT, "%5x:\t48 01 c3             \tadd    %%rax,%%rbx%n", a + 4));
            many.append(String.format(java.util.Locale.ROOT, "%5x:\t48 39 c3             \tcmp    %%rax,%%rbx%n", a + 7));
            many.append(String.format(java.util.Locale.ROOT, "%5x:\t75 %02x                \tjne    %x <main+0x%x>%n", a + 10, 4, a + 16, a + 16));
        }
        listings.add(ListingParser.parse("many", "many.lst", many.toString()));
        int largest = 0;
        for (Listing l : listings) {
            Interpreter x = new Interpreter(l, COSTS, new AddressSpace(l.textStart(), l.textEnd()), Hooks.NONE, true);
            Op[] ops = FastOpsDifferentialTest.ops(x);
            BlockCompiler.Plan plan = BlockCompiler.plan(ops, BlockCompiler.leaders(ops, l, 0));
            if (plan == null) continue;
            for (java.lang.classfile.MethodModel m : java.lang.classfile.ClassFile.of().parse(plan.classFile()).methods()) {
                int size = m.code().map(c -> ((java.lang.classfile.attribute.CodeAttribute) c).codeLength()).orElse(0);
                assertTrue(size <= 8000, l.name() + ": " + m.methodName().stringValue() + " is " + size + " bytes");
                largest = Math.max(largest, size);
            }
        }
        assertTrue(largest > 4000, "the many-block listing reaches the cap (largest method " + largest + " bytes)");
    }

    /** Short runs are never compiled (a run of a thousand or so instructions does not pay for the class). */
    @Test
    void shortRunsStayInterpreted() {
        Listing l = ListingParser.parse(LOOPS.resolve("loops.lst"));
        ListingRunner.Prepared p = ListingRunner.prepare(l, "spin", Map.of(Registers.RDI, 200L), COSTS, Scenario.HOST, true);
        while (!p.cpu().outsideText()) p.cpu().runInstructions(Long.MAX_VALUE);
        assertEquals(7 * 200 + 8, p.cpu().instructions());
        assertTrue(p.cpu().instructions() < Interpreter.COMPILE_AFTER);
        assertEquals(0, p.cpu().compiledInstructions());
        ListingRunner.Prepared q = ListingRunner.prepare(l, "spin", Map.of(Registers.RDI, 100_000L), COSTS, Scenario.HOST, true);
        while (!q.cpu().outsideText()) q.cpu().runInstructions(Long.MAX_VALUE);
        assertTrue(q.cpu().compiledInstructions() > 500_000, "a long run compiles after " + Interpreter.COMPILE_AFTER);
    }

    /**
     * The run command's path (ListingRunner.run): the blocks compiled on another thread from the start, taken when
     * ready and at the latest after COMPILE_AFTER instructions; the same end state.
     */
    @Test
    void theRunCommandsPathCompilesAndAgrees() {
        Listing l = ListingParser.parse(LOOPS.resolve("loops.lst"));
        for (String entry : List.of("spin", "collatz")) {
            ListingRunner.Result r = ListingRunner.run(l, entry, Map.of(Registers.RDI, 3000L), 50_000_000, COSTS);
            ListingRunner.Prepared b = ListingRunner.prepare(l, entry, Map.of(Registers.RDI, 3000L), COSTS, Scenario.HOST, true);
            b.cpu().disableBlocks();
            while (!b.cpu().outsideText()) b.cpu().runInstructions(Long.MAX_VALUE);
            FastOpsDifferentialTest.assertSameState(new ListingRunner.Prepared(r.cpu(), r.memory()), b, entry,
                    AddressSpace.STACK_TOP - AddressSpace.STACK_SIZE);
            assertTrue(r.cpu().compiledInstructions() > r.cpu().instructions() / 2, entry + ": the blocks were not used");
        }
    }

    /**
     * Runs {@code entry} with the blocks compiled from the start and stepping, in the same random chunks, comparing the
     * state after each; returns the compiled interpreter at the end.
     */
    private static Interpreter compare(Listing l, String entry, Map<Integer, Long> regs, Scenario sc, long max, long seed) {
        ListingRunner.Prepared a = ListingRunner.prepare(l, entry, regs, COSTS, sc, true);
        ListingRunner.Prepared b = ListingRunner.prepare(l, entry, regs, COSTS, sc, true);
        a.cpu().compileBlocksAfter(0);
        b.cpu().disableBlocks();
        Random rnd = new Random(seed);
        long[] sizes = {1, 2, 3, 5, 8, 13, 64, 1000, 100_000};
        String what = l.name() + " " + entry + " " + regs + " " + sc.cliName();
        int chunks = 0;
        while (!a.cpu().outsideText() && a.cpu().instructions() < max) {
            long n = sizes[rnd.nextInt(chunks < 200 ? 7 : sizes.length)];
            String fa = run(a.cpu(), n), fb = run(b.cpu(), n);
            String at = what + ", chunk " + chunks + " of " + n + ", at instruction " + b.cpu().instructions();
            assertEquals(fb, fa, at + ": faults differ");
            FastOpsDifferentialTest.assertSameState(a, b, at, a.cpu().cpu.r[Registers.RSP] - 256);
            chunks++;
            if (fa != null) break;
        }
        assertTrue(a.cpu().outsideText() || a.cpu().instructions() >= max || chunks > 0, what);
        FastOpsDifferentialTest.assertSameState(a, b, what + " at the end", AddressSpace.STACK_TOP - AddressSpace.STACK_SIZE);
        return a.cpu();
    }

    private static String run(Interpreter x, long n) {
        try {
            x.runInstructions(n);
            return null;
        } catch (ExecutionException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }
}
